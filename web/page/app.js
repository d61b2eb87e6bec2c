// The page: the puzzle field and the grid editor, the buttons, and what each answer shows.
// Every question goes to the engine's worker (engine.js); this file only shows answers.

import { Engine } from './engine.js';
import { draw, digitChar } from './draw.js';

const $ = (id) => document.getElementById(id);
const field = $('puzzle');
const svg = $('grid');
const result = $('result');
const details = $('details');
const progress = $('progress');
const bar = $('progress-bar');
const cancel = $('cancel');
const buttons = ['solve', 'count', 'check', 'candidates', 'rate', 'generate'].map($);

const state = {
  info: null, // the engine's `read` answer for the field's text
  readText: null, // the text `info` was read from
  readError: null, // why that text did not read
  reading: null, // the read of `readText`: a promise of whether it reads
  shown: null, // digits shown over the givens (a solution), as a line
  candidates: null,
  witness: null,
  selected: -1,
  copy: null, // what the copy buttons copy: { line, links }
};

let engine;

function redraw() {
  if (!state.info) {
    svg.replaceChildren();
    $('rules').textContent = '';
    return;
  }
  const flags = draw(svg, state);
  $('rules').textContent = flags.length ? `Rules of the whole grid: ${flags.join(', ')}` : '';
}

function showResult(text, kind = '') {
  result.textContent = text;
  result.className = kind;
}

/**
 * Reads the field's text into `state.info` (and draws it) unless it was read already;
 * resolves to true when it reads. A read under way for the same text is waited for.
 */
function refresh() {
  const text = field.value;
  if (text !== state.readText || !state.reading) {
    state.readText = text;
    state.reading = read(text);
  }
  return state.reading;
}

async function read(text) {
  Object.assign(state, { shown: null, candidates: null, witness: null });
  if (text.trim() === '') {
    state.info = null;
    state.readError = 'error: the puzzle field is empty';
    redraw();
    return false;
  }
  let answer;
  try {
    answer = await engine.ask({ op: 'read', puzzle: text });
  } catch (error) {
    // Cancelled: the next refresh reads again.
    Object.assign(state, { readText: null, reading: null });
    throw error;
  }
  if (text !== field.value) {
    return refresh(); // the field changed while it was read
  }
  state.readError = answer.error ? answer.result : null;
  if (answer.error) {
    state.info = null;
    redraw();
    showResult(answer.result, 'error');
    $('warnings').textContent = '';
    return false;
  }
  state.info = answer;
  state.copy = { line: answer.givens, links: answer.links };
  state.selected = Math.min(state.selected, answer.size * answer.size - 1);
  $('warnings').textContent = answer.warnings.join('\n');
  if (result.className === 'error') showResult('');
  redraw();
  return true;
}

let debounce = 0;
field.addEventListener('input', () => {
  clearTimeout(debounce);
  // A read cancelled with a long question is read again by the next refresh.
  debounce = setTimeout(() => refresh().catch(() => {}), 150);
});

function setBusy(busy) {
  for (const button of buttons) button.disabled = busy;
  cancel.disabled = !busy;
  document.body.classList.toggle('busy', busy);
}

/** Asks `request` with the field's puzzle, showing progress, and hands the answer to `show`. */
let running = false;

async function run(request, show) {
  if (running) return;
  running = true;
  setBusy(true);
  delete progress.dataset.done;
  delete progress.dataset.total;
  const started = performance.now();
  let note = '';
  const showProgress = () => {
    progress.textContent = `working… ${((performance.now() - started) / 1000).toFixed(1)} s${note}`;
  };
  const tick = setInterval(showProgress, 100);
  try {
    if (request.op !== 'generate' && !(await refresh())) {
      showResult(state.readError, 'error');
      return;
    }
    const answer = await engine.ask({ ...request, puzzle: field.value }, (done, total) => {
      note = progressNote(request.op, done, total);
      drawBar(request.op, done, total);
      progress.dataset.done = done;
      progress.dataset.total = total;
      showProgress();
    });
    const took = performance.now() - started;
    if (answer.error) {
      showResult(answer.result, 'error');
    } else {
      details.textContent = '';
      await show(answer);
      showResult(answer.result, 'ok');
    }
    progress.textContent = `${request.op}: ${took.toFixed(took < 10 ? 1 : 0)} ms`;
  } catch (error) {
    if (error.message === 'cancelled') {
      showResult('cancelled', 'cancelled');
      progress.textContent = `${request.op} cancelled after ${((performance.now() - started) / 1000).toFixed(1)} s`;
    } else {
      showResult(`error: ${error.message}`, 'error');
    }
  } finally {
    clearInterval(tick);
    bar.hidden = true;
    running = false;
    setBusy(false);
  }
}

