// Counts solutions up to 2 with sigh's Interactive Sudoku Solver (ISS), for
// scripts/variant-peers: the ISS side of `count --limit 2` (issue #26).
// Run with ISS_DIR naming a checkout of github.com/sigh/Interactive-Sudoku-Solver
// (plain ES modules, no build step and no npm install needed):
//   ISS_DIR=/path/to/Interactive-Sudoku-Solver node scripts/iss-peer.mjs < puzzles.ndjson
// One f-puzzles document per input line; one JSON line out per document:
//   {"count": N, "ms": milliseconds of the count, "guesses": ISS's guesses in it,
//    "solution": the digits when the count is 1, "solutions": both grids when it is 2
//    (so a disagreement can be judged)}
// or {"count": null, "error": "why"} when the document uses a rule this script does
// not translate (ISS_MAX=N counts up to N instead of 2).
//
// ISS reads its own constraint format (".Thermo~R1C1~R1C2..."), not f-puzzles, so this
// script translates each document into ISS constraint objects with the meaning the rules
// have in scripts/variant_meaning.py. The translation is not timed; "ms" covers ISS
// resolving the constraints, building its solver and counting (SimpleSolver.countSolutions,
// the synchronous in-process entry point ISS's own tests use). Rules without an ISS
// constraint of their own are written with ISS's generic pairwise constraints (Pair:
// consecutive cells, PairX: every pair of cells), each a table of allowed digit pairs:
// slow thermometers, clones, nabner lines, kropki dots with a value other than 1 / 2, and
// negative constraints. Box indexers have no ISS counterpart and are refused.
import * as readline from 'node:readline';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const dir = process.env.ISS_DIR;
if (!dir) {
    console.error('iss-peer: ISS_DIR must name a checkout of sigh/Interactive-Sudoku-Solver');
    process.exit(2);
}
const root = resolve(dir);
if (!existsSync(root + '/js/sandbox/simple_solver.js')) {
    console.error(`iss-peer: ${root} is not an Interactive-Sudoku-Solver checkout ` +
        '(no js/sandbox/simple_solver.js)');
    process.exit(2);
}
// ISS modules are written for a browser / web worker: they read `self` and VERSION_PARAM.
globalThis.self ??= globalThis;
globalThis.VERSION_PARAM ??= '';

const { SimpleSolver } = await import(root + '/js/sandbox/simple_solver.js');
const { SudokuConstraint } = await import(root + '/js/sudoku_constraint.js');
const { CellGeometry } = await import(root + '/js/cell_geometry.js');

const C = SudokuConstraint;
const MAX = Number(process.env.ISS_MAX ?? 2);

function parseCell(name) {
    const m = /^R(\d+)C(\d+)$/i.exec(name);
    if (!m) throw new Error('bad cell name ' + name);
    return [Number(m[1]), Number(m[2])];
}
const id = (r, c) => `R${r}C${c}`; // 1-based, the same spelling as f-puzzles

function boxShape(n) {
    let rows = 1;
    for (let d = 1; d <= n; d++) if (n % d === 0 && d * d <= n) rows = d;
    return [rows, n / rows];
}

function valueOr(e, dflt) {
    const v = e.value;
    return v === undefined || v === null || v === '' ? dflt : Number(v);
}

// The n cells an outside clue looks along, nearest first (f-puzzles row/column 0 or n+1).
function outsideCells(name, n) {
    const [r, c] = parseCell(name);
    const out = [];
    for (let k = 0; k < n; k++) {
        if (r === 0) out.push(id(k + 1, c));
        else if (r === n + 1) out.push(id(n - k, c));
        else if (c === 0) out.push(id(r, k + 1));
        else out.push(id(r, n - k));
    }
    return out;
}

const IGNORED = new Set(['size', 'grid', 'title', 'author', 'ruleset', 'solution', 'metadata',
    'text', 'line', 'rectangle', 'circle']);

