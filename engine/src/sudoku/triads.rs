//! Box-line logic on the classic grid at the level of mini-lines, bit-parallel: locked
//! candidates, and the subsets that a mini-line's three cells force.
//!
//! A mini-line is the three cells where a row (or a column) crosses a box. With one bit per
//! mini-line and digit, a row's three mini-lines and a box's three row mini-lines are each a
//! triple of bits, and one rule covers what locked candidates find and more:
//!
//! - a digit *must* go in a mini-line when it has no other place in its line, or none in its
//!   box (that is locked candidates: the digit then leaves the rest of the box, or the rest of
//!   the line);
//! - a mini-line whose open cells can hold only as many digits as it has open cells takes
//!   all of those digits (a naked subset of the mini-line): each of them must go there, and
//!   leaves the rest of the line and the box;
//! - a mini-line with as many digits that must go there as it has open cells is full: every
//!   other digit leaves it (a hidden subset).
//!
//! These are the triads that the fastest bit-parallel solvers propagate. Every deduction is
//! read off the same snapshot of the candidates, so one sweep applies them all at once.
//!
//! The mini-lines of a digit are two words of 27 bits: the box rows at bit
//! `9·band + 3·row + box` (row and box counted inside the band), the box columns at bit
//! `9·band + column`. In each word, a line's mini-lines and a box's mini-lines are the
//! triples below.
//!
//! Digits are counted from 0 (board `d` and bit `d` of a [`DigitSet`] for the value `d + 1`);
//! the boards and the open cells are [`ClassicCells`], and the mini-lines of each digit are
//! the 27-bit words of the lanes below, apart from the 27-bit bands of cells they are read
//! from.

use super::bands::{compact_starts, expand_segments, TO_THREE_ROWS};
use super::sets::{ClassicBoards, ClassicCells, DigitSet};

/// The 27 mini-line bits of a grid: one 9-bit group per band (or stack).
const ALL: u32 = (1 << 27) - 1;

/// The first bit of each triple of adjacent bits (0, 3, 6, …, 24).
const ADJACENT: u32 = 0x124_9249;

/// The first bit of each triple spaced by 3 inside a 9-bit group (0, 1, 2, 9, 10, 11, …).
const SPACED_BY_3: u32 = 0x7 | 0x7 << 9 | 0x7 << 18;

/// The first bit of each triple spaced by 9 (0 to 8).
const SPACED_BY_9: u32 = 0x1ff;

/// A way of grouping the 27 mini-line bits into nine triples: one unit each.
#[derive(Clone, Copy)]
struct Triples {
    first: u32,
    stride: u32,
}

/// The box rows of one row: three adjacent bits.
const ROWS_OF_BOX_ROWS: Triples = Triples {
    first: ADJACENT,
    stride: 1,
};
/// The box rows of one box: bits 3 apart inside a band's group.
const BOXES_OF_BOX_ROWS: Triples = Triples {
    first: SPACED_BY_3,
    stride: 3,
};
/// The box columns of one column: the same bit of each band's group.
const COLUMNS_OF_BOX_COLUMNS: Triples = Triples {
    first: SPACED_BY_9,
    stride: 9,
};
/// The box columns of one box: three adjacent bits.
const BOXES_OF_BOX_COLUMNS: Triples = Triples {
    first: ADJACENT,
    stride: 1,
};

impl Triples {
    /// The three bits of each triple, each moved to the triple's first bit.
    #[inline(always)]
    fn split(self, bits: u32) -> [u32; 3] {
        let s = self.stride;
        [
            bits & self.first,
            bits >> s & self.first,
            bits >> (2 * s) & self.first,
        ]
    }

    /// The bits of `bits` that are alone in their triple.
    #[inline(always)]
    fn alone(self, bits: u32) -> u32 {
        let [x, y, z] = self.split(bits);
        let one = (x ^ y ^ z) & !(x & y & z);
        let s = self.stride;
        (x & one) | (y & one) << s | (z & one) << (2 * s)
    }

    /// Every bit of the triples that hold a bit of `bits`.
    #[inline(always)]
    fn spread(self, bits: u32) -> u32 {
        let [x, y, z] = self.split(bits);
        let any = x | y | z;
        let s = self.stride;
        any | any << s | any << (2 * s)
    }
}

