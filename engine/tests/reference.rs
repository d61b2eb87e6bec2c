//! Reference answers: counts and puzzles whose answers are known independently of this
//! engine, checked through the public API only.

use crate::common::{assert_solves, distinct_solutions, pattern_grid, queens, SplitMix};
use std::collections::HashSet;
use sudoku_dlx::samples::FAMOUS;
use sudoku_dlx::sudoku::{LogicOutcome, ParseErrorKind, Unit};
use sudoku_dlx::{Cell, Count, Grid, Logic, Shape, Solver, Verdict};

const NORVIG_HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const INKALA_2012: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const NORVIG_SLOW: &str =
    "850002400720000009004000000000107002305000900040000000000080070017000000000036040";
/// The solution of the "world's hardest" puzzle as published with it.
const INKALA_2012_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

fn shape(box_rows: usize, box_cols: usize) -> Shape {
    Shape::new(box_rows, box_cols).unwrap()
}

fn grid(text: &str) -> Grid {
    text.parse()
        .unwrap_or_else(|error| panic!("{text}: {error}"))
}

fn counted(solutions: u128) -> Count {
    Count {
        solutions,
        capped: false,
    }
}

#[test]
fn the_empty_4x4_grid_has_288_solutions_at_every_logic_level() {
    for logic in Logic::ALL {
        let mut solver = Solver::with_logic(logic);
        let empty = Grid::empty(shape(2, 2));
        assert_eq!(solver.count(&empty, None), counted(288), "{logic:?}");
    }
}

#[cfg_attr(
    debug_assertions,
    ignore = "28 million solutions: run with cargo test --release"
)]
#[test]
fn the_empty_6x6_grid_with_2x3_boxes_has_28_200_960_solutions() {
    let mut solver = Solver::new();
    let count = solver.count(&Grid::empty(shape(2, 3)), None);
    assert_eq!(count, counted(28_200_960));
}

#[cfg_attr(
    debug_assertions,
    ignore = "28 million solutions: run with cargo test --release"
)]
#[test]
fn the_empty_6x6_grid_with_3x2_boxes_has_the_same_count() {
    let mut solver = Solver::new();
    let count = solver.count(&Grid::empty(shape(3, 2)), None);
    assert_eq!(count, counted(28_200_960));
}

#[test]
fn the_three_famous_hard_puzzles_are_solved_and_unique() {
    for text in [NORVIG_HARD, INKALA_2012, NORVIG_SLOW] {
        let puzzle = grid(text);
        for logic in Logic::ALL {
            let mut solver = Solver::with_logic(logic);
            let solution = solver.solve(&puzzle).expect("a solution");
            assert_solves(&solution, &puzzle, text);
            assert_eq!(
                solver.count(&puzzle, None),
                counted(1),
                "{text} at {logic:?}"
            );
            assert_eq!(
                solver.verdict(&puzzle),
                Verdict::Unique(solution),
                "{text} at {logic:?}"
            );
        }
    }
    let solution = Solver::new().solve(&grid(INKALA_2012)).unwrap();
    assert_eq!(solution.to_string(), INKALA_2012_SOLUTION);
}

#[test]
fn every_built_in_famous_puzzle_has_its_recorded_count() {
    let mut solver = Solver::new();
    assert!(!FAMOUS.is_empty());
    for sample in FAMOUS {
        let puzzle = grid(sample.puzzle);
        let solution = solver.solve(&puzzle).expect(sample.name);
        assert_solves(&solution, &puzzle, sample.name);
        assert_eq!(
            solver.count(&puzzle, None),
            counted(sample.solutions as u128),
            "{}",
            sample.name
        );
        assert_eq!(sample.solutions, 1, "FAMOUS promises unique puzzles");
        assert_eq!(solver.verdict(&puzzle), Verdict::Unique(solution));
    }
}

/// Counts n-queens placements by plain backtracking, with the queen of row 0 in `first_col`
/// when given: an answer that owes nothing to the exact-cover code.
fn brute_force_queens(n: usize, first_col: Option<usize>) -> u64 {
    fn place(n: usize, row: usize, cols: &mut Vec<usize>, first_col: Option<usize>) -> u64 {
        if row == n {
            return 1;
        }
        let mut total = 0;
        for col in 0..n {
            if row == 0 && first_col.is_some_and(|first| first != col) {
                continue;
            }
            let attacked = cols
                .iter()
                .enumerate()
                .any(|(r, &c)| c == col || row - r == col.abs_diff(c));
            if !attacked {
                cols.push(col);
                total += place(n, row + 1, cols, first_col);
                cols.pop();
            }
        }
        total
    }
    place(n, 0, &mut Vec::new(), first_col)
}

