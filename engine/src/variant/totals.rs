//! Segments that make one total, kept by a propagator rather than tables: a region-sum
//! line's runs through each region, a double arrow's ends and its middle, a zipper line's
//! pairs and its middle (its middle cell, or a hidden total).
//!
//! A rule is segments; a segment is blocks of cells, each block's cells holding distinct
//! digits (they see each other), and the segment's total the sum of its blocks'. A total
//! stays while every segment can still make it; each block then keeps, in each cell, the
//! digits of some assignment of distinct digits of the block whose sum, with sums the
//! segment's other blocks can still make, is a total that stays. On one block (a region's
//! run of a line) that is exactly what the segment's table kept. A block is read as the
//! sets of digits its first cells can hold (at most `2⁹` of them, bit-parallel on
//! [`Sets`]), forward and back, so that no assignment is enumerated; a block of two or
//! three cells, digit by digit. The cells keep their own options, and the rule is checked
//! again on each solution the search reaches
//! ([`Propagator::accept`](crate::exact_cover::Propagator::accept)).

use super::flat::Flat;
#[cfg(doc)]
use super::propagate::narrow_seen;
use super::propagate::{keep_only, Narrows};

/// The most digits a grid may have for its rules to be kept here (the blocks' sets of
/// digits are bits of a [`Sets`]).
pub(crate) const MOST_DIGITS: usize = 9;

/// The largest total a segment may make here (totals are bits of a `u128`).
pub(crate) const MOST_TOTAL: u32 = 127;

/// The most blocks a rule may have here: a rule's cells (each once) on a grid of
/// [`MOST_DIGITS`] digits, one block each at worst, with room to spare.
const MOST_BLOCKS: usize = 2 * MOST_DIGITS * MOST_DIGITS;

/// Sets of digits `1..=9`, as a set of 512 bits: bit `s` for the set whose digit `d` is in
/// when bit `d - 1` of `s` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sets([u64; 8]);

impl Sets {
    const EMPTY: Sets = Sets([0; 8]);

    /// The set of the empty set alone.
    const START: Sets = Sets([1, 0, 0, 0, 0, 0, 0, 0]);

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn and(self, other: Sets) -> Sets {
        Sets(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    fn or(&mut self, other: Sets) {
        for (w, o) in self.0.iter_mut().zip(other.0) {
            *w |= o;
        }
    }

    /// Each set without digit `d` (from 0), with it added.
    fn add(self, d: usize) -> Sets {
        let kept = self.and(WITHOUT[d]);
        let mut out = Sets::EMPTY;
        if d < 6 {
            // Bit `d` of a set's index is within its word, and clear: no carry.
            for w in 0..8 {
                out.0[w] = kept.0[w] << (1 << d);
            }
        } else {
            let words = 1 << (d - 6);
            out.0[words..].copy_from_slice(&kept.0[..8 - words]);
        }
        out
    }

    /// Each set with one digit of `digits` (bit `d` for digit `d + 1`) added, that it did
    /// not hold: the sets of one more cell holding a digit of `digits`.
    fn then_any(self, digits: u64) -> Sets {
        let (mut next, mut digits) = (Sets::EMPTY, digits);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            next.or(self.add(d));
        }
        next
    }

    /// Each set with digit `d` (from 0), with it taken out.
    fn remove(self, d: usize) -> Sets {
        let kept = self.and(WITH[d]);
        let mut out = Sets::EMPTY;
        if d < 6 {
            for w in 0..8 {
                out.0[w] = kept.0[w] >> (1 << d);
            }
        } else {
            let words = 1 << (d - 6);
            out.0[..8 - words].copy_from_slice(&kept.0[words..]);
        }
        out
    }

    /// The sums of the sets, as bits of a `u128`.
    fn sums(self) -> u128 {
        // Nine digits sum to 45 at most: a `u64` holds them, and shifts in one step.
        let mut sums = 0u64;
        for (w, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let s = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                sums |= 1 << SUM[s];
            }
        }
        sums as u128
    }

