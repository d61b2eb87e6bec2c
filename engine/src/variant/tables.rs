//! Table constraints: a rule over a tuple of positions whose allowed assignments are
//! enumerated, each becoming one option of the matrix. Killer cages with totals, arrows,
//! little killers, sandwiches, X-sums, skyscrapers, quadruples and the between, lockout,
//! region-sum, zipper and double-arrow lines are all tables; only their [`TableKind`]
//! differs (what each position may hold given the earlier ones, and when an assignment is
//! complete).
//!
//! A position is a cell or a *hidden value* that several tables share (the common sum of a
//! region-sum line's segments, a zipper's total, the number a pill reads). An option gives
//! each position one choice: a value, or, for a cell, a set of digits it leaves to the other
//! rules (the cells outside a sandwich's crusts hold anything; a between line's middle cell
//! any digit strictly between the ends). A cell that every option gives one digit may be
//! placed by the table (see [`model`](super::model) for how tables share cells); the others
//! are only forbidden the digits outside their set. The options of a table are disjoint: a
//! solved grid matches exactly one of them (the positions of a row's 1 and `n` fix a
//! sandwich's option, the row's records a skyscraper's), which keeps counts exact.

mod kinds;

pub(crate) use kinds::TableKind;

use super::model::Model;

/// The most assignments one table may have; past it the puzzle is refused rather than
/// built slowly. Every killer cage of a 9×9 grid but one of all nine cells fits (a cage
/// of eight cells has at most 8! = 40,320 orders of its one set of digits).
pub const MAX_SUM_OPTIONS: usize = 100_000;

/// The search for assignments gives up after this many steps per assignment allowed.
const STEPS_PER_OPTION: usize = 64;

/// A position of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Position {
    /// A cell of the grid.
    Cell(usize),
    /// Hidden value `k` of the variant, shared by the tables that name it.
    Hidden(usize),
}

/// What an option gives a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// This value (a digit for a cell).
    Value(u32),
    /// For a cell: any of these digits (bit `d - 1` for digit `d`), left to the other rules.
    Among(u64),
}

/// A table constraint: the rule it comes from, its positions and what they must hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    /// The rule it comes from.
    pub rule: usize,
    /// Its positions, in the order the kind reads them.
    pub positions: Vec<Position>,
    /// What the positions must hold.
    pub kind: TableKind,
}

impl Table {
    /// A table over cells only.
    pub(crate) fn of_cells(rule: usize, cells: &[usize], kind: TableKind) -> Table {
        Table {
            rule,
            positions: cells.iter().map(|&cell| Position::Cell(cell)).collect(),
            kind,
        }
    }

    /// True when every option gives position `k` one value, so the table may place it.
    pub(crate) fn places(&self, k: usize) -> bool {
        self.kind.places(k)
    }
}

/// The assignments of one table: `choices[k * width..(k + 1) * width]` are those of
/// assignment `k`, one per position: a digit mask for a cell (one bit when it holds one
/// digit), the value itself for a hidden value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Assignments {
    pub width: usize,
    pub choices: Vec<u64>,
}

impl Assignments {
    /// The number of assignments.
    pub(crate) fn len(&self) -> usize {
        self.choices.len().checked_div(self.width).unwrap_or(0)
    }

    /// The choices of assignment `k`.
    pub(crate) fn get(&self, k: usize) -> &[u64] {
        &self.choices[k * self.width..(k + 1) * self.width]
    }

    /// Keeps the assignments `keep` accepts.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&[u64]) -> bool) {
        let width = self.width;
        let mut kept = Vec::with_capacity(self.choices.len());
        for assignment in self.choices.chunks_exact(width) {
            if keep(assignment) {
                kept.extend_from_slice(assignment);
            }
        }
        self.choices = kept;
    }
}

