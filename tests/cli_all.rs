//! `sudoku-dlx all`: streaming, grouping, limits, formats, broken pipes and Ctrl-C.

use crate::cli_support::*;
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

#[test]
fn limit_5_on_the_empty_grid_gives_5_distinct_valid_solutions() {
    let output = sudoku()
        .args(["all", "--limit", "5", &empty9()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let solutions: Vec<&str> = stdout.lines().collect();
    assert_eq!(solutions.len(), 5);
    assert_eq!(solutions.iter().collect::<HashSet<_>>().len(), 5);
    for solution in &solutions {
        assert!(solves(solution, &empty9()), "{solution}");
    }
}

#[test]
fn every_solution_of_a_puzzle_with_two() {
    let solutions = solutions_of(TWO_SOLUTIONS, 10);
    assert_eq!(solutions.len(), 2);
    let mut sorted = solutions.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            EXAMPLE_SOLUTION,
            "437169825612358947958724316825437169791586432346912758289643571573291684164875293",
        ]
    );
    sudoku()
        .args(["all", TWO_SOLUTIONS])
        .assert()
        .code(0)
        .stdout(lines(&[&solutions[0], &solutions[1]]));
}

#[test]
fn a_batch_is_grouped_by_blank_lines_and_none_keeps_its_place() {
    let two = solutions_of(TWO_SOLUTIONS, 10);
    let input = lines(&[TWO_SOLUTIONS, NO_SOLUTION, "1233............", EXAMPLE]);
    sudoku()
        .arg("all")
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(lines(&[
            &two[0],
            &two[1],
            "",
            "none",
            "",
            "error: <stdin>:3:4: clashing givens: digit 3 twice in row 1: r1c3 and r1c4",
            "",
            EXAMPLE_SOLUTION,
        ]))
        .stderr("sudoku-dlx: 1 of 4 records could not be read\n");
}

#[test]
fn no_solution_exits_1() {
    sudoku()
        .args(["all", EXAMPLE, NO_SOLUTION])
        .assert()
        .code(1)
        .stdout(lines(&[EXAMPLE_SOLUTION, "", "none"]));
}

/// The 4x4 grid `cells` as `--format grid` prints it.
fn grid4(cells: &str) -> String {
    let c: Vec<char> = cells.chars().collect();
    format!(
        "{} {} | {} {}\n{} {} | {} {}\n----+----\n{} {} | {} {}\n{} {} | {} {}\n",
        c[0],
        c[1],
        c[2],
        c[3],
        c[4],
        c[5],
        c[6],
        c[7],
        c[8],
        c[9],
        c[10],
        c[11],
        c[12],
        c[13],
        c[14],
        c[15]
    )
}

#[test]
fn grid_format_heads_each_solution() {
    let two = solutions_of(TWO_SOLUTIONS_4X4, 10);
    assert_eq!(two.len(), 2);
    sudoku()
        .args([
            "all",
            "--format",
            "grid",
            TWO_SOLUTIONS_4X4,
            NO_SOLUTION_4X4,
        ])
        .assert()
        .code(1)
        .stdout(format!(
            "# <inline>:1:1: solution 1\n{}\n# <inline>:1:1: solution 2\n{}\n# none\n",
            grid4(&two[0]),
            grid4(&two[1])
        ));
}

#[test]
fn json_streams_one_object_per_puzzle() {
    let first = &solutions_of(TWO_SOLUTIONS, 1)[0];
    let expected = format!(
        "{{\"index\":0,\"source\":\"<inline>\",\"line\":1,\"column\":1,\"puzzle\":\"{TWO_SOLUTIONS}\",\"solutions\":[\"{first}\"],\"count\":1,\"capped\":true}}\n\
         {{\"index\":1,\"source\":\"<inline>\",\"line\":1,\"column\":1,\"puzzle\":\"{NO_SOLUTION}\",\"solutions\":[],\"count\":0,\"capped\":false}}\n"
    );
    sudoku()
        .args([
            "all",
            "--format",
            "json",
            "--limit",
            "1",
            TWO_SOLUTIONS,
            NO_SOLUTION,
        ])
        .assert()
        .code(1)
        .stdout(expected);
}

#[test]
fn json_with_stats_is_valid_json() {
    let output = sudoku()
        .args(["all", "--format", "json", "--stats", TWO_SOLUTIONS])
        .output()
        .unwrap();
    let object: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(object["count"], 2);
    assert_eq!(object["capped"], false);
    assert_eq!(object["solutions"].as_array().unwrap().len(), 2);
    assert!(object["stats"]["nodes"].is_u64());
}

#[test]
fn the_first_line_comes_at_once_and_a_closed_pipe_ends_quietly() {
    // Like `sudoku-dlx all <empty grid> | head -1`: the empty grid has more solutions
    // than could ever be printed, so only streaming gives a first line, and only a quiet
    // exit on the broken pipe ends the process.
    let (mut child, stdout, first) = all_on_the_empty_grid();
    assert!(solves(first.trim_end(), &empty9()), "{first}");
    drop(stdout);
    let stderr = read_stderr(&mut child);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(stderr, "");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_cleanly_after_whole_solutions() {
    let (mut child, mut stdout, first) = all_on_the_empty_grid();
    // The handler is installed before any output, so the first line means it is in place.
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let stderr = read_stderr(&mut child);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert_eq!(stderr, "sudoku-dlx: interrupted\n");
    assert!(rest.is_empty() || rest.ends_with('\n'));
    for line in first.lines().chain(rest.lines()) {
        assert!(solves(line, &empty9()), "{line}");
    }
}

/// `sudoku-dlx all` on the empty 9x9 grid, running, with its first line already read.
fn all_on_the_empty_grid() -> (
    std::process::Child,
    BufReader<std::process::ChildStdout>,
    String,
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .args(["all", &empty9()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    (child, stdout, first)
}

fn read_stderr(child: &mut std::process::Child) -> String {
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    stderr
}