    /// The sets whose sum is one of `sums`.
    fn with_sums(self, sums: u128) -> Sets {
        let mut of_sums = Sets::EMPTY;
        let mut bits = sums & ((1 << SUM_IS.len()) - 1);
        while bits != 0 {
            of_sums.or(SUM_IS[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        self.and(of_sums)
    }
}

/// `WITHOUT[d]`: the sets without digit `d` (from 0).
const WITHOUT: [Sets; MOST_DIGITS] = {
    let mut out = [Sets::EMPTY; MOST_DIGITS];
    let mut d = 0;
    while d < MOST_DIGITS {
        let mut s = 0;
        while s < 512 {
            if s & 1 << d == 0 {
                out[d].0[s / 64] |= 1 << (s % 64);
            }
            s += 1;
        }
        d += 1;
    }
    out
};

/// `WITH[d]`: the sets with digit `d` (from 0).
const WITH: [Sets; MOST_DIGITS] = {
    let mut out = [Sets::EMPTY; MOST_DIGITS];
    let mut d = 0;
    while d < MOST_DIGITS {
        let mut w = 0;
        while w < 8 {
            out[d].0[w] = !WITHOUT[d].0[w];
            w += 1;
        }
        d += 1;
    }
    out
};

/// `SUM[s]`: the sum of the digits of set `s`.
const SUM: [u8; 512] = {
    let mut out = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut d = 0;
        while d < MOST_DIGITS {
            if s & 1 << d != 0 {
                out[s] += d as u8 + 1;
            }
            d += 1;
        }
        s += 1;
    }
    out
};

/// `SUM_IS[t]`: the sets whose digits sum to `t`.
const SUM_IS: [Sets; 46] = {
    let mut out = [Sets::EMPTY; 46];
    let mut s = 0;
    while s < 512 {
        out[SUM[s] as usize].0[s / 64] |= 1 << (s % 64);
        s += 1;
    }
    out
};

/// The sums `a + b` of a sum of `a` and one of `b`.
fn add_sums(a: u128, b: u128) -> u128 {
    let (mut out, mut bits) = (0u128, a);
    while bits != 0 {
        let s = bits.trailing_zeros();
        bits &= bits - 1;
        out |= b << s;
    }
    out
}

/// The sums `t - r` of a total `t` of `totals` and a sum `r` of `rest`, `t - r >= 0`.
fn less_sums(totals: u128, rest: u128) -> u128 {
    let (mut out, mut bits) = (0u128, rest);
    while bits != 0 {
        let r = bits.trailing_zeros();
        bits &= bits - 1;
        out |= totals >> r;
    }
    out
}

/// The sums of a digit of `a` and another of `b` (bit `d` for digit `d + 1`), as bits of
/// a `u64`: on at most [`MOST_DIGITS`] digits, three make at most 24.
fn pair_sums(a: u64, b: u64) -> u64 {
    let (mut sums, mut digits) = (0u64, a);
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        sums |= (b & !(1 << d)) << (d + 2);
    }
    sums
}

/// The sums of three distinct digits, one of each of `a`, `b` and `c`.
fn triple_sums(a: u64, b: u64, c: u64) -> u64 {
    let (mut sums, mut digits) = (0u64, a);
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        let without = !(1 << d);
        sums |= pair_sums(b & without, c & without) << (d + 1);
    }
    sums
}

/// The digits of `mine` that `stays` keeps (bit `d` for digit `d + 1`).
fn keep_digits(mine: u64, stays: impl Fn(usize) -> bool) -> u64 {
    let (mut keep, mut digits) = (0u64, mine);
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        if stays(d) {
            keep |= 1 << d;
        }
    }
    keep
}

/// The sets of digits the cells of a block can hold, each its own digit of `masks` and
/// all distinct: `forward[k]`, those of the first `k` cells.
fn forward(block: &[u32], masks: &[u64], forward: &mut [Sets; MOST_DIGITS + 1]) {
    forward[0] = Sets::START;
    for (k, &cell) in block.iter().enumerate() {
        forward[k + 1] = forward[k].then_any(masks[cell as usize]);
    }
}

/// Segments of blocks that make one total: rule `k` has the segments `rules.get(k)`,
/// segment `s` the blocks `segments.get(s)`, block `b` the cells `blocks.get(b)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    blocks: Flat<u32>,
    segments: Flat<u32>,
    rules: Flat<u32>,
    /// `of_cell.get(cell)`: the rules through `cell` (see [`narrow_seen`]); empty until
    /// [`Totals::watch`].
    of_cell: Flat<u32>,
    /// `cells.get(k)`: the cells of rule `k`, each once.
    cells: Flat<u32>,
}

impl Totals {
    /// Adds a rule: its segments, each blocks of cells that hold distinct digits (a cell
    /// at most once in the rule), every segment making the same total.
    pub(crate) fn push(&mut self, segments: &[Vec<Vec<usize>>]) {
        debug_assert!(segments.len() >= 2);
        let mut ids = Vec::with_capacity(segments.len());
        let mut cells = Vec::new();
        for segment in segments {
            let mut blocks = Vec::with_capacity(segment.len());
            for block in segment {
                debug_assert!(!block.is_empty() && block.len() <= MOST_DIGITS);
                blocks.push(self.blocks.len() as u32);
                self.blocks.push(block.iter().map(|&cell| cell as u32));
                cells.extend(block.iter().map(|&cell| cell as u32));
            }
            ids.push(self.segments.len() as u32);
            self.segments.push(blocks);
        }
        self.rules.push(ids);
        self.cells.push(cells);
    }