#[test]
fn weighted_branching_counts_the_same_queens_once_it_learns() {
    // Twelve queens meet far more dead ends than the weighted rule waits for, so most of its
    // guesses follow the weights: the count must not change.
    let mut matrix = queens(12);
    matrix.set_branching(sudoku_dlx::exact_cover::Branching::Weighted);
    assert_eq!(matrix.count(None).solutions, 14_200);
    let weighted = matrix.stats();
    assert!(weighted.dead_ends > 10_000, "{weighted:?}");
    let mut plain = queens(12);
    plain.count(None);
    assert_ne!(
        plain.stats().nodes,
        weighted.nodes,
        "the rule changed no choice"
    );
    matrix.restart();
    let streamed = distinct_solutions(|| matrix.next_solution().map(|s| s.options().collect()));
    assert_eq!(streamed.len(), 14_200);
}

#[test]
fn eight_and_ten_queens_have_92_and_724_solutions() {
    for (n, expected) in [(8, 92), (10, 724)] {
        let mut matrix = queens(n);
        assert_eq!(
            matrix.count(None),
            sudoku_dlx::exact_cover::Count {
                solutions: expected,
                capped: false
            }
        );
        assert_eq!(brute_force_queens(n, None) as u128, expected);
        let stats = matrix.stats();
        assert_eq!(stats.solutions as u128, expected);
        assert!(stats.max_depth as usize <= n);
    }
}

#[test]
fn streamed_eight_queens_solutions_are_distinct_non_attacking_placements() {
    let n = 8;
    let mut matrix = queens(n);
    let mut seen = HashSet::new();
    while let Some(solution) = matrix.next_solution() {
        assert_eq!(solution.len(), n);
        let mut queens: Vec<(usize, usize)> = solution.options().map(|o| (o / n, o % n)).collect();
        queens.sort();
        for (i, &(r1, c1)) in queens.iter().enumerate() {
            for &(r2, c2) in &queens[i + 1..] {
                assert!(
                    r1 != r2 && c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2),
                    "queens {:?} and {:?} attack each other",
                    (r1, c1),
                    (r2, c2)
                );
            }
        }
        assert!(seen.insert(queens), "a placement was reported twice");
    }
    assert_eq!(seen.len(), 92);
    assert!(
        matrix.next_solution().is_none(),
        "exhausted stays exhausted"
    );
    matrix.restart();
    assert_eq!(matrix.count(None).solutions, 92, "restart searches again");
}

#[test]
fn selected_options_are_part_of_every_solution() {
    let n = 8;
    for first_col in 0..n {
        let mut matrix = queens(n);
        matrix.select(first_col).unwrap();
        let expected = brute_force_queens(n, Some(first_col)) as u128;
        assert_eq!(
            matrix.count(None).solutions,
            expected,
            "queen at a{first_col}"
        );
        matrix.restart();
        matrix.select(first_col).unwrap();
        while let Some(solution) = matrix.next_solution() {
            assert_eq!(solution.options().next(), Some(first_col));
        }
        // A queen in the same row conflicts with the selection.
        let same_row = (first_col + 1) % n;
        assert!(matrix.select(same_row).is_err());
    }
}

#[test]
fn caps_stop_the_count_and_say_so() {
    let empty = Grid::empty(shape(2, 2));
    for logic in Logic::ALL {
        let mut solver = Solver::with_logic(logic);
        for cap in [0, 1, 2, 10, 287, 288, 289, 1000] {
            let count = solver.count(&empty, Some(cap));
            assert_eq!(count.solutions, cap.min(288), "cap {cap} at {logic:?}");
            assert_eq!(count.capped, cap <= 288, "cap {cap} at {logic:?}");
        }
        // One puzzle that needs a search at every logic, one that singles solve (except
        // with logic off), and one without a solution.
        for text in [NORVIG_HARD, "..21....24......"] {
            for (cap, capped) in [(1, true), (2, false)] {
                let count = solver.count(&grid(text), Some(cap));
                let expected = Count {
                    solutions: 1,
                    capped,
                };
                assert_eq!(count, expected, "{text}, cap {cap} at {logic:?}");
            }
        }
        let none = grid(".12..4..3.......");
        assert_eq!(solver.count(&none, Some(1)), counted(0));
        let mut calls = Vec::new();
        let count = solver.count_excluding_while(&empty, &[], None, |found| {
            calls.push(found);
            found < 5
        });
        assert_eq!(
            count,
            Count {
                solutions: 5,
                capped: true
            }
        );
        assert_eq!(calls, vec![1, 2, 3, 4, 5]);
    }
    let mut matrix = queens(8);
    for (cap, expected) in [(10, 10), (92, 92), (93, 92)] {
        let count = matrix.count(Some(cap));
        assert_eq!(count.solutions, expected);
        assert_eq!(count.capped, cap <= 92);
    }
}

