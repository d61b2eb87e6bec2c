//! Singles: the last cell of a unit, a digit's last place in a unit, a cell's last
//! candidate.

use super::board::Board;
use super::step::{Step, StepBuilder, Technique};

/// The first full house: a unit with one open cell.
pub(crate) fn full_house(board: &Board) -> Option<Step> {
    let layout = &board.layout;
    for (u, cells) in layout.units.iter().enumerate() {
        let mut open = cells.iter().filter(|&&c| board.values[c] == 0);
        if let (Some(&cell), None) = (open.next(), open.next()) {
            if board.marks[cell].count_ones() == 1 {
                let value = board.marks[cell].trailing_zeros() as u8 + 1;
                return Some(
                    StepBuilder::new(layout, Technique::FullHouse)
                        .place(cell, value)
                        .units([u])
                        .values([value])
                        .build(),
                );
            }
        }
    }
    None
}

/// The first hidden single in a box (`boxes`) or in a row or column.
pub(crate) fn hidden_single(board: &Board, boxes: bool) -> Option<Step> {
    let layout = &board.layout;
    let n = layout.n;
    let (technique, units) = if boxes {
        (Technique::HiddenSingleBox, 2 * n..3 * n)
    } else {
        (Technique::HiddenSingleLine, 0..2 * n)
    };
    for u in units {
        if let Some((cell, d)) = hidden_single_in(board, u, (1 << n) - 1) {
            let value = d as u8 + 1;
            return Some(
                StepBuilder::new(layout, technique)
                    .place(cell, value)
                    .units([u])
                    .values([value])
                    .build(),
            );
        }
    }
    None
}

/// A digit of `digits` (bit set, from 0) with exactly one place in unit `u`: the cell and
/// the digit.
pub(crate) fn hidden_single_in(board: &Board, u: usize, digits: u64) -> Option<(usize, usize)> {
    let (mut once, mut twice) = (0u64, 0u64);
    for &cell in &board.layout.units[u] {
        let mark = board.marks[cell];
        twice |= once & mark;
        once |= mark;
    }
    let single = once & !twice & digits;
    if single == 0 {
        return None;
    }
    let d = single.trailing_zeros() as usize;
    let cell = board.layout.units[u]
        .iter()
        .copied()
        .find(|&c| board.marks[c] >> d & 1 == 1)?;
    Some((cell, d))
}

/// The first naked single: an open cell with one candidate.
pub(crate) fn naked_single(board: &Board) -> Option<Step> {
    let layout = &board.layout;
    (0..layout.n * layout.n)
        .find(|&c| board.values[c] == 0 && board.marks[c].count_ones() == 1)
        .map(|cell| {
            let value = board.marks[cell].trailing_zeros() as u8 + 1;
            StepBuilder::new(layout, Technique::NakedSingle)
                .place(cell, value)
                .cells([cell])
                .values([value])
                .build()
        })
}
