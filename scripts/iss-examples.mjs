// Helper of scripts/iss-examples: the puzzles of an Interactive Sudoku Solver checkout
// ($ISS_DIR), its example puzzles (data/example_puzzles.js) and collections
// (data/collections.js).
//
//   node scripts/iss-examples.mjs list          one JSON line per puzzle with a constraint
//                                               string: {name, group, input, solution}
//   node scripts/iss-examples.mjs count INDEX   ISS's count (to 2) of puzzle INDEX of the
//                                               list, timed in-process: {count, ms, guesses}
import { resolve } from 'node:path';

const dir = process.env.ISS_DIR;
if (!dir) {
    console.error('iss-examples: ISS_DIR must name a checkout of sigh/Interactive-Sudoku-Solver');
    process.exit(2);
}
const root = resolve(dir);
globalThis.self ??= globalThis;
globalThis.self.VERSION_PARAM ??= '';
globalThis.VERSION_PARAM ??= '';

const examples = await import(root + '/data/example_puzzles.js');
const collections = await import(root + '/data/collections.js');

function list() {
    const seen = new Set();
    const out = [];
    const add = (entry, group) => {
        if (!entry || typeof entry.input !== 'string') return;
        const input = entry.input.replace(/\s+/g, '');
        // Constraint strings only (a `~`, or type names alone: `.AntiKnight.Windoku`), not
        // paths to .iss or .js files, nor ISS's other notations (a grid's text from `.`).
        const string = input.startsWith('.') &&
            (input.includes('~') || /^(\.[A-Za-z]{2,})+$/.test(input));
        if (!string || seen.has(input)) return;
        seen.add(input);
        out.push({ name: entry.name ?? null, group, input, solution: entry.solution ?? null });
    };
    for (const group of examples.DISPLAYED_EXAMPLE_GROUPS) {
        for (const entry of group.puzzles) add(entry, 'example: ' + group.name);
    }
    for (const [key, value] of Object.entries(collections)) {
        if (!Array.isArray(value)) continue;
        for (const entry of value) add(entry, key);
    }
    return out;
}

const [command, index] = process.argv.slice(2);
const puzzles = list();
if (command === 'list') {
    for (const puzzle of puzzles) console.log(JSON.stringify(puzzle));
} else if (command === 'count') {
    const { SimpleSolver } = await import(root + '/js/sandbox/simple_solver.js');
    const solver = new SimpleSolver();
    const puzzle = puzzles[Number(index)];
    const start = performance.now();
    let count = null, error = null;
    try {
        count = solver.countSolutions(puzzle.input, 2);
    } catch (e) {
        error = String(e.message ?? e).slice(0, 200);
    }
    const ms = performance.now() - start;
    const guesses = error ? null : solver.latestStats()?.guesses ?? null;
    console.log(JSON.stringify({ count, ms, guesses, error }));
} else {
    console.error('usage: node scripts/iss-examples.mjs list | count INDEX');
    process.exit(2);
}
