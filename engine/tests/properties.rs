//! Properties of the solver on random valid grids of random box shapes, with random cells
//! blanked. A planted solved grid is built from a pattern and shuffled by transforms that
//! keep it valid, so every puzzle made from it has at least that solution.

use crate::common::{assert_solves, distinct_solutions, pattern_grid, Transform};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::FileFailurePersistence;
use std::collections::HashSet;
use sudoku_dlx::exact_cover::{ExactCover, Propagator, Pruning};
use sudoku_dlx::sudoku::LogicOutcome;
use sudoku_dlx::{Grid, Logic, Shape, Solver, Verdict};

/// Box shapes and, for each, the largest share of cells a puzzle may blank: small grids are
/// emptied completely, larger ones only lightly so that each case stays quick.
const SHAPES: [(usize, usize, f64); 6] = [
    (2, 2, 1.0),
    (2, 3, 1.0),
    (3, 2, 1.0),
    (2, 4, 0.6),
    (3, 3, 0.5),
    (3, 4, 0.3),
];

/// Counts stop here; a puzzle with fewer solutions has all of them streamed and checked.
const CAP: u128 = 64;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Integration tests have no lib.rs above them, so name the file outright.
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/proptest-regressions/properties.txt"
        )))),
        ..ProptestConfig::default()
    }
}

fn permutation(len: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..len).collect::<Vec<usize>>()).prop_shuffle()
}

fn transform(shape: Shape) -> impl Strategy<Value = Transform> {
    let n = shape.size();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    let transpose = if box_rows == box_cols {
        any::<bool>().boxed()
    } else {
        Just(false).boxed()
    };
    (
        permutation(n),
        permutation(n / box_rows),
        prop::collection::vec(permutation(box_rows), n / box_rows),
        permutation(n / box_cols),
        prop::collection::vec(permutation(box_cols), n / box_cols),
        transpose,
    )
        .prop_map(
            |(digits, bands, rows_in_band, stacks, cols_in_stack, transpose)| Transform {
                digits: digits.iter().map(|&d| d as u8 + 1).collect(),
                bands,
                rows_in_band,
                stacks,
                cols_in_stack,
                transpose,
            },
        )
}

/// A solved grid of a random shape, and the most of it a puzzle may blank.
fn planted() -> impl Strategy<Value = (Grid, f64)> {
    select(&SHAPES[..]).prop_flat_map(|(box_rows, box_cols, max_blank)| {
        let shape = Shape::new(box_rows, box_cols).unwrap();
        transform(shape).prop_map(move |transform| {
            let cells = transform.apply(shape, &pattern_grid(shape));
            (Grid::from_cells(shape, cells).unwrap(), max_blank)
        })
    })
}

/// A planted solution and a puzzle made from it by blanking random cells.
fn puzzle() -> impl Strategy<Value = (Grid, Grid)> {
    planted()
        .prop_flat_map(|(solution, max_blank)| (Just(solution), 0.0..=max_blank))
        .prop_flat_map(|(solution, blank)| {
            let cells = solution.shape().cells();
            let mask = prop::collection::vec(prop::bool::weighted(blank), cells);
            (Just(solution), mask)
        })
        .prop_map(|(solution, mask)| {
            let n = solution.shape().size();
            let mut puzzle = solution.clone();
            for (cell, _) in mask.iter().enumerate().filter(|(_, &blank)| blank) {
                puzzle.set(cell / n, cell % n, 0);
            }
            (solution, puzzle)
        })
}

fn logic() -> impl Strategy<Value = Logic> {
    select(&Logic::ALL[..])
}

/// A small random exact-cover problem: primary and secondary item counts, and options that
/// are sets of distinct items with at least one primary item (the search branches on primary
/// items only, so as in Knuth's dlx an option of secondary items alone is never chosen).
/// Options often share several items, which Sudoku's options never do.
fn exact_cover_problem() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
    (1..=6usize, 0..=3usize).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = prop::sample::subsequence((0..items).collect::<Vec<_>>(), 1..=items)
            .prop_filter("an option needs a primary item", move |option| {
                option.iter().any(|&item| item < primary)
            })
            .prop_shuffle();
        (
            Just(primary),
            Just(secondary),
            prop::collection::vec(option, 0..=12),
        )
    })
}

