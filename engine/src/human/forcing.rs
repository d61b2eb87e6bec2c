//! Forcing chains: assume a candidate true (or false) and follow what it forces, keeping
//! each conclusion's reasons, until a contradiction or a conclusion that every case shares.
//!
//! Statically, a candidate false forces another true only through the links of the board
//! as it stands (a bivalue cell, a digit with two places in a unit); dynamically, through
//! the singles that the assumption's own eliminations leave. Nishio is the dynamic kind on
//! one digit alone.

use super::board::Board;
use super::chains::length_difficulty;
use super::step::{Step, StepBuilder, Technique};
use super::subsets::{self, bits};

/// How far an assumption is followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Links of the board as it stands, every digit.
    Static,
    /// Singles as the assumption leaves them, one digit only.
    Nishio,
    /// Singles as the assumption leaves them, every digit.
    Dynamic,
    /// As `Dynamic`, and when singles run out, locked candidates, naked and hidden pairs
    /// and X-wings on the board as the assumption leaves it.
    DynamicPlus,
    /// As `DynamicPlus`, and when those run out too, chains and then static forcing
    /// chains on the board as the assumption leaves it: forcing chains inside forcing
    /// chains.
    Nested,
}

const NONE: u32 = u32::MAX;

/// What an assumption forced: facts (candidate `cell * n + d`, true or false) with the
/// facts that forced each, and a contradiction when one was met.
pub(crate) struct Implications {
    n: usize,
    /// Per fact: the candidate, whether it is true, and where its reasons start in
    /// `reasons`.
    facts: Vec<(u32, bool, u32, u32)>,
    reasons: Vec<u32>,
    /// Per fact, the length of its longest line of reasons (the root is 1): a lower bound
    /// of [`Implications::length`].
    depth: Vec<u32>,
    /// Per candidate, its fact when true and when false.
    index: Vec<[u32; 2]>,
    /// The reasons of the contradiction, if one was met.
    pub(crate) contradiction: Option<Vec<u32>>,
    /// The deepest technique nested chains used inside: 0 none, 1 a chain, 2 static
    /// forcing chains, 3 dynamic forcing chains (Sudoku Explainer's 9.5, 10.0 and 10.5).
    pub(crate) inner: u8,
}

impl Implications {
    /// The fact that the candidate `(cell, d)` is `on`, if it was forced.
    pub(crate) fn fact(&self, cell: usize, d: usize, on: bool) -> Option<u32> {
        Some(self.index[cell * self.n + d][usize::from(on)]).filter(|&f| f != NONE)
    }

    /// Records that candidate `cand` (`cell * n + d`) is `on`, forced by the facts `why`,
    /// unless it is known already; a contradiction when its opposite is. The new fact's
    /// number.
    fn add(&mut self, cand: usize, on: bool, why: &[u32]) -> Option<u32> {
        let other = self.index[cand][usize::from(!on)];
        if self.index[cand][usize::from(on)] != NONE {
            return None;
        }
        let id = self.facts.len() as u32;
        self.index[cand][usize::from(on)] = id;
        let from = self.reasons.len() as u32;
        self.reasons.extend_from_slice(why);
        self.facts
            .push((cand as u32, on, from, self.reasons.len() as u32));
        let depth = why
            .iter()
            .map(|&r| self.depth[r as usize])
            .max()
            .unwrap_or(0)
            + 1;
        self.depth.push(depth);
        if other != NONE && self.contradiction.is_none() {
            self.contradiction = Some(vec![id, other]);
        }
        Some(id)
    }

    /// How many facts the reasons of `roots` take, the roots included: the chain's length.
    pub(crate) fn length(&self, roots: &[u32]) -> usize {
        let mut seen = vec![false; self.facts.len()];
        let mut stack: Vec<u32> = roots.to_vec();
        let mut count = 0;
        while let Some(f) = stack.pop() {
            if std::mem::replace(&mut seen[f as usize], true) {
                continue;
            }
            count += 1;
            let (_, _, from, to) = self.facts[f as usize];
            stack.extend_from_slice(&self.reasons[from as usize..to as usize]);
        }
        count
    }
}