#[test]
fn clashing_givens_are_rejected_naming_the_clash() {
    let cases = [
        // Same digit in a row.
        (
            format!("..5.5{}", ".".repeat(76)),
            Shape::CLASSIC,
            5,
            Unit::Row(0),
            (0, 2),
            (0, 4),
        ),
        // In a column: r2c9 and r8c9.
        (
            {
                let mut cells = vec!['.'; 81];
                cells[9 + 8] = '7';
                cells[7 * 9 + 8] = '7';
                cells.into_iter().collect()
            },
            Shape::CLASSIC,
            7,
            Unit::Column(8),
            (1, 8),
            (7, 8),
        ),
        // In a 2x3 box only: r3c4 and r4c6 share box 4 but no row or column.
        (
            {
                let mut cells = vec!['.'; 36];
                cells[2 * 6 + 3] = '6';
                cells[3 * 6 + 5] = '6';
                cells.into_iter().collect()
            },
            shape(2, 3),
            6,
            Unit::Box(3),
            (2, 3),
            (3, 5),
        ),
    ];
    for (text, shape, digit, unit, first, second) in cases {
        let error = Grid::parse_with_shape(&text, Some(shape)).unwrap_err();
        let ParseErrorKind::Clash(clash) = error.kind else {
            panic!("{text}: expected a clash, got {error}");
        };
        assert_eq!(clash.digit, digit);
        assert_eq!(clash.unit, unit);
        let cell = |(row, col)| Cell { row, col };
        assert_eq!((clash.first, clash.second), (cell(first), cell(second)));
        assert_eq!(
            (error.line, error.column),
            (1, second.0 * shape.size() + second.1 + 1)
        );
        let message = error.to_string();
        for part in [
            format!("digit {digit}"),
            unit.to_string(),
            cell(first).to_string(),
            cell(second).to_string(),
        ] {
            assert!(message.contains(&part), "{message:?} does not name {part}");
        }
    }
}

/// `puzzle` with one empty cell given a digit that clashes with no given but differs from
/// the unique solution: clash-free, and without a solution.
fn with_a_wrong_digit(puzzle: &Grid) -> Grid {
    let solution = Solver::new().solve(puzzle).unwrap();
    let n = puzzle.shape().size();
    for cell in (0..puzzle.shape().cells()).filter(|&c| puzzle.cells()[c] == 0) {
        for digit in 1..=n as u8 {
            let mut wrong = puzzle.clone();
            wrong.set(cell / n, cell % n, digit);
            if digit != solution.cells()[cell] && wrong.clash().is_none() {
                return wrong;
            }
        }
    }
    panic!("no cell takes a wrong digit without a clash");
}

#[test]
fn a_clash_free_puzzle_without_a_solution_counts_zero() {
    // r1c1 sees 1 and 2 in its row, 3 in its column and 4 in its box.
    let mut puzzles = vec![grid(".12..4..3.......")];
    puzzles.extend(
        [NORVIG_HARD, INKALA_2012, NORVIG_SLOW].map(|text| with_a_wrong_digit(&grid(text))),
    );
    for puzzle in &puzzles {
        assert!(puzzle.clash().is_none());
        assert!(
            Grid::parse(&puzzle.to_string()).is_ok(),
            "parsing accepts {puzzle}"
        );
        for logic in Logic::ALL {
            let mut solver = Solver::with_logic(logic);
            assert_eq!(
                solver.count(puzzle, None),
                counted(0),
                "{puzzle} at {logic:?}"
            );
            assert_eq!(
                solver.verdict(puzzle),
                Verdict::None,
                "{puzzle} at {logic:?}"
            );
            assert_eq!(solver.solve(puzzle), None);
            assert_eq!(solver.solutions(puzzle).count(), 0);
        }
    }
    let mut solver = Solver::new();
    assert_eq!(
        solver.logic_pass(&puzzles[0], Logic::NakedSingles),
        LogicOutcome::Contradiction
    );
}