/// Every solution by trying every subset of the options: sets of option numbers.
fn brute_force_cover(primary: usize, items: usize, options: &[Vec<usize>]) -> HashSet<Vec<usize>> {
    let mut solutions = HashSet::new();
    for subset in 0u32..1 << options.len() {
        let mut covered = vec![0; items];
        let chosen: Vec<usize> = (0..options.len())
            .filter(|o| subset >> o & 1 == 1)
            .collect();
        for &option in &chosen {
            for &item in &options[option] {
                covered[item] += 1;
            }
        }
        let exact = covered[..primary].iter().all(|&c| c == 1);
        if exact && covered[primary..].iter().all(|&c| c <= 1) {
            solutions.insert(chosen);
        }
    }
    solutions
}

/// A propagator that finds, by trying every subset of the live options, one that is part of
/// no solution of what is left, and removes it: one per call, so that removals spread over
/// many levels and are put back level by level.
struct RemoveDead {
    primary: usize,
    removed: usize,
}

impl Propagator for RemoveDead {
    fn propagate(&mut self, pruning: &mut Pruning<'_>) {
        let mut live: Vec<usize> = (0..pruning.items())
            .flat_map(|item| pruning.options_of(item).collect::<Vec<_>>())
            .collect();
        live.sort();
        live.dedup();
        let items: Vec<Vec<usize>> = live
            .iter()
            .map(|&o| pruning.option_items(o).collect())
            .collect();
        let mut useful = vec![false; live.len()];
        for subset in 0u32..1 << live.len() {
            let mut covered = vec![0; pruning.items()];
            for (k, option_items) in items.iter().enumerate() {
                if subset >> k & 1 == 1 {
                    for &item in option_items {
                        covered[item] += 1;
                    }
                }
            }
            let exact = (0..pruning.items()).all(|item| {
                let wanted = if item < self.primary && pruning.is_active(item) {
                    1
                } else {
                    0
                };
                if item < self.primary {
                    covered[item] == wanted
                } else {
                    covered[item] <= 1
                }
            });
            if exact {
                for (k, used) in useful.iter_mut().enumerate() {
                    *used |= subset >> k & 1 == 1;
                }
            }
        }
        if let Some(k) = useful.iter().position(|&used| !used) {
            assert!(
                pruning.remove(live[k]),
                "a live option could not be removed"
            );
            assert!(!pruning.remove(live[k]), "an option was removed twice");
            self.removed += 1;
        }
    }
}

