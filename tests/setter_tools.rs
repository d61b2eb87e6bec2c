//! The setter's other tools, checked with the engine: the witness of non-uniqueness, the
//! redundant givens, and the rating scale.

use crate::cli_support::sudoku;
use sudoku_dlx::samples::FAMOUS;
use sudoku_dlx::setter::{Difficulty, GenerateOptions, Generator, Rater, StrongestStep};
use sudoku_dlx::{Answerer, Cell, Grid, Shape, Solver};

/// Minimal puzzles of a few shapes with one or two givens taken away: several solutions,
/// but few enough to count.
fn loosened_puzzles() -> Vec<Grid> {
    let mut puzzles = Vec::new();
    for (shape, count) in [("2x2", 4), ("2x3", 4), ("3x3", 8)] {
        let mut options = GenerateOptions::new(shape.parse().unwrap());
        options.minimal = true;
        let mut generator = Generator::new(options);
        for index in 0..count {
            let mut puzzle = generator.generate(21, index).unwrap().puzzle;
            let n = puzzle.shape().size();
            let givens: Vec<usize> = (0..n * n).filter(|&c| puzzle.cells()[c] != 0).collect();
            for &cell in givens
                .iter()
                .step_by(givens.len() / 2 + 1)
                .take(1 + index as usize % 2)
            {
                puzzle.set(cell / n, cell % n, 0);
            }
            puzzles.push(puzzle);
        }
    }
    puzzles
}

#[test]
fn a_witness_shows_two_solutions_where_they_differ_and_a_given_that_helps() {
    let mut solver = Solver::new();
    for puzzle in loosened_puzzles() {
        let before = solver.count(&puzzle, Some(10_000)).solutions;
        assert!(before >= 2, "{puzzle}");
        let found = solver.witness(&puzzle).expect("several solutions");
        assert!(found.first.solves(&puzzle) && found.second.solves(&puzzle));
        assert_ne!(found.first, found.second);
        let shape = puzzle.shape();
        let differing: Vec<Cell> = (0..shape.cells())
            .filter(|&c| found.first.cells()[c] != found.second.cells()[c])
            .map(|c| Cell::of(shape, c))
            .collect();
        assert_eq!(found.differing, differing, "{puzzle}");
        let suggestion = found.suggestion;
        assert!(differing.contains(&suggestion.cell));
        assert_eq!(
            found.first.get(suggestion.cell.row, suggestion.cell.col),
            Some(suggestion.digit)
        );
        let mut tighter = puzzle.clone();
        tighter.set(suggestion.cell.row, suggestion.cell.col, suggestion.digit);
        let after = solver.count(&tighter, Some(10_000)).solutions;
        assert!(
            after < before && after >= 1,
            "{puzzle}: {before} -> {after}"
        );
        assert!(!found.second.solves(&tighter));
    }
    let unique: Grid = FAMOUS[0].puzzle.parse().unwrap();
    assert_eq!(solver.witness(&unique), None);
}

#[test]
fn check_shows_the_witness_on_request_and_always_in_json() {
    let two = "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293";
    let output = sudoku().args(["check", "--witness", two]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "multiple: 417369825632158947958724316825437169791586432346912758289643571573291684164875293 \
         437169825612358947958724316825437169791586432346912758289643571573291684164875293 \
         differ at r1c2 r1c4 r2c2 r2c4, add r1c2=1\n"
    );
    let output = sudoku()
        .args(["check", "--format", "json", two, FAMOUS[0].puzzle])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["verdict"], "multiple");
    assert_eq!(
        lines[0]["witness"]["differing"],
        serde_json::json!(["r1c2", "r1c4", "r2c2", "r2c4"])
    );
    assert_eq!(lines[0]["witness"]["suggestion"], "r1c2=1");
    assert_eq!(lines[1]["verdict"], "unique");
    assert!(lines[1].get("witness").is_none());
    let plain = sudoku().args(["check", two]).output().unwrap();
    assert_eq!(String::from_utf8(plain.stdout).unwrap(), "multiple\n");
}

#[test]
fn redundant_lists_exactly_the_givens_that_can_go_alone() {
    let mut solver = Solver::new();
    let mut finder = Solver::new();
    let mut puzzles: Vec<Grid> = FAMOUS.iter().map(|s| s.puzzle.parse().unwrap()).collect();
    // Minimal puzzles with a few of their solution's digits added back.
    for (shape, symmetry_free_index) in [("2x3", 0), ("3x3", 1), ("3x3", 2), ("3x4", 3)] {
        let shape: Shape = shape.parse().unwrap();
        let made = Generator::new(GenerateOptions::new(shape))
            .generate(8, symmetry_free_index)
            .unwrap();
        let mut puzzle = made.puzzle.clone();
        let n = shape.size();
        for cell in (0..n * n).step_by(7) {
            puzzle.set(cell / n, cell % n, made.solution.cells()[cell]);
        }
        puzzles.push(puzzle);
    }
    for puzzle in puzzles {
        let listed = finder.redundant_givens(&puzzle).unwrap();
        let n = puzzle.shape().size();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let mut loose = puzzle.clone();
            loose.set(cell / n, cell % n, 0);
            let unique = solver.count(&loose, Some(2)).solutions == 1;
            let is_listed = listed
                .iter()
                .any(|g| g.cell == Cell::of(puzzle.shape(), cell) && g.digit == digit);
            assert_eq!(
                unique,
                is_listed,
                "{puzzle} r{}c{}",
                cell / n + 1,
                cell % n + 1
            );
        }
    }
}

