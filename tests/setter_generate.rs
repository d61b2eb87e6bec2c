//! Generated puzzles, checked with the engine: unique, minimal when asked, symmetric when
//! asked, of the difficulty asked, and the same for the same seed on any number of threads.

use crate::cli_support::{stdout_of, sudoku};
use sudoku_dlx::setter::{Difficulty, GenerateOptions, Generator, Rater, Symmetry};
use sudoku_dlx::{Grid, Logic, Shape, Solver};

/// Asserts that `puzzle` has `solution` as its only solution, and, when `minimal`, that
/// removing any single given lets in a second one.
fn assert_unique(solver: &mut Solver, puzzle: &Grid, solution: &Grid, minimal: bool) {
    assert_eq!(solver.count(puzzle, Some(2)).solutions, 1, "{puzzle}");
    assert!(solution.solves(puzzle), "{puzzle}");
    if !minimal {
        return;
    }
    let n = puzzle.shape().size();
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            let mut loose = puzzle.clone();
            loose.set(cell / n, cell % n, 0);
            let count = solver.count(&loose, Some(2)).solutions;
            assert_eq!(
                count,
                2,
                "{puzzle}: r{}c{} is not needed",
                cell / n + 1,
                cell % n + 1
            );
        }
    }
}

#[test]
fn minimal_puzzles_of_every_shape_and_symmetry_are_unique_minimal_and_symmetric() {
    let mut solver = Solver::new();
    let cases: &[(&str, &[Symmetry], u64)] = &[
        ("2x2", &Symmetry::ALL, 4),
        (
            "2x3",
            &[Symmetry::None, Symmetry::Rot180, Symmetry::Mirror],
            4,
        ),
        (
            "3x2",
            &[Symmetry::None, Symmetry::Diagonal, Symmetry::Rot90],
            4,
        ),
        (
            "3x3",
            &[
                Symmetry::None,
                Symmetry::Rot180,
                Symmetry::Rot90,
                Symmetry::Mirror,
                Symmetry::Flip,
                Symmetry::Antidiagonal,
            ],
            3,
        ),
        ("3x4", &[Symmetry::None, Symmetry::Rot180], 2),
    ];
    for &(shape, symmetries, count) in cases {
        let shape: Shape = shape.parse().unwrap();
        for &symmetry in symmetries {
            let mut options = GenerateOptions::new(shape);
            options.symmetry = symmetry;
            options.minimal = true;
            let mut generator = Generator::new(options);
            for index in 0..count {
                let Ok(made) = generator.generate(11, index) else {
                    // Four or eight reflections leave too few patterns for a minimal 4x4
                    // puzzle (none in 10,000 grids): the error says so.
                    assert!(
                        matches!(symmetry, Symmetry::MirrorFlip | Symmetry::Full),
                        "{shape} {symmetry}"
                    );
                    continue;
                };
                assert_unique(&mut solver, &made.puzzle, &made.solution, true);
                assert!(
                    symmetry.holds(&made.puzzle),
                    "{shape} {symmetry}: {}",
                    made.puzzle
                );
            }
        }
    }
}

#[test]
fn large_grids_are_unique_and_solved_by_singles_by_default() {
    let mut solver = Solver::new();
    for (shape, symmetry) in [
        ("4x4", Symmetry::None),
        ("4x4", Symmetry::Rot180),
        ("5x5", Symmetry::None),
    ] {
        let mut options = GenerateOptions::new(shape.parse().unwrap());
        options.symmetry = symmetry;
        let made = Generator::new(options).generate(3, 0).unwrap();
        assert_unique(&mut solver, &made.puzzle, &made.solution, false);
        assert!(symmetry.holds(&made.puzzle));
        assert!(
            made.puzzle.givens() < made.puzzle.cells().len() / 2,
            "{}",
            made.puzzle
        );
        let solved = solver.logic_pass(&made.puzzle, Logic::HiddenSingles);
        assert!(matches!(
            solved,
            sudoku_dlx::sudoku::LogicOutcome::Solved(_)
        ));
    }
}

