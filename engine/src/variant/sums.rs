//! Linear sums over cells, kept by bounds rather than enumerated: `Σ w·digit = total`.
//!
//! A sum whose table would be large (a long arrow, a little killer, a pill arrow's number
//! and shaft, the segments of a region-sum line) is not enumerated into options: its cells
//! keep their own options, and the propagator narrows their digits to the bounds the sum
//! leaves (for each term, the total less the most and the least the other terms can give),
//! then checks the sum again when the search reaches a solution
//! ([`Propagator::accept`](crate::exact_cover::Propagator::accept)). The sums that the
//! rules imply (the 45 rule over several houses) are kept here too: they change no answer,
//! and only narrow.
//!
//! Bounds are exact once one term is left open: its digit is then the total less the
//! others, or none. Once at most three are open, each keeps exactly the digits that some
//! digits of the others complete to the total (distinct within a group of peers), as sigh's
//! Interactive Sudoku Solver narrows a sum's last cells.

use super::flat::Flat;
#[cfg(doc)]
use super::propagate::narrow_seen;
use super::propagate::{keep_only, Narrows};

/// Linear sums over cells: sum `s` has the terms `terms.get(s)`, each a cell and its
/// weight, and must make `totals[s]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sums {
    terms: Flat<(u32, i32)>,
    totals: Vec<i32>,
    /// Per sum, its terms (in the order of `terms`) cut into runs `start..end` of one
    /// weight whose cells hold distinct digits (a killer cage's cells; cells of one row,
    /// column or region, as a region-sum line's segment or the cells a long shaft has in
    /// one box): `k` of them make at least the `k` least digits left among them and at most
    /// the `k` greatest.
    groups: Flat<(u32, u32)>,
    /// `of_cell.get(cell)`: the sums with `cell` (see [`narrow_seen`]); empty until
    /// [`Sums::watch`].
    of_cell: Flat<u32>,
}

/// The digits (bit `d` for digit `d + 1`) whose multiple by `weight` lies in
/// `low..=high`.
fn digits_between(weight: i32, low: i32, high: i32) -> u64 {
    let (low, high) = match weight {
        // Most terms (cages, arrows' shafts, little killers) weigh one: no division.
        1 => (low, high),
        _ if weight > 0 => (div_ceil(low, weight), div_floor(high, weight)),
        _ => (div_ceil(high, weight), div_floor(low, weight)),
    };
    let low = low.max(1);
    let high = high.min(64);
    if low > high {
        return 0;
    }
    let span = (high - low + 1) as u32;
    let ones = if span >= 64 {
        u64::MAX
    } else {
        (1u64 << span) - 1
    };
    ones << (low - 1)
}

/// The sums of the `k` and the `k - 1` least (or, with `largest`, greatest) digits of
/// `mask`, which has at least `k` (`k > 0`).
fn extreme_sums(mut mask: u64, k: usize, largest: bool) -> (i32, i32) {
    let mut sum = 0;
    let mut last = 0;
    for _ in 0..k {
        let bit = match largest {
            true => 63 - mask.leading_zeros(),
            false => mask.trailing_zeros(),
        };
        mask &= !(1 << bit);
        last = bit as i32 + 1;
        sum += last;
    }
    (sum, sum - last)
}

/// `terms` with the weights of a cell named twice added, and the terms of weight 0 left out.
fn merge(terms: &[(usize, i32)]) -> Vec<(u32, i32)> {
    let mut merged: Vec<(u32, i32)> = Vec::with_capacity(terms.len());
    for &(cell, weight) in terms {
        match merged.iter_mut().find(|t| t.0 == cell as u32) {
            Some(term) => term.1 += weight,
            None => merged.push((cell as u32, weight)),
        }
    }
    merged.retain(|t| t.1 != 0);
    merged
}

/// What `weight` times a sum in `low..=high` makes, least first.
fn scaled(weight: i32, (low, high): (i32, i32)) -> (i32, i32) {
    match weight > 0 {
        true => (weight * low, weight * high),
        false => (weight * high, weight * low),
    }
}

