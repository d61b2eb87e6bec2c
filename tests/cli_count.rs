//! `sudoku-dlx count`: exact counts, caps, formats.

use crate::cli_support::*;

#[test]
fn known_counts() {
    // The empty 4x4 grid has 288 solutions; the 9x9 puzzles have 2, 1 and 0.
    sudoku()
        .args([
            "count",
            "................",
            TWO_SOLUTIONS,
            EXAMPLE,
            NO_SOLUTION,
        ])
        .assert()
        .code(0)
        .stdout(lines(&["288", "2", "1", "0"]))
        .stderr("");
}

#[test]
fn a_cap_reached_prints_n_plus() {
    sudoku()
        .args(["count", "--limit", "1000", &empty9(), TWO_SOLUTIONS])
        .assert()
        .code(0)
        .stdout(lines(&["1000+", "2"]));
    sudoku()
        .args(["count", "--limit", "2", TWO_SOLUTIONS])
        .assert()
        .code(0)
        .stdout("2+\n");
}

#[test]
fn six_by_six_counts_depend_on_the_box_shape() {
    let puzzle = "1.2...3.....4.....5....6...1.....2..";
    sudoku()
        .args(["count", "--box", "3x2", puzzle])
        .assert()
        .code(0)
        .stdout("42\n");
    sudoku()
        .args(["count", puzzle])
        .assert()
        .code(0)
        .stdout("77\n");
}

#[test]
fn grid_format_comments_the_count_over_the_puzzle() {
    sudoku()
        .args([
            "count",
            "--format",
            "grid",
            "--limit",
            "100",
            "1... ..1. .... ...1",
            "1234341221434321",
        ])
        .assert()
        .code(0)
        .stdout(
            "\
# 18 solutions
1 . | . .
. . | 1 .
----+----
. . | . .
. . | . 1

# 1 solution
1 2 | 3 4
3 4 | 1 2
----+----
2 1 | 4 3
4 3 | 2 1
",
        );
}

#[test]
fn json_has_count_and_capped() {
    sudoku()
        .args(["count", "--format", "json", "--limit", "5", "................", TWO_SOLUTIONS])
        .assert()
        .code(0)
        .stdout(format!(
            "{{\"index\":0,\"source\":\"<inline>\",\"line\":1,\"column\":1,\"puzzle\":\"................\",\"count\":5,\"capped\":true}}\n\
             {{\"index\":1,\"source\":\"<inline>\",\"line\":1,\"column\":1,\"puzzle\":\"{TWO_SOLUTIONS}\",\"count\":2,\"capped\":false}}\n"
        ));
}

#[test]
fn a_bad_record_exits_2_after_the_rest() {
    sudoku()
        .args(["count", "--jobs", "2"])
        .write_stdin(lines(&[
            TWO_SOLUTIONS,
            &format!("{}x", &EXAMPLE[..80]),
            EXAMPLE,
        ]))
        .assert()
        .code(2)
        .stdout(lines(&["2", "error: <stdin>:2:81: bad character 'x'", "1"]));
}