#[test]
fn a_16x16_can_be_made_minimal_on_request() {
    let mut options = GenerateOptions::new("4x4".parse().unwrap());
    options.minimal = true;
    let made = Generator::new(options).generate(5, 0).unwrap();
    assert_unique(&mut Solver::new(), &made.puzzle, &made.solution, true);
}

#[test]
fn each_difficulty_gets_puzzles_of_that_difficulty() {
    let mut rater = Rater::new();
    let mut solver = Solver::new();
    for difficulty in Difficulty::ALL {
        for minimal in [false, true] {
            let mut options = GenerateOptions::new(Shape::CLASSIC);
            options.difficulty = Some(difficulty);
            options.minimal = minimal;
            let made = Generator::new(options).generate(2, 0).unwrap();
            assert_eq!(made.rating.unwrap().difficulty, difficulty);
            assert_eq!(rater.rate(&made.puzzle).unwrap().difficulty, difficulty);
            assert_unique(&mut solver, &made.puzzle, &made.solution, minimal);
        }
    }
}

#[test]
fn the_same_seed_prints_the_same_puzzles_on_one_thread_or_two() {
    for extra in [
        &["--minimal"][..],
        &["--minimal", "--symmetry", "rot180", "--format", "json"],
        &["--box", "2x3", "--symmetry", "mirror", "--format", "grid"],
    ] {
        let run = |jobs: &str| {
            let mut args = vec!["generate", "--count", "40", "--seed", "9", "--jobs", jobs];
            args.extend_from_slice(extra);
            stdout_of(&args, 0)
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{extra:?}");
        assert_eq!(one, run("1"), "{extra:?}");
    }
    let other = stdout_of(
        &["generate", "--count", "40", "--seed", "10", "--minimal"],
        0,
    );
    let nine = stdout_of(
        &["generate", "--count", "40", "--seed", "9", "--minimal"],
        0,
    );
    assert_ne!(other, nine);
}

#[test]
fn the_command_prints_one_unique_minimal_puzzle_per_line() {
    let text = stdout_of(
        &[
            "generate",
            "--count",
            "30",
            "--minimal",
            "--seed",
            "4",
            "--jobs",
            "2",
        ],
        0,
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 30);
    let mut solver = Solver::new();
    for line in &lines {
        let puzzle: Grid = line.parse().unwrap();
        let solution = solver.solve(&puzzle).unwrap();
        assert_unique(&mut solver, &puzzle, &solution, true);
    }
    let distinct: std::collections::HashSet<_> = lines.iter().collect();
    assert_eq!(distinct.len(), 30);
}

#[test]
fn json_records_carry_puzzle_solution_givens_and_rating() {
    let text = stdout_of(
        &[
            "generate",
            "--count",
            "3",
            "--seed",
            "1",
            "--format",
            "json",
            "--symmetry",
            "rot90",
            "--minimal",
        ],
        0,
    );
    let mut solver = Solver::new();
    for (index, line) in text.lines().enumerate() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["index"], index);
        let puzzle: Grid = record["puzzle"].as_str().unwrap().parse().unwrap();
        let solution: Grid = record["solution"].as_str().unwrap().parse().unwrap();
        assert_eq!(record["givens"], puzzle.givens());
        assert!(Symmetry::Rot90.holds(&puzzle));
        assert_unique(&mut solver, &puzzle, &solution, true);
        let difficulty: Difficulty = record["rating"]["level"].as_str().unwrap().parse().unwrap();
        assert_eq!(Rater::new().rate(&puzzle).unwrap().difficulty, difficulty);
        assert!(record["rating"]["score"].as_f64().unwrap() >= 1.0);
    }
}

#[test]
fn impossible_requests_fail_with_a_reason() {
    let output = sudoku()
        .args([
            "generate",
            "--box",
            "2x2",
            "--difficulty",
            "extreme",
            "--max-attempts",
            "20",
            "--seed",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("no extreme 4x4 puzzle (2x2 boxes) found in 20 grids"),
        "{error}"
    );
    let output = sudoku()
        .args(["generate", "--symmetry", "spiral"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown symmetry 'spiral'"));
}
