//! Locked candidates and naked and hidden subsets, with the "direct" forms that Sudoku
//! Explainer rates lower: those whose eliminations at once leave a hidden single.

use super::board::Board;
use super::singles::hidden_single_in;
use super::step::{Step, StepBuilder, Technique};

/// Calls `found` with each `k`-subset of `items` (as indices into it) until it returns
/// `Some`.
pub(crate) fn subsets<T>(
    items: usize,
    k: usize,
    found: &mut impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    fn go<T>(
        items: usize,
        k: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        found: &mut impl FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return found(chosen);
        }
        for i in from..items {
            if items - i < k - chosen.len() {
                break;
            }
            chosen.push(i);
            if let Some(t) = go(items, k, i + 1, chosen, found) {
                return Some(t);
            }
            chosen.pop();
        }
        None
    }
    go(items, k, 0, &mut Vec::with_capacity(k), found)
}

/// The hidden single that eliminating `gone` (cells and values) leaves, if one does, in a
/// unit of one of those cells that `units` picks from its row, column and box (Sudoku
/// Explainer's direct techniques look in one kind of unit each): the cell, the value and
/// the unit.
fn direct_single(
    board: &Board,
    gone: &[(usize, u8)],
    units: impl Fn([usize; 3]) -> Vec<usize>,
) -> Option<(usize, u8, usize)> {
    let mut after = board.clone();
    for &(cell, value) in gone {
        after.eliminate(cell, value);
    }
    for &(cell, value) in gone {
        for u in units(board.layout.cell_units[cell]) {
            let d = value as usize - 1;
            if !after.has_placed(u, d) {
                if let Some((single, _)) = hidden_single_in(&after, u, 1 << d) {
                    return Some((single, value, u));
                }
            }
        }
    }
    None
}

/// Locked candidates: pointing (`pointing`: a box's places for a digit in one line) or
/// claiming (a line's places in one box). With `direct`, only those that leave a hidden
/// single, which the step then places.
pub(crate) fn locked_candidates(board: &Board, pointing: bool, direct: bool) -> Option<Step> {
    let layout = &board.layout;
    let n = layout.n;
    let (from, to) = if pointing {
        (2 * n..3 * n, 0..2 * n)
    } else {
        (0..2 * n, 2 * n..3 * n)
    };
    for u in from {
        for d in 0..n {
            // The units (of the kind sought) that hold every place of `d` in `u`: all of
            // them at first, narrowed by each place.
            let (mut count, mut common) = (0, [usize::MAX; 3]);
            for &c in &layout.units[u] {
                if board.marks[c] >> d & 1 == 1 {
                    let units = layout.cell_units[c];
                    if count == 0 {
                        common = units;
                    } else {
                        for (k, unit) in common.iter_mut().enumerate() {
                            if *unit != units[k] {
                                *unit = usize::MAX;
                            }
                        }
                    }
                    count += 1;
                }
            }
            if count < 2 {
                continue;
            }
            for v in common.into_iter().filter(|v| to.contains(v)) {
                let gone: Vec<(usize, u8)> = layout.units[v]
                    .iter()
                    .copied()
                    .filter(|c| board.marks[*c] >> d & 1 == 1 && !layout.units[u].contains(c))
                    .map(|c| (c, d as u8 + 1))
                    .collect();
                if gone.is_empty() {
                    continue;
                }
                let technique = match (pointing, direct) {
                    (true, false) => Technique::Pointing,
                    (false, false) => Technique::Claiming,
                    (true, true) => Technique::DirectPointing,
                    (false, true) => Technique::DirectClaiming,
                };
                let mut step = StepBuilder::new(layout, technique);
                if direct {
                    // Pointing leaves its single in a box the line crosses, claiming in a
                    // line that crosses the box.
                    let kinds = |units: [usize; 3]| {
                        if pointing {
                            vec![units[2]]
                        } else {
                            // A line parallel to the claiming one.
                            vec![units[usize::from(u >= n)]]
                        }
                    };
                    match direct_single(board, &gone, kinds) {
                        Some((cell, value, w)) => step = step.place(cell, value).units([w]),
                        None => continue,
                    }
                }
                for &(cell, value) in &gone {
                    step.eliminate(cell, value);
                }
                let cells = layout.units[u]
                    .iter()
                    .copied()
                    .filter(|&c| board.marks[c] >> d & 1 == 1);
                return Some(
                    step.units([u, v])
                        .cells(cells.collect::<Vec<_>>())
                        .values([d as u8 + 1])
                        .build(),
                );
            }
        }
    }
    None
}