/// What the cells of a group make, read from their digits left (see [`group_sums`]).
#[derive(Clone, Copy, Debug)]
struct GroupSums {
    /// The least and the most the `k` cells make as distinct digits.
    all: (i32, i32),
    /// The least and the most any `k - 1` of them make as distinct digits.
    but_one: (i32, i32),
    /// The sums of the cells' least and greatest digits, each by its own (not counting
    /// that they differ): the same less one cell's are what the others make by their own.
    own: (i32, i32),
}

/// What the `k` cells of `group` (distinct, each of `masks`) make; `Err` when they cannot
/// hold distinct digits.
fn group_sums(group: &[(u32, i32)], masks: &[u64]) -> Result<GroupSums, ()> {
    let (mut low, mut high, mut union) = (0, 0, 0);
    for &(cell, _) in group {
        let mask = masks[cell as usize];
        if mask == 0 {
            return Err(());
        }
        low += least(mask);
        high += greatest(mask);
        union |= mask;
    }
    let k = group.len();
    if k == 1 {
        return Ok(GroupSums {
            all: (low, high),
            but_one: (0, 0),
            own: (low, high),
        });
    }
    if (union.count_ones() as usize) < k {
        return Err(());
    }
    let fewest = extreme_sums(union, k, false);
    let most = extreme_sums(union, k, true);
    Ok(GroupSums {
        all: (low.max(fewest.0), high.min(most.0)),
        but_one: (fewest.1, most.1),
        own: (low, high),
    })
}

/// The least digit of the non-empty `mask`.
fn least(mask: u64) -> i32 {
    mask.trailing_zeros() as i32 + 1
}

/// The greatest digit of the non-empty `mask`.
fn greatest(mask: u64) -> i32 {
    64 - mask.leading_zeros() as i32
}

/// Terms in an order, and the groups (`start..end` of that order) they are cut into.
pub(crate) type Cut = (Vec<(u32, i32)>, Vec<(u32, u32)>);

/// `terms` cut into runs, in their order, of one weight whose cells are all `peers`.
fn runs(terms: &[(u32, i32)], peers: impl Fn(usize, usize) -> bool) -> Cut {
    let mut groups: Vec<(u32, u32)> = Vec::new();
    for (k, &(cell, weight)) in terms.iter().enumerate() {
        let joins = groups.last().is_some_and(|&(start, _)| {
            let group = &terms[start as usize..k];
            group[0].1 == weight && group.iter().all(|&(c, _)| peers(c as usize, cell as usize))
        });
        match groups.last_mut() {
            Some(group) if joins => group.1 += 1,
            _ => groups.push((k as u32, k as u32 + 1)),
        }
    }
    (terms.to_vec(), groups)
}

/// `terms` reordered into groups of one weight whose cells are all `peers`: from each term
/// left, a group grown greedily over the others, and the largest kept, until none is left.
pub(crate) fn largest_first(
    mut left: Vec<(u32, i32)>,
    peers: impl Fn(usize, usize) -> bool,
) -> Cut {
    let mut terms: Vec<(u32, i32)> = Vec::with_capacity(left.len());
    let mut groups: Vec<(u32, u32)> = Vec::new();
    let (mut best, mut group) = (Vec::new(), Vec::new());
    while !left.is_empty() {
        best.clear();
        for seed in 0..left.len() {
            group.clear();
            group.push(seed);
            for (k, &(cell, weight)) in left.iter().enumerate() {
                let joins = k != seed
                    && weight == left[seed].1
                    && group
                        .iter()
                        .all(|&g: &usize| peers(left[g].0 as usize, cell as usize));
                if joins {
                    group.push(k);
                }
            }
            if group.len() > best.len() {
                std::mem::swap(&mut best, &mut group);
            }
        }
        let start = terms.len();
        best.sort_unstable();
        for &k in best.iter().rev() {
            terms.push(left.remove(k));
        }
        terms[start..].reverse();
        groups.push((start as u32, terms.len() as u32));
    }
    (terms, groups)
}

fn div_floor(a: i32, b: i32) -> i32 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn div_ceil(a: i32, b: i32) -> i32 {
    -div_floor(-a, b)
}

impl Sums {
    /// No sums.
    pub(crate) fn new() -> Sums {
        Sums::default()
    }