function translate(doc) {
    const n = doc.size;
    const out = [];
    const unsupported = [];
    if (n !== 9) out.push(new C.Shape(`${n}x${n}`));
    const geometry = n === 9 ? CellGeometry.newDefault() : CellGeometry.fromShapeSpec(`${n}x${n}`);
    const pairKey = (fn) => C.Pair.fnToKey(fn, n);
    const pairXKey = (fn) => C.PairX.fnToKey(fn, n);
    const lines = (key) => (doc[key] ?? []).flatMap(e => e.lines);
    const nonEmpty = (v) => !(v === undefined || v === null || v === false || v === '' ||
        (Array.isArray(v) && v.length === 0));

    // Givens, given pencil marks and jigsaw regions, from the grid.
    const [bh, bw] = boxShape(n);
    let jigsaw = false;
    const layout = [];
    for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
            const e = doc.grid[r][c] ?? {};
            if (e.given && e.value) out.push(new C.Given(id(r + 1, c + 1), Number(e.value)));
            else if (e.givenPencilMarks && e.givenPencilMarks.length)
                out.push(new C.Given(id(r + 1, c + 1), ...[...new Set(e.givenPencilMarks.map(Number))]));
            if (e.region !== undefined && e.region !== null) {
                jigsaw = true;
                layout.push(Number(e.region));
            } else {
                layout.push(Math.floor(r / bh) * (n / bw) + Math.floor(c / bw));
            }
        }
    }
    if (jigsaw) {
        const labels = new Map();
        const text = layout.map(x => {
            if (!labels.has(x)) labels.set(x, labels.size.toString(36));
            return labels.get(x);
        }).join('');
        out.push(...C.Jigsaw.makeFromArgs([text], geometry));
        out.push(new C.NoBoxes());
    }

    for (const [key, value] of Object.entries(doc)) {
        if (IGNORED.has(key) || !nonEmpty(value)) continue;
        switch (key) {
            case 'diagonal-': out.push(new C.Diagonal(-1)); break;
            case 'diagonal+': out.push(new C.Diagonal(1)); break;
            case 'antiknight': out.push(new C.AntiKnight()); break;
            case 'antiking': out.push(new C.AntiKing()); break;
            case 'nonconsecutive': {
                // Two cells joined by a kropki dot, white or black, are free of it
                // (dclamage's reading, docs/variants.md); ISS's AntiConsecutive binds every
                // pair, so with dots each other pair is a Pair of its own.
                const dotted = new Set(['difference', 'ratio'].flatMap(k => (doc[k] ?? []).map(
                    e => e.cells.map(x => x.toUpperCase()).sort().join(','))));
                if (!dotted.size) {
                    out.push(new C.AntiConsecutive());
                    break;
                }
                for (let r = 1; r <= n; r++) for (let c = 1; c <= n; c++)
                    for (const [r2, c2] of [[r, c + 1], [r + 1, c]]) {
                        if (r2 > n || c2 > n) continue;
                        const cells = [id(r, c), id(r2, c2)];
                        if (dotted.has(cells.slice().sort().join(','))) continue;
                        out.push(new C.Pair(pairKey((p, q) => Math.abs(p - q) !== 1), '', ...cells));
                    }
                break;
            }
            case 'disjointgroups': out.push(new C.DisjointSets()); break;
            case 'extraregion': {
                // The four windoku windows are ISS's Windoku; any other region AllDifferent.
                const key9 = (cells) => cells.map(x => x.toUpperCase()).sort().join(',');
                const windows = n === 9 ? C.Windoku.regions(geometry).map(
                    reg => key9(reg.map(i => geometry.makeCellIdFromIndex(i)))) : [];
                const given = value.map(e => key9(e.cells));
                if (windows.length && given.length === windows.length &&
                    windows.every(w => given.includes(w))) out.push(new C.Windoku());
                else for (const e of value) out.push(new C.AllDifferent(...e.cells));
                break;
            }
            case 'killercage': case 'cage':
                for (const e of value) {
                    // f-puzzles draws some constraints (indexers, ...) as cages marked
                    // fromConstraint: a drawing, not a rule (our engine skips them too).
                    if (e.fromConstraint) continue;
                    const v = String(e.value ?? '');
                    // A cage without a sum (or a sum of 0) is ISS's Cage with sum 0.
                    out.push(new C.Cage(/^\d+$/.test(v) ? Number(v) : 0, ...e.cells));
                }
                break;
            case 'difference':
                for (const e of value) {
                    const v = valueOr(e, 1);
                    if (v === 1) out.push(new C.WhiteDot(...e.cells));
                    else out.push(new C.Pair(pairKey((a, b) => Math.abs(a - b) === v), '', ...e.cells));
                }
                break;
            case 'ratio':
                for (const e of value) {
                    const v = valueOr(e, 2);
                    if (v === 2) out.push(new C.BlackDot(...e.cells));
                    else out.push(new C.Pair(pairKey((a, b) => a === v * b || b === v * a), '', ...e.cells));
                }
                break;
            case 'xv':
                for (const e of value) {
                    const x = String(e.value).toUpperCase() === 'X';
                    out.push(x ? new C.X(...e.cells) : new C.V(...e.cells));
                }
                break;
            case 'negative': {
                const marked = new Map();
                for (const k of ['difference', 'ratio', 'xv'])
                    for (const e of doc[k] ?? []) {
                        const p = e.cells.map(x => x.toUpperCase()).sort().join(',');
                        if (!marked.has(p)) marked.set(p, new Set());
                        marked.get(p).add(k);
                    }
                const bad = {
                    difference: (p, q) => Math.abs(p - q) === 1,
                    ratio: (p, q) => p === 2 * q || q === 2 * p,
                    xv: (p, q) => p + q === 5 || p + q === 10,
                };
                for (let r = 1; r <= n; r++) for (let c = 1; c <= n; c++)
                    for (const [r2, c2] of [[r, c + 1], [r + 1, c]]) {
                        if (r2 > n || c2 > n) continue;
                        const cells = [id(r, c), id(r2, c2)];
                        const kinds = value.filter(k => !(marked.get(cells.slice().sort().join(','))?.has(k)));
                        if (kinds.some(k => !bad[k])) throw new Error('unknown negative ' + kinds);
                        if (kinds.length)
                            out.push(new C.Pair(pairKey((p, q) => !kinds.some(k => bad[k](p, q))), '', ...cells));
                    }
                break;
            }
            case 'odd': case 'even':
                for (const e of value) {
                    const digits = [];
                    for (let d = 1; d <= n; d++) if ((d % 2 === 1) === (key === 'odd')) digits.push(d);
                    out.push(new C.Given(e.cell.toUpperCase(), ...digits));
                }
                break;
            case 'thermometer':
                for (const l of lines(key)) out.push(new C.Thermo(...l));
                break;
            case 'slowthermometer':
                for (const l of lines(key)) out.push(new C.Pair(pairKey((a, b) => a <= b), '', ...l));
                break;
            case 'arrow':
                for (const e of value) {
                    const pill = e.cells;
                    for (const l of e.lines) {
                        if (pill.length === 1) { out.push(new C.Arrow(...l)); continue; }
                        // ISS reads a pill's digits in cell order (row-major); ours in the
                        // order the document lists them. Refuse when they differ.
                        const idx = pill.map(x => { const [r, c] = parseCell(x); return r * 100 + c; });
                        if (idx.some((v, i) => i > 0 && v < idx[i - 1]))
                            throw new Error('pill arrow whose pill is not listed in reading order');
                        out.push(new C.PillArrow(pill.length, ...pill, ...l.slice(1)));
                    }
                }
                break;
            case 'whispers':
                for (const e of value)
                    for (const l of e.lines) out.push(new C.Whisper(valueOr(e, Math.floor((n + 1) / 2)), ...l));
                break;
            case 'renban': for (const l of lines(key)) out.push(new C.Renban(...l)); break;
            case 'palindrome': for (const l of lines(key)) out.push(new C.Palindrome(...l)); break;
            case 'entropicline': for (const l of lines(key)) out.push(new C.Entropic(...l)); break;
            case 'modularline': for (const l of lines(key)) out.push(new C.Modular(3, ...l)); break;
            case 'nabner':
                for (const l of lines(key)) out.push(new C.PairX(pairXKey((a, b) => Math.abs(a - b) >= 2), '', ...l));
                break;
            case 'clone':
                for (const e of value)
                    e.cells.forEach((a, k) => out.push(new C.Pair(pairKey((p, q) => p === q), '', a, e.cloneCells[k])));
                break;
            case 'minimum': case 'maximum': {
                const marked = new Set(value.map(e => e.cell.toUpperCase()));
                for (const m of marked) {
                    const [r, c] = parseCell(m);
                    for (const [rr, cc] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
                        if (rr < 1 || cc < 1 || rr > n || cc > n || marked.has(id(rr, cc))) continue;
                        // GreaterThan(a, b): a > b.
                        out.push(key === 'minimum' ? new C.GreaterThan(id(rr, cc), m) : new C.GreaterThan(m, id(rr, cc)));
                    }
                }
                break;
            }
            case 'quadruple':
                for (const e of value) {
                    const rc = e.cells.map(parseCell);
                    const top = id(Math.min(...rc.map(x => x[0])), Math.min(...rc.map(x => x[1])));
                    out.push(new C.Quad(top, ...e.values.map(Number)));
                }
                break;
            case 'littlekillersum':
                for (const e of value)
                    if (nonEmpty(e.value)) out.push(C.LittleKiller.fromCells(Number(e.value), e.cells.map(x => x.toUpperCase()), geometry));
                break;
            case 'sandwichsum':
                for (const e of value) out.push(C.Sandwich.fromCells(Number(e.value), outsideCells(e.cell, n), geometry));
                break;
            case 'xsum':
                for (const e of value) out.push(C.XSum.fromCells(Number(e.value), outsideCells(e.cell, n), geometry));
                break;
            case 'skyscraper':
                for (const e of value) out.push(C.Skyscraper.fromCells(Number(e.value), outsideCells(e.cell, n), geometry));
                break;
            case 'betweenline':
                for (const l of lines(key)) if (l.length > 2) out.push(new C.Between(...l));
                break;
            case 'lockout':
                for (const l of lines(key)) out.push(new C.Lockout(Math.floor(n / 2), ...l));
                break;
            case 'regionsumline': for (const l of lines(key)) out.push(new C.RegionSumLine(...l)); break;
            case 'zipperline': for (const l of lines(key)) out.push(new C.Zipper(...l)); break;
            case 'doublearrow':
                for (const l of lines(key)) if (l.length > 2) out.push(new C.DoubleArrow(...l));
                break;
            case 'rowindexer':
                for (const e of value) out.push(new C.Indexing(C.Indexing.ROW_INDEXING, ...e.cells));
                break;
            case 'columnindexer':
                for (const e of value) out.push(new C.Indexing(C.Indexing.COL_INDEXING, ...e.cells));
                break;
            default:
                unsupported.push(key);
        }
    }
    if (unsupported.length) throw new Error('no ISS translation for: ' + unsupported.join(', '));
    // Cell ids in ISS are upper case.
    return out;
}

const solver = new SimpleSolver();
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
    if (!line.trim()) continue;
    let constraints;
    try {
        constraints = translate(JSON.parse(line));
    } catch (e) {
        console.log(JSON.stringify({ count: null, error: String(e.message ?? e) }));
        continue;
    }
    let count, ms;
    try {
        const started = process.hrtime.bigint();
        count = solver.countSolutions(constraints, MAX);
        ms = Number(process.hrtime.bigint() - started) / 1e6;
    } catch (e) {
        console.log(JSON.stringify({ count: null, error: 'ISS: ' + String(e.message ?? e) }));
        continue;
    }
    // ISS's own count of the guesses of that search, read before the grids below run.
    const result = { count, ms, guesses: solver.latestStats()?.guesses ?? null };
    // Not timed: the grids, so that a count that differs from ours can be judged.
    if (count === 1) result.solution = solver.solution(constraints).toString();
    else if (count >= 2) result.solutions = [...solver.solutions(constraints, 2)].map(s => s.toString());
    console.log(JSON.stringify(result));
}