#[test]
fn the_redundant_command_names_givens_or_says_minimal() {
    let solution =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let output = sudoku()
        .args([
            "redundant",
            FAMOUS[1].puzzle,
            &format!("{}.", &solution[..80]),
            "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "minimal");
    assert_eq!(lines[1].split(' ').count(), 80);
    assert!(lines[1].starts_with("r1c1=4 r1c2=1 "), "{}", lines[1]);
    assert_eq!(lines[2], "multiple");
}

#[test]
fn the_scale_orders_naked_singles_before_hidden_singles_before_famous_hard_puzzles() {
    let mut rater = Rater::new();
    let mut solver = Solver::new();
    let hard: Grid = FAMOUS[1].puzzle.parse().unwrap();
    let solution = solver.solve(&hard).unwrap();
    // A solved grid with a few holes: each sees the eight other digits.
    let mut naked = solution.clone();
    for cell in [0, 10, 20, 40, 60, 80] {
        naked.set(cell / 9, cell % 9, 0);
    }
    let naked = rater.rate(&naked).unwrap();
    assert_eq!(
        (naked.difficulty, naked.strongest_step),
        (Difficulty::Easy, StrongestStep::NakedSingles)
    );
    let mut options = GenerateOptions::new(Shape::CLASSIC);
    options.difficulty = Some(Difficulty::Medium);
    let medium = Generator::new(options).generate(1, 0).unwrap().puzzle;
    let medium = rater.rate(&medium).unwrap();
    assert_eq!(medium.strongest_step, StrongestStep::HiddenSingles);
    for sample in FAMOUS {
        let famous = rater.rate(&sample.puzzle.parse().unwrap()).unwrap();
        // Norvig's "hard1" falls to locked candidates; the others need search.
        assert!(
            famous.strongest_step >= StrongestStep::LockedCandidates,
            "{}",
            sample.name
        );
        assert!(famous.difficulty >= Difficulty::Hard, "{}", sample.name);
        assert!(
            naked.score < medium.score && medium.score < famous.score,
            "{}",
            sample.name
        );
        // The same puzzle, the same rating.
        assert_eq!(rater.rate(&sample.puzzle.parse().unwrap()).unwrap(), famous);
    }
}

#[test]
fn rate_prints_ratings_and_summaries() {
    let output = sudoku()
        .args(["rate", FAMOUS[0].puzzle, FAMOUS[1].puzzle])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Pointing needs pencil marks (Sudoku Explainer's 2.6): expert, though the engine's
    // logic pass solves it with locked candidates.
    assert_eq!(lines[0], "expert (pointing; locked-candidates, score 3.00)");
    assert!(
        lines[1].starts_with("extreme (dynamic-forcing-chains-plus; search, "),
        "{}",
        lines[1]
    );
    let output = sudoku()
        .args(["rate", "--summary", FAMOUS[0].puzzle, FAMOUS[1].puzzle])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("<inline>: 2 rated, mean score "), "{text}");
    assert!(
        text.ends_with("; easy 0, medium 0, hard 0, expert 1, extreme 1\n"),
        "{text}"
    );
    let output = sudoku()
        .args([
            "rate",
            "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "multiple\n");
    let bad = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/bad.txt");
    let output = sudoku()
        .args(["rate", "--summary"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.ends_with("; 8 bad records\n"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("bad.txt:3:1: 80 cells, expected 81"),
        "{stderr}"
    );
}

/// The tests that need the shared collections: ignored unless asked for
/// (`cargo test --release -- --ignored shared_data`; `scripts/test` runs them when the
/// collections are there).
mod shared_data {
    use super::*;

    #[test]
    #[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
    fn mean_ratings_order_the_public_collections_by_hardness() {
        let dir = crate::cli_support::shared_data();
        let mut rater = Rater::new();
        let mut means = Vec::new();
        for (file, step) in [
            ("puzzles2_17_clue", 97),
            ("puzzles3_magictour_top1465", 7),
            ("puzzles6_forum_hardest_1106", 3),
        ] {
            let text = std::fs::read_to_string(dir.join(file)).unwrap();
            let puzzles: Vec<Grid> = text
                .lines()
                .filter(|l| !l.starts_with('#') && l.trim().len() >= 81)
                .step_by(step)
                .map(|l| l.trim()[..81].parse().unwrap())
                .collect();
            let total: f64 = puzzles.iter().map(|p| rater.rate(p).unwrap().score).sum();
            means.push(total / puzzles.len() as f64);
        }
        assert!(means[0] < means[1] && means[1] < means[2], "{means:?}");
    }
}
