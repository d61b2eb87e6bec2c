// Draws the grid and the variant constraints in SVG, from what the engine returns for a
// puzzle (the `read` answer: side, regions, givens, and the f-puzzles document of its
// rules). Nothing here decides anything about the puzzle: it only draws.

const SVG = 'http://www.w3.org/2000/svg';
const S = 40; // a cell's side, in SVG units

/** The digit's character: 1-9, then A-Z for 10 and up (the engine's notation). */
export function digitChar(d) {
  return d <= 9 ? String(d) : String.fromCharCode(55 + d);
}

/** [row, col] from 0 of an f-puzzles cell name `R1C1` (rows and columns 0 or n+1 are outside). */
function cellOf(name) {
  const m = /^R(-?\d+)C(-?\d+)$/i.exec(name);
  return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : null;
}

function centre([r, c]) {
  return [(c + 0.5) * S, (r + 0.5) * S];
}

function el(parent, name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) {
    node.setAttribute(k, v);
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  parent.appendChild(node);
  return node;
}

function polyline(parent, cells, attrs) {
  const points = cells.map(cellOf).filter(Boolean).map(centre).map((p) => p.join(',')).join(' ');
  return el(parent, 'polyline', { points, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...attrs });
}

// The lines of the f-puzzles format: key, colour, width.
const LINES = Object.fromEntries([
  ['thermometer', '#b8b8b8', 12], ['slowthermometer', '#c9b8a0', 12], ['whispers', '#67f067', 8],
  ['renban', '#f067f0', 8], ['palindrome', '#c0c0c0', 8], ['entropicline', '#f0a030', 8],
  ['modularline', '#30a0f0', 8], ['nabner', '#f0e030', 8], ['betweenline', '#a0a0a0', 3],
  ['lockout', '#8080ff', 6], ['regionsumline', '#4090ff', 6], ['zipperline', '#c080ff', 6],
  ['doublearrow', '#909090', 3],
].map(([key, stroke, width]) => [key, { stroke, 'stroke-width': width }]));

// Rules of the whole grid, shown in words under it.
const FLAGS = {
  'diagonal+': 'anti-diagonal', 'diagonal-': 'main diagonal', antiknight: 'anti-knight',
  antiking: 'anti-king', nonconsecutive: 'non-consecutive', disjointgroups: 'disjoint groups',
};

/**
 * Draws `view` into `svg`: `info` (the engine's `read` answer), `shown` (the digits to show,
 * a line or null), `candidates` (a list of digits per cell, or null), `witness` (or null) and
 * `selected` (a cell index or -1). Returns the names of the whole-grid rules, for the page.
 */
