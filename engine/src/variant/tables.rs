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
//! rules (a cell between a sandwich's crusts one of the set between them, a cell outside
//! them any digit neither a crust nor in that set; a between line's middle cell any digit
//! strictly between the ends). Where the table's cells hold distinct digits, the digits an
//! option holds in some of them are settled out of the others' sets. A cell that every
//! option gives one digit may be placed by the table (see [`model`](super::model) for how
//! tables share cells); the others are only forbidden the digits outside their set. The
//! options of a table are disjoint: a solved grid matches exactly one of them (the
//! positions of a row's 1 and `n` fix a sandwich's option, the row's records a
//! skyscraper's), which keeps counts exact.

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
/// With `apart` (see [`digits_apart`]), a killer cage on distinct cells does not read its
/// placements' items: distinct digits in distinct cells share none.
pub(crate) fn enumerate(
    model: &Model,
    table: &Table,
    domains: &[Option<Vec<u32>>],
    items: usize,
    apart: bool,
) -> Option<Assignments> {
    let mut search = Search {
        model,
        table,
        domains,
        items_clash: !(apart && matches!(table.kind, TableKind::Cage(_)) && {
            let p = &table.positions;
            (0..p.len()).all(|i| !p[i + 1..].contains(&p[i]))
        }),
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

/// True when every item of `model`'s placements (of `items` in all) covers placements of
/// one cell or of one digit: then two placements of distinct digits in distinct cells never
/// share an item. False where a ban relates two digits of two cells (non-consecutive,
/// kropki, XV...). `Pointing::of_units` refuses the same items ("two digits of two cells
/// in one item"), but on its bitboards, among the digits the cells may hold, and folded
/// into the sets it builds; this reads every placement, on a grid of any size.
pub(crate) fn digits_apart(model: &Model, items: usize) -> bool {
    let n = model.n;
    // Per item: the first placement's cell and digit, then whether every one so far had
    // that cell, and that digit.
    let mut first = vec![(u32::MAX, u32::MAX, true, true); items];
    for p in 0..model.item_start.len() - 1 {
        let (cell, digit) = ((p / n) as u32, (p % n) as u32);
        for &item in model.placement_items(p) {
            let seen = &mut first[item as usize];
            if seen.0 == u32::MAX {
                *seen = (cell, digit, true, true);
            } else {
                seen.2 &= seen.0 == cell;
                seen.3 &= seen.1 == digit;
                if !seen.2 && !seen.3 {
                    return false;
                }
            }
        }
    }
    true
}

/// In a table whose cells hold distinct digits (see [`TableKind::distinct`]), the digits
/// that assignment `chosen` holds in known cells: its single digits, and each set that as
/// many cells are left as it has digits (those cells hold exactly the set).
fn held(chosen: &[Choice]) -> u64 {
    let exact = |set: u64| chosen.iter().filter(|&&c| c == Choice::Among(set)).count();
    chosen.iter().fold(0, |held, &choice| match choice {
        Choice::Value(d) => held | 1 << (d - 1),
        Choice::Among(set) if exact(set) == set.count_ones() as usize => held | set,
        Choice::Among(_) => held,
    })
}

/// The digits a cell left the set `set` may hold, given the digits the assignment `chosen`
/// holds elsewhere (`held`, see [`held`]; 0 where the table's cells may repeat a digit):
/// the sandwich's cells outside its crusts, for one, hold neither crust nor a digit inside.
fn settle(set: u64, held: u64, chosen: &[Choice]) -> u64 {
    let exact = chosen.iter().filter(|&&c| c == Choice::Among(set)).count();
    match held != 0 && exact != set.count_ones() as usize {
        true => set & !held,
        false => set,
    }
}

struct Search<'a> {
    model: &'a Model,
    table: &'a Table,
    domains: &'a [Option<Vec<u32>>],
    /// False where two of its placements can share no item (see [`digits_apart`]).
    items_clash: bool,
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
                let start = self.found.len();
                let held = match self.table.kind.distinct() {
                    true => held(&self.chosen),
                    false => 0,
                };
                for (position, choice) in self.table.positions.iter().zip(&self.chosen) {
                    self.found.push(match (position, *choice) {
                        (Position::Cell(_), Choice::Value(d)) => 1 << (d - 1),
                        (Position::Hidden(_), Choice::Value(v)) => u64::from(v),
                        (Position::Cell(cell), Choice::Among(mask)) => {
                            settle(mask, held, &self.chosen) & self.model.allowed[*cell]
                        }
                        (Position::Hidden(_), Choice::Among(mask)) => mask,
                    });
                }
                if self.found[start..].contains(&0) {
                    // A cell left no digit once the others' are settled: no assignment.
                    self.found.truncate(start);
                } else if self.found.len() / width > MAX_SUM_OPTIONS {
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
            let items = match placement {
                Some(p) if self.items_clash => self.model.placement_items(p),
                _ => &[][..],
            };
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

#[cfg(test)]
mod tests {
    use crate::variant::{Outside, Rule, Side, Variant};
    use crate::{Grid, Shape};

    /// The distinct masks that option `k` of the variant's one table leaves its cells.
    fn masks(variant: &Variant, k: usize) -> Vec<u64> {
        let model = variant.model();
        let mut masks: Vec<u64> = model.tables[0]
            .free_sets(k, &model.allowed)
            .map(|(_, set)| set)
            .collect();
        masks.sort_unstable();
        masks.dedup();
        masks
    }

    /// Killer cages skip the check of their placements' items only where no item relates
    /// two digits of two cells: the one-digit bans of anti-knight keep digits apart, the
    /// bans of non-consecutive and of a kropki dot do not.
    #[test]
    fn only_one_digit_items_keep_a_cage_digits_apart() {
        let cage = || Rule::Killer {
            cells: vec![0, 1, 9],
            sum: Some(12),
        };
        let dot = Rule::Difference {
            cells: [40, 41],
            value: 1,
        };
        let cases = [
            (vec![cage()], true),
            (vec![cage(), Rule::AntiKnight, Rule::Windoku], true),
            (vec![cage(), Rule::NonConsecutive], false),
            (vec![cage(), dot], false),
        ];
        for (rules, apart) in cases {
            let grid = Grid::empty(Shape::new(3, 3).unwrap());
            let variant = Variant::new(grid, None, rules.clone()).unwrap();
            let model = variant.model();
            let items = model.items.iter().max().map_or(0, |&i| i as usize + 1);
            assert_eq!(super::digits_apart(model, items), apart, "{rules:?}");
        }
    }

    /// Every option of a sandwich (or X-sum) on a row leaves its cells digits that no other
    /// group of its cells holds: the crusts, the set inside and the rest partition the
    /// digits. Before the sets were settled, the cells outside the crusts were left every
    /// digit.
    #[test]
    fn a_row_clue_leaves_the_other_cells_the_digits_its_option_does_not_hold() {
        let clue = Outside {
            side: Side::Left,
            index: 2,
        };
        let rules = [
            Rule::Sandwich { clue, sum: 18 },
            Rule::XSum { clue, sum: 20 },
        ];
        for rule in rules {
            let grid = Grid::empty(Shape::new(3, 3).unwrap());
            let variant = Variant::new(grid, None, vec![rule.clone()]).unwrap();
            let options = variant.model().tables[0].len();
            assert!(options > 10, "{rule:?}: {options}");
            for k in 0..options {
                let masks = masks(&variant, k);
                let all = masks.iter().fold(0, |all, &mask| all | mask);
                let sizes: u32 = masks.iter().map(|mask| mask.count_ones()).sum();
                assert_eq!((all, sizes), (0x1ff, 9), "{rule:?} option {k}: {masks:x?}");
            }
        }
    }
}
