//! Short runs by matching: on a renban line of two to four cells, a cell keeps only the
//! digits that some assignment of a possible window's digits, one to each cell, gives it.
//!
//! The pairwise relations keep each pair of the line's cells apart and close enough, and
//! the groups keep the digits of the windows every cell can reach (see
//! [`groups`](super::groups)). Neither sees a pair of cells inside the line that takes two
//! digits of the window: cells that may hold 1 or 2, 1 or 2, and 1, 2 or 3 leave the third
//! only 3, though every digit of the window 1-3 is in some cell and every pair can be kept.
//! On two cells the pairs keep the same digits; the groups' pass finds them sooner, which
//! moved the hardest renban puzzles' trees (5% fewer nodes).
//!
//! For each window, the cells' digits relative to its lowest digit index a table, which
//! gives the digits each cell holds in some assignment. Three cells read a table of 512
//! entries, built at compile time. Four read it once for each digit a cell may hold, with
//! that digit taken out of the window: a table of four would have 65,536 entries (128 KB),
//! and built at run time it cost a small published puzzle an eighth of its instructions.
//!
//! Measured in docs/lab/variant-search.md, "Thirty-third round".

/// The fewest cells a line needs to be narrowed here.
pub(crate) const SHORTEST: usize = 2;

/// The most cells a line may have to be narrowed here.
pub(crate) const LONGEST: usize = 4;

/// True when `sets` are windows of `k` consecutive digits, one starting at each digit
/// from the first, with `k` from [`SHORTEST`] to [`LONGEST`]: a renban line's sets.
pub(crate) fn is_short_run(k: usize, sets: &[u64]) -> bool {
    let run = (1u64 << k) - 1;
    (SHORTEST..=LONGEST).contains(&k)
        && !sets.is_empty()
        && sets.iter().enumerate().all(|(i, &set)| set == run << i)
}

/// For cells that may hold `masks` (as many as the windows have digits) and the windows
/// `sets` (see [`is_short_run`]): each cell's digits in some assignment of a window's digits
/// to the cells, one each, into `support`; and the digits of the windows so assignable, and
/// those all such windows share (0 and 0 when none is).
pub(crate) fn supports(sets: &[u64], masks: &[u64], support: &mut [u64]) -> (u64, u64) {
    let k = masks.len();
    debug_assert!((SHORTEST..=LONGEST).contains(&k) && support.len() == k);
    let full = (1u64 << k) - 1;
    let union = masks.iter().fold(0, |union, &mask| union | mask);
    support.fill(0);
    let (mut keep, mut common) = (0, u64::MAX);
    for &set in sets {
        if set & !union != 0 {
            continue;
        }
        let low = set.trailing_zeros();
        let mut relative = [0u64; LONGEST];
        for (r, &mask) in relative.iter_mut().zip(masks) {
            *r = (mask >> low) & full;
        }
        let held = match k {
            2 => held_by_two(relative[0], relative[1]),
            3 => u64::from(THREE[index(&relative[..3])]),
            _ => held_by_four(&relative),
        };
        if held == 0 {
            continue;
        }
        keep |= set;
        common &= set;
        for (i, digits) in support.iter_mut().enumerate() {
            *digits |= ((held >> (k * i)) & full) << low;
        }
    }
    match keep {
        0 => (0, 0),
        _ => (keep, common),
    }
}

/// For two cells' digits of a window (two bits each): a cell holds a digit when the other
/// can hold the other digit.
fn held_by_two(first: u64, second: u64) -> u64 {
    let swap = |r: u64| (r & 1) << 1 | r >> 1;
    let (a, b) = (first & swap(second), second & swap(first));
    match a != 0 && b != 0 {
        true => a | b << 2,
        false => 0,
    }
}

/// The entry of three cells' digits (three bits each) in the table of three.
fn index(relative: &[u64]) -> usize {
    (relative[0] | relative[1] << 3 | relative[2] << 6) as usize
}

/// For four cells' digits of a window (four bits each): a cell holds a digit in some
/// assignment when the other three can take the other three digits, which the table of
/// three says once the digit's bit is squeezed out of their digits.
fn held_by_four(relative: &[u64; LONGEST]) -> u64 {
    if relative.contains(&0) || relative.iter().fold(0, |u, &r| u | r) != 0b1111 {
        return 0;
    }
    let mut held = 0;
    for (i, &r) in relative.iter().enumerate() {
        let mut digits = r;
        while digits != 0 {
            let j = digits.trailing_zeros();
            digits &= digits - 1;
            let below = (1u64 << j) - 1;
            let mut others = [0u64; 3];
            let rest = relative.iter().enumerate().filter(|&(o, _)| o != i);
            for (other, (_, &m)) in others.iter_mut().zip(rest) {
                *other = (m & below) | (m >> (j + 1)) << j;
            }
            if THREE[index(&others)] != 0 {
                held |= 1 << (4 * i as u32 + j);
            }
        }
    }
    held
}

/// The table of three cells: entry `index` (cell `i`'s digits relative to the window in
/// bits `3i..3i+3`) holds, in the same layout, the digits each cell has in some assignment
/// of the three digits to the three cells, one each.
static THREE: [u16; 512] = build_three();