    /// Adds the sum `Σ weight·digit(cell) = total` of `terms`. A cell named twice has its
    /// weights added; a weight of 0 drops the term. Groups of terms of one weight whose
    /// cells are all `peers` (hold distinct digits) are bounded as such: the terms are
    /// reordered so that each group is a run.
    pub(crate) fn push(
        &mut self,
        terms: &[(usize, i32)],
        total: i32,
        peers: impl Fn(usize, usize) -> bool,
    ) {
        let merged = merge(terms);
        // Two ways to cut the terms into groups of one weight whose cells are all peers,
        // and the one with the larger sum of the squares of its groups' sizes kept (as ISS
        // scores them: the larger, the narrower the sum's range): runs in the line's own
        // order, and groups found greedily, the largest first, wherever their cells come
        // on the line (a long line that winds through houses).
        let runs = runs(&merged, &peers);
        let (merged, groups) = largest_first(merged.clone(), &peers);
        let score = |groups: &[(u32, u32)]| -> u32 {
            groups
                .iter()
                .map(|&(start, end)| (end - start).pow(2))
                .sum()
        };
        let (merged, groups) = match score(&groups) > score(&runs.1) {
            true => (merged, groups),
            false => runs,
        };
        self.terms.push(merged);
        self.totals.push(total);
        self.groups.push(groups);
    }

    /// Adds the sum of `cells`, which hold distinct digits, making `total`: its bounds
    /// also count that `k` distinct digits make at least the `k` least of those left.
    pub(crate) fn push_distinct(&mut self, cells: &[usize], total: i32) {
        let terms: Vec<_> = cells.iter().map(|&cell| (cell, 1)).collect();
        let merged = merge(&terms);
        let all = (merged.len() == cells.len()).then_some((0, merged.len() as u32));
        let groups: Vec<(u32, u32)> = match all {
            Some(all) => vec![all],
            None => (0..merged.len() as u32).map(|k| (k, k + 1)).collect(),
        };
        self.terms.push(merged);
        self.totals.push(total);
        self.groups.push(groups);
    }

    /// Makes `self` a copy of `other`, reusing its buffers (no allocation once they are
    /// large enough).
    pub(crate) fn copy_from(&mut self, other: &Sums) {
        fn copy<T: Copy>(to: &mut Vec<T>, from: &[T]) {
            to.clear();
            to.extend_from_slice(from);
        }
        self.terms.copy_from(&other.terms);
        copy(&mut self.totals, &other.totals);
        self.groups.copy_from(&other.groups);
        self.of_cell.copy_from(&other.of_cell);
    }

    /// Indexes the sums by their cells, on a grid of `cells` cells, so that a branch point
    /// narrows again only by the sums whose cells changed (see [`narrow_seen`]).
    pub(crate) fn watch(&mut self, cells: usize) {
        self.of_cell = self.terms.inverse(cells, |&(cell, _)| cell as usize);
    }

    /// The number of sums.
    pub(crate) fn len(&self) -> usize {
        self.totals.len()
    }

    /// True when there is no sum.
    pub(crate) fn is_empty(&self) -> bool {
        self.totals.is_empty()
    }

    /// The cells of sum `s`.
    pub(crate) fn cells(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        self.terms(s).iter().map(|&(cell, _)| cell as usize)
    }

    /// The terms of sum `s`.
    fn terms(&self, s: usize) -> &[(u32, i32)] {
        self.terms.get(s)
    }

    /// True when `digits` (one per cell, from 1; 0 for none) make every sum.
    pub(crate) fn hold(&self, digits: impl Fn(usize) -> u32) -> bool {
        (0..self.len()).all(|s| {
            let made: i64 = self
                .terms(s)
                .iter()
                .map(|&(cell, weight)| i64::from(weight) * i64::from(digits(cell as usize)))
                .sum();
            made == i64::from(self.totals[s])
        })
    }
}

impl Narrows for Sums {
    fn len(&self) -> usize {
        Sums::len(self)
    }

    /// A sum's bounds read its own cells alone.
    fn of_cell(&self) -> Option<&Flat<u32>> {
        Some(&self.of_cell)
    }