/// A count from 0 to 15 for each of 27 bit positions, bit-sliced: bit `k` of `bits[i]` is
/// bit `i` of position `k`'s count.
#[derive(Clone, Copy, Default)]
struct Counts {
    bits: [u32; 4],
}

impl Counts {
    /// Adds one to the count of every position set in `add`.
    #[inline(always)]
    fn add(&mut self, add: u32) {
        let mut carry = add;
        for bit in &mut self.bits {
            let next = *bit & carry;
            *bit ^= carry;
            carry = next;
        }
    }

    /// The positions whose count equals their capacity (0 to 3, bit-sliced in `capacity`).
    #[inline(always)]
    fn equal(&self, capacity: [u32; 2]) -> u32 {
        !(self.bits[0] ^ capacity[0])
            & !(self.bits[1] ^ capacity[1])
            & !self.bits[2]
            & !self.bits[3]
            & ALL
    }
}

/// The number of open cells (0 to 3) in each of three-bit groups, bit-sliced, given the
/// groups' three bits moved to a common position.
#[inline(always)]
fn count_of_three([a, b, c]: [u32; 3]) -> [u32; 2] {
    [a ^ b ^ c, (a & b) | (c & (a | b))]
}

/// One value per digit: the sweep runs the same word operations on every digit, and loops
/// over a fixed number of lanes vectorize (eight digits at a time with AVX2, then the ninth;
/// padding to 16 lanes measured slower).
type Lanes = [u32; LANES];

const LANES: usize = 9;

/// `f` of each lane of three arrays.
#[inline(always)]
fn lanes3(a: &Lanes, b: &Lanes, c: &Lanes, f: impl Fn(u32, u32, u32) -> u32) -> Lanes {
    let mut out = [0; LANES];
    for (out, ((&a, &b), &c)) in out.iter_mut().zip(a.iter().zip(b).zip(c)) {
        *out = f(a, b, c);
    }
    out
}

/// The mini-line bit of each box row of a band (bit `3·row + box`).
#[inline(always)]
fn box_row_bits(band: u32) -> u32 {
    compact_starts((band | band >> 1 | band >> 2) & ADJACENT) as u32
}

/// The mini-line bit of each box column of a band (bit `column`).
#[inline(always)]
fn box_column_bits(band: u32) -> u32 {
    (band | band >> 9 | band >> 18) & 0x1ff
}

/// For each digit, the mini-lines it must leave, given where each digit is possible
/// (`possible`), how the mini-lines group into lines and boxes, and each mini-line's open
/// cells (`capacity`).
#[inline(always)]
fn cleared(possible: &Lanes, line: Triples, bx: Triples, capacity: [u32; 2]) -> Lanes {
    let required = lanes3(possible, possible, possible, |bits, _, _| {
        line.alone(bits) | bx.alone(bits)
    });
    let (mut can, mut must) = (Counts::default(), Counts::default());
    for (&possible, &required) in possible.iter().zip(&required) {
        can.add(possible);
        must.add(required);
    }
    let some_room = capacity[0] | capacity[1];
    let naked = can.equal(capacity) & some_room;
    let hidden = must.equal(capacity) & some_room;
    lanes3(possible, &required, possible, |possible, required, _| {
        let must = required | (possible & naked);
        let elsewhere = (line.spread(must) | bx.spread(must)) & !must;
        (elsewhere | (hidden & !required)) & possible
    })
}

/// Sweeps the triads once over the classic grid's 9 boards (board `d` for digit `d`), with
/// `open` the cells not placed. Returns the digits whose boards changed.
///
/// The sweep is the same word operations on each digit, so it is also compiled for AVX2,
/// where they run eight digits at a time, and that copy is taken when the processor has it.
pub(super) fn triads(boards: &mut ClassicBoards, open: ClassicCells) -> DigitSet {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { triads_avx2(boards, open) };
    }
    sweep(boards, open)
}

/// [`sweep`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn triads_avx2(boards: &mut ClassicBoards, open: ClassicCells) -> DigitSet {
    sweep(boards, open)
}

