// Counts solutions up to 2 with dclamage's SudokuVariantSolverJS, for scripts/make-heldout.
// Run inside a checkout of that solver (after `npm install`), with SVS_DIR naming it:
//   SVS_DIR=/path/to/SudokuVariantSolverJS npx tsx scripts/heldout-js-peer.ts < puzzles.ndjson
// One f-puzzles document per input line; one JSON line out per document:
// (SVS_MAX=N counts up to N instead of 2; SVS_SECONDS=S cancels a count after S seconds,
// default 20.)
// {"count": N, "invalid": bool, "cancelled": bool (the count was stopped), "ms":
// milliseconds of the count, "solution": the digits when the count is 1, else null}.
import * as readline from 'readline';

async function main() {
    const dir = process.env.SVS_DIR;
    if (!dir) throw new Error('SVS_DIR must name the SudokuVariantSolverJS checkout');
    const mod = await import(dir + '/src/index.ts');
    const Solver = mod.default.default ?? mod.default;
    // One solver for every puzzle: the solver registers its constraint types once per
    // process (a module-level flag), so a second instance would know none of them.
    const seconds = Number(process.env.SVS_SECONDS ?? 20);
    let count: number | null = null;
    let invalid = false;
    let cancelled = false;
    let solution: number[] | null = null;
    const solver = new Solver((r: { result: string; count?: number; solution?: number[] }) => {
        if (r.result === 'count') {
            count = r.count ?? null;
            if ((r as { cancelled?: boolean }).cancelled) cancelled = true;
        }
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
        cancelled = false;
        // The solver looks at its cancel flag every 100 ms or so.
        const timer = setTimeout(() => solver.cancel(), seconds * 1000);
        const started = process.hrtime.bigint();
        try {
            await solver.countSolutions({ board, options: { maxSolutions: Number(process.env.SVS_MAX ?? 2) } });
        } catch (e) {
            invalid = true;
        }
        clearTimeout(timer);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (count === 1 && !invalid && !cancelled) {
            // The one solution, to compare with CP-SAT's (not timed).
            await solver.solve({ board: JSON.parse(line) });
        }
        console.log(JSON.stringify({ count, invalid, cancelled, ms, solution }));
    }
}

main();
