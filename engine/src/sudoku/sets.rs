//! Typed bit sets of the bit-parallel code, so that a set of cells and a set of digits,
//! both words of bits, cannot be taken one for the other: [`DigitSet`] (any shape) and
//! [`ClassicCells`] (the 9×9 grid, with its three bands of 27 bits). Each is a word or two
//! behind `#[repr(transparent)]`, with the few operations the sweeps use, all inlined: they
//! compile to the word operations they replace.
//!
//! Digits here are counted from 0, as everywhere in the bit-parallel code: digit `d` (the
//! value `d + 1` in a grid) is bit `d` of a [`DigitSet`] and board `d` of a sweep.

use std::ops::{BitAnd, BitOr, BitOrAssign};

/// A set of digits, counted from 0: bit `d` is the digit `d` (the value `d + 1`).
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct DigitSet(u64);

impl DigitSet {
    /// No digit.
    pub(super) const EMPTY: DigitSet = DigitSet(0);

    /// The digits `0..n`, every digit of a grid of side `n` (at most 63).
    #[inline(always)]
    pub(super) fn first(n: usize) -> DigitSet {
        DigitSet((1 << n) - 1)
    }

    /// The set whose bit `d` is digit `d`.
    #[inline(always)]
    pub(super) fn from_bits(bits: u64) -> DigitSet {
        DigitSet(bits)
    }

    /// The set with `digit` added.
    #[inline(always)]
    pub(super) fn with(self, digit: usize) -> DigitSet {
        DigitSet(self.0 | 1 << digit)
    }

    /// The digits of `self` not in `other`.
    #[inline(always)]
    pub(super) fn without(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// True when the set holds no digit.
    #[inline(always)]
    pub(super) fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl BitOr for DigitSet {
    type Output = DigitSet;

    #[inline(always)]
    fn bitor(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }
}

impl BitOrAssign for DigitSet {
    #[inline(always)]
    fn bitor_assign(&mut self, other: DigitSet) {
        self.0 |= other.0;
    }
}

impl Iterator for DigitSet {
    type Item = usize;

    /// Takes the smallest digit out of the set.
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(digit)
    }
}

/// The 27 bits of a band: three rows of nine cells, bit `9 * row + column` inside the band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// A set of cells of the classic 9×9 grid: bit `c % 64` of word `c / 64` is cell `c`
/// (reading order from 0), the layout of one digit's board in the logic pass.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ClassicCells([u64; 2]);

impl ClassicCells {
    /// The set of the two words of a board.
    #[inline(always)]
    pub(super) fn from_words(words: [u64; 2]) -> ClassicCells {
        ClassicCells(words)
    }

    /// The two words: cells 0 to 63, then 64 to 80.
    #[inline(always)]
    pub(super) fn words(self) -> [u64; 2] {
        self.0
    }

    /// Takes `cell` out.
    #[inline(always)]
    pub(super) fn remove(&mut self, cell: usize) {
        self.0[cell / 64 % 2] &= !(1 << (cell % 64));
    }

    /// The cells of `self` not in `other`.
    #[inline(always)]
    pub(super) fn without(self, other: ClassicCells) -> ClassicCells {
        ClassicCells([self.0[0] & !other.0[0], self.0[1] & !other.0[1]])
    }

    /// The three bands, top first, each as 27 bits (see [`BAND`]).
    #[inline(always)]
    pub(super) fn bands(self) -> [u32; 3] {
        let [low, high] = self.0;
        [
            (low as u32) & BAND,
            (low >> 27) as u32 & BAND,
            ((low >> 54) | high << 10) as u32 & BAND,
        ]
    }

    /// The cells of three bands (each of 27 bits, see [`BAND`]).
    #[inline(always)]
    pub(super) fn from_bands(bands: [u32; 3]) -> ClassicCells {
        let [top, middle, bottom] = bands.map(u64::from);
        ClassicCells([top | middle << 27 | bottom << 54, bottom >> 10])
    }
}

/// What the tests build and ask; the sweeps work on whole words.
#[cfg(test)]
impl ClassicCells {
    /// Every cell of the grid.
    pub(super) const ALL: ClassicCells = ClassicCells([u64::MAX, (1 << 17) - 1]);

    /// True when `cell` is in the set.
    pub(super) fn contains(self, cell: usize) -> bool {
        self.0[cell / 64 % 2] >> (cell % 64) & 1 != 0
    }

    /// Adds `cell`.
    pub(super) fn insert(&mut self, cell: usize) {
        self.0[cell / 64 % 2] |= 1 << (cell % 64);
    }
}

impl BitAnd for ClassicCells {
    type Output = ClassicCells;

    #[inline(always)]
    fn bitand(self, other: ClassicCells) -> ClassicCells {
        ClassicCells([self.0[0] & other.0[0], self.0[1] & other.0[1]])
    }
}

impl BitOr for ClassicCells {
    type Output = ClassicCells;

    #[inline(always)]
    fn bitor(self, other: ClassicCells) -> ClassicCells {
        ClassicCells([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }
}

/// The nine boards of the classic grid, board `d` the cells where digit `d` is possible.
pub(super) type ClassicBoards = [ClassicCells; 9];

/// The boards of the 18 words `words` (board `d` in words `2d` and `2d + 1`).
#[inline(always)]
pub(super) fn classic_boards(words: &[u64]) -> ClassicBoards {
    debug_assert_eq!(words.len(), 18);
    std::array::from_fn(|digit| ClassicCells([words[2 * digit], words[2 * digit + 1]]))
}

/// Writes `boards` back to the 18 words `words`.
#[inline(always)]
pub(super) fn store_classic_boards(boards: &ClassicBoards, words: &mut [u64]) {
    for (pair, board) in words.chunks_exact_mut(2).zip(boards) {
        pair.copy_from_slice(&board.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_list_their_digits_in_order() {
        let set = DigitSet::EMPTY.with(7).with(0) | DigitSet::from_bits(1 << 3);
        assert_eq!(set.collect::<Vec<_>>(), [0, 3, 7]);
        assert_eq!(set.without(DigitSet::first(4)), DigitSet::EMPTY.with(7));
        assert!(DigitSet::first(9).without(DigitSet::first(9)).is_empty());
    }

    #[test]
    fn cells_round_trip_through_bands() {
        let cells = ClassicCells::from_words([0xdead_beef_1234_5678, 0x1_ffff]);
        assert_eq!(ClassicCells::from_bands(cells.bands()), cells);
        let mut one = ClassicCells::default();
        one.insert(80);
        assert!(one.contains(80) && !one.contains(16));
        assert_eq!(one.bands(), [0, 0, 1 << 26]);
        assert_eq!(ClassicCells::ALL.without(one) | one, ClassicCells::ALL);
        one.remove(80);
        assert_eq!(one & ClassicCells::ALL, ClassicCells::default());
    }
}