#[inline(always)]
fn sweep(boards: &mut ClassicBoards, open: ClassicCells) -> DigitSet {
    let mut bands = [[0u32; LANES]; 3];
    for (digit, board) in boards.iter().enumerate() {
        let [top, middle, bottom] = board.bands();
        (bands[0][digit], bands[1][digit], bands[2][digit]) = (top, middle, bottom);
    }
    let [top, middle, bottom] = &bands;
    let gather = |per_band: fn(u32) -> u32| {
        lanes3(top, middle, bottom, |a, b, c| {
            per_band(a) | per_band(b) << 9 | per_band(c) << 18
        })
    };
    let open = open.bands();
    let row_room = [0, 1].map(|bit| {
        let room = |band: u32| {
            let three = [band & ADJACENT, band >> 1 & ADJACENT, band >> 2 & ADJACENT];
            compact_starts(count_of_three(three)[bit]) as u32
        };
        room(open[0]) | room(open[1]) << 9 | room(open[2]) << 18
    });
    let column_room = [0, 1].map(|bit| {
        let room = |band: u32| count_of_three([band & 0x1ff, band >> 9 & 0x1ff, band >> 18])[bit];
        room(open[0]) | room(open[1]) << 9 | room(open[2]) << 18
    });
    let by_rows = cleared(
        &gather(box_row_bits),
        ROWS_OF_BOX_ROWS,
        BOXES_OF_BOX_ROWS,
        row_room,
    );
    let by_columns = cleared(
        &gather(box_column_bits),
        COLUMNS_OF_BOX_COLUMNS,
        BOXES_OF_BOX_COLUMNS,
        column_room,
    );
    let mut kept = [[0u32; LANES]; 3];
    for (band, kept) in kept.iter_mut().enumerate() {
        let shift = 9 * band;
        *kept = lanes3(
            &bands[band],
            &by_rows,
            &by_columns,
            |cells, rows, columns| {
                let struck = expand_segments((rows >> shift & 0x1ff) as u16)
                    | ((columns >> shift & 0x1ff) * TO_THREE_ROWS);
                cells & !struck
            },
        );
    }
    let mut changed = DigitSet::EMPTY;
    for (digit, board) in boards.iter_mut().enumerate() {
        let after = [kept[0][digit], kept[1][digit], kept[2][digit]];
        if after != [bands[0][digit], bands[1][digit], bands[2][digit]] {
            changed = changed.with(digit);
            *board = ClassicCells::from_bands(after);
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::super::bands::locked_candidates;
    use super::super::shape::{Geometry, Shape};
    use super::*;

    fn cell(row: usize, column: usize) -> usize {
        9 * row + column
    }

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Every candidate of every cell but those listed, all cells open.
    fn all_but(missing: &[(usize, usize)]) -> ClassicBoards {
        let mut boards = ClassicBoards::default();
        for (digit, board) in boards.iter_mut().enumerate() {
            for cell in (0..81).filter(|&cell| !missing.contains(&(digit, cell))) {
                board.insert(cell);
            }
        }
        boards
    }

    /// The peers of `cell`.
    fn peers(geometry: &Geometry, cell: usize) -> ClassicCells {
        let words = geometry.peers_mask_in(cell, 2);
        ClassicCells::from_words([words[0], words[1]])
    }

    const ALL_OPEN: ClassicCells = ClassicCells::ALL;

    #[test]
    fn a_mini_line_holding_only_three_digits_takes_them_from_its_line_and_box() {
        // Row 0, columns 0..3 can only hold digits 0, 1 and 2.
        let missing: Vec<_> = (3..9)
            .flat_map(|digit| (0..3).map(move |column| (digit, cell(0, column))))
            .collect();
        let mut boards = all_but(&missing);
        let mut locked = boards;
        assert!(
            locked_candidates(&mut locked).is_empty(),
            "not a locked candidate"
        );
        assert_eq!(triads(&mut boards, ALL_OPEN), DigitSet::first(3));
        for board in &boards[..3] {
            assert!(board.contains(cell(0, 1)));
            assert!(!board.contains(cell(0, 5)), "rest of the row");
            assert!(!board.contains(cell(2, 2)), "rest of the box");
            assert!(board.contains(cell(3, 0)), "the column is untouched");
        }
    }

    #[test]
    fn a_mini_line_that_must_take_three_digits_takes_no_other() {
        // Digits 0, 1, 2 have no place in row 0 outside columns 0..3.
        let missing: Vec<_> = (0..3)
            .flat_map(|digit| (3..9).map(move |column| (digit, cell(0, column))))
            .collect();
        let mut boards = all_but(&missing);
        triads(&mut boards, ALL_OPEN);
        for column in 0..3 {
            for (digit, board) in boards.iter().enumerate().skip(3) {
                assert!(!board.contains(cell(0, column)), "digit {digit}");
            }
            assert!(boards[0].contains(cell(0, column)));
        }
        assert!(boards[5].contains(cell(0, 4)));
    }

    #[test]
    fn the_columns_are_swept_too() {
        // Column 4, rows 3..6 can only hold digits 6, 7, 8.
        let missing: Vec<_> = (0..6)
            .flat_map(|digit| (3..6).map(move |row| (digit, cell(row, 4))))
            .collect();
        let mut boards = all_but(&missing);
        assert_eq!(
            triads(&mut boards, ALL_OPEN),
            DigitSet::first(9).without(DigitSet::first(6))
        );
        assert!(!boards[7].contains(cell(0, 4)), "rest of the column");
        assert!(!boards[7].contains(cell(4, 3)), "rest of the box");
        assert!(boards[7].contains(cell(4, 4)));
    }

    #[test]
    fn placed_cells_are_no_room() {
        // Row 0: columns 1 and 2 placed, column 0 holds digit 0, 1 or 2. One cell of room
        // and three digits: nothing is forced.
        let geometry = Geometry::new(Shape::CLASSIC);
        let mut boards = all_but(&[]);
        for (column, digit) in [(1, 7), (2, 8)] {
            let at = cell(0, column);
            for board in &mut boards {
                board.remove(at);
            }
            boards[digit] = boards[digit].without(peers(&geometry, at));
        }
        for board in &mut boards[3..] {
            board.remove(0);
        }
        let mut open = ALL_OPEN;
        open.remove(1);
        open.remove(2);
        let mut swept = boards;
        triads(&mut swept, open);
        for (digit, board) in swept[..3].iter().enumerate() {
            assert!(board.contains(cell(0, 5)), "digit {digit}");
        }
        // Counted as room, the placed cells would make the three digits a naked triple.
        let mut wrong = boards;
        triads(&mut wrong, ALL_OPEN);
        assert!(!wrong[0].contains(cell(0, 5)));
    }

    /// Random positions with a planted solution: the sweep keeps every candidate of the
    /// solution, and strikes at least what locked candidates strike.
    #[test]
    fn triads_keep_a_planted_solution_and_find_at_least_locked_candidates() {
        let geometry = Geometry::new(Shape::CLASSIC);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut struck_beyond_locked = 0;
        for round in 0..3000 {
            let mut permutation: Vec<usize> = (0..9).collect();
            for k in (1..9).rev() {
                permutation.swap(k, xorshift(&mut state) as usize % (k + 1));
            }
            let solution: Vec<usize> = (0..81)
                .map(|c| permutation[(c / 9 * 3 + c / 27 + c % 9) % 9])
                .collect();
            let mut boards = ClassicBoards::default();
            let mut open = ALL_OPEN;
            let density = 1 + round % 7;
            for c in 0..81 {
                if xorshift(&mut state) % 10 < 3 {
                    open.remove(c);
                    continue;
                }
                boards[solution[c]].insert(c);
                for board in &mut boards {
                    if xorshift(&mut state) % 8 < density {
                        board.insert(c);
                    }
                }
            }
            for c in (0..81).filter(|&c| !open.contains(c)) {
                boards[solution[c]] = boards[solution[c]].without(peers(&geometry, c));
            }
            let mut swept = boards;
            let mut locked = boards;
            let changed = triads(&mut swept, open);
            locked_candidates(&mut locked);
            for c in (0..81).filter(|&c| open.contains(c)) {
                assert!(
                    swept[solution[c]].contains(c),
                    "round {round}: cell {c} lost"
                );
            }
            let none = ClassicCells::default();
            for (digit, (&after, &by_locked)) in swept.iter().zip(&locked).enumerate() {
                assert_eq!(
                    after.without(by_locked),
                    none,
                    "round {round}: digit {digit}"
                );
                assert_eq!(after.without(boards[digit]), none, "nothing added");
            }
            let digits_changed = (0..9)
                .filter(|&d| swept[d] != boards[d])
                .fold(DigitSet::EMPTY, DigitSet::with);
            assert_eq!(changed, digits_changed);
            struck_beyond_locked += usize::from(swept != locked);
        }
        assert!(struck_beyond_locked > 100, "{struck_beyond_locked}");
    }
}