/**
 * Draws the engine's `progress(done, total)` for `op` on the bar: the part done of a known
 * total (for Generate, of the grid being carved); no bar for a count, whose total is unknown.
 */
function drawBar(op, done, total) {
  bar.hidden = !total;
  if (total) {
    bar.max = total;
    bar.value = op === 'generate' ? gridOf(done, total)[1] : done;
  }
}

/**
 * Generate's progress as [the grid being carved, from 1; its cells tried]: `done` counts the
 * cells tried over every grid drawn, `total` one grid's cells.
 */
function gridOf(done, total) {
  const grid = Math.max(1, Math.ceil(done / total));
  return [grid, done - (grid - 1) * total];
}

/** What the engine's `progress(done, total)` means for `op` (web/src/ops.rs). */
function progressNote(op, done, total) {
  switch (op) {
    case 'count':
      return `, ${done.toLocaleString('en')} solutions so far`;
    case 'candidates':
      return `, ${done} of ${total} candidates settled`;
    case 'rate':
      return `, step ${done} of ${total}`;
    case 'generate': {
      const [grid, tried] = gridOf(done, total);
      return `, grid ${grid}: ${tried} of ${total} cells tried`;
    }
    default:
      return `, ${done} of ${total}`;
  }
}

function showSolution(line, links) {
  Object.assign(state, { shown: line, candidates: null, witness: null });
  if (line) state.copy = { line, links };
  redraw();
}

$('solve').addEventListener('click', () => run({ op: 'solve' }, (a) => showSolution(a.solution, a.links)));

$('count').addEventListener('click', () => {
  const cap = $('cap').value.trim();
  const request = { op: 'count' };
  if (cap !== '') request.cap = Number(cap);
  run(request, (a) => {
    details.textContent = a.capped ? `At least ${a.count} solutions (counting stopped at the cap).` : `${a.count} solutions.`;
  });
});

$('check').addEventListener('click', () => run({ op: 'check' }, (a) => {
  if (a.witness) {
    const w = a.witness;
    Object.assign(state, { shown: w.first, candidates: null, witness: w });
    state.copy = { line: w.first, links: null };
    details.textContent = `Two solutions differ at ${w.differingNames.join(' ')} (shaded: the first`
      + ` shown, the second's digit small). Adding the given ${w.suggestion} (green) rules out the`
      + ` second:\n${w.first}\n${w.second}`;
    redraw();
  } else {
    showSolution(a.solution || null, a.links);
    details.textContent = a.result === 'unique' ? 'The puzzle has exactly one solution.' : 'The puzzle has no solution.';
  }
}));

$('candidates').addEventListener('click', () => run({ op: 'candidates' }, (a) => {
  Object.assign(state, { shown: null, candidates: a.candidates, witness: null });
  details.textContent = 'The digits that some solution places in each cell.';
  redraw();
}));

$('rate').addEventListener('click', () => run({ op: 'rate' }, (a) => {
  if (a.step) {
    details.textContent = `Hardest technique: ${a.hardest || '(none named)'}; strongest step: ${a.step}; `
      + `guesses: ${a.guesses}; score: ${a.score.toFixed(2)}.`;
  }
}));

$('generate').addEventListener('click', () => {
  const seedText = $('gen-seed').value.trim();
  const seed = seedText === '' ? Math.floor(Math.random() * 2 ** 32) : Number(seedText);
  const request = {
    op: 'generate',
    size: Number($('gen-size').value),
    symmetry: $('gen-symmetry').value,
    seed,
  };
  if ($('gen-difficulty').value) request.difficulty = $('gen-difficulty').value;
  const rules = $('gen-rules').value.trim();
  if (rules) request.rules = rules;
  run(request, async (a) => {
    field.value = a.puzzle;
    details.textContent = `Seed ${a.seed}${a.rules ? `, rules ${a.rules.join(', ')}` : ''}`
      + `${a.level ? `, level ${a.level}` : ''}.`;
    await refresh();
  });
});

cancel.addEventListener('click', () => engine.cancel());

