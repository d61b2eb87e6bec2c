//! The shared benchmark collections (see common.md for where they live): every puzzle is
//! solved with a valid grid that keeps its givens, and a count up to 2 agrees with what
//! the collection's README says about uniqueness. Skips with a message when the folder is
//! absent.
//!
//! Release only: about 60,000 puzzles, a few seconds optimized but minutes in a debug build.

mod common;

use common::{assert_solves, shared_data};
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
    let Some(dir) = shared_data() else {
        eprintln!(
            "skipping {file}: no shared data folder (set SUDOKU_DLX_DATA, or put it at \
             ../shared/data)"
        );
        return;
    };
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

#[cfg_attr(
    debug_assertions,
    ignore = "49,158 puzzles: run with cargo test --release"
)]
#[test]
fn every_17_clue_puzzle_is_solved_and_unique() {
    check_collection("puzzles2_17_clue", Expect::Unique, 49_158);
}

#[cfg_attr(debug_assertions, ignore = "run with cargo test --release")]
#[test]
fn every_top1465_puzzle_is_solved_and_unique() {
    check_collection("puzzles3_magictour_top1465", Expect::Unique, 1_465);
}

#[cfg_attr(debug_assertions, ignore = "run with cargo test --release")]
#[test]
fn every_forum_hardest_puzzle_is_solved_and_unique() {
    check_collection("puzzles6_forum_hardest_1106", Expect::Unique, 375);
}

#[cfg_attr(
    debug_assertions,
    ignore = "10,000 puzzles: run with cargo test --release"
)]
#[test]
fn every_serg_puzzle_is_solved_and_has_several_solutions() {
    check_collection("puzzles7_serg_benchmark", Expect::Multiple, 10_000);
}
