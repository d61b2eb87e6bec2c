//! How many options a sum's table would have, counted before any table is built, to
//! decide whether it is enumerated or kept by bounds (see [`sums`](super::sums)).

/// Counts the digit assignments of `terms` (cells and weights) that make `Σ weight·digit =
/// total` (any total when `None`), each cell among its `allowed` digits and cells that see
/// each other (one row, column or region of `region_of`) holding different digits, as a
/// table's enumeration would. Stops just past `cap`: the count is then `cap + 1`, and so
/// it is when the count takes too many steps. Counted first as if no digits had to
/// differ (a sum over totals, cheap): at most `cap` so, that upper bound is returned, and
/// past [`SURELY_PAST`] times `cap` the count is taken to be past it, distinct digits
/// never cutting so much from the short lines and cages of puzzles.
pub(crate) fn assignments(
    grid: Cells,
    terms: &[(usize, i32)],
    total: Option<i32>,
    cap: u64,
) -> u64 {
    let loose = tuples(grid.allowed, terms, total, SURELY_PAST * (cap + 1));
    if loose <= cap {
        return loose;
    }
    if loose > SURELY_PAST * cap {
        return cap + 1;
    }
    distinct(grid, terms, total, cap)
}

/// The cells as the count reads them: the grid's side, each cell's allowed digits (bit
/// `d - 1` for digit `d`) and region.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cells<'a> {
    pub n: usize,
    pub allowed: &'a [u64],
    pub region_of: &'a [usize],
}

/// The count of [`assignments`], cells that see each other holding different digits, by a
/// search that stops just past `cap` (or its step budget: `cap + 1` then too).
fn distinct(grid: Cells, terms: &[(usize, i32)], total: Option<i32>, cap: u64) -> u64 {
    let Cells {
        n,
        allowed,
        region_of,
    } = grid;
    // What the terms from each place on can still make, least and most.
    let mut reach = vec![(0i64, 0i64); terms.len() + 1];
    for (k, &(cell, weight)) in terms.iter().enumerate().rev() {
        let mask = allowed[cell];
        if mask == 0 {
            return 0;
        }
        let low = i64::from(mask.trailing_zeros() + 1) * i64::from(weight);
        let high = i64::from(64 - mask.leading_zeros()) * i64::from(weight);
        reach[k] = (
            reach[k + 1].0 + low.min(high),
            reach[k + 1].1 + low.max(high),
        );
    }
    let mut count = Count {
        n,
        allowed,
        region_of,
        terms,
        total: total.map(i64::from),
        reach,
        digits: Vec::with_capacity(terms.len()),
        found: 0,
        steps: 0,
        cap,
    };
    count.extend(0);
    count.found.min(cap + 1)
}

/// How far past the cap the count without distinct digits may go and still be counted
/// with them.
const SURELY_PAST: u64 = 50;

/// The assignments of `terms` that make `total` (any, when `None`), each cell among its
/// `allowed` digits, digits free to repeat; stops just past `cap`.
fn tuples(allowed: &[u64], terms: &[(usize, i32)], total: Option<i32>, cap: u64) -> u64 {
    let Some(total) = total else {
        return terms.iter().fold(1u64, |ways, &(cell, _)| {
            let digits = u64::from(allowed[cell].count_ones());
            ways.saturating_mul(digits).min(cap + 1)
        });
    };
    // made[s - low]: the ways to make `s` with the terms so far.
    let low: i64 = terms.iter().map(|&(_, w)| i64::from(w.min(0)) * 64).sum();
    let high: i64 = terms.iter().map(|&(_, w)| i64::from(w.max(0)) * 64).sum();
    let mut made = vec![0u64; (high - low + 1) as usize];
    let mut next = made.clone();
    made[(-low) as usize] = 1;
    for &(cell, weight) in terms {
        next.fill(0);
        for (at, &ways) in made.iter().enumerate().filter(|(_, &w)| w > 0) {
            let mut mask = allowed[cell];
            while mask != 0 {
                let digit = i64::from(mask.trailing_zeros() + 1);
                mask &= mask - 1;
                let to = at as i64 + i64::from(weight) * digit;
                if (0..next.len() as i64).contains(&to) {
                    let slot = &mut next[to as usize];
                    *slot = slot.saturating_add(ways).min(cap + 1);
                }
            }
        }
        std::mem::swap(&mut made, &mut next);
    }
    let at = i64::from(total) - low;
    match (0..made.len() as i64).contains(&at) {
        true => made[at as usize],
        false => 0,
    }
}

