//! Narrowing by the rules whose cells changed: a rule whose narrowing reads only its own
//! cells' digits (a sum kept by bounds, a skyscraper line) is at its fixpoint on the digits
//! it was last at its fixpoint on, so a branch point narrows again only by the rules with a
//! cell whose digits differ from those, wherever in the tree they were seen.

use super::{narrow_every, Narrows};
use crate::variant::flat::Flat;

/// The most rules narrowed by what changed (a bit each, on the stack); past it every rule
/// is narrowed, again until none narrows.
const MOST_TRACKED: usize = 512;

/// Narrows `masks` by the rules of `rules` with a cell whose digits are not those of
/// `seen`, then again by the rules with a cell that lost a digit, until none does; `Err`
/// with the first rule that cannot be kept. On success `seen` becomes `masks`: every rule
/// is at its fixpoint there. `seen` starts as `u64::MAX` (no digits a cell can hold), so
/// that every rule is read the first time.
///
/// Sound only for rules whose [`Narrows::narrow_one`] reads the digits of the cells
/// [`Narrows::of_cell`] names and no other, and narrows to the same fixpoint in any order
/// (each narrowing monotone); the kinds without that index are narrowed whole.
pub(crate) fn narrow_seen<N: Narrows + ?Sized>(
    rules: &N,
    masks: &mut [u64],
    seen: &mut [u64],
    narrowed: impl FnMut(usize),
) -> Result<(), usize> {
    match rules.of_cell() {
        Some(of_cell) if seen.len() == masks.len() => {
            narrow_changed(rules, of_cell, masks, Some(seen), narrowed, false)
        }
        _ => rules.narrow(masks, narrowed),
    }
}

/// Narrows `masks` by the rules of `rules` with a cell whose digits are not those of
/// `seen` (every rule, without `seen`), then again by the rules with a cell that lost a
/// digit (`of_cell.get(cell)`: the rules with `cell`), until none does; `Err` with the
/// first rule that cannot be kept. On success `seen` becomes `masks`. With an index of
/// another size than the grid's (one not yet built: empty), or past [`MOST_TRACKED`]
/// rules, every rule is narrowed until none narrows.
///
/// A pass goes over the rules in their order. With `in_pass`, a rule with a cell that
/// lost a digit earlier in the first pass is narrowed later in that pass too, so that the
/// rules are narrowed, and the first that cannot be kept is found, as when the first pass
/// takes every rule (the rules it leaves out then narrow nothing).
pub(crate) fn narrow_changed<N: Narrows + ?Sized>(
    rules: &N,
    of_cell: &Flat<u32>,
    masks: &mut [u64],
    seen: Option<&mut [u64]>,
    mut narrowed: impl FnMut(usize),
    in_pass: bool,
) -> Result<(), usize> {
    let len = rules.len();
    if len == 0 {
        return Ok(());
    }
    if of_cell.len() != masks.len() || len > MOST_TRACKED {
        return narrow_every(rules, masks, narrowed);
    }
    let words = len.div_ceil(64);
    let mark = |dirty: &mut [u64; MOST_TRACKED / 64], cell: usize| {
        for &k in of_cell.get(cell) {
            dirty[k as usize / 64] |= 1 << (k % 64);
        }
    };
    let mut dirty = [0u64; MOST_TRACKED / 64];
    match seen.as_deref() {
        Some(seen) => {
            for (cell, (mask, was)) in masks.iter().zip(seen).enumerate() {
                if mask != was {
                    mark(&mut dirty, cell);
                }
            }
        }
        None => {
            for (word, bits) in dirty[..words].iter_mut().enumerate() {
                let left = len - word * 64;
                *bits = if left >= 64 {
                    u64::MAX
                } else {
                    (1 << left) - 1
                };
            }
        }
    }
    let mut in_pass = in_pass;
    while dirty[..words].iter().any(|&bits| bits != 0) {
        let mut next = [0u64; MOST_TRACKED / 64];
        let mut from = 0;
        while let Some(k) = first_at_or_after(&dirty[..words], from) {
            from = k + 1;
            let mut lost = |cell: usize| {
                narrowed(cell);
                mark(&mut next, cell);
                if in_pass {
                    mark(&mut dirty, cell);
                }
            };
            rules.narrow_one(k, masks, &mut lost).map_err(|()| k)?;
        }
        dirty = next;
        in_pass = false;
    }
    if let Some(seen) = seen {
        seen.copy_from_slice(masks);
    }
    Ok(())
}