/// A 9x9 puzzle with many solutions: the solution of the "world's hardest" with its first
/// band and its last column emptied.
fn loose_puzzle() -> Grid {
    let mut puzzle = grid(INKALA_2012_SOLUTION);
    for cell in 0..81 {
        if cell < 27 || cell % 9 == 8 {
            puzzle.set(cell / 9, cell % 9, 0);
        }
    }
    puzzle
}

/// Every solution, streamed, checked valid and distinct.
fn streamed(solver: &mut Solver, puzzle: &Grid) -> HashSet<Grid> {
    let mut seen = HashSet::new();
    for solution in solver.solutions(puzzle) {
        assert_solves(&solution, puzzle, "streamed");
        assert!(seen.insert(solution), "a solution was streamed twice");
    }
    seen
}

#[test]
fn streamed_solutions_match_the_count_and_agree_across_logic_levels() {
    let planted = grid(INKALA_2012_SOLUTION);
    let puzzles = [Grid::empty(shape(2, 2)), loose_puzzle(), grid(NORVIG_HARD)];
    for puzzle in &puzzles {
        let mut answers = Vec::new();
        for logic in Logic::ALL {
            let mut solver = Solver::with_logic(logic);
            let all = streamed(&mut solver, puzzle);
            let count = solver.count(puzzle, None);
            assert_eq!(count, counted(all.len() as u128), "{puzzle} at {logic:?}");
            let mut cells = Vec::new();
            let mut stream = solver.solutions(puzzle);
            while let Some(solution) = stream.next_cells() {
                cells.push(solution.to_vec());
            }
            assert_eq!(cells.len(), all.len(), "next_cells streams as many");
            match solver.verdict(puzzle) {
                Verdict::None => assert!(all.is_empty()),
                Verdict::Unique(one) => assert_eq!(all, HashSet::from([one])),
                Verdict::Multiple(one, two) => {
                    assert!(all.len() >= 2 && one != two);
                    assert!(all.contains(&one) && all.contains(&two));
                }
            }
            answers.push(all);
        }
        assert!(answers.iter().all(|all| *all == answers[0]), "{puzzle}");
    }
    let loose = Solver::new().count(&puzzles[1], None).solutions;
    assert!(loose > 2, "the loose puzzle has {loose} solutions");
    assert!(streamed(&mut Solver::new(), &puzzles[1]).contains(&planted));
}

/// A solved grid of `shape` shuffled by `seed`, then a puzzle of it with each cell kept
/// with probability `keep_percent`%.
fn blanked(shape: Shape, seed: u64, keep_percent: usize) -> (Grid, Grid) {
    let mut random = SplitMix(seed);
    let transform = random.transform(shape);
    let cells = transform.apply(shape, &pattern_grid(shape));
    let solution = Grid::from_cells(shape, cells).unwrap();
    let mut puzzle = solution.clone();
    let n = shape.size();
    for cell in 0..shape.cells() {
        if random.below(100) >= keep_percent {
            puzzle.set(cell / n, cell % n, 0);
        }
    }
    (solution, puzzle)
}

#[test]
fn large_shapes_are_solved() {
    for (shape, keep_percent) in [(shape(4, 4), 45), (shape(3, 4), 40), (shape(4, 3), 40)] {
        for seed in 0..4 {
            let (planted, puzzle) = blanked(shape, seed, keep_percent);
            let text = puzzle.to_string();
            assert_eq!(Grid::parse_with_shape(&text, Some(shape)).unwrap(), puzzle);
            let mut solver = Solver::new();
            let solution = solver.solve(&puzzle).expect("the planted grid solves it");
            assert_solves(&solution, &puzzle, &text);
            assert!(solver.count(&puzzle, Some(1)).solutions == 1);
            // With most cells kept the planted grid is the only solution.
            let (planted_too, nearly_full) = blanked(shape, seed, 85);
            assert_eq!(planted_too, planted);
            match solver.verdict(&nearly_full) {
                Verdict::Unique(only) => assert_eq!(only, planted),
                Verdict::Multiple(one, two) => {
                    assert_solves(&one, &nearly_full, "first of two");
                    assert_solves(&two, &nearly_full, "second of two");
                }
                Verdict::None => panic!("{nearly_full} has the planted solution"),
            }
        }
    }
}