/// Builds [`THREE`] at compile time: each of the six assignments marks every entry whose
/// cells can hold it, by walking the subsets of the other bits.
const fn build_three() -> [u16; 512] {
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u16; 512];
    let mut o = 0;
    while o < ORDERS.len() {
        let order = ORDERS[o];
        let fixed = 1 << order[0] | 1 << (3 + order[1]) | 1 << (6 + order[2]);
        let free = 511 & !fixed;
        let mut rest = free;
        loop {
            table[fixed | rest] |= fixed as u16;
            if rest == 0 {
                break;
            }
            rest = (rest - 1) & free;
        }
        o += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::groups::windows;
    use crate::variant::tests::mask;
    use proptest::prelude::*;

    /// Every assignment of distinct digits to the cells, kept where the digits make one of
    /// the windows: the digits each cell takes in one, and the windows met.
    fn brute(sets: &[u64], masks: &[u64]) -> (Vec<u64>, u64, u64) {
        let k = masks.len();
        let mut support = vec![0u64; k];
        let (mut keep, mut common) = (0, u64::MAX);
        for &set in sets {
            let mut met = false;
            let mut chosen = vec![0u64; k];
            fn walk(
                i: usize,
                set: u64,
                masks: &[u64],
                chosen: &mut [u64],
                out: &mut [u64],
            ) -> bool {
                if i == masks.len() {
                    out.iter_mut().zip(chosen.iter()).for_each(|(o, c)| *o |= c);
                    return true;
                }
                let mut any = false;
                for d in 0..64 {
                    let digit = 1u64 << d;
                    if set & digit != 0 && masks[i] & digit != 0 && !chosen[..i].contains(&digit) {
                        chosen[i] = digit;
                        any |= walk(i + 1, set, masks, chosen, out);
                    }
                }
                any
            }
            met |= walk(0, set, masks, &mut chosen, &mut support);
            if met {
                keep |= set;
                common &= set;
            }
        }
        match keep {
            0 => (vec![0; k], 0, 0),
            _ => (support, keep, common),
        }
    }

    #[test]
    fn a_pair_inside_the_line_leaves_the_third_cell_the_last_digit() {
        let sets = windows(9, 3);
        let masks = [mask(&[1, 2]), mask(&[1, 2]), mask(&[1, 2, 3, 4])];
        let mut support = [0; 3];
        let (keep, common) = supports(&sets, &masks, &mut support);
        assert_eq!(support, [mask(&[1, 2]), mask(&[1, 2]), mask(&[3])]);
        assert_eq!((keep, common), (mask(&[1, 2, 3]), mask(&[1, 2, 3])));
        // Two cells that must both hold 5 leave no window.
        let masks = [mask(&[5]), mask(&[5]), mask(&[4, 6])];
        assert_eq!(supports(&sets, &masks, &mut support), (0, 0));
    }

    #[test]
    fn only_renban_windows_of_two_to_four_cells_are_short_runs() {
        assert!(is_short_run(3, &windows(9, 3)));
        assert!(is_short_run(4, &windows(6, 4)));
        assert!(is_short_run(2, &windows(9, 2)));
        assert!(!is_short_run(1, &windows(9, 1)));
        assert!(!is_short_run(5, &windows(9, 5)));
        // A cage's sets of three digits are not windows one digit apart.
        assert!(!is_short_run(3, &[mask(&[1, 2, 3]), mask(&[1, 2, 4])]));
        assert!(!is_short_run(3, &[]));
    }

    #[test]
    fn the_pairs_the_table_of_three_and_the_squeeze_of_four_hold_every_assignment() {
        for k in SHORTEST..=LONGEST {
            let full = (1u64 << k) - 1;
            for index in 0..1u64 << (k * k) {
                let masks: Vec<u64> = (0..k).map(|i| (index >> (k * i)) & full).collect();
                let (support, _, _) = brute(&[full], &masks);
                let want = support
                    .iter()
                    .enumerate()
                    .fold(0u64, |held, (i, &s)| held | s << (k * i));
                let held = match k {
                    2 => held_by_two(masks[0], masks[1]),
                    3 => u64::from(THREE[index as usize]),
                    _ => held_by_four(&[masks[0], masks[1], masks[2], masks[3]]),
                };
                assert_eq!(held, want, "k {k}, index {index:b}");
            }
        }
    }

    proptest! {
        /// On random digits of random windows of 4 to 16 digits, the tables agree with
        /// every assignment tried one by one.
        #[test]
        fn supports_are_what_some_assignment_gives(
            n in 4usize..=16,
            k in SHORTEST..=LONGEST,
            seeds in proptest::collection::vec(any::<u64>(), LONGEST),
        ) {
            prop_assume!(k <= n);
            let sets = windows(n, k);
            let all = (1u64 << n) - 1;
            let masks: Vec<u64> = seeds[..k].iter().map(|s| s & all).collect();
            let mut support = vec![0u64; k];
            let (keep, common) = supports(&sets, &masks, &mut support);
            let (want, want_keep, want_common) = brute(&sets, &masks);
            prop_assert_eq!((keep, common), (want_keep, want_common));
            if keep != 0 {
                prop_assert_eq!(support, want);
            }
        }
    }
}