// Files and empty grids.
$('open').addEventListener('click', () => $('file').click());
$('file').addEventListener('change', async () => {
  const file = $('file').files[0];
  if (file) {
    field.value = await file.text();
    await refresh();
  }
});
$('empty').addEventListener('click', async () => {
  const n = Number($('empty-size').value);
  field.value = '.'.repeat(n * n);
  await refresh();
});

// The grid editor: click a cell, type.
svg.addEventListener('click', (event) => {
  const cell = event.target.closest('[data-cell]');
  if (cell && state.info) {
    state.selected = Number(cell.getAttribute('data-cell'));
    svg.focus();
    redraw();
  }
});

svg.addEventListener('keydown', async (event) => {
  const info = state.info;
  if (!info || state.selected < 0 || running) return;
  const n = info.size;
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) {
    event.preventDefault();
    const next = state.selected + moves[event.key];
    if (next >= 0 && next < n * n && (Math.abs(moves[event.key]) === n || Math.floor(next / n) === Math.floor(state.selected / n))) {
      state.selected = next;
      redraw();
    }
    return;
  }
  let digit = null;
  if (['Backspace', 'Delete', '0', '.', ' '].includes(event.key)) {
    digit = 0;
  } else if (/^[1-9a-zA-Z]$/.test(event.key)) {
    const d = parseInt(event.key, 36);
    if (d <= n) digit = d;
  }
  if (digit === null) return;
  event.preventDefault();
  await setGiven(state.selected, digit);
});

/**
 * Writes `digit` (0: none) as the given of `cell`, in the field's own notation. The shown
 * givens change at once, so that keys typed before the engine has read the field again
 * build on each other.
 */
async function setGiven(cell, digit) {
  const info = state.info;
  const n = info.size;
  const cells = info.givens.split('');
  cells[cell] = digit ? digitChar(digit) : '.';
  info.givens = cells.join('');
  if (info.kind === 'classic') {
    field.value = info.givens;
  } else {
    const entry = info.document.grid[Math.floor(cell / n)][cell % n];
    if (digit) {
      Object.assign(entry, { value: digit, given: true });
    } else {
      delete entry.value;
      delete entry.given;
    }
    field.value = JSON.stringify(info.document);
  }
  Object.assign(state, { shown: null, candidates: null, witness: null });
  redraw();
  await refresh();
}

// Copying the grid shown: the solution when there is one, else the puzzle.
/** `line` as the command line's `--format grid` prints it: box-ruled, which reads back. */
function ruledGrid(line, n, boxRows, boxCols) {
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = line.slice(r * n, (r + 1) * n).split('');
    const groups = [];
    for (let c = 0; c < n; c += boxCols) groups.push(row.slice(c, c + boxCols).join(' '));
    const text = groups.join(' | ');
    if (r > 0 && r % boxRows === 0) rows.push(text.replace(/[^|]/g, '-').replaceAll('|', '+'));
    rows.push(text);
  }
  return rows.join('\n');
}

async function copy(text) {
  $('copied').dataset.text = text ?? '';
  if (!text) {
    $('copied').textContent = 'nothing to copy';
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    $('copied').textContent = 'copied';
  } catch {
    $('copied').textContent = 'copy refused by the browser: select it from the details';
    details.textContent = text;
  }
}

$('copy-line').addEventListener('click', () => copy(state.copy?.line));
$('copy-grid').addEventListener('click', () => {
  const info = state.info;
  copy(state.copy && info && ruledGrid(state.copy.line, info.size, info.boxRows, info.boxCols));
});
$('copy-fpuzzles').addEventListener('click', () => copy(state.copy?.links?.fpuzzles));
$('copy-sudokupad').addEventListener('click', () => copy(state.copy?.links?.sudokupad));

// Start: compile the module, then read what the field holds (a link's `#` part included).
setBusy(true);
cancel.disabled = true;
progress.textContent = 'loading the engine…';
Engine.load(new URL('sudoku_dlx_web.wasm', import.meta.url)).then(async (loaded) => {
  engine = loaded;
  window.sudokuDlxEngine = engine; // for the browser tests' timings
  setBusy(false);
  progress.textContent = '';
  if (location.hash.length > 1) field.value = decodeURIComponent(location.hash.slice(1));
  await refresh();
  document.body.dataset.ready = 'true';
}, (error) => {
  progress.textContent = '';
  showResult(`error: the engine did not load: ${error}`, 'error');
});