    /// Makes `self` a copy of `other`, reusing its buffers.
    pub(crate) fn copy_from(&mut self, other: &Totals) {
        self.blocks.copy_from(&other.blocks);
        self.segments.copy_from(&other.segments);
        self.rules.copy_from(&other.rules);
        self.of_cell.copy_from(&other.of_cell);
        self.cells.copy_from(&other.cells);
    }

    /// Indexes the rules by their cells, on a grid of `cells` cells.
    pub(crate) fn watch(&mut self, cells: usize) {
        self.of_cell = self.cells.inverse(cells, |&cell| cell as usize);
    }

    /// The number of rules.
    pub(crate) fn len(&self) -> usize {
        self.rules.len()
    }

    /// True when there is no rule.
    pub(crate) fn is_empty(&self) -> bool {
        self.rules.len() == 0
    }

    /// The cells of rule `k`.
    pub(crate) fn cells(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        self.cells.get(k).iter().map(|&cell| cell as usize)
    }

    /// True when every rule, its cells holding `digits(cell)` (from 1), keeps its rule:
    /// every segment makes the same total, and each block's digits are distinct.
    pub(crate) fn hold(&self, digits: impl Fn(usize) -> u32) -> bool {
        (0..self.len()).all(|k| {
            let mut totals = self.rules.get(k).iter().map(|&s| {
                let mut total = 0;
                for &b in self.segments.get(s as usize) {
                    let mut seen = 0u64;
                    for &cell in self.blocks.get(b as usize) {
                        let digit = digits(cell as usize);
                        if digit == 0 || seen & 1 << digit != 0 {
                            return None;
                        }
                        seen |= 1 << digit;
                        total += digit;
                    }
                }
                Some(total)
            });
            let first = totals.next().flatten();
            first.is_some() && totals.all(|total| total == first)
        })
    }

    /// The sums block `b` can make on `masks`: its cells holding distinct digits.
    fn block_sums(&self, b: usize, masks: &[u64]) -> u128 {
        match *self.blocks.get(b) {
            [cell] => (masks[cell as usize] as u128) << 1,
            // Two or three cells, read digit by digit rather than as sets.
            [a, b] => pair_sums(masks[a as usize], masks[b as usize]) as u128,
            [a, b, c] => {
                triple_sums(masks[a as usize], masks[b as usize], masks[c as usize]) as u128
            }
            // The last of `forward`'s sets alone, without an array to fill.
            ref block => block
                .iter()
                .fold(Sets::START, |sets, &cell| {
                    sets.then_any(masks[cell as usize])
                })
                .sums(),
        }
    }