/// The first bit of `bits` (words of 64) at `from` or after it.
fn first_at_or_after(bits: &[u64], from: usize) -> Option<usize> {
    let mut word = from / 64;
    let mut rest = *bits.get(word)? & (u64::MAX << (from % 64));
    loop {
        if rest != 0 {
            return Some(word * 64 + rest.trailing_zeros() as usize);
        }
        word += 1;
        rest = *bits.get(word)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::skylines::Skylines;
    use crate::variant::sums::Sums;
    use crate::variant::tests::mask;

    #[test]
    fn a_sum_is_narrowed_again_only_when_its_cells_change() {
        // Two sums on a 4x4: cells 0 + 1 = 3 and cells 2 + 3 = 7.
        let mut sums = Sums::new();
        sums.push(&[(0, 1), (1, 1)], 3, |_, _| false);
        sums.push(&[(2, 1), (3, 1)], 7, |_, _| false);
        sums.watch(4);
        let all = mask(&[1, 2, 3, 4]);
        let mut masks = vec![all; 4];
        let mut seen = vec![u64::MAX; 4];
        let mut heard = Vec::new();
        narrow_seen(&sums, &mut masks, &mut seen, |cell| heard.push(cell)).unwrap();
        assert_eq!(
            masks,
            [mask(&[1, 2]), mask(&[1, 2]), mask(&[3, 4]), mask(&[3, 4])]
        );
        assert_eq!(seen, masks);
        // Elsewhere in the tree, the second sum's cells as they were seen and the first's
        // widened: only the first is read.
        let mut other = vec![all, all, mask(&[3, 4]), mask(&[3, 4])];
        narrow_seen(&sums, &mut other, &mut seen, |_| {}).unwrap();
        assert_eq!(other, masks);
        let mut stale = vec![mask(&[1, 2]), mask(&[1, 2]), mask(&[3, 4]), mask(&[3, 4])];
        seen.copy_from_slice(&stale);
        stale[1] = mask(&[1]);
        narrow_seen(&sums, &mut stale, &mut seen, |_| {}).unwrap();
        assert_eq!(
            stale,
            [mask(&[2]), mask(&[1]), mask(&[3, 4]), mask(&[3, 4])]
        );
        // A sum that cannot be made is named, and `seen` is left as it was.
        let before = seen.clone();
        let mut bad = vec![mask(&[4]), all, all, all];
        assert_eq!(narrow_seen(&sums, &mut bad, &mut seen, |_| {}), Err(0));
        assert_eq!(seen, before);
    }

    #[test]
    fn lines_narrowed_by_what_changed_reach_the_same_digits_as_every_line() {
        // On a 4x4, a row and a column of skyscraper clues through cell 0, narrowed by every
        // line until none narrows and by what changed.
        let mut lines = Skylines::new(4);
        lines.push(&[3, 2, 1, 0], 2);
        lines.push(&[0, 4, 8, 12], 1);
        lines.watch(16);
        let all = mask(&[1, 2, 3, 4]);
        let mut whole = vec![all; 16];
        lines.narrow(&mut whole, |_| {}).unwrap();
        let mut seen = vec![u64::MAX; 16];
        let mut masks = vec![all; 16];
        narrow_seen(&lines, &mut masks, &mut seen, |_| {}).unwrap();
        assert_eq!(masks, whole);
        assert_eq!(masks[0], mask(&[4]));
    }
}
