//! `sudoku-dlx check`: unique, multiple, none, and their exit codes.

use crate::cli_support::*;

#[test]
fn unique_exits_0() {
    sudoku()
        .args(["check", EXAMPLE, INKALA])
        .assert()
        .code(0)
        .stdout(lines(&["unique", "unique"]))
        .stderr("");
}

#[test]
fn multiple_exits_1() {
    sudoku()
        .args(["check", EXAMPLE, TWO_SOLUTIONS])
        .assert()
        .code(1)
        .stdout(lines(&["unique", "multiple"]));
}

#[test]
fn none_exits_1() {
    sudoku()
        .args(["check", NO_SOLUTION])
        .assert()
        .code(1)
        .stdout("none\n");
}

#[test]
fn bad_input_wins_over_not_unique() {
    sudoku()
        .args(["check", TWO_SOLUTIONS, "44.............."])
        .assert()
        .code(2)
        .stdout(lines(&[
            "multiple",
            "error: <inline>:1:2: clashing givens: digit 4 twice in row 1: r1c1 and r1c2",
        ]));
}

#[test]
fn grid_format_comments_the_verdict_over_the_puzzle() {
    sudoku()
        .args([
            "check",
            "--format",
            "grid",
            "12.. ..12 .... ....",
            "1234341221434321",
            "1233............",
        ])
        .assert()
        .code(2)
        .stdout(
            "\
# multiple
1 2 | . .
. . | 1 2
----+----
. . | . .
. . | . .

# unique
1 2 | 3 4
3 4 | 1 2
----+----
2 1 | 4 3
4 3 | 2 1

# error: <inline>:1:4: clashing givens: digit 3 twice in row 1: r1c3 and r1c4
",
        );
}

#[test]
fn json_has_the_verdict() {
    sudoku()
        .args(["check", "--format", "json", "-"])
        .write_stdin(lines(&["# header", EXAMPLE, "", NO_SOLUTION]))
        .assert()
        .code(1)
        .stdout(format!(
            "{{\"index\":0,\"source\":\"<stdin>\",\"line\":2,\"column\":1,\"puzzle\":\"{EXAMPLE}\",\"verdict\":\"unique\"}}\n\
             {{\"index\":1,\"source\":\"<stdin>\",\"line\":4,\"column\":1,\"puzzle\":\"{NO_SOLUTION}\",\"verdict\":\"none\"}}\n"
        ));
}

/// The tests that need the shared collections: ignored unless asked for
/// (`cargo test --release -- --ignored shared_data`; `scripts/test` runs them when the
/// collections are there).
mod shared_data {
    use super::*;

    #[test]
    #[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
    fn every_puzzle_of_the_multiple_solution_benchmark_is_multiple() {
        let data = shared_data();
        let output = sudoku()
            .args(["check", "--jobs", "2"])
            .arg(data.join("puzzles7_serg_benchmark"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(stdout.lines().count(), 10_000);
        assert!(stdout.lines().all(|line| line == "multiple"));
    }
}
