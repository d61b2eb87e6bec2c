//! Wings: XY-wing, XYZ-wing and W-wing.

use super::board::Board;
use super::step::{Step, StepBuilder, Technique};
use super::subsets::bits;

/// An XY-wing (`xyz` false: a bivalue pivot `xy`) or an XYZ-wing (a pivot `xyz`), with
/// pincers `xz` and `yz` that see the pivot: `z` leaves every cell that sees both pincers
/// (and, for the XYZ-wing, the pivot).
pub(crate) fn xy_wing(board: &Board, xyz: bool) -> Option<Step> {
    let layout = &board.layout;
    let cells = layout.n * layout.n;
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..cells {
        let pm = board.marks[pivot];
        if pm.count_ones() != pivot_size {
            continue;
        }
        let pincers: Vec<usize> = layout.peers[pivot]
            .iter()
            .copied()
            .filter(|&p| board.marks[p].count_ones() == 2)
            .filter(|&p| {
                let shared = (board.marks[p] & pm).count_ones();
                if xyz {
                    board.marks[p] & !pm == 0
                } else {
                    shared == 1
                }
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (board.marks[a], board.marks[b]);
                if ma == mb {
                    continue;
                }
                let z = ma & mb;
                if z.count_ones() != 1 {
                    continue;
                }
                if xyz {
                    if ma | mb != pm {
                        continue;
                    }
                } else if (ma | mb) & !z != pm || pm & z != 0 {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let mut step = StepBuilder::new(
                    layout,
                    if xyz {
                        Technique::XyzWing
                    } else {
                        Technique::XyWing
                    },
                );
                let seen: &[usize] = if xyz { &[a, b, pivot] } else { &[a, b] };
                for c in layout.seeing_all(seen) {
                    if c != pivot && board.marks[c] & z != 0 {
                        step.eliminate(c, zd);
                    }
                }
                if step.has_effect() {
                    return Some(
                        step.cells([pivot, a, b])
                            .values(bits(pm | z).map(|d| d as u8 + 1))
                            .build(),
                    );
                }
            }
        }
    }
    None
}

/// A W-wing: two bivalue cells `xy` that do not see each other, joined by a strong link on
/// `y` (a unit where `y` has two places, one seeing each cell): one of them is `x`, so `x`
/// leaves every cell that sees both.
pub(crate) fn w_wing(board: &Board) -> Option<Step> {
    let layout = &board.layout;
    let n = layout.n;
    let cells = n * n;
    let bivalue: Vec<usize> = (0..cells)
        .filter(|&c| board.marks[c].count_ones() == 2)
        .collect();
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            if board.marks[a] != board.marks[b] || layout.sees(a, b) {
                continue;
            }
            let pair = board.marks[a];
            for y in bits(pair) {
                let x = bits(pair & !(1 << y))
                    .next()
                    .expect("a pair has two digits");
                for (u, unit) in layout.units.iter().enumerate() {
                    let places = board.places(u, y);
                    if places.count_ones() != 2 {
                        continue;
                    }
                    let mut ends = bits(places).map(|p| unit[p]);
                    let (Some(p), Some(q)) = (ends.next(), ends.next()) else {
                        continue;
                    };
                    let linked = |p: usize, q: usize| {
                        p != a
                            && q != b
                            && p != b
                            && q != a
                            && layout.sees(p, a)
                            && layout.sees(q, b)
                    };
                    if !(linked(p, q) || linked(q, p)) {
                        continue;
                    }
                    let mut step = StepBuilder::new(layout, Technique::WWing);
                    for c in layout.seeing_all(&[a, b]) {
                        if board.marks[c] >> x & 1 == 1 {
                            step.eliminate(c, x as u8 + 1);
                        }
                    }
                    if step.has_effect() {
                        return Some(
                            step.cells([a, b, p, q])
                                .units([u])
                                .values([x as u8 + 1, y as u8 + 1])
                                .build(),
                        );
                    }
                }
            }
        }
    }
    None
}