    /// [`narrow_one`](Narrows::narrow_one) with room for `N` blocks in the rule, at least
    /// its number of blocks: the sums of each block are read once, before any narrowing
    /// (the segments share no cell, so narrowing one leaves the others' sums as they were),
    /// in arrays on the stack no larger than the rule needs.
    fn narrow_rule<const N: usize>(
        &self,
        k: usize,
        masks: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<bool, ()> {
        let segments = self.rules.get(k);
        // `sums[at..at + m]`: those of the `m` blocks of a segment, in the rule's order.
        let mut sums = [0u128; N];
        let mut totals = u128::MAX;
        let mut at = 0;
        for &s in segments {
            let mut total = 1u128;
            for &b in self.segments.get(s as usize) {
                sums[at] = self.block_sums(b as usize, masks);
                total = add_sums(total, sums[at]);
                at += 1;
            }
            totals &= total;
        }
        if totals == 0 {
            return Err(());
        }
        let mut changed = false;
        let mut after = [0u128; N];
        let mut at = 0;
        for &s in segments {
            let blocks = self.segments.get(s as usize);
            let sums = &sums[at..at + blocks.len()];
            at += blocks.len();
            if let &[b] = blocks {
                let block = self.blocks.get(b as usize);
                changed |= self.narrow_block(block, totals, masks, narrowed)?;
                continue;
            }
            // What the blocks before each make, and those after it.
            let mut acc = 1u128;
            for j in (0..blocks.len()).rev() {
                after[j] = acc;
                acc = add_sums(acc, sums[j]);
            }
            let mut before = 1u128;
            for (j, &b) in blocks.iter().enumerate() {
                let rest = add_sums(before, after[j]);
                let block = self.blocks.get(b as usize);
                changed |= self.narrow_block(block, less_sums(totals, rest), masks, narrowed)?;
                before = add_sums(before, sums[j]);
            }
        }
        Ok(changed)
    }

    /// Narrows the cells of block `block` to the assignments whose sum is one of `sums`;
    /// `Err` when there is none.
    fn narrow_block(
        &self,
        block: &[u32],
        sums: u128,
        masks: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<bool, ()> {
        match *block {
            [cell] => return keep_only(masks, cell as usize, (sums >> 1) as u64, narrowed),
            [a, b] => {
                // Digit `d` of one cell stays when the other has a digit `e != d` that
                // makes a sum of `sums` with it (bit `d + e + 2`).
                let (a, b, low) = (a as usize, b as usize, sums as u64);
                let keep = |mine: u64, other: u64| {
                    keep_digits(mine, |d| low >> (d + 2) & other & !(1 << d) != 0)
                };
                let (keep_a, keep_b) = (keep(masks[a], masks[b]), keep(masks[b], masks[a]));
                let changed = keep_only(masks, a, keep_a, narrowed)?;
                return Ok(keep_only(masks, b, keep_b, narrowed)? | changed);
            }
            [a, b, c] => {
                // Digit `d` of one cell stays when the other two, without it, make a sum
                // that completes one of `sums` with it.
                let (a, b, c, low) = (a as usize, b as usize, c as usize, sums as u64);
                let keep = |mine: u64, one: u64, two: u64| {
                    keep_digits(mine, |d| {
                        let without = !(1 << d);
                        pair_sums(one & without, two & without) << (d + 1) & low != 0
                    })
                };
                let (ma, mb, mc) = (masks[a], masks[b], masks[c]);
                let keep_a = keep(ma, mb, mc);
                if keep_a == 0 {
                    return Err(());
                }
                let (keep_b, keep_c) = (keep(mb, ma, mc), keep(mc, ma, mb));
                let changed = keep_only(masks, a, keep_a, narrowed)?;
                let changed = keep_only(masks, b, keep_b, narrowed)? | changed;
                return Ok(keep_only(masks, c, keep_c, narrowed)? | changed);
            }
            _ => {}
        }
        let mut sets = [Sets::EMPTY; MOST_DIGITS + 1];
        forward(block, masks, &mut sets);
        let len = block.len();
        // `later`: the sets of the first `k + 1` cells that the rest complete.
        let mut later = sets[len].with_sums(sums);
        if later.is_empty() {
            return Err(());
        }
        let mut keep = [0u64; MOST_DIGITS];
        for k in (0..len).rev() {
            let mut digits = masks[block[k] as usize];
            let mut before = Sets::EMPTY;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let from = later.remove(d).and(sets[k]);
                if !from.is_empty() {
                    keep[k] |= 1 << d;
                    before.or(from);
                }
            }
            later = before;
        }
        let mut changed = false;
        for (k, &cell) in block.iter().enumerate() {
            changed |= keep_only(masks, cell as usize, keep[k], narrowed)?;
        }
        Ok(changed)
    }
}

impl Narrows for Totals {
    fn len(&self) -> usize {
        Totals::len(self)
    }

    /// A rule reads its own cells alone.
    fn of_cell(&self) -> Option<&Flat<u32>> {
        Some(&self.of_cell)
    }

