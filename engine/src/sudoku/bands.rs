//! Locked candidates and hidden singles on the classic 9×9 grid, a band of three rows at a
//! time.
//!
//! The general sweep in `logic` works for every box shape: it gathers each cell's digits
//! and each box-line segment's digits, then the groups. On 3×3 boxes the same eliminations
//! come from a few word operations per digit. A band (three rows, 27 cells, one `u32`)
//! holds three boxes, and every row segment of those boxes, so where a digit lies among the
//! nine row segments of a band is a 9-bit pattern, and what pointing and claiming remove
//! follows from that pattern alone: a table looked up per band. A stack (three columns of
//! boxes) works the same way on the column segments, read across the three bands.
//!
//! The bits of one digit's board in a band (bit `9 * row + column`, rows and columns counted
//! within the band), and the nine row segments `s0`..`s8` that the 9-bit patterns index:
//!
//! ```text
//!            box 0        box 1        box 2
//!          col 0 1 2    col 3 4 5    col 6 7 8
//!         +-----------+------------+------------+
//!  row 0  |  0  1  2  |  3  4  5   |  6  7  8   |   segments s0 s1 s2
//!  row 1  |  9 10 11  | 12 13 14   | 15 16 17   |   segments s3 s4 s5
//!  row 2  | 18 19 20  | 21 22 23   | 24 25 26   |   segments s6 s7 s8
//!         +-----------+------------+------------+
//!
//!  segment bit 3 * row + box (line-major); SEGMENT_STARTS has bits 0, 3, 6, 9, ..., 24
//! ```
//!
//! A stack is the same picture turned a quarter: its three columns of one box are a column
//! segment, and the pattern is gathered from the three bands with the column masks.
//!
//! Hidden singles need no pattern: a row (or box) of a band holds a digit once when the
//! digit's cells in it, masked in place, are a power of two; columns count their cells
//! across the three bands.
//!
//! The result is exactly that of the general sweeps: the same candidates struck from the same
//! snapshot, the same singles found (the unit tests compare them on random boards).
//!
//! Digits are counted from 0 (board `d`, bit `d` of a [`DigitSet`], for the value `d + 1`),
//! and a board is a [`ClassicCells`].

use super::sets::{ClassicBoards, ClassicCells, DigitSet};

/// The first cell of each row segment of a band: bit `9 * row + 3 * box`.
const SEGMENT_STARTS: u32 = 0x124_9249;

/// Copies a 9-bit mask of columns to the three rows of a band.
pub(super) const TO_THREE_ROWS: u32 = 1 | 1 << 9 | 1 << 18;

/// Where a digit lies among the segments of three boxes crossed by three lines (bit
/// `3 * a + b`), and which of those segments locked candidates clear (same bits).
///
/// With `line_major`, `a` is the line and `b` the box; otherwise `a` is the box and `b` the
/// line. A box whose digit lies on one line only clears that line's other segments
/// (pointing); a line whose digit lies in one box only clears that box's other segments
/// (claiming).
const fn clearing_table(line_major: bool) -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut clear = 0u16;
        let mut unit = 0;
        while unit < 3 {
            let (mut lines_of_box, mut boxes_of_line) = (0, 0);
            let (mut only_line, mut only_box) = (0, 0);
            let mut other = 0;
            while other < 3 {
                if pattern as u16 & segment_bit(line_major, other, unit) != 0 {
                    lines_of_box += 1;
                    only_line = other;
                }
                if pattern as u16 & segment_bit(line_major, unit, other) != 0 {
                    boxes_of_line += 1;
                    only_box = other;
                }
                other += 1;
            }
            let mut k = 0;
            while k < 3 {
                if lines_of_box == 1 && k != unit {
                    clear |= segment_bit(line_major, only_line, k);
                }
                if boxes_of_line == 1 && k != unit {
                    clear |= segment_bit(line_major, k, only_box);
                }
                k += 1;
            }
            unit += 1;
        }
        table[pattern] = clear;
        pattern += 1;
    }
    table
}

/// The pattern bit of the segment where `line` crosses `bx`.
const fn segment_bit(line_major: bool, line: usize, bx: usize) -> u16 {
    if line_major {
        1 << (3 * line + bx)
    } else {
        1 << (3 * bx + line)
    }
}

/// For the row segments of a band, pattern bit `3 * row + box`: the segments cleared.
static ROW_CLEARING: [u16; 512] = clearing_table(true);

/// For the column segments of a stack, pattern bit `3 * band + column`: the segments cleared.
static COLUMN_CLEARING: [u16; 512] = clearing_table(false);

/// The cells of each row, then of each box, of a band.
const BAND_UNITS: [u32; 6] = [
    0x1ff,
    0x1ff << 9,
    0x1ff << 18,
    BOX_IN_BAND,
    BOX_IN_BAND << 3,
    BOX_IN_BAND << 6,
];

/// The cells of the band's first box: three cells of each of its three rows.
const BOX_IN_BAND: u32 = 0x7 | 0x7 << 9 | 0x7 << 18;

