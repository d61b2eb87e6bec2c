//! Uniqueness techniques, which assume the puzzle has one solution: unique rectangles of
//! types 1 to 4 and BUG+1. A deadly pattern (two digits over four cells in two rows, two
//! columns and two boxes) would have two solutions, so the puzzle must avoid it.

use super::board::Board;
use super::step::{Step, StepBuilder, Technique};
use super::subsets::{bits, subsets};

/// The first unique rectangle of `kind` (1 to 4).
pub(crate) fn unique_rectangle(board: &Board, kind: u8) -> Option<Step> {
    let layout = &board.layout;
    let n = layout.n;
    let technique = match kind {
        1 => Technique::UniqueRectangle1,
        2 => Technique::UniqueRectangle2,
        3 => Technique::UniqueRectangle3,
        _ => Technique::UniqueRectangle4,
    };
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    let mut boxes: Vec<usize> =
                        corners.iter().map(|&c| layout.cell_units[c][2]).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 || corners.iter().any(|&c| board.values[c] != 0) {
                        continue;
                    }
                    let common = corners.iter().fold(u64::MAX, |m, &c| m & board.marks[c]);
                    for a in bits(common) {
                        for b in bits(common & !((2u64 << a) - 1)) {
                            let pair = 1u64 << a | 1 << b;
                            let step = rectangle(board, kind, &corners, pair);
                            if let Some(mut step) = step {
                                step.technique = technique;
                                return Some(step);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// The deduction of a unique rectangle of `kind` on `corners` with the digits `pair`.
fn rectangle(board: &Board, kind: u8, corners: &[usize; 4], pair: u64) -> Option<Step> {
    let layout = &board.layout;
    let technique = Technique::UniqueRectangle1;
    let (floor, roof): (Vec<usize>, Vec<usize>) =
        corners.iter().partition(|&&c| board.marks[c] == pair);
    let values = || bits(pair).map(|d| d as u8 + 1);
    let mut step = StepBuilder::new(layout, technique);
    if kind == 1 {
        if roof.len() != 1 {
            return None;
        }
        for d in bits(pair) {
            step.eliminate(roof[0], d as u8 + 1);
        }
        return Some(step.cells(corners.iter().copied()).values(values()).build());
    }
    if roof.len() != 2 || floor.len() != 2 {
        return None;
    }
    let (p, q) = (roof[0], roof[1]);
    let shared: Vec<usize> = layout.cell_units[p]
        .iter()
        .copied()
        .filter(|u| layout.cell_units[q].contains(u))
        .collect();
    if shared.is_empty() {
        return None;
    }
    let extra = (board.marks[p] | board.marks[q]) & !pair;
    match kind {
        2 => {
            if board.marks[p] != board.marks[q] || extra.count_ones() != 1 {
                return None;
            }
            let z = extra.trailing_zeros() as usize;
            for c in layout.seeing_all(&[p, q]) {
                if board.marks[c] >> z & 1 == 1 {
                    step.eliminate(c, z as u8 + 1);
                }
            }
        }
        3 => {
            if extra.count_ones() < 2 {
                return None;
            }
            for &u in &shared {
                let others: Vec<usize> = layout.units[u]
                    .iter()
                    .copied()
                    .filter(|&c| c != p && c != q && board.values[c] == 0)
                    .collect();
                for k in extra.count_ones() as usize..=4 {
                    let found = subsets(others.len(), k - 1, &mut |chosen| {
                        let union = chosen
                            .iter()
                            .fold(extra, |m, &i| m | board.marks[others[i]]);
                        if union.count_ones() as usize != k {
                            return None;
                        }
                        let mut s = StepBuilder::new(layout, technique);
                        for (i, &c) in others.iter().enumerate() {
                            if !chosen.contains(&i) {
                                for d in bits(board.marks[c] & union) {
                                    s.eliminate(c, d as u8 + 1);
                                }
                            }
                        }
                        s.has_effect().then(|| {
                            s.cells(corners.iter().copied())
                                .cells(chosen.iter().map(|&i| others[i]).collect::<Vec<_>>())
                                .units([u])
                                .values(values())
                                .build()
                        })
                    });
                    if found.is_some() {
                        return found;
                    }
                }
            }
            return None;
        }
        _ => {
            for &u in &shared {
                for d in bits(pair) {
                    let places = board.places(u, d);
                    if places.count_ones() == 2 {
                        let other = (pair & !(1 << d)).trailing_zeros() as u8 + 1;
                        step.eliminate(p, other);
                        step.eliminate(q, other);
                        return Some(
                            step.cells(corners.iter().copied())
                                .units([u])
                                .values(values())
                                .build(),
                        );
                    }
                }
            }
            return None;
        }
    }
    step.has_effect()
        .then(|| step.cells(corners.iter().copied()).values(values()).build())
}

/// BUG+1: every open cell has two candidates but one, which has three. Without that one's
/// extra digit the grid would be a deadly pattern, so the cell takes the digit that
/// appears three times in its row.
pub(crate) fn bug_plus_one(board: &Board) -> Option<Step> {
    let layout = &board.layout;
    let mut three = None;
    for c in 0..layout.n * layout.n {
        match (board.values[c], board.marks[c].count_ones()) {
            (0, 2) => {}
            (0, 3) if three.is_none() => three = Some(c),
            (0, _) => return None,
            _ => {}
        }
    }
    let cell = three?;
    let row = layout.cell_units[cell][0];
    let value = bits(board.marks[cell]).find(|&d| board.places(row, d).count_ones() == 3)?;
    Some(
        StepBuilder::new(layout, Technique::BugPlusOne)
            .place(cell, value as u8 + 1)
            .cells([cell])
            .values([value as u8 + 1])
            .build(),
    )
}