    /// Narrows the cells of sum `s` to its bounds once; true when some cell lost a digit.
    fn narrow_one(
        &self,
        s: usize,
        masks: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<bool, ()> {
        let total = self.totals[s];
        let terms = self.terms(s);
        let groups = self.groups.get(s);
        let (mut low, mut high) = (0, 0);
        for &(start, end) in groups {
            let group = &terms[start as usize..end as usize];
            let (l, h) = scaled(group[0].1, group_sums(group, masks)?.all);
            low += l;
            high += h;
        }
        if total < low || total > high {
            return Err(());
        }
        // Each term makes at least the total less what the others make at most: the other
        // groups (bounds read before this round narrowed any, which are looser, so sound),
        // and the rest of its own group (read now: again after a cell of it narrows).
        let mut changed = false;
        for &(start, end) in groups {
            let group = &terms[start as usize..end as usize];
            let weight = group[0].1;
            let mut sums = group_sums(group, masks)?;
            let (l, h) = scaled(weight, sums.all);
            let (outside_low, outside_high) = (low - l, high - h);
            let mut stale = false;
            for &(cell, _) in group {
                if stale {
                    sums = group_sums(group, masks)?;
                    stale = false;
                }
                // The rest of the group: by their own digits, and as distinct digits.
                let rest = match group.len() {
                    1 => (0, 0),
                    _ => {
                        let mask = masks[cell as usize];
                        let own = (sums.own.0 - least(mask), sums.own.1 - greatest(mask));
                        (own.0.max(sums.but_one.0), own.1.min(sums.but_one.1))
                    }
                };
                let (rl, rh) = scaled(weight, rest);
                let keep = digits_between(
                    weight,
                    total - (outside_high + rh),
                    total - (outside_low + rl),
                );
                if keep_only(masks, cell as usize, keep, narrowed)? {
                    changed = true;
                    stale = group.len() > 1;
                }
            }
        }
        Ok(changed | exact_when_few_open(total, terms, groups, masks, narrowed)?)
    }
}

/// The most open terms (cells with more than one digit left) a sum is narrowed exactly on.
const EXACT_UP_TO: usize = 3;

/// Once at most [`EXACT_UP_TO`] terms of the sum are open, keeps in each open cell only the
/// digits that some digits of the other open cells complete to `total` (cells of one
/// group distinct), as sigh's Interactive Sudoku Solver does on a sum's last cells; the
/// bounds alone are exact only once one term is open. True when a cell lost a digit.
fn exact_when_few_open(
    total: i32,
    terms: &[(u32, i32)],
    groups: &[(u32, u32)],
    masks: &mut [u64],
    narrowed: &mut impl FnMut(usize),
) -> Result<bool, ()> {
    // The open terms: cell, weight, group; and what the placed terms make.
    let mut open = [(0u32, 0i32, 0usize); EXACT_UP_TO];
    let (mut count, mut left) = (0, total);
    for (g, &(start, end)) in groups.iter().enumerate() {
        for &(cell, weight) in &terms[start as usize..end as usize] {
            let mask = masks[cell as usize];
            if mask.count_ones() == 1 {
                left -= weight * (mask.trailing_zeros() as i32 + 1);
            } else if count == EXACT_UP_TO {
                return Ok(false);
            } else {
                open[count] = (cell, weight, g);
                count += 1;
            }
        }
    }
    let open = &open[..count];
    if count < 2 {
        return Ok(false);
    }
    let digits = |cell: u32| {
        let mut mask = masks[cell as usize];
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let d = mask.trailing_zeros() as i32 + 1;
                mask &= mask - 1;
                d
            })
        })
    };
    // The digit the last open term must hold, if any, given the others'.
    let last = |made: i32, (cell, weight, _): (u32, i32, usize)| {
        let rest = left - made;
        let d = rest / weight;
        let fits = rest % weight == 0 && (1..=64).contains(&d);
        (fits && masks[cell as usize] & 1 << (d - 1) != 0).then_some(d)
    };
    let mut keep = [0u64; EXACT_UP_TO];
    let (a, b) = (open[0], open[1]);
    for x in digits(a.0) {
        if count == 2 {
            if let Some(y) = last(a.1 * x, b).filter(|&y| a.2 != b.2 || y != x) {
                keep[0] |= 1 << (x - 1);
                keep[1] |= 1 << (y - 1);
            }
            continue;
        }
        let c = open[2];
        for y in digits(b.0).filter(|&y| a.2 != b.2 || y != x) {
            let z = last(a.1 * x + b.1 * y, c);
            let z = z.filter(|&z| (a.2 != c.2 || z != x) && (b.2 != c.2 || z != y));
            if let Some(z) = z {
                keep[0] |= 1 << (x - 1);
                keep[1] |= 1 << (y - 1);
                keep[2] |= 1 << (z - 1);
            }
        }
    }
    let mut changed = false;
    for (&(cell, _, _), &keep) in open.iter().zip(&keep) {
        changed |= keep_only(masks, cell as usize, keep, narrowed)?;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::tests::mask;

    #[test]
    fn an_arrow_narrows_its_circle_and_shaft() {
        // circle = a + b, with a, b in 1..=9 and the circle in 1..=9.
        let mut sums = Sums::new();
        sums.push(&[(0, 1), (1, -1), (2, -1)], 0, |_, _| false);
        let mut masks = vec![mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]); 3];
        let mut touched = Vec::new();
        sums.narrow(&mut masks, |c| touched.push(c)).unwrap();
        assert_eq!(masks[0], mask(&[2, 3, 4, 5, 6, 7, 8, 9]));
        assert_eq!(masks[1], mask(&[1, 2, 3, 4, 5, 6, 7, 8]));
        assert_eq!(touched, vec![0, 1, 2]);
        // A circle of 3 leaves each shaft cell 1 or 2.
        masks[0] = mask(&[3]);
        sums.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!((masks[1], masks[2]), (mask(&[1, 2]), mask(&[1, 2])));
    }

    #[test]
    fn one_open_term_gets_exactly_what_is_left() {
        // 10·a + b = c + d + e: a pill of two cells and a shaft of three.
        let mut sums = Sums::new();
        sums.push(&[(0, 10), (1, 1), (2, -1), (3, -1), (4, -1)], 0, |_, _| {
            false
        });
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut masks = vec![mask(&[1]), mask(&[9]), mask(&[9]), mask(&[8]), all];
        sums.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[4], mask(&[2]));
        masks[4] = mask(&[3]);
        assert!(sums.narrow(&mut masks, |_| {}).is_err());
        assert!(sums.hold(|c| [1, 9, 9, 8, 2][c]));
        assert!(!sums.hold(|c| [1, 9, 9, 8, 3][c]));
    }

    #[test]
    fn a_sum_with_three_open_terms_or_fewer_is_narrowed_exactly() {
        // Three distinct cells making 7 hold 1, 2 and 4: bounds alone keep 3 (1 + 2 + 4 is
        // the one set, but 3 is between the least and the most each cell can make).
        let mut sums = Sums::new();
        sums.push_distinct(&[0, 1, 2], 7);
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut masks = vec![all; 3];
        sums.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks, vec![mask(&[1, 2, 4]); 3]);
        // A circle of 4 or 9 on a shaft of two cells that see each other, each 1 to 3: the
        // circle is 4 and the shaft 1 and 3; with bounds the shaft kept 2 (4 - 2 = 2 is in
        // range), and with cells that may repeat it keeps it (2 + 2).
        for (seen, shaft) in [(true, mask(&[1, 3])), (false, mask(&[1, 2, 3]))] {
            let mut sums = Sums::new();
            let terms = [(0, 1), (1, -1), (2, -1)];
            sums.push(&terms, 0, |a, b| seen && a != 0 && b != 0);
            let mut masks = vec![mask(&[4, 9]), mask(&[1, 2, 3]), mask(&[1, 2, 3])];
            sums.narrow(&mut masks, |_| {}).unwrap();
            assert_eq!(masks, vec![mask(&[4]), shaft, shaft], "seen: {seen}");
        }
        // Four open terms: bounds only.
        let mut sums = Sums::new();
        sums.push(&[(0, 1), (1, -1), (2, -1), (3, -1)], 0, |_, _| false);
        let mut masks = vec![all; 4];
        sums.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[1], mask(&[1, 2, 3, 4, 5, 6, 7]));
    }

    #[test]
    fn repeated_cells_add_their_weights() {
        let mut sums = Sums::new();
        sums.push(&[(0, 1), (1, 1), (0, -1)], 4, |_, _| false);
        let mut masks = vec![mask(&[1, 2, 3]), mask(&[1, 2, 3, 4, 5])];
        sums.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks, vec![mask(&[1, 2, 3]), mask(&[4])]);
    }

    #[test]
    fn distinct_cells_make_at_least_their_least_digits() {
        // Four distinct cells of 1..=9 making 11: none holds 6 or more (1 + 2 + 3 + 5); with
        // bounds alone one could hold 8 (1 + 1 + 1 + 8).
        let mut sums = Sums::new();
        sums.push_distinct(&[0, 1, 2, 3], 11);
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut masks = vec![all; 4];
        sums.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks, vec![mask(&[1, 2, 3, 4, 5]); 4]);
        // Nine distinct digits of 1..=9 make 45 and nothing else.
        let mut sums = Sums::new();
        sums.push_distinct(&(0..9).collect::<Vec<_>>(), 44);
        assert!(sums.narrow(&mut [all; 9], |_| {}).is_err());
        assert_eq!(extreme_sums(all, 3, true), (24, 17));
    }

    #[test]
    fn cells_that_see_each_other_make_distinct_digits_in_any_sum() {
        // A region-sum line: r1c1 alone in its box makes what r1c4 and r2c5 (one box)
        // make together. They hold distinct digits, so they make at least 1 + 2: r1c1 is
        // at least 3, where bounds alone allow 2 (1 + 1).
        let peers = |a: usize, b: usize| a / 9 == b / 9 || a % 9 == b % 9 || (a, b) == (3, 13);
        let mut sums = Sums::new();
        sums.push(&[(0, 1), (3, -1), (13, -1)], 0, peers);
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut masks = vec![all; 14];
        sums.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[0], mask(&[3, 4, 5, 6, 7, 8, 9]));
        assert_eq!(masks[3], mask(&[1, 2, 3, 4, 5, 6, 7, 8]));
        // r1c4 and r2c5 left {1, 2}: r1c1 is 3.
        masks[3] = mask(&[1, 2]);
        masks[13] = mask(&[1, 2]);
        sums.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[0], mask(&[3]));
        // Without seeing each other, they may both hold 1.
        let mut apart = Sums::new();
        apart.push(&[(0, 1), (3, -1), (13, -1)], 0, |_, _| false);
        let mut masks = vec![all; 14];
        apart.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[0], mask(&[2, 3, 4, 5, 6, 7, 8, 9]));
    }

    #[test]
    fn a_line_that_winds_between_rows_is_bounded_by_the_cells_of_each_row() {
        // r1c1, r2c1, r1c2, r2c2, r1c3 in turn: no two in a row share a row, but the three
        // of row 1 make at least 1 + 2 + 3 and the two of row 2 at least 1 + 2, so 8 is
        // too little and 9 forces every cell's least digit.
        let peers = |a: usize, b: usize| a / 9 == b / 9;
        let line = [(0, 1), (9, 1), (1, 1), (10, 1), (2, 1)];
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut sums = Sums::new();
        sums.push(&line, 8, peers);
        assert!(sums.narrow(&mut [all; 11], |_| {}).is_err());
        let mut sums = Sums::new();
        sums.push(&line, 9, peers);
        let mut masks = vec![all; 11];
        sums.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[0], mask(&[1, 2, 3]));
        assert_eq!(masks[9], mask(&[1, 2]));
    }

    #[test]
    fn division_rounds_toward_the_right_side() {
        assert_eq!((div_floor(-7, 2), div_ceil(-7, 2)), (-4, -3));
        assert_eq!((div_floor(7, -2), div_ceil(7, -2)), (-4, -3));
        assert_eq!(digits_between(-2, -7, -3), mask(&[2, 3]));
        assert_eq!(digits_between(3, 10, 20), mask(&[4, 5, 6]));
        assert_eq!(digits_between(1, 10, 20), 0b111_1111_1111 << 9);
    }
}