/// Follows the assumption that candidate `(cell, d)` is `on` on `board`.
pub(crate) fn follow(board: &Board, cell: usize, d: usize, on: bool, mode: Mode) -> Implications {
    let layout = &board.layout;
    let n = layout.n;
    let mut marks = board.marks.clone();
    let mut values = board.values.clone();
    let mut out = Implications {
        n,
        facts: Vec::new(),
        reasons: Vec::new(),
        depth: Vec::new(),
        index: vec![[NONE; 2]; n * n * n],
        contradiction: None,
        inner: 0,
    };
    let mut head = 0;
    let add = |out: &mut Implications, cand: usize, on: bool, why: &[u32]| out.add(cand, on, why);
    add(&mut out, cell * n + d, on, &[]);
    let digit_ok = |x: usize| mode != Mode::Nishio || x == d;
    loop {
        if head == out.facts.len()
            && matches!(mode, Mode::DynamicPlus | Mode::Nested)
            && out.contradiction.is_none()
        {
            plus(board, &marks, &values, &mut out, mode == Mode::Nested);
        }
        if head >= out.facts.len() || out.contradiction.is_some() {
            break;
        }
        let (cand, on, _, _) = out.facts[head];
        let id = head as u32;
        head += 1;
        let (c, x) = (cand as usize / n, cand as usize % n);
        if on {
            if values[c] != 0 {
                if values[c] as usize != x + 1 {
                    out.contradiction = Some(vec![id]);
                }
                continue;
            }
            values[c] = x as u8 + 1;
            for y in bits(marks[c] & !(1 << x)) {
                if digit_ok(y) {
                    add(&mut out, c * n + y, false, &[id]);
                }
            }
            marks[c] = 1 << x;
            for &p in &layout.peers[c] {
                if marks[p] >> x & 1 == 1 {
                    add(&mut out, p * n + x, false, &[id]);
                }
            }
            continue;
        }
        if marks[c] >> x & 1 == 0 {
            continue;
        }
        marks[c] &= !(1 << x);
        if values[c] as usize == x + 1 {
            out.contradiction = Some(vec![id]);
            break;
        }
        // The cell's last candidate.
        let single_cell = match mode {
            Mode::Static => board.marks[c].count_ones() == 2,
            Mode::Dynamic | Mode::DynamicPlus | Mode::Nested => values[c] == 0,
            Mode::Nishio => false,
        };
        if single_cell && values[c] == 0 {
            match marks[c].count_ones() {
                0 => {
                    let why: Vec<u32> = bits(board.marks[c])
                        .filter_map(|y| out.fact(c, y, false))
                        .collect();
                    out.contradiction = Some(why);
                    break;
                }
                1 => {
                    let y = marks[c].trailing_zeros() as usize;
                    let why: Vec<u32> = bits(board.marks[c] & !(1 << y))
                        .filter_map(|z| out.fact(c, z, false))
                        .collect();
                    add(&mut out, c * n + y, true, &why);
                }
                _ => {}
            }
        }
        // The digit's last place in a unit.
        for u in layout.cell_units[c] {
            let cells = &layout.units[u];
            if cells.iter().any(|&k| values[k] as usize == x + 1) {
                continue;
            }
            // The places left: how many, and the last one seen.
            let (mut left, mut place) = (0, 0);
            for &k in cells {
                if marks[k] >> x & 1 == 1 {
                    left += 1;
                    place = k;
                }
            }
            if left > 1 || (mode == Mode::Static && board.places(u, x).count_ones() != 2) {
                continue;
            }
            let why = || -> Vec<u32> {
                cells
                    .iter()
                    .filter_map(|&k| out.fact(k, x, false))
                    .collect()
            };
            match left {
                0 => {
                    out.contradiction = Some(why());
                    break;
                }
                1 => {
                    let reasons = why();
                    add(&mut out, place * n + x, true, &reasons);
                }
                _ => {}
            }
        }
    }
    out
}

