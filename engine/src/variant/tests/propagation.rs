//! The variant propagator ([`VariantSolver::set_propagation`]) changes the work of a search,
//! never its answers. On 4x4 boards, with a random mix of pairwise and table rules and a
//! few givens, the solutions with propagation on and off both equal the brute-force filter
//! of every grid, and so do the true candidates. On planted 6x6 and 9x9 grids (rules read
//! off a random solution, some of its digits as givens, fewer than [`CAP`] solutions) the
//! planted grid is found with propagation on, and the solutions and the true candidates are
//! the same on and off.

use super::*;
use crate::{Answerer, Logic};

/// The most solutions a planted puzzle may keep (more givens are added until it has fewer).
const CAP: usize = 50;

/// The solutions of `variant` that `solver` finds with propagation `on`, at most `cap`,
/// sorted with repeats kept (a solution found twice is a bug the comparisons must see).
fn solutions(solver: &mut VariantSolver, variant: &Variant, on: bool, cap: usize) -> Vec<Vec<u8>> {
    solver.set_propagation(on);
    let mut found = Vec::new();
    let mut stream = solver.solutions(variant);
    while found.len() < cap {
        let Some(grid) = stream.next_grid() else {
            break;
        };
        found.push(grid.cells().to_vec());
    }
    found.sort();
    found
}

/// A rule of a random family on the 4x4 grid, on two to four random cells: a kropki dot or
/// an XV of any value, a negative constraint, non-consecutive, anti-knight, a thermometer, a
/// line rule, clone, minimum, maximum or indexer, a killer cage (its total in `planted`, or
/// another, or none), an arrow, a little killer, sandwich or between line, or a region-sum
/// line, zipper line, double arrow or pill arrow.
fn random_rule_4x4(planted: &[u8], rng: &mut SetterRng) -> Rule {
    let cells = rng.permutation(N * N)[..2 + rng.below(3)].to_vec();
    let total: u32 = cells.iter().map(|&c| u32::from(planted[c])).sum();
    match rng.below(10) {
        0 => dots::random_marker(rng),
        1 => Rule::Negative([Marker::Difference, Marker::Ratio, Marker::Xv][rng.below(3)]),
        2 => [Rule::NonConsecutive, Rule::AntiKnight][rng.below(2)].clone(),
        3 => Rule::Thermometer(cells),
        4 | 5 => {
            // Every kind of `line_rule` but given pencil marks (10).
            let kind = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13][rng.below(13)];
            lines::line_rule(kind, cells, 1 + rng.below(3) as u8)
        }
        6 => Rule::Killer {
            cells,
            sum: [Some(total), Some(total + 1), None][rng.below(3)],
        },
        7 => Rule::Arrow {
            circle: cells[0],
            line: cells[1..].to_vec(),
        },
        _ => {
            // Little killers, sandwiches, between lines, and the tables that share a hidden
            // value: region-sum and zipper lines, double arrows and pill arrows.
            let kind = [1, 2, 5, 7, 8, 9, 10][rng.below(7)];
            tables::table_rule(kind, cells, 1 + rng.below(12) as u32, rng)
        }
    }
}

/// One to four rules of [`random_rule_4x4`] that the variant accepts together; with `keep`,
/// only rules that `planted` keeps (each judged by the oracle among all of them).
fn random_rules_4x4(planted: &[u8], keep: bool, rng: &mut SetterRng) -> Vec<Rule> {
    let want = 1 + rng.below(4);
    let mut rules = Vec::new();
    for _ in 0..60 {
        if rules.len() == want {
            break;
        }
        let mut with = rules.clone();
        with.push(random_rule_4x4(planted, rng));
        let valid = Variant::new(Grid::empty(Shape::new(2, 2).unwrap()), None, with.clone());
        if valid.is_ok() && (!keep || with.iter().all(|rule| oracle(rule, &with, planted))) {
            rules = with;
        }
    }
    rules
}