/// Every assignment of `table`, or `None` past [`MAX_SUM_OPTIONS`] or the step budget.
/// `domains` holds, for each hidden value, the values an earlier table allows it (none
/// yet: any); `items` is the number of items of the model.
pub(crate) fn enumerate(
    model: &Model,
    table: &Table,
    domains: &[Option<Vec<u32>>],
    items: usize,
) -> Option<Assignments> {
    let mut search = Search {
        model,
        table,
        domains,
        used: vec![false; items],
        chosen: Vec::with_capacity(table.positions.len()),
        buffers: vec![Vec::new(); table.positions.len()],
        found: Vec::new(),
        steps: 0,
        budget: STEPS_PER_OPTION * MAX_SUM_OPTIONS,
    };
    search.extend().then_some(Assignments {
        width: table.positions.len(),
        choices: search.found,
    })
}

struct Search<'a> {
    model: &'a Model,
    table: &'a Table,
    domains: &'a [Option<Vec<u32>>],
    /// Items covered by the single digits chosen so far.
    used: Vec<bool>,
    chosen: Vec<Choice>,
    /// The choices of each position under way, kept from one assignment to the next.
    buffers: Vec<Vec<Choice>>,
    found: Vec<u64>,
    steps: usize,
    budget: usize,
}

impl Search<'_> {
    /// Chooses the next position's value and goes on. False when over the limits.
    fn extend(&mut self) -> bool {
        self.steps += 1;
        if self.steps > self.budget {
            return false;
        }
        let n = self.model.n;
        let width = self.table.positions.len();
        let k = self.chosen.len();
        if k == width {
            if self.table.kind.complete(n, width, &self.chosen) {
                for (position, choice) in self.table.positions.iter().zip(&self.chosen) {
                    self.found.push(match (position, *choice) {
                        (Position::Cell(_), Choice::Value(d)) => 1 << (d - 1),
                        (Position::Hidden(_), Choice::Value(v)) => u64::from(v),
                        (Position::Cell(cell), Choice::Among(mask)) => {
                            mask & self.model.allowed[*cell]
                        }
                        (Position::Hidden(_), Choice::Among(mask)) => mask,
                    });
                }
                if self.found.len() / width > MAX_SUM_OPTIONS {
                    return false;
                }
            }
            return true;
        }
        let mut choices = std::mem::take(&mut self.buffers[k]);
        choices.clear();
        self.table
            .kind
            .choices(n, k, width, &self.chosen, &mut choices);
        for &choice in &choices {
            let (choice, placement) = match (self.table.positions[k], choice) {
                (Position::Cell(cell), Choice::Value(d)) => {
                    if d == 0 || d as usize > n || self.model.allowed[cell] & (1 << (d - 1)) == 0 {
                        continue;
                    }
                    (choice, Some(cell * n + d as usize - 1))
                }
                (Position::Cell(cell), Choice::Among(mask)) => {
                    if mask & self.model.allowed[cell] == 0 {
                        continue;
                    }
                    // Kept whole while choosing (a sandwich's next cell inside repeats it),
                    // narrowed to the cell's allowed digits in the assignment.
                    (choice, None)
                }
                (Position::Hidden(h), Choice::Value(v)) => {
                    if self.domains[h].as_ref().is_some_and(|d| !d.contains(&v)) {
                        continue;
                    }
                    (choice, None)
                }
                (Position::Hidden(_), Choice::Among(_)) => continue,
            };
            let items = placement.map_or(&[][..], |p| self.model.placement_items(p));
            if items.iter().any(|&item| self.used[item as usize]) {
                continue;
            }
            items
                .iter()
                .for_each(|&item| self.used[item as usize] = true);
            self.chosen.push(choice);
            let ok = !self.table.kind.viable(n, width, &self.chosen) || self.extend();
            self.chosen.pop();
            items
                .iter()
                .for_each(|&item| self.used[item as usize] = false);
            if !ok {
                return false;
            }
        }
        self.buffers[k] = choices;
        true
    }
}