/// When singles run out in a dynamic+ chain: the first of locked candidates, naked and
/// hidden pairs and X-wings on the board as the assumption left it, its eliminations
/// added as facts whose reasons are the candidates of its units that the chain removed.
fn plus(board: &Board, marks: &[u64], values: &[u8], out: &mut Implications, nested: bool) {
    let layout = &board.layout;
    let n = layout.n;
    // The chain keeps a placed cell's value as its one candidate; a board has none.
    let scratch = Board {
        layout: std::sync::Arc::clone(&board.layout),
        marks: marks
            .iter()
            .zip(values)
            .map(|(&m, &v)| if v == 0 { m } else { 0 })
            .collect(),
        values: values.to_vec(),
    };
    let found = subsets::locked_candidates(&scratch, true, false)
        .or_else(|| subsets::locked_candidates(&scratch, false, false))
        .or_else(|| subsets::naked_subset(&scratch, 2))
        .or_else(|| subsets::hidden_subset(&scratch, 2, false))
        .or_else(|| super::fish::fish(&scratch, 2, false));
    let mut level = 0;
    let found = match found {
        Some(step) => Some(step),
        None if nested => {
            // Each inner level only when the one before finds nothing.
            level = 1;
            let mut inner = super::chains::chain(&scratch, false);
            if inner.is_none() {
                level = 2;
                inner = forcing(&scratch, Mode::Static, Technique::ForcingChains);
            }
            if inner.is_none() {
                level = 3;
                inner = forcing(&scratch, Mode::Dynamic, Technique::DynamicForcingChains);
            }
            inner
        }
        None => None,
    };
    let Some(step) = found else { return };
    out.inner = out.inner.max(level);
    let shape = layout.shape;
    let mut why = Vec::new();
    // An inner chain's reasons: the candidates its cells lost to the assumption.
    for cell in step.cells.iter().map(|c| c.index(shape)) {
        for x in bits(board.marks[cell]) {
            if let Some(f) = out.fact(cell, x, false) {
                why.push(f);
            }
        }
    }
    for unit in &step.units {
        for cell in shape.unit_cells(*unit) {
            for &v in &step.values {
                if let Some(f) = out.fact(cell, v as usize - 1, false) {
                    why.push(f);
                }
            }
        }
    }
    let facts = step
        .eliminated
        .iter()
        .map(|c| (c, false))
        .chain(step.placed.iter().map(|c| (c, true)));
    for (c, on) in facts {
        out.add(c.cell.index(shape) * n + c.value as usize - 1, on, &why);
    }
}

/// The easiest forcing-chain step in `mode`: a candidate whose assumption leads to a
/// contradiction is false (or, assumed false, true); a conclusion that both outcomes of a
/// candidate, every candidate of a cell, or every place of a digit in a unit force holds.
pub(crate) fn forcing(board: &Board, mode: Mode, technique: Technique) -> Option<Step> {
    let layout = &board.layout;
    let n = layout.n;
    let cells = n * n;
    let mut best: Option<(usize, Step)> = None;
    let bound = |best: &Option<(usize, Step)>| best.as_ref().map_or(usize::MAX, |(l, _)| *l);
    let consider = |best: &mut Option<(usize, Step)>,
                    length: usize,
                    step: StepBuilder,
                    why: String,
                    level: u8| {
        if !step.has_effect() {
            return;
        }
        if best.as_ref().is_none_or(|(l, _)| length < *l) {
            let text = format!("{why}, {length} nodes");
            // Nested chains: 0.5 more for each level of what they nest (a chain,
            // static forcing chains, dynamic ones), as Sudoku Explainer rates them.
            let nesting = 0.5 * f32::from(level.saturating_sub(1));
            let step = step
                .chain(text, length_difficulty(length.saturating_sub(2)) + nesting)
                .build();
            *best = Some((length, step));
        }
    };
    let mut on: Vec<Option<Implications>> = (0..cells * n).map(|_| None).collect();
    for cell in 0..cells {
        for d in bits(board.marks[cell]) {
            let yes = follow(board, cell, d, true, mode);
            if let Some(why) = &yes.contradiction {
                let low = why
                    .iter()
                    .map(|&f| yes.depth[f as usize] as usize)
                    .max()
                    .unwrap_or(0);
                if low >= bound(&best) {
                    on[cell * n + d] = Some(yes);
                    continue;
                }
                let length = yes.length(why);
                consider(
                    &mut best,
                    length,
                    StepBuilder::new(layout, technique)
                        .cells([cell])
                        .values([d as u8 + 1])
                        .with_elimination(cell, d as u8 + 1),
                    format!("{}={} leads to a contradiction", layout.cell(cell), d + 1),
                    yes.inner,
                );
            }
            on[cell * n + d] = Some(yes);
        }
    }
    if mode == Mode::Nishio {
        return best.map(|(_, step)| step);
    }
    for cell in 0..cells {
        if board.values[cell] != 0 {
            continue;
        }
        let cases: Vec<&Implications> = bits(board.marks[cell])
            .filter_map(|d| on[cell * n + d].as_ref())
            .collect();
        if cases.len() >= 2 {
            if let Some((length, step, why)) =
                common(board, technique, &cases, &[cell], None, bound(&best))
            {
                let level = cases.iter().map(|c| c.inner).max().unwrap_or(0);
                consider(&mut best, length, step, why, level);
            }
        }
    }
    for (u, unit) in layout.units.iter().enumerate() {
        for d in 0..n {
            let cases: Vec<&Implications> = unit
                .iter()
                .filter(|&&c| board.marks[c] >> d & 1 == 1)
                .filter_map(|&c| on[c * n + d].as_ref())
                .collect();
            if cases.len() >= 2 {
                if let Some((length, step, why)) =
                    common(board, technique, &cases, &[], Some(u), bound(&best))
                {
                    let level = cases.iter().map(|c| c.inner).max().unwrap_or(0);
                    consider(&mut best, length, step, why, level);
                }
            }
        }
    }
    best.map(|(_, step)| step)
}

