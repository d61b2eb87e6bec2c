//! Fish: X-wing, swordfish and jellyfish, plain and finned (sashimi included).

use super::board::Board;
use super::step::{Step, StepBuilder, Technique};
use super::subsets::{bits, subsets};

/// A fish of `k` lines on one digit. Plain: `k` base lines whose places lie in `k` cover
/// lines; the digit leaves the cover lines' other cells. Finned (`finned`): the base lines
/// have extra places (the fins), all in one box; the digit leaves only the cells of the
/// cover lines in that box.
pub(crate) fn fish(board: &Board, k: usize, finned: bool) -> Option<Step> {
    let layout = &board.layout;
    let n = layout.n;
    let technique = match (k, finned) {
        (2, false) => Technique::XWing,
        (3, false) => Technique::Swordfish,
        (4, false) => Technique::Jellyfish,
        (2, true) => Technique::FinnedXWing,
        (3, true) => Technique::FinnedSwordfish,
        _ => Technique::FinnedJellyfish,
    };
    for d in 0..n {
        for rows in [true, false] {
            let offset = if rows { 0 } else { n };
            let cover_offset = if rows { n } else { 0 };
            let cell = |line: usize, pos: usize| {
                if rows {
                    line * n + pos
                } else {
                    pos * n + line
                }
            };
            let limit = if finned { k + 2 } else { k };
            let lines: Vec<(usize, u64)> = (0..n)
                .map(|line| (line, board.places(offset + line, d)))
                .filter(|&(_, p)| p != 0 && p.count_ones() as usize <= limit)
                .collect();
            let found = subsets(lines.len(), k, &mut |chosen| {
                let union = chosen.iter().fold(0, |m, &i| m | lines[i].1);
                let base: Vec<usize> = chosen.iter().map(|&i| lines[i].0).collect();
                let size = union.count_ones() as usize;
                if !finned {
                    if size != k {
                        return None;
                    }
                    let mut step = StepBuilder::new(layout, technique);
                    for pos in bits(union) {
                        for line in 0..n {
                            let c = cell(line, pos);
                            if !base.contains(&line) && board.marks[c] >> d & 1 == 1 {
                                step.eliminate(c, d as u8 + 1);
                            }
                        }
                    }
                    return step.has_effect().then(|| {
                        let cells = base
                            .iter()
                            .flat_map(|&l| bits(union).map(move |p| (l, p)))
                            .map(|(l, p)| cell(l, p))
                            .filter(|&c| board.marks[c] >> d & 1 == 1);
                        step.units(base.iter().map(|l| offset + l))
                            .units(bits(union).map(|p| cover_offset + p))
                            .cells(cells.collect::<Vec<_>>())
                            .values([d as u8 + 1])
                            .build()
                    });
                }
                if size <= k || size > k + 3 {
                    return None;
                }
                let positions: Vec<usize> = bits(union).collect();
                subsets(positions.len(), k, &mut |cover| {
                    let covers: u64 = cover.iter().map(|&i| 1u64 << positions[i]).sum();
                    // The fins (places outside the covers) must all lie in one box.
                    let mut fin_box = None;
                    for &i in chosen {
                        let (line, places) = lines[i];
                        for pos in bits(places & !covers) {
                            let b = layout.cell_units[cell(line, pos)][2];
                            match fin_box {
                                None => fin_box = Some(b),
                                Some(other) if other != b => return None,
                                _ => {}
                            }
                        }
                    }
                    let fin_box = fin_box?;
                    let fins = || {
                        chosen.iter().flat_map(|&i| {
                            let (line, places) = lines[i];
                            bits(places & !covers).map(move |p| cell(line, p))
                        })
                    };
                    let mut step = StepBuilder::new(layout, technique);
                    for pos in bits(covers) {
                        for line in 0..n {
                            let c = cell(line, pos);
                            if !base.contains(&line)
                                && board.marks[c] >> d & 1 == 1
                                && layout.cell_units[c][2] == fin_box
                            {
                                step.eliminate(c, d as u8 + 1);
                            }
                        }
                    }
                    step.has_effect().then(|| {
                        let body = base
                            .iter()
                            .flat_map(|&l| bits(covers).map(move |p| cell(l, p)))
                            .filter(|&c| board.marks[c] >> d & 1 == 1)
                            .chain(fins());
                        step.units(base.iter().map(|l| offset + l))
                            .units(bits(covers).map(|p| cover_offset + p))
                            .cells(body.collect::<Vec<_>>())
                            .values([d as u8 + 1])
                            .build()
                    })
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
