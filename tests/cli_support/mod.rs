//! Helpers shared by the command-line tests (`tests/cli_*.rs`).
#![allow(dead_code)]

use assert_cmd::Command;
use std::io::Write;
use std::path::PathBuf;

/// Norvig's hard puzzle (`sudoku_dlx::samples::EXAMPLE`) and its solution.
pub const EXAMPLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
pub const EXAMPLE_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// The 2012 "world's hardest" puzzle and its solution.
pub const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
pub const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/// The example's solution with a deadly rectangle emptied: exactly two solutions.
pub const TWO_SOLUTIONS: &str =
    "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293";
/// No clash among the givens, but r1c9 can hold nothing: no solution.
pub const NO_SOLUTION: &str =
    "12345678.........9...............................................................";

/// The empty 9x9 grid.
pub fn empty9() -> String {
    ".".repeat(81)
}

/// The command under test.
pub fn sudoku() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
}

/// A temporary file holding `bytes`.
pub fn temp_file(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(bytes).unwrap();
    file.flush().unwrap();
    file
}

/// A file of the example docs.
pub fn example_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs/examples")
        .join(name)
}

/// Lines joined with newlines, each ending in one.
pub fn lines(lines: &[&str]) -> String {
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// True when `solution` is a valid solved grid keeping every given of `puzzle`.
pub fn solves(solution: &str, puzzle: &str) -> bool {
    let solved: sudoku_dlx::Grid = match solution.parse() {
        Ok(grid) => grid,
        Err(_) => return false,
    };
    let puzzle: sudoku_dlx::Grid = puzzle.parse().unwrap();
    solved.solves(&puzzle)
}

/// The shared puzzle collections, when they are there.
pub fn data_dir() -> Option<PathBuf> {
    let found = sudoku_dlx_cli::collections::collections_dir();
    if found.is_none() {
        eprintln!("skipping: no puzzle collections (set SUDOKU_DLX_DATA)");
    }
    found
}

/// The solutions of `puzzle` in the order the library finds them (the order `all` prints
/// them in, which the engine is free to change), at most `limit`.
pub fn solutions_of(puzzle: &str, limit: usize) -> Vec<String> {
    let puzzle: sudoku_dlx::Grid = puzzle.parse().unwrap();
    sudoku_dlx::Solver::new()
        .solutions(&puzzle)
        .take(limit)
        .map(|grid| grid.to_string())
        .collect()
}

/// A 4x4 puzzle with exactly two solutions.
pub const TWO_SOLUTIONS_4X4: &str = "1... .2.. ..3. ...4";
/// A 4x4 puzzle with no solution (r1c3 can hold neither 3 nor 4) and no clash.
pub const NO_SOLUTION_4X4: &str = "12.. .... ..3. ..4.";

/// The standard output of `sudoku-dlx ARGS` with `stdin` on standard input, which must end
/// with exit code `code`.
pub fn output_of(args: &[&str], stdin: &str, code: i32) -> String {
    let out = sudoku()
        .args(args)
        .write_stdin(stdin)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}