/// The facts that every case forces, each with the cases' lengths summed, its step and
/// its reason in words.
fn common<'a>(
    board: &'a Board,
    technique: Technique,
    cases: &[&Implications],
    why_cells: &[usize],
    unit: Option<usize>,
    mut bound: usize,
) -> Option<(usize, StepBuilder<'a>, String)> {
    let layout = &board.layout;
    let n = layout.n;
    if cases.iter().any(|imp| imp.contradiction.is_some()) {
        return None;
    }
    let first = cases[0];
    let mut found: Option<(usize, usize, bool)> = None;
    for &(cand, truth, _, _) in &first.facts {
        let (c, x) = (cand as usize / n, cand as usize % n);
        if (truth && board.values[c] != 0) || (!truth && board.marks[c] >> x & 1 == 0) {
            continue;
        }
        let mut low = 0;
        let mut all = true;
        for imp in cases {
            match imp.fact(c, x, truth) {
                Some(f) => low += imp.depth[f as usize] as usize,
                None => {
                    all = false;
                    break;
                }
            }
        }
        if !all || low >= bound {
            continue;
        }
        let length: usize = cases
            .iter()
            .map(|imp| imp.length(&[imp.fact(c, x, truth).expect("every case has it")]))
            .sum();
        if length < bound {
            bound = length;
            found = Some((length, c * n + x, truth));
        }
    }
    let (length, cand, truth) = found?;
    let (c, x) = (cand / n, cand % n);
    let mut step = StepBuilder::new(layout, technique).cells(why_cells.iter().copied());
    let why = match unit {
        Some(u) => {
            step = step.units([u]);
            format!(
                "every place of {} in {} forces it",
                first_value(cases),
                layout.unit(u)
            )
        }
        None => format!("every candidate of {} forces it", layout.cell(why_cells[0])),
    };
    let step = if truth {
        step.place(c, x as u8 + 1)
    } else {
        step.with_elimination(c, x as u8 + 1)
    };
    Some((length, step, why))
}

/// The value every case of a unit forcing assumes (the first fact of each).
fn first_value(cases: &[&Implications]) -> usize {
    let (cand, _, _, _) = cases[0].facts[0];
    cand as usize % cases[0].n + 1
}

impl StepBuilder<'_> {
    /// The builder with one elimination added.
    pub(crate) fn with_elimination(mut self, cell: usize, value: u8) -> Self {
        self.eliminate(cell, value);
        self
    }
}
