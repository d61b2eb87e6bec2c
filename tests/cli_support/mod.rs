//! Helpers shared by the command-line tests (the modules of `tests/tests.rs`).
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

/// Waits until `child` has installed its SIGINT handler, so that a SIGINT sent next is
/// heard rather than ending the process the default way: on Linux, until the signal is in
/// the `SigCgt` mask of `/proc/PID/status` (an event, whatever the machine's load);
/// elsewhere, half a second. Panics after 30 s.
pub fn wait_for_sigint_handler(child: &std::process::Child) {
    use std::time::{Duration, Instant};
    if !std::path::Path::new("/proc/self/status").exists() {
        std::thread::sleep(Duration::from_millis(500));
        return;
    }
    let status = format!("/proc/{}/status", child.id());
    let started = Instant::now();
    loop {
        let text = std::fs::read_to_string(&status).unwrap_or_default();
        let caught = text
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok());
        // SIGINT is signal 2: bit 1 of the mask.
        if caught.is_some_and(|mask| mask & 2 != 0) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no SIGINT handler 30 s after the start"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The standard output of `sudoku-dlx ARGS`, which must end with exit code `code`.
pub fn stdout_of(args: &[&str], code: i32) -> String {
    stdout_piped(args, "", code)
}

/// The standard output of `command`, which must succeed.
pub fn output_of(command: &mut Command) -> String {
    let output = command.assert().success().get_output().stdout.clone();
    String::from_utf8(output).unwrap()
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

/// The folder of the shared puzzle collections, for the tests in the `shared_data` modules,
/// which are ignored unless asked for. Panics, saying how to name the folder, when it is
/// not there.
pub fn shared_data() -> PathBuf {
    sudoku_dlx_cli::collections::collections_dir()
        .expect("no shared collections: set SUDOKU_DLX_DATA to their folder")
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
pub fn stdout_piped(args: &[&str], stdin: &str, code: i32) -> String {
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

/// The `solution` that a generated f-puzzles document carries, in one-line notation.
pub fn json_solution(document: &str) -> String {
    let object: serde_json::Value = serde_json::from_str(document).unwrap();
    object["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| sudoku_dlx::sudoku::cell_char(d.as_u64().unwrap() as u8))
        .collect()
}