/// Every solution up to `CAP + 1`, each checked valid and distinct.
fn streamed(solver: &mut Solver, puzzle: &Grid) -> HashSet<Grid> {
    let mut seen = HashSet::new();
    for solution in solver.solutions(puzzle).take(CAP as usize + 1) {
        assert_solves(&solution, puzzle, "streamed");
        assert!(seen.insert(solution), "a solution was streamed twice");
    }
    seen
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn blanked_grids_are_solved_keeping_their_givens(
        (planted, puzzle) in puzzle(),
        logic in logic(),
    ) {
        let mut solver = Solver::with_logic(logic);
        let solution = solver.solve(&puzzle).expect("the planted grid solves it");
        assert_solves(&solution, &puzzle, "first solution");
        let count = solver.count(&puzzle, Some(CAP));
        prop_assert!(count.solutions >= 1);
        if !count.capped {
            prop_assert!(streamed(&mut solver, &puzzle).contains(&planted));
        }
    }

    #[test]
    fn exact_cover_finds_what_brute_force_finds(
        (primary, secondary, options) in exact_cover_problem(),
    ) {
        let expected = brute_force_cover(primary, primary + secondary, &options);
        let mut matrix = ExactCover::new(primary, secondary);
        for option in &options {
            matrix.add_option(option).unwrap();
        }
        let count = matrix.count(None);
        prop_assert_eq!(count.solutions, expected.len() as u128);
        matrix.sanity();
        // A finished count leaves the search exhausted: start the stream from the top.
        matrix.restart();
        let streamed = distinct_solutions(|| matrix.next_solution().map(|s| s.options().collect()));
        prop_assert_eq!(&streamed, &expected);
        matrix.restart();
        matrix.sanity();
        for fixed in 0..options.len() {
            matrix.select(fixed).unwrap();
            let with_it = expected.iter().filter(|s| s.contains(&fixed)).count();
            prop_assert_eq!(matrix.count(None).solutions, with_it as u128);
            matrix.restart();
            matrix.sanity();
        }
    }

    #[test]
    fn a_propagator_that_removes_dead_options_keeps_every_solution(
        (primary, secondary, options) in exact_cover_problem(),
    ) {
        let expected = brute_force_cover(primary, primary + secondary, &options);
        let mut matrix = ExactCover::new(primary, secondary);
        for option in &options {
            matrix.add_option(option).unwrap();
        }
        let mut propagator = RemoveDead { primary, removed: 0 };
        let count = matrix.count_propagating(None, |_| true, &mut propagator);
        prop_assert_eq!(count.solutions, expected.len() as u128);
        prop_assert_eq!(matrix.stats().pruned, propagator.removed as u64);
        matrix.sanity();
        matrix.restart();
        let streamed = distinct_solutions(|| matrix.next_solution_propagating(&mut propagator).map(|s| s.options().collect()));
        prop_assert_eq!(&streamed, &expected);
        // Stopped after the first solution and continued without the propagator, then
        // abandoned: every removal is put back.
        matrix.restart();
        let first = matrix.next_solution_propagating(&mut propagator).is_some();
        let mut rest = 0;
        while matrix.next_solution().is_some() {
            rest += 1;
        }
        prop_assert_eq!(usize::from(first) + rest, expected.len());
        matrix.restart();
        matrix.sanity();
        prop_assert_eq!(matrix.count(None).solutions, expected.len() as u128);
    }

    #[test]
    fn blanking_one_cell_leaves_one_solution(
        (planted, _) in puzzle(),
        cell in any::<prop::sample::Index>(),
        logic in logic(),
    ) {
        let n = planted.shape().size();
        let cell = cell.index(n * n);
        let mut puzzle = planted.clone();
        puzzle.set(cell / n, cell % n, 0);
        let mut solver = Solver::with_logic(logic);
        prop_assert_eq!(solver.count(&puzzle, None).solutions, 1);
        prop_assert_eq!(solver.verdict(&puzzle), Verdict::Unique(planted.clone()));
        let digit = planted.cells()[cell];
        prop_assert_eq!(solver.count_excluding(&puzzle, &[(cell, digit)], None).solutions, 0);
    }

    #[test]
    fn streamed_solutions_are_distinct_valid_and_as_many_as_the_count(
        (planted, puzzle) in puzzle(),
        logic in logic(),
    ) {
        let mut solver = Solver::with_logic(logic);
        let all = streamed(&mut solver, &puzzle);
        let count = solver.count(&puzzle, Some(CAP));
        if count.capped {
            // Capped means the count stopped at the cap: there may be exactly CAP solutions.
            prop_assert_eq!(count.solutions, CAP);
            prop_assert!(all.len() as u128 >= CAP);
        } else {
            prop_assert_eq!(all.len() as u128, count.solutions);
            prop_assert!(all.contains(&planted));
            match solver.verdict(&puzzle) {
                Verdict::Unique(one) => prop_assert_eq!(all, HashSet::from([one])),
                Verdict::Multiple(one, two) => {
                    prop_assert!(one != two && all.contains(&one) && all.contains(&two));
                }
                Verdict::None => prop_assert!(false, "a planted solution exists"),
            }
        }
    }

    #[test]
    fn the_singles_pass_only_places_what_every_solution_holds(
        (planted, puzzle) in puzzle(),
        logic in logic(),
    ) {
        let mut solver = Solver::new();
        let placed = match solver.logic_pass(&puzzle, logic) {
            LogicOutcome::Contradiction => {
                return Err(TestCaseError::fail(format!("{puzzle} is solvable")));
            }
            LogicOutcome::Solved(grid) => {
                prop_assert_eq!(&grid, &planted);
                prop_assert_eq!(solver.count(&puzzle, Some(2)).solutions, 1);
                grid
            }
            LogicOutcome::Stuck(grid) => {
                prop_assert!(grid.cells().contains(&0));
                grid
            }
        };
        for (cell, &digit) in placed.cells().iter().enumerate() {
            prop_assert!(
                digit == 0 || digit == planted.cells()[cell],
                "singles put {} at cell {} where the planted solution has {}",
                digit, cell, planted.cells()[cell]
            );
            prop_assert!(puzzle.cells()[cell] == 0 || puzzle.cells()[cell] == digit);
        }
        if logic == Logic::Off {
            prop_assert_eq!(&placed, &puzzle);
        }
        // Placing only forced digits keeps every solution.
        let mut off = Solver::with_logic(Logic::Off);
        let before = off.count(&puzzle, Some(CAP));
        let after = off.count(&placed, Some(CAP));
        prop_assert_eq!(before, after);
        if !before.capped {
            prop_assert_eq!(streamed(&mut off, &puzzle), streamed(&mut off, &placed));
        }
    }
}