export function draw(svg, view) {
  const { info, shown, candidates, witness, selected } = view;
  const n = info.size;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `${-S} ${-S} ${(n + 2) * S} ${(n + 2) * S}`);
  const doc = info.document || {};
  const regions = info.regions;
  const under = el(svg, 'g', { class: 'under' });
  const lines = el(svg, 'g', { class: 'lines' });
  const gridLines = el(svg, 'g', { class: 'gridlines' });
  const over = el(svg, 'g', { class: 'over' });
  const digits = el(svg, 'g', { class: 'digits' });

  // Cell backgrounds: selection, witness, extra regions and clones.
  const shade = (cell, cls) => el(under, 'rect', { x: (cell % n) * S, y: Math.floor(cell / n) * S, width: S, height: S, class: cls });
  for (const cell of [...Array(n * n).keys()]) {
    el(under, 'rect', { x: (cell % n) * S, y: Math.floor(cell / n) * S, width: S, height: S, class: 'cell', 'data-cell': cell });
  }
  for (const entry of doc.extraregion || []) {
    for (const name of entry.cells) {
      const rc = cellOf(name);
      if (rc) shade(rc[0] * n + rc[1], 'extraregion');
    }
  }
  for (const entry of doc.clone || []) {
    for (const name of [...entry.cells, ...(entry.cloneCells || [])]) {
      const rc = cellOf(name);
      if (rc) shade(rc[0] * n + rc[1], 'clone');
    }
  }
  if (witness) {
    for (const cell of witness.differing) shade(cell, 'differing');
    shade(witness.suggestionCell, 'suggestion');
  }
  if (selected >= 0) shade(selected, 'selected');

  // Diagonals, lines, thermometers, arrows.
  if (doc['diagonal-']) el(lines, 'line', { x1: 0, y1: 0, x2: n * S, y2: n * S, class: 'diagonal' });
  if (doc['diagonal+']) el(lines, 'line', { x1: n * S, y1: 0, x2: 0, y2: n * S, class: 'diagonal' });
  for (const [key, style] of Object.entries(LINES)) {
    for (const entry of doc[key] || []) {
      for (const line of entry.lines || []) {
        polyline(lines, line, { ...style, class: `line ${key}` });
        if (key === 'thermometer' || key === 'slowthermometer') {
          const [x, y] = centre(cellOf(line[0]));
          el(lines, 'circle', { cx: x, cy: y, r: S * 0.38, fill: style.stroke, class: `bulb ${key}` });
        }
      }
    }
  }
  for (const entry of doc.arrow || []) {
    const circle = entry.cells.map(cellOf);
    for (const rc of circle) {
      const [x, y] = centre(rc);
      el(lines, 'circle', { cx: x, cy: y, r: S * 0.4, class: 'arrow-circle' });
    }
    for (const line of entry.lines || []) {
      polyline(lines, line, { class: 'arrow-line' });
      const tip = line.map(cellOf);
      if (tip.length >= 2) {
        const [x1, y1] = centre(tip[tip.length - 2]);
        const [x2, y2] = centre(tip[tip.length - 1]);
        const a = Math.atan2(y2 - y1, x2 - x1);
        const head = (da) => `${x2 - 10 * Math.cos(a + da)},${y2 - 10 * Math.sin(a + da)}`;
        el(lines, 'polyline', { points: `${head(0.5)} ${x2},${y2} ${head(-0.5)}`, class: 'arrow-line' });
      }
    }
  }

  // The grid: thin lines, thick between regions and around.
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      if (c + 1 < n) {
        const thick = regions[cell] !== regions[cell + 1];
        el(gridLines, 'line', { x1: (c + 1) * S, y1: r * S, x2: (c + 1) * S, y2: (r + 1) * S, class: thick ? 'thick' : 'thin' });
      }
      if (r + 1 < n) {
        const thick = regions[cell] !== regions[cell + n];
        el(gridLines, 'line', { x1: c * S, y1: (r + 1) * S, x2: (c + 1) * S, y2: (r + 1) * S, class: thick ? 'thick' : 'thin' });
      }
    }
  }
  el(gridLines, 'rect', { x: 0, y: 0, width: n * S, height: n * S, class: 'border' });

  // Cages: dashed, inside the cells, with the sum in the top left cell.
  const inset = 4;
  for (const cage of [...(doc.killercage || []), ...(doc.cage || [])]) {
    const cells = new Set(cage.cells.map(cellOf).filter(Boolean).map(([r, c]) => r * n + c));
    const group = el(over, 'g', { class: 'cage' });
    for (const cell of cells) {
      const r = Math.floor(cell / n);
      const c = cell % n;
      const [x0, y0, x1, y1] = [c * S + inset, r * S + inset, (c + 1) * S - inset, (r + 1) * S - inset];
      const has = (dr, dc) => r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n && cells.has((r + dr) * n + c + dc);
      const left = has(0, -1) ? c * S : x0;
      const right = has(0, 1) ? (c + 1) * S : x1;
      const top = has(-1, 0) ? r * S : y0;
      const bottom = has(1, 0) ? (r + 1) * S : y1;
      if (!has(-1, 0)) el(group, 'line', { x1: left, y1: y0, x2: right, y2: y0 });
      if (!has(1, 0)) el(group, 'line', { x1: left, y1: y1, x2: right, y2: y1 });
      if (!has(0, -1)) el(group, 'line', { x1: x0, y1: top, x2: x0, y2: bottom });
      if (!has(0, 1)) el(group, 'line', { x1: x1, y1: top, x2: x1, y2: bottom });
    }
    if (cage.value !== undefined && cage.value !== '' && cells.size) {
      const first = Math.min(...cells);
      el(over, 'text', { x: (first % n) * S + inset + 1, y: Math.floor(first / n) * S + inset + 9, class: 'cage-sum' }, cage.value);
    }
  }

  // Dots, X and V, odd and even, minimum and maximum, quadruples.
  const between = (cells) => {
    const [a, b] = cells.map(cellOf).map(centre);
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  };
  for (const [key, cls] of [['difference', 'dot white'], ['ratio', 'dot black']]) {
    for (const entry of doc[key] || []) {
      const [x, y] = between(entry.cells);
      el(over, 'circle', { cx: x, cy: y, r: 6, class: cls });
    }
  }
  for (const entry of doc.xv || []) {
    const [x, y] = between(entry.cells);
    el(over, 'text', { x, y: y + 5, class: 'xv' }, entry.value);
  }
  for (const entry of doc.odd || []) {
    const [x, y] = centre(cellOf(entry.cell));
    el(over, 'circle', { cx: x, cy: y, r: S * 0.38, class: 'parity' });
  }
  for (const entry of doc.even || []) {
    const [x, y] = centre(cellOf(entry.cell));
    el(over, 'rect', { x: x - S * 0.36, y: y - S * 0.36, width: S * 0.72, height: S * 0.72, class: 'parity' });
  }
  for (const [key, mark] of [['minimum', '⌄'], ['maximum', '⌃']]) {
    for (const entry of doc[key] || []) {
      const [x, y] = centre(cellOf(entry.cell));
      el(over, 'text', { x: x + S * 0.3, y: y + S * 0.42, class: 'extremum' }, mark);
    }
  }
  for (const entry of doc.quadruple || []) {
    const rcs = entry.cells.map(cellOf);
    const x = Math.max(...rcs.map(([, c]) => c)) * S;
    const y = Math.max(...rcs.map(([r]) => r)) * S;
    el(over, 'circle', { cx: x, cy: y, r: 11, class: 'quadruple' });
    el(over, 'text', { x, y: y + 3, class: 'quadruple-digits' }, entry.values.join(''));
  }
  // Clues outside the grid (little killers, sandwiches, X-sums, skyscrapers).
  for (const key of ['littlekillersum', 'sandwichsum', 'xsum', 'skyscraper']) {
    for (const entry of doc[key] || []) {
      const rc = cellOf(entry.cell);
      if (!rc) continue;
      const [x, y] = centre(rc);
      el(over, 'text', { x, y: y + 5, class: `outside ${key}` }, entry.value);
    }
  }

  // Digits: givens, then the digits shown (a solution), then candidates.
  const givens = info.givens;
  const small = n > 9 ? 0.22 : 0.28;
  for (let cell = 0; cell < n * n; cell++) {
    const [x, y] = centre([Math.floor(cell / n), cell % n]);
    const given = givens[cell];
    const marks = (info.document?.grid?.[Math.floor(cell / n)]?.[cell % n]?.givenPencilMarks) || null;
    if (given !== '.') {
      el(digits, 'text', { x, y: y + S * 0.17, class: 'given', 'data-cell': cell }, given);
    } else if (shown && shown[cell] !== '.') {
      el(digits, 'text', { x, y: y + S * 0.17, class: 'solved', 'data-cell': cell }, shown[cell]);
    } else if (candidates && candidates[cell].length === 1) {
      el(digits, 'text', { x, y: y + S * 0.17, class: 'solved', 'data-cell': cell }, digitChar(candidates[cell][0]));
    } else if (candidates) {
      pencil(digits, candidates[cell], cell, n, 'candidate', small);
    } else if (marks) {
      pencil(digits, marks, cell, n, 'pencil', small);
    }
  }
  if (witness) {
    // The second solution's digit in each cell where it differs from the first (shown).
    for (const cell of witness.differing) {
      const [x, y] = centre([Math.floor(cell / n), cell % n]);
      el(digits, 'text', { x: x + S * 0.32, y: y + S * 0.42, class: 'second' }, witness.second[cell]);
    }
    const [x, y] = centre([Math.floor(witness.suggestionCell / n), witness.suggestionCell % n]);
    el(digits, 'text', { x: x + S * 0.32, y: y - S * 0.22, class: 'suggested' }, digitChar(witness.suggestionDigit));
  }

  const flags = Object.entries(FLAGS).filter(([key]) => doc[key]).map(([, name]) => name);
  for (const marker of doc.negative || []) flags.push(`negative ${marker}`);
  return flags;
}

/** Small digits in a cell, on a sub-grid of the box shape's size. */
function pencil(parent, list, cell, n, cls, small) {
  const side = Math.ceil(Math.sqrt(n));
  const r = Math.floor(cell / n);
  const c = cell % n;
  for (const d of list) {
    const k = d - 1;
    const x = c * S + ((k % side) + 0.5) * (S / side);
    const y = r * S + (Math.floor(k / side) + 0.5) * (S / side) + S * small * 0.35;
    el(parent, 'text', { x, y, class: cls, 'font-size': S * small, 'data-cell': cell }, digitChar(d));
  }
}
