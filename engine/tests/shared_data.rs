//! The shared benchmark collections: every puzzle is solved with a valid grid that keeps its
//! givens, and a count up to 2 agrees with what the collection's README says about
//! uniqueness.
//!
//! These tests need the collections (the folder `SUDOKU_DLX_DATA` names, else
//! `../shared/data` beside the repository), so they are ignored by default and show as
//! `ignored` with that reason; `scripts/test` runs them when the folder is there, and
//! `cargo test --release -- --ignored shared_data` runs them by hand. About 60,000 puzzles:
//! a few seconds optimized, minutes in a debug build.

use crate::common::{assert_solves, shared_data};
use std::path::Path;
use sudoku_dlx::{Count, Grid, Solver};

/// What a count up to 2 must say for every puzzle of a collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Unique,
    Multiple,
}

/// The puzzles of one collection file: every line that is not blank or a `#` comment,
/// CRLF endings accepted.
fn read_collection(dir: &Path, file: &str) -> Vec<(usize, Grid)> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim_end_matches('\r').trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(line, text)| {
            let puzzle = Grid::parse(text)
                .unwrap_or_else(|error| panic!("{}:{line}: {error}", path.display()));
            (line, puzzle)
        })
        .collect()
}

fn check_collection(file: &str, expect: Expect, at_least: usize) {
    let dir = shared_data();
    let puzzles = read_collection(&dir, file);
    assert!(
        puzzles.len() >= at_least,
        "{file}: {} puzzles, expected at least {at_least}",
        puzzles.len()
    );
    let mut solver = Solver::new();
    for (line, puzzle) in &puzzles {
        let place = format!("{file}:{line}");
        let solution = solver
            .solve(puzzle)
            .unwrap_or_else(|| panic!("{place}: no solution"));
        assert_solves(&solution, puzzle, &place);
        let count = solver.count(puzzle, Some(2));
        let expected = match expect {
            Expect::Unique => Count {
                solutions: 1,
                capped: false,
            },
            Expect::Multiple => Count {
                solutions: 2,
                capped: true,
            },
        };
        assert_eq!(count, expected, "{place}: {puzzle}");
    }
}

#[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
#[test]
fn every_17_clue_puzzle_is_solved_and_unique() {
    check_collection("puzzles2_17_clue", Expect::Unique, 49_158);
}

#[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
#[test]
fn every_top1465_puzzle_is_solved_and_unique() {
    check_collection("puzzles3_magictour_top1465", Expect::Unique, 1_465);
}

#[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
#[test]
fn every_forum_hardest_puzzle_is_solved_and_unique() {
    check_collection("puzzles6_forum_hardest_1106", Expect::Unique, 375);
}

#[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
#[test]
fn every_serg_puzzle_is_solved_and_has_several_solutions() {
    check_collection("puzzles7_serg_benchmark", Expect::Multiple, 10_000);
}

/// Every `stride`-th puzzle of `file` (`SUDOKU_DLX_REPLAY_STRIDE` overrides it; 1 replays
/// them all): its human solving path keeps every solution (up to 16 of them): no
/// placement differs from one, no elimination removes a value one of them has. On two
/// threads. Puzzles with several solutions are explained without the uniqueness
/// techniques, as `explain` does; without nested forcing chains unless `nested` (they take
/// seconds a step: the unit tests replay a few of their steps on the famous puzzles). Returns how many were replayed and how many logic solved.
fn replay_collection(file: &str, stride: usize, nested: bool) -> (usize, usize) {
    use sudoku_dlx::human::{Explainer, PathEnd};
    let stride = std::env::var("SUDOKU_DLX_REPLAY_STRIDE")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(stride)
        .max(1);
    let dir = shared_data();
    let puzzles: Vec<(usize, Grid)> = read_collection(&dir, file)
        .into_iter()
        .step_by(stride)
        .collect();
    let replay = |(line, puzzle): &(usize, Grid)| -> bool {
        let place = format!("{file}:{line}");
        let solutions: Vec<Grid> = Solver::new().solutions(puzzle).take(16).collect();
        let unique = solutions.len() == 1;
        let path = Explainer::new()
            .uniqueness(unique)
            .nested(nested)
            .explain(puzzle);
        let shape = puzzle.shape();
        for (i, step) in path.steps.iter().enumerate() {
            for solution in &solutions {
                let value =
                    |c: &sudoku_dlx::human::Candidate| solution.cells()[c.cell.index(shape)];
                for c in &step.eliminated {
                    assert_ne!(
                        c.value,
                        value(c),
                        "{place}: step {i} removes a solution's value: {step}"
                    );
                }
                if unique {
                    for c in &step.placed {
                        assert_eq!(
                            c.value,
                            value(c),
                            "{place}: step {i} places a wrong value: {step}"
                        );
                    }
                }
            }
        }
        matches!(path.end, PathEnd::Solved(_))
    };
    let half = puzzles.len().div_ceil(2);
    let solved: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = puzzles
            .chunks(half.max(1))
            .map(|chunk| scope.spawn(move || chunk.iter().filter(|p| replay(p)).count()))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    eprintln!(
        "{file}: {} paths replayed, {solved} solved by logic",
        puzzles.len()
    );
    (puzzles.len(), solved)
}

#[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
#[test]
fn human_paths_keep_the_solutions_of_the_collections() {
    // Strides that keep the run near a minute on two cores: every 50th 17-clue puzzle,
    // every 5th of top1465, every 10th of the hardest (without nested chains, which take
    // seconds a step on them), every 100th serg puzzle.
    let (replayed, solved) = replay_collection("puzzles3_magictour_top1465", 5, true);
    assert_eq!(solved, replayed, "every top1465 puzzle is solved by logic");
    let (replayed, solved) = replay_collection("puzzles2_17_clue", 50, true);
    assert_eq!(solved, replayed, "every 17-clue puzzle is solved by logic");
    replay_collection("puzzles6_forum_hardest_1106", 10, false);
    replay_collection("puzzles7_serg_benchmark", 100, false);
}
