//! `sudoku-dlx explain`, `hint` and `rate --scale se`: paths that replay, hints, ratings,
//! and the answers for puzzles without one solution.

use crate::cli_support::*;

/// A puzzle that Sudoku Explainer's `serate` rates 3.4 (a hidden pair).
const HIDDEN_PAIR: &str =
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";

#[test]
fn explain_json_replays_to_the_solution() {
    let out = stdout_of(&["explain", "--format", "json", HIDDEN_PAIR], 0);
    let object: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(object["end"], "solved");
    assert_eq!(object["difficulty"], 3.4);
    assert_eq!(object["hardest"], "hidden-pair");
    // Every placement of the steps, in order, fills the puzzle to the solution.
    let mut cells: Vec<char> = HIDDEN_PAIR.chars().collect();
    for step in object["steps"].as_array().unwrap() {
        for placed in step["placed"].as_array().unwrap() {
            let text = placed.as_str().unwrap();
            let (cell, value) = text.split_once('=').unwrap();
            let row: usize = cell[1..2].parse().unwrap();
            let col: usize = cell[3..4].parse().unwrap();
            let at = (row - 1) * 9 + col - 1;
            assert_eq!(cells[at], '.', "{text} fills a filled cell");
            cells[at] = value.chars().next().unwrap();
        }
    }
    let filled: String = cells.into_iter().collect();
    assert_eq!(object["solution"].as_str(), Some(filled.as_str()));
    assert!(solves(&filled, HIDDEN_PAIR));
}

#[test]
fn explain_ends_with_the_solution_line() {
    let out = stdout_of(&["explain", HIDDEN_PAIR], 0);
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("solved, difficulty 3.4 (hidden-pair): "),
        "{last}"
    );
}

#[test]
fn a_puzzle_logic_cannot_finish_is_stuck_with_its_pencil_marks() {
    // Two solutions: the path runs out where the two differ, exit code 1.
    let out = stdout_of(&["explain", "--format", "json", TWO_SOLUTIONS], 1);
    let object: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(object["end"], "stuck");
    assert_eq!(object["stuck"].as_str().unwrap().len(), 729);
}

#[test]
fn no_solution_is_said() {
    sudoku()
        .args(["explain", NO_SOLUTION])
        .assert()
        .code(1)
        .stdout("none\n");
    sudoku()
        .args(["rate", "--scale", "se", NO_SOLUTION, TWO_SOLUTIONS])
        .assert()
        .code(1)
        .stdout(lines(&["none", "multiple"]));
}

#[test]
fn hint_gives_the_easiest_step_or_says_why_not() {
    sudoku()
        .args(["hint", HIDDEN_PAIR, EXAMPLE_SOLUTION])
        .assert()
        .code(0)
        .stdout(lines(&["hidden-single-box: r3c3=9 (box 1)", "solved"]));
}

#[test]
fn rate_se_is_a_number_in_json() {
    let out = stdout_of(
        &["rate", "--scale", "se", "--format", "json", HIDDEN_PAIR],
        0,
    );
    let object: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(object["se"], 3.4);
    assert_eq!(object["end"], "solved");
}

#[test]
fn rate_se_refuses_what_it_cannot_rate() {
    sudoku()
        .args(["rate", "--scale", "se", "--summary", HIDDEN_PAIR])
        .assert()
        .code(2);
    sudoku()
        .args(["rate", "--scale", "se", "--rules", "x", HIDDEN_PAIR])
        .assert()
        .code(2);
}

/// The pencil marks of `puzzle` (9x9): each open cell's digits that no peer holds, each
/// given alone, 729 characters.
fn pencil_marks(puzzle: &str) -> String {
    let cells: Vec<char> = puzzle.chars().collect();
    let sees = |i: usize, j: usize| {
        i != j && (i / 9 == j / 9 || i % 9 == j % 9 || (i / 27, i % 9 / 3) == (j / 27, j % 9 / 3))
    };
    let mut text = String::new();
    for i in 0..81 {
        for d in '1'..='9' {
            let holds = if cells[i] == '.' {
                !(0..81).any(|j| sees(i, j) && cells[j] == d)
            } else {
                cells[i] == d
            };
            text.push(if holds { d } else { '.' });
        }
    }
    text
}

#[test]
fn pencil_marks_are_read_with_marks_and_bad_lines_say_where() {
    let marks = pencil_marks(HIDDEN_PAIR);
    sudoku()
        .args(["hint", "--marks", &marks])
        .assert()
        .code(0)
        .stdout("hidden-single-box: r3c3=9 (box 1)\n");
    let out = stdout_of(&["explain", "--marks", &marks], 0);
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("solved, difficulty 3.4"),
        "{out}"
    );
    let misplaced = format!("2{}", &marks[1..]);
    let file = temp_file(format!("# pencil marks\n{marks}\n  12\n{misplaced}\n").as_bytes());
    let path = file.path().to_str().unwrap();
    let output = sudoku().args(["hint", "--marks", path]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout,
        format!(
            "hidden-single-box: r3c3=9 (box 1)\nerror: {path}:3:3: 2 cells, expected 729\n\
             error: {path}:4:1: bad character '2'\n"
        )
    );
}

#[test]
fn explain_keeps_lines_only_in_json() {
    sudoku()
        .args(["explain", "--keep-lines", HIDDEN_PAIR])
        .assert()
        .code(2);
    let out = stdout_of(
        &["explain", "--keep-lines", "--format", "json", HIDDEN_PAIR],
        0,
    );
    assert_eq!(out.lines().count(), 1);
}
