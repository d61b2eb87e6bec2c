// Counts solutions up to 2 with dclamage's SudokuVariantSolverJS, for scripts/make-heldout.
// Run inside a checkout of that solver (after `npm install`), with SVS_DIR naming it:
//   SVS_DIR=/path/to/SudokuVariantSolverJS npx tsx scripts/heldout-js-peer.ts < puzzles.ndjson
// One f-puzzles document per input line; one JSON line out per document:
// {"count": N, "invalid": bool, "ms": milliseconds of the count, "solution": the digits
// when the count is 1, else null}.
import * as readline from 'readline';

async function main() {
    const dir = process.env.SVS_DIR;
    if (!dir) throw new Error('SVS_DIR must name the SudokuVariantSolverJS checkout');
    const mod = await import(dir + '/src/index.ts');
    const Solver = mod.default.default ?? mod.default;
    // One solver for every puzzle: the solver registers its constraint types once per
    // process (a module-level flag), so a second instance would know none of them.
    let count: number | null = null;
    let invalid = false;
    let solution: number[] | null = null;
    const solver = new Solver((r: { result: string; count?: number; solution?: number[] }) => {
        if (r.result === 'count') count = r.count ?? null;
        else if (r.result === 'invalid') invalid = true;
        else if (r.result === 'solution') solution = r.solution ?? null;
    });
    const lines = readline.createInterface({ input: process.stdin });
    for await (const line of lines) {
        if (!line.trim()) continue;
        const board = JSON.parse(line);
        count = null;
        invalid = false;
        solution = null;
        const started = process.hrtime.bigint();
        try {
            await solver.countSolutions({ board, options: { maxSolutions: 2 } });
        } catch (e) {
            invalid = true;
        }
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (count === 1 && !invalid) {
            // The one solution, to compare with CP-SAT's (not timed).
            await solver.solve({ board: JSON.parse(line) });
        }
        console.log(JSON.stringify({ count, invalid, ms, solution }));
    }
}

main();