struct Count<'a> {
    n: usize,
    allowed: &'a [u64],
    region_of: &'a [usize],
    terms: &'a [(usize, i32)],
    total: Option<i64>,
    reach: Vec<(i64, i64)>,
    digits: Vec<u32>,
    found: u64,
    steps: u64,
    cap: u64,
}

impl Count<'_> {
    /// Counts the assignments that extend `digits` with the term `k` on, `made` so far;
    /// false once past the cap or the step budget.
    fn extend(&mut self, made: i64) -> bool {
        self.steps += 1;
        if self.found > self.cap || self.steps > 64 * (self.cap + 1) {
            self.found = self.cap + 1;
            return false;
        }
        let k = self.digits.len();
        if let Some(total) = self.total {
            let (low, high) = self.reach[k];
            if made + low > total || made + high < total {
                return true;
            }
        }
        if k == self.terms.len() {
            self.found += 1;
            return true;
        }
        let (cell, weight) = self.terms[k];
        let n = self.n;
        let mut mask = self.allowed[cell];
        while mask != 0 {
            let digit = mask.trailing_zeros() + 1;
            mask &= mask - 1;
            let sees = |&(other, _): &(usize, i32)| {
                other / n == cell / n
                    || other % n == cell % n
                    || self.region_of[other] == self.region_of[cell]
            };
            let clash = self.terms[..k]
                .iter()
                .zip(&self.digits)
                .any(|(term, &d)| d == digit && term.0 != cell && sees(term));
            if clash {
                continue;
            }
            self.digits.push(digit);
            let going = self.extend(made + i64::from(weight) * i64::from(digit));
            self.digits.pop();
            if !going {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes() -> Vec<usize> {
        (0..81).map(|c| (c / 27) * 3 + (c % 9) / 3).collect()
    }

    #[test]
    fn cells_that_see_each_other_differ_and_others_may_repeat() {
        let allowed = vec![0x1ff; 81];
        let regions = boxes();
        let grid = Cells {
            n: 9,
            allowed: &allowed,
            region_of: &regions,
        };
        let ones = |cells: &[usize]| cells.iter().map(|&c| (c, 1)).collect::<Vec<_>>();
        // Two cells of a row: 9 · 8 orders; 2 of them make 4 (1+3, 3+1; 2+2 repeats).
        assert_eq!(distinct(grid, &ones(&[0, 1]), None, 1000), 72);
        assert_eq!(distinct(grid, &ones(&[0, 1]), Some(4), 1000), 2);
        // r1c1 and r2c4 see nothing of each other: 2+2 counts.
        assert_eq!(distinct(grid, &ones(&[0, 12]), Some(4), 1000), 3);
        // Past the cap, the cap plus one.
        assert_eq!(distinct(grid, &ones(&[0, 1, 2]), None, 100), 101);
        // Free to repeat, 81 and 3 (2+2 too).
        assert_eq!(tuples(&allowed, &ones(&[0, 1]), None, 100), 81);
        assert_eq!(tuples(&allowed, &ones(&[0, 1]), Some(4), 100), 3);
        // At most the cap when digits may repeat: that upper bound; between the cap and
        // 50 times it: counted with distinct digits; past that: past the cap.
        assert_eq!(assignments(grid, &ones(&[0, 1]), None, 81), 81);
        assert_eq!(assignments(grid, &ones(&[0, 1]), None, 75), 72);
        assert_eq!(assignments(grid, &ones(&[0, 1, 2]), None, 10), 11);
        // A circle that is its shaft's sum: 10·a + b = c, never.
        let pill = [(0, 10), (1, 1), (2, -1)];
        assert_eq!(distinct(grid, &pill, Some(0), 1000), 0);
        assert_eq!(tuples(&allowed, &pill, Some(0), 100), 0);
    }
}