    /// Narrows the cells of rule `k` to the totals every segment can make; true when some
    /// cell lost a digit.
    fn narrow_one(
        &self,
        k: usize,
        masks: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<bool, ()> {
        let blocks: usize = self
            .rules
            .get(k)
            .iter()
            .map(|&s| self.segments.get(s as usize).len())
            .sum();
        match blocks {
            ..=8 => self.narrow_rule::<8>(k, masks, narrowed),
            9..=32 => self.narrow_rule::<32>(k, masks, narrowed),
            _ => self.narrow_rule::<MOST_BLOCKS>(k, masks, narrowed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::tests::mask;
    use proptest::prelude::*;

    /// The digits (bit `d - 1`) each of `cells` cells holds in some assignment of `masks`
    /// that keeps the rule of `segments` (`None` for none), by trying every assignment.
    fn brute_force(segments: &[Vec<Vec<usize>>], masks: &[u64]) -> Option<Vec<u64>> {
        let cells = masks.len();
        let mut kept = vec![0u64; cells];
        let mut digits = vec![0u32; cells];
        let mut any = false;
        let mut rule = Totals::default();
        rule.push(segments);
        'next: loop {
            if (0..cells).all(|c| masks[c] & 1 << (digits[c]) != 0) {
                let from_one = |c: usize| digits[c] + 1;
                if rule.hold(from_one) {
                    any = true;
                    for c in 0..cells {
                        kept[c] |= 1 << digits[c];
                    }
                }
            }
            for digit in digits.iter_mut() {
                *digit += 1;
                if *digit < 9 {
                    continue 'next;
                }
                *digit = 0;
            }
            break;
        }
        any.then_some(kept)
    }

    /// Up to three segments of one or two blocks of one to four cells, on cells `0..`.
    fn segments() -> impl Strategy<Value = Vec<Vec<Vec<usize>>>> {
        let block = 1usize..=4;
        let segment = prop::collection::vec(block, 1..=2);
        prop::collection::vec(segment, 2..=3).prop_filter_map("six cells at most", |sizes| {
            let mut next = 0;
            let segments: Vec<Vec<Vec<usize>>> = sizes
                .iter()
                .map(|blocks| {
                    blocks
                        .iter()
                        .map(|&len| {
                            next += len;
                            (next - len..next).collect()
                        })
                        .collect()
                })
                .collect();
            (next <= 6).then_some(segments)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The narrowing keeps exactly the digits of the rule's solutions, and fails where
        /// there is none: segments share no cell, so a total that every segment can make,
        /// and a block's sum that its segment's other blocks complete to one, extend to a
        /// whole solution.
        #[test]
        fn narrowing_keeps_exactly_the_digits_of_some_solution(
            segments in segments(),
            seeds in prop::collection::vec(1u64..512, 6),
        ) {
            let cells = segments.iter().flatten().flatten().count();
            let masks = seeds[..cells].to_vec();
            let mut rule = Totals::default();
            rule.push(&segments);
            let mut narrowed = masks.clone();
            let result = rule.narrow(&mut narrowed, |_| {});
            match brute_force(&segments, &masks) {
                Some(kept) => {
                    prop_assert!(result.is_ok());
                    prop_assert_eq!(narrowed, kept);
                }
                None => prop_assert!(result.is_err()),
            }
        }
    }

    #[test]
    fn the_tables_of_sets_agree_with_their_meaning() {
        assert_eq!(SUM[0b1_0000_0101], 1 + 3 + 9);
        let one_three = Sets::START.add(0).add(2);
        assert_eq!(one_three.sums(), 1 << 4);
        assert_eq!(one_three.add(2), Sets::EMPTY);
        assert_eq!(one_three.add(8).sums(), 1 << 13);
        assert_eq!(one_three.add(8).remove(0).sums(), 1 << 12);
        assert_eq!(one_three.remove(1), Sets::EMPTY);
    }

    #[test]
    fn region_runs_make_one_total() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut totals = Totals::default();
        // A run of two cells and a run of one: the two make at most 9 and at least 3.
        totals.push(&[vec![vec![0, 1]], vec![vec![2]]]);
        let mut masks = vec![all, all, all];
        totals.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[2], mask(&[3, 4, 5, 6, 7, 8, 9]));
        assert_eq!(masks[0], mask(&[1, 2, 3, 4, 5, 6, 7, 8]));
        // The single cell 3: the run is 1 and 2, in either order.
        masks[2] = mask(&[3]);
        totals.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!((masks[0], masks[1]), (mask(&[1, 2]), mask(&[1, 2])));
        assert!(totals.hold(|cell| [2, 1, 3][cell]));
        assert!(!totals.hold(|cell| [2, 2, 4][cell]));
        // A total of 2 is not two distinct digits.
        let mut masks = vec![all, all, mask(&[2])];
        assert_eq!(totals.narrow(&mut masks, |_| {}), Err(0));
    }

    #[test]
    fn blocks_of_a_segment_add_up() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut totals = Totals::default();
        // A double arrow: the ends (two blocks of one) make the middle (one block of two).
        totals.push(&[vec![vec![0], vec![1]], vec![vec![2, 3]]]);
        let mut masks = vec![mask(&[1]), mask(&[1, 2]), all, all];
        totals.narrow(&mut masks, |_| {}).unwrap();
        // The ends make 2 or 3; the middle, distinct, makes 3: 1 and 2.
        assert_eq!(masks[1], mask(&[2]));
        assert_eq!((masks[2], masks[3]), (mask(&[1, 2]), mask(&[1, 2])));
        // The ends may repeat a digit where they are two blocks.
        let mut masks = vec![mask(&[2]), mask(&[2]), mask(&[1, 3]), all];
        totals.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[3], mask(&[1, 3]));
        assert!(totals.hold(|cell| [2, 2, 3, 1][cell]));
    }
}
