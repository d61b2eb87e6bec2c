//! Row, column and box indexers: their meaning on a solved 4x4 grid written again here
//! (dclamage's definition), the solver's solutions against the brute-force filter on boxes
//! and on a jigsaw, and read -> write -> read through the f-puzzles format.

use super::*;
use crate::variant::Indexer;

/// The meaning of an indexer rule on a solved 4x4 grid `g` whose regions are `region_of`:
/// the digit `x` of a cell in row `r`, column `c` (from 1) says that `r` is in row `x` of
/// column `c` (row indexer), that `c` is in column `x` of row `r` (column indexer), or that
/// the `x`-th cell of the cell's region holds the cell's place in it (box indexer).
pub(super) fn oracle(rule: &Rule, region_of: &[usize], g: &[u8]) -> bool {
    let Rule::Indexer { kind, cells } = rule else {
        unreachable!("{rule:?} is not an indexer")
    };
    cells.iter().all(|&cell| {
        let (r, c) = (cell / N, cell % N);
        let x = usize::from(g[cell]);
        match kind {
            Indexer::Row => usize::from(g[(x - 1) * N + c]) == r + 1,
            Indexer::Column => usize::from(g[r * N + x - 1]) == c + 1,
            Indexer::Box => {
                let region: Vec<usize> = (0..N * N)
                    .filter(|&other| region_of[other] == region_of[cell])
                    .collect();
                let place = region.iter().position(|&other| other == cell).unwrap();
                usize::from(g[region[x - 1]]) == place + 1
            }
        }
    })
}

const KINDS: [Indexer; 3] = [Indexer::Row, Indexer::Column, Indexer::Box];

#[test]
fn indexers_match_brute_force() {
    for kind in KINDS {
        for cells in [
            vec![0],
            vec![5],
            vec![0, 4, 8, 12],
            vec![1, 6, 11],
            vec![3, 7],
        ] {
            check_rules(None, vec![Rule::Indexer { kind, cells }]);
        }
    }
    // Two kinds on one grid, and an indexer with a diagonal.
    check_rules(
        None,
        vec![
            Rule::Indexer {
                kind: Indexer::Row,
                cells: vec![0, 1],
            },
            Rule::Indexer {
                kind: Indexer::Column,
                cells: vec![4, 14],
            },
            Rule::Diagonal(Diagonal::Main),
        ],
    );
}

#[test]
fn a_box_indexer_indexes_the_jigsaw_region_in_reading_order() {
    // Regions 0: r1c1-r1c3 and r2c1; 1: r1c4 and r2c2-r2c4; 2 and 3 the boxes below.
    let regions = vec![0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
    for cells in [vec![4], vec![3, 5], vec![0, 1, 2, 4]] {
        let rule = Rule::Indexer {
            kind: Indexer::Box,
            cells,
        };
        let expected = all_grids(&regions)
            .into_iter()
            .filter(|g| oracle(&rule, &regions, g))
            .count();
        let shape = Shape::new(2, 2).unwrap();
        let variant = Variant::new(Grid::empty(shape), Some(regions.clone()), vec![rule]).unwrap();
        let count = VariantSolver::new().count(&variant, None).solutions;
        assert_eq!(count, expected as u128, "{:?}", variant.rules());
    }
}

#[test]
#[cfg(feature = "fpuzzles")]
fn indexers_read_and_write_as_f_puzzles_documents() {
    let empty = "[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]";
    let text = format!(
        r#"{{"size":4,"grid":{empty},"rowindexer":[{{"cells":["R1C1","R1C2"]}}],
        "columnindexer":[{{"cells":["R2C1"]}}],"boxindexer":[{{"cells":["R4C4","R3C3"]}}],
        "cage":[{{"cells":["R1C1","R1C2","R1C3","R1C4","R2C1"],"fromConstraint":"Row Indexer"}}]}}"#
    );
    // The cage that f-puzzles draws around the indexer cells (`fromConstraint`) is a
    // drawing, not a killer cage (five cells could not hold distinct digits).
    let variant = crate::variant::fpuzzles::parse(&text).unwrap();
    assert_eq!(
        variant.rules(),
        [
            Rule::Indexer {
                kind: Indexer::Box,
                cells: vec![15, 10]
            },
            Rule::Indexer {
                kind: Indexer::Column,
                cells: vec![4]
            },
            Rule::Indexer {
                kind: Indexer::Row,
                cells: vec![0, 1]
            },
        ]
    );
    let written = crate::variant::fpuzzles::to_json(&variant).to_string();
    assert_eq!(crate::variant::fpuzzles::parse(&written).unwrap(), variant);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn random_indexers_match_brute_force_on_4x4(seed in any::<u64>(), keep in any::<bool>()) {
        // One or two indexers of one to four cells; with `keep`, only those a random grid
        // keeps (so that there is a solution to find).
        let mut rng = SetterRng::for_puzzle(seed, 4);
        let grids = all_grids(&boxes());
        let planted = grids[rng.below(grids.len())].clone();
        let mut rules = Vec::new();
        while rules.len() < 1 + rng.below(2) {
            let cells = rng.permutation(N * N)[..1 + rng.below(4)].to_vec();
            let rule = Rule::Indexer { kind: KINDS[rng.below(3)], cells };
            if !keep || oracle(&rule, &boxes(), &planted) {
                rules.push(rule);
            }
        }
        let count = check_rules(None, rules.clone());
        if keep {
            prop_assert!(count >= 1, "{rules:?} lost {planted:?}");
        }
    }
}
