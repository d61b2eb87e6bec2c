//! Sum constraints (killer cages with totals, arrows) as whole options: every digit
//! assignment of the constraint's cells that keeps its sum and breaks no other rule among its
//! own cells becomes one option covering the items of all its placements. This is exact while
//! each cell belongs to at most one sum constraint (checked when the model is built).

use super::compile::{Sum, SumKind};
use super::model::Model;

/// The most assignments one sum constraint may have; past it the puzzle is refused rather
/// than built slowly. Every killer cage of a 9×9 grid but one of all nine cells fits (a cage
/// of eight cells has at most 8! = 40,320 orders of its one set of digits).
pub const MAX_SUM_OPTIONS: usize = 100_000;

/// The search for assignments gives up after this many steps per assignment allowed.
const STEPS_PER_OPTION: usize = 64;

/// The assignments of one sum constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SumOptions {
    /// The constraint's cells.
    pub cells: Vec<usize>,
    /// The digits of each assignment, `cells.len()` at a time.
    pub digits: Vec<u8>,
}

impl SumOptions {
    /// The number of assignments.
    pub(crate) fn len(&self) -> usize {
        self.digits.len() / self.cells.len()
    }

    /// The digits of assignment `k`.
    pub(crate) fn assignment(&self, k: usize) -> &[u8] {
        let width = self.cells.len();
        &self.digits[k * width..(k + 1) * width]
    }
}

/// Every assignment of `sum`'s cells, or `None` past [`MAX_SUM_OPTIONS`].
pub(crate) fn enumerate(model: &Model, sum: &Sum, items: usize) -> Option<SumOptions> {
    let mut search = Search {
        model,
        sum,
        used: vec![false; items],
        digits: vec![0; sum.cells.len()],
        found: Vec::new(),
        steps: 0,
        budget: STEPS_PER_OPTION * MAX_SUM_OPTIONS,
    };
    search.extend(0, 0, 0).then_some(SumOptions {
        cells: sum.cells.clone(),
        digits: search.found,
    })
}

struct Search<'a> {
    model: &'a Model,
    sum: &'a Sum,
    /// Items covered by the placements chosen so far.
    used: Vec<bool>,
    digits: Vec<u8>,
    found: Vec<u8>,
    steps: usize,
    budget: usize,
}

impl Search<'_> {
    /// Places digits from position `k` on, with `total` the sum of the digits placed (the
    /// circle excluded for arrows) and `seen` their mask. False when over the limits.
    fn extend(&mut self, k: usize, total: u32, seen: u64) -> bool {
        self.steps += 1;
        if self.steps > self.budget {
            return false;
        }
        let cells = &self.sum.cells;
        let n = self.model.n;
        if k == cells.len() {
            let complete = match self.sum.kind {
                SumKind::Cage(target) => total == target,
                SumKind::Arrow => total == u32::from(self.digits[0]),
            };
            if complete {
                self.found.extend_from_slice(&self.digits);
                if self.found.len() / cells.len() > MAX_SUM_OPTIONS {
                    return false;
                }
            }
            return true;
        }
        let cell = cells[k];
        let left = (cells.len() - k - 1) as u32;
        for digit in 1..=n as u8 {
            if self.model.allowed[cell] & (1 << (digit - 1)) == 0 {
                continue;
            }
            let d = u32::from(digit);
            let (next_total, fits) = match self.sum.kind {
                SumKind::Cage(target) => {
                    if seen & (1 << (digit - 1)) != 0 {
                        continue;
                    }
                    let t = total + d;
                    // The rest takes at least 1 + 2 + ... and at most n + (n-1) + ...
                    let least = left * (left + 1) / 2;
                    let most = left * (2 * n as u32 - left + 1) / 2;
                    (t, t + least <= target && t + most >= target)
                }
                SumKind::Arrow if k == 0 => (0, left <= d && d <= left * n as u32),
                SumKind::Arrow => {
                    let t = total + d;
                    let target = u32::from(self.digits[0]);
                    (t, t + left <= target && t + left * n as u32 >= target)
                }
            };
            if !fits {
                continue;
            }
            let placement = cell * n + digit as usize - 1;
            let items = self.model.placement_items(placement);
            if items.iter().any(|&item| self.used[item as usize]) {
                continue;
            }
            items
                .iter()
                .for_each(|&item| self.used[item as usize] = true);
            self.digits[k] = digit;
            let ok = self.extend(k + 1, next_total, seen | 1 << (digit - 1));
            let items = self.model.placement_items(placement);
            items
                .iter()
                .for_each(|&item| self.used[item as usize] = false);
            if !ok {
                return false;
            }
        }
        true
    }
}
