//! How many options a sum's table would have, counted before any table is built, to
//! decide whether it is enumerated or kept by bounds (see [`sums`](super::sums)).

/// Counts the digit assignments of `terms` (cells and weights) that make `Σ weight·digit =
/// total` (any total when `None`), each cell among its `allowed` digits and cells that see
/// each other (one row, column or region of `region_of`) holding different digits, as a
/// table's enumeration would. Stops just past `cap`: the count is then `cap + 1`, and so
/// it is when the count takes too many steps.
pub(crate) fn assignments(
    n: usize,
    (allowed, region_of): (&[u64], &[usize]),
    terms: &[(usize, i32)],
    total: Option<i32>,
    cap: u64,
) -> u64 {
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
        let grid = (&allowed[..], &regions[..]);
        let ones = |cells: &[usize]| cells.iter().map(|&c| (c, 1)).collect::<Vec<_>>();
        // Two cells of a row: 9 · 8 orders; 3 of them make 4 (1+3, 3+1... and 2+2 not).
        assert_eq!(assignments(9, grid, &ones(&[0, 1]), None, 1000), 72);
        assert_eq!(assignments(9, grid, &ones(&[0, 1]), Some(4), 1000), 2);
        // r1c1 and r2c4 see nothing of each other: 2+2 counts.
        assert_eq!(assignments(9, grid, &ones(&[0, 12]), Some(4), 1000), 3);
        // Past the cap, the cap plus one.
        assert_eq!(assignments(9, grid, &ones(&[0, 1, 2]), None, 100), 101);
        // A circle that is its shaft's sum: 10·a + b = c.
        let pill = [(0, 10), (1, 1), (2, -1)];
        assert_eq!(assignments(9, grid, &pill, Some(0), 1000), 0);
    }
}