/// A random 4x4 case: the variant (rules of [`random_rules_4x4`], up to `givens` digits of
/// a random grid `planted` as givens), `planted`, and the brute-force solutions, sorted.
fn case_4x4(seed: u64, keep: bool, givens: usize) -> (Variant, Vec<u8>, Vec<Vec<u8>>) {
    let mut rng = SetterRng::for_puzzle(seed, 8);
    let grids = all_grids(&boxes());
    let planted = grids[rng.below(grids.len())].clone();
    let rules = random_rules_4x4(&planted, keep, &mut rng);
    let mut puzzle = Grid::empty(Shape::new(2, 2).unwrap());
    for _ in 0..givens {
        let cell = rng.below(N * N);
        puzzle.set(cell / N, cell % N, planted[cell]);
    }
    let mut expected: Vec<Vec<u8>> = grids
        .into_iter()
        .filter(|g| (0..N * N).all(|c| puzzle.cells()[c] == 0 || puzzle.cells()[c] == g[c]))
        .filter(|g| rules.iter().all(|rule| oracle(rule, &rules, g)))
        .collect();
    expected.sort();
    (
        Variant::new(puzzle, None, rules).unwrap(),
        planted,
        expected,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn propagation_keeps_the_brute_force_solutions_on_4x4(seed in any::<u64>(), keep in any::<bool>(), givens in 0usize..5) {
        let (variant, planted, expected) = case_4x4(seed, keep, givens);
        let rules = variant.rules();
        if keep {
            prop_assert!(expected.contains(&planted), "{:?} lost {:?}", rules, planted);
        }
        for logic in [Logic::Off, Logic::default()] {
            // One solver, switched back and forth: the switch holds for later questions.
            let mut solver = VariantSolver::with_logic(logic);
            for on in [true, false, true] {
                let found = solutions(&mut solver, &variant, on, usize::MAX);
                let context = format!("{rules:?} propagation {on} logic {logic}");
                prop_assert_eq!(&found, &expected, "{}", context);
                solver.set_propagation(on);
                let count = solver.count(&variant, None).solutions;
                prop_assert_eq!(count, expected.len() as u128, "count: {}", context);
            }
        }
    }

    #[test]
    fn propagation_keeps_the_true_candidates_on_4x4(seed in any::<u64>(), keep in any::<bool>(), givens in 0usize..5, cap in 0u64..4) {
        let (variant, _, expected) = case_4x4(seed, keep, givens);
        let cap = (cap > 0).then_some(cap);
        let mut solver = VariantSolver::new();
        solver.set_propagation(true);
        let on = solver.candidates(&variant, cap);
        solver.set_propagation(false);
        let off = solver.candidates(&variant, cap);
        prop_assert_eq!(&on, &off, "{:?}", variant.rules());
        prop_assert!(on.is_complete());
        for cell in 0..N * N {
            let mask = expected.iter().fold(0, |mask, g| mask | 1 << (g[cell] - 1));
            prop_assert_eq!(on.mask(cell), mask, "{:?} cell {}", variant.rules(), cell);
            for digit in 1..=N as u8 {
                let placing = expected.iter().filter(|g| g[cell] == digit).count() as u64;
                prop_assert_eq!(on.count(cell, digit), cap.map(|cap| placing.min(cap)));
            }
        }
    }
}

/// An irregular 4x4 layout of regions, for the houses-only cases below.
const JIGSAW_4X4: [usize; 16] = [0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];

/// A random 4x4 case of houses alone: the boxes or [`JIGSAW_4X4`], some of windoku,
/// disjoint groups and the two diagonals, and up to `givens` digits of a random grid as
/// givens; with the brute-force solutions, sorted.
fn houses_case_4x4(seed: u64, givens: usize) -> (Variant, Vec<Vec<u8>>) {
    let mut rng = SetterRng::for_puzzle(seed, 8);
    let irregular = rng.below(2) == 0;
    let region_of = if irregular {
        JIGSAW_4X4.to_vec()
    } else {
        boxes()
    };
    let regions = irregular.then(|| region_of.clone());
    let all = [
        Rule::Windoku,
        Rule::DisjointGroups,
        Rule::Diagonal(Diagonal::Main),
        Rule::Diagonal(Diagonal::Anti),
    ];
    let shape = Shape::new(2, 2).unwrap();
    let mut rules = Vec::new();
    for rule in all.into_iter().filter(|_| rng.below(2) == 0) {
        let mut with = rules.clone();
        with.push(rule);
        if Variant::new(Grid::empty(shape), regions.clone(), with.clone()).is_ok() {
            rules = with;
        }
    }
    let grids = all_grids(&region_of);
    let keeping: Vec<_> = grids
        .iter()
        .filter(|g| rules.iter().all(|rule| oracle(rule, &rules, g)))
        .collect();
    let mut puzzle = Grid::empty(shape);
    if let Some(planted) = keeping.get(rng.below(keeping.len().max(1))) {
        for _ in 0..givens {
            let cell = rng.below(N * N);
            puzzle.set(cell / N, cell % N, planted[cell]);
        }
    }
    let mut expected: Vec<Vec<u8>> = keeping
        .into_iter()
        .filter(|g| (0..N * N).all(|c| puzzle.cells()[c] == 0 || puzzle.cells()[c] == g[c]))
        .cloned()
        .collect();
    expected.sort();
    (Variant::new(puzzle, regions, rules).unwrap(), expected)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The pointing through houses alone (windows, disjoint groups, on boxes or jigsaw
    /// regions: see `Model::houses_only`) keeps every solution and every true candidate.
    #[test]
    fn houses_propagation_keeps_the_brute_force_solutions_on_4x4(seed in any::<u64>(), givens in 0usize..5) {
        let (variant, expected) = houses_case_4x4(seed, givens);
        let rules = variant.rules();
        let lines_shared = rules.contains(&Rule::Windoku) || rules.contains(&Rule::DisjointGroups);
        prop_assert_eq!(variant.model().houses_only, lines_shared, "{:?}", rules);
        for logic in [Logic::Off, Logic::default()] {
            let mut solver = VariantSolver::with_logic(logic);
            for on in [true, false] {
                let found = solutions(&mut solver, &variant, on, usize::MAX);
                prop_assert_eq!(&found, &expected, "{:?} propagation {} logic {}", rules, on, logic);
            }
            solver.set_propagation(true);
            let candidates = solver.candidates(&variant, None);
            for cell in 0..N * N {
                let mask = expected.iter().fold(0, |mask, g| mask | 1 << (g[cell] - 1));
                prop_assert_eq!(candidates.mask(cell), mask, "{:?} cell {}", rules, cell);
            }
        }
    }
}

mod planted;