/// The open cells (in `open`) where the digit of `board` is the only place left in a row,
/// column or box; `None` when some row, column or box has no place for it at all. A placed
/// cell keeps its own digit's bit, so a unit where the digit is placed is never empty.
pub(super) fn hidden_singles(board: ClassicCells, open: ClassicCells) -> Option<ClassicCells> {
    let bands = board.bands();
    let (mut once, mut twice) = (0, 0);
    let mut empty = false;
    let mut cells = [0u32; 3];
    for (band, cells) in bands.iter().zip(&mut cells) {
        // A row or box of the band holds the digit once when its cells in the board are a
        // power of two; the test works on the cells in place, with no table or packing, and
        // with no branch (which one is taken is a coin toss, and mispredicted often).
        let mut singles = 0;
        for unit in BAND_UNITS {
            let here = band & unit;
            empty |= here == 0;
            let alone = u32::from(here & here.wrapping_sub(1) == 0);
            singles |= here & alone.wrapping_neg();
        }
        *cells = singles;
        // Columns span the three bands: count each column's cells as once or twice.
        let (top, middle, bottom) = (band & 0x1ff, band >> 9 & 0x1ff, band >> 18);
        twice |= top & middle | bottom & (top | middle) | once & (top | middle | bottom);
        once |= top | middle | bottom;
    }
    if empty || once != 0x1ff {
        return None;
    }
    let column_singles = (once & !twice) * TO_THREE_ROWS;
    for (cells, band) in cells.iter_mut().zip(bands) {
        *cells |= band & column_singles;
    }
    Some(ClassicCells::from_bands(cells) & open)
}

/// One sweep of locked candidates over the nine digit boards of a 9×9 grid. Returns the
/// digits that lost a candidate.
pub(super) fn locked_candidates(boards: &mut ClassicBoards) -> DigitSet {
    let mut changed = DigitSet::EMPTY;
    for (digit, board) in boards.iter_mut().enumerate() {
        let bands = board.bands();
        let mut kept = bands;
        let mut column_clear = [0u32; 3];
        let columns = bands.map(|band| (band | band >> 9 | band >> 18) & 0x1ff);
        for stack in 0..3 {
            let shift = 3 * stack;
            let pattern = (columns[0] >> shift & 7)
                | (columns[1] >> shift & 7) << 3
                | (columns[2] >> shift & 7) << 6;
            let clear = COLUMN_CLEARING[pattern as usize] as u32;
            for (band, cleared) in column_clear.iter_mut().enumerate() {
                *cleared |= (clear >> (3 * band) & 7) << shift;
            }
        }
        for (band, kept) in kept.iter_mut().enumerate() {
            let row_clear = expand_segments(ROW_CLEARING[row_pattern(bands[band])]);
            *kept &= !(row_clear | (column_clear[band] * TO_THREE_ROWS));
        }
        if kept != bands {
            changed = changed.with(digit);
            *board = ClassicCells::from_bands(kept);
        }
    }
    changed
}

/// Bit `3 * row + box` set where the band has a cell in that row segment.
#[inline]
fn row_pattern(band: u32) -> usize {
    compact_starts((band | band >> 1 | band >> 2) & SEGMENT_STARTS)
}

/// Bits at segment starts only (`9 * row + 3 * box`) moved to `3 * row + box`.
#[inline]
pub(super) fn compact_starts(starts: u32) -> usize {
    // Each row's three segment bits, three apart, close up to three adjacent bits.
    let rows = starts | starts >> 2 | starts >> 4;
    ((rows & 7) | (rows >> 6 & 0o70) | (rows >> 12 & 0o700)) as usize
}

/// The cells of the row segments set in `segments` (bit `3 * row + box`).
#[inline]
pub(super) fn expand_segments(segments: u16) -> u32 {
    let mut cells = 0;
    for row in 0..3 {
        let boxes = (segments >> (3 * row) & 7) as u32;
        // Each box bit becomes the three cells of its segment.
        let spread = (boxes & 1) | (boxes & 2) << 2 | (boxes & 4) << 4;
        cells |= (spread * 7) << (9 * row);
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_patterns_name_the_segments() {
        // Row 1 of the band, box 2 (cells 9 + 6..9) and row 2, box 0 (cell 18).
        assert_eq!(row_pattern(1 << 16 | 1 << 18), 1 << 5 | 1 << 6);
        assert_eq!(expand_segments(1 << 5 | 1 << 6), 0b111 << 15 | 0b111 << 18);
    }

    #[test]
    fn pointing_and_claiming_clear_the_right_segments() {
        // Line-major bits: the digit lies on line 1 in boxes 0 and 2, and on line 0 in box 2.
        let pattern = 1 << 3 | 1 << 5 | 1 << 2;
        // Box 0 has it on line 1 only: line 1's other segments go (boxes 1 and 2). Line 0 has
        // it in box 2 only: box 2's other segments go (lines 1 and 2). Box 2 and line 1 hold
        // it twice and clear nothing.
        assert_eq!(ROW_CLEARING[pattern], 1 << 4 | 1 << 5 | 1 << 8);
        // The same pattern box-major: bit 3 * box + line.
        let transposed = 1 << 1 | 1 << 7 | 1 << 6;
        assert_eq!(COLUMN_CLEARING[transposed], 1 << 4 | 1 << 7 | 1 << 8);
    }
}