/// A naked subset of `k` cells in a unit: `k` open cells with `k` candidates between them
/// take them from the unit's other cells.
pub(crate) fn naked_subset(board: &Board, k: usize) -> Option<Step> {
    let layout = &board.layout;
    let technique = match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    for (u, unit) in layout.units.iter().enumerate() {
        // With fewer than 2k open cells the other cells make the smaller hidden subset.
        if unit.iter().filter(|&&c| board.values[c] == 0).count() < 2 * k {
            continue;
        }
        let open: Vec<usize> = unit
            .iter()
            .copied()
            .filter(|&c| board.values[c] == 0 && board.marks[c].count_ones() as usize <= k)
            .collect();
        let found = subsets(open.len(), k, &mut |chosen| {
            let union = chosen.iter().fold(0, |m, &i| m | board.marks[open[i]]);
            if union.count_ones() as usize != k {
                return None;
            }
            let cells: Vec<usize> = chosen.iter().map(|&i| open[i]).collect();
            let mut step = StepBuilder::new(layout, technique);
            for &other in unit {
                if !cells.contains(&other) {
                    for d in bits(board.marks[other] & union) {
                        step.eliminate(other, d as u8 + 1);
                    }
                }
            }
            step.has_effect().then(|| {
                step.units([u])
                    .cells(cells.iter().copied())
                    .values(bits(union).map(|d| d as u8 + 1))
                    .build()
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A hidden subset of `k` digits in a unit: `k` digits with `k` places between them leave
/// those cells no other candidate. With `direct` (pairs and triples), only those that
/// leave a hidden single.
pub(crate) fn hidden_subset(board: &Board, k: usize, direct: bool) -> Option<Step> {
    let layout = &board.layout;
    let n = layout.n;
    let technique = match (k, direct) {
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriple,
        _ => Technique::HiddenQuad,
    };
    for (u, unit) in layout.units.iter().enumerate() {
        // With 2k open cells or fewer the other cells make the smaller naked subset.
        if unit.iter().filter(|&&c| board.values[c] == 0).count() <= 2 * k {
            continue;
        }
        let digits: Vec<usize> = (0..n)
            .filter(|&d| {
                let places = board.places(u, d).count_ones() as usize;
                places >= 1 && places <= k
            })
            .collect();
        let found = subsets(digits.len(), k, &mut |chosen| {
            let places = chosen
                .iter()
                .fold(0, |m, &i| m | board.places(u, digits[i]));
            if places.count_ones() as usize != k {
                return None;
            }
            let keep: u64 = chosen.iter().map(|&i| 1u64 << digits[i]).sum();
            let cells: Vec<usize> = bits(places).map(|p| unit[p]).collect();
            let gone: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&c| bits(board.marks[c] & !keep).map(move |d| (c, d as u8 + 1)))
                .collect();
            if gone.is_empty() {
                return None;
            }
            let mut step = StepBuilder::new(layout, technique);
            if direct {
                // The single is in the subset's own unit.
                let (cell, value, w) = direct_single(board, &gone, |_| vec![u])?;
                step = step.place(cell, value).units([w]);
            }
            for &(cell, value) in &gone {
                step.eliminate(cell, value);
            }
            Some(
                step.units([u])
                    .cells(cells)
                    .values(bits(keep).map(|d| d as u8 + 1))
                    .build(),
            )
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The positions of the set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}
