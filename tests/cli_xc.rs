//! `sudoku-dlx xc`: Knuth's format, the modes, the statistics against Knuth's own figures,
//! errors and interruption. Inputs are generated here (queens, Langford pairs, pentominoes);
//! the files of ../shared/data/xc are read too when present.

use crate::cli_support::*;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// n queens (n at most 18) as ../shared/data/xc/queens*.dlx has it, in Knuth's order:
/// rows and columns primary from the middle out, the diagonals secondary (those of one
/// square left out), every name one character after its letter.
pub(crate) fn queens(n: usize) -> String {
    let digit = |k: usize| char::from_digit(k as u32, 36).unwrap();
    let mut text = String::from("| n queens\n");
    let middle_out = (0..n).map(|j| {
        if j % 2 == 1 {
            n / 2 - j.div_ceil(2)
        } else {
            n / 2 + j / 2
        }
    });
    for k in middle_out {
        text += &format!("r{} c{} ", digit(k), digit(k));
    }
    text += "|";
    for d in 1..2 * n - 2 {
        text += &format!(" a{} b{}", digit(d), digit(d));
    }
    text += "\n";
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{} c{}", digit(r), digit(c));
            let (up, down) = (r + c, c + n - 1 - r);
            if (1..2 * n - 2).contains(&up) {
                text += &format!(" a{}", digit(up));
            }
            if (1..2 * n - 2).contains(&down) {
                text += &format!(" b{}", digit(down));
            }
            text += "\n";
        }
    }
    text
}

/// Langford pairs of order n: place two copies of each k in 1..=n, k apart.
pub(crate) fn langford(n: usize) -> String {
    let numbers: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
    let slots: Vec<String> = (1..=2 * n).map(|s| format!("s{s}")).collect();
    let mut text = format!("{} {}\n", numbers.join(" "), slots.join(" "));
    for k in 1..=n {
        for first in 1..=2 * n {
            let second = first + k + 1;
            if second <= 2 * n {
                text += &format!("{k} s{first} s{second}\n");
            }
        }
    }
    text
}

/// The twelve pentominoes, every rotation and reflection, on a `rows` x `cols` board.
pub(crate) fn pentominoes(rows: i32, cols: i32) -> String {
    let pieces: [(&str, [(i32, i32); 5]); 12] = [
        ("F", [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
        ("I", [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
        ("L", [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
        ("N", [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
        ("P", [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
        ("T", [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
        ("U", [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
        ("V", [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
        ("W", [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
        ("X", [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
        ("Y", [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
        ("Z", [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
    ];
    let mut text = String::from("| pentominoes\n");
    let names: Vec<&str> = pieces.iter().map(|(name, _)| *name).collect();
    let cells: Vec<String> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| format!("{r}-{c}")))
        .collect();
    text += &format!("{} {}\n", names.join(" "), cells.join(" "));
    for (name, shape) in pieces {
        let mut shapes: Vec<Vec<(i32, i32)>> = Vec::new();
        for transform in 0..8 {
            let mut cells: Vec<(i32, i32)> = shape
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if transform & 4 != 0 { (c, r) } else { (r, c) };
                    let r = if transform & 1 != 0 { -r } else { r };
                    let c = if transform & 2 != 0 { -c } else { c };
                    (r, c)
                })
                .collect();
            let (min_r, min_c) = (
                cells.iter().map(|p| p.0).min().unwrap(),
                cells.iter().map(|p| p.1).min().unwrap(),
            );
            cells = cells.iter().map(|&(r, c)| (r - min_r, c - min_c)).collect();
            cells.sort();
            if !shapes.contains(&cells) {
                shapes.push(cells);
            }
        }
        for cells in &shapes {
            for dr in 0..rows {
                for dc in 0..cols {
                    if cells.iter().all(|&(r, c)| r + dr < rows && c + dc < cols) {
                        text += name;
                        for &(r, c) in cells {
                            text += &format!(" {}-{}", r + dr, c + dc);
                        }
                        text += "\n";
                    }
                }
            }
        }
    }
    text
}

pub(crate) fn xc(args: &[&str], input: &str) -> assert_cmd::assert::Assert {
    let file = temp_file(input.as_bytes());
    sudoku().arg("xc").args(args).arg(file.path()).assert()
}

/// Problems generated here and their counts.
pub(crate) fn known_counts() -> [(String, &'static str); 5] {
    [
        (queens(8), "92"),
        (queens(10), "724"),
        (langford(7), "52"),
        (langford(8), "300"),
        (pentominoes(3, 20), "8"),
    ]
}

#[test]
fn generated_problems_have_their_known_counts() {
    for (text, count) in known_counts() {
        for args in [
            &["--branching", "forced-first"][..],
            &["--branching", "knuth", "--engine", "dlx"],
            &["--engine", "sparse"],
            &[],
        ] {
            xc(args, &text)
                .code(0)
                .stdout(format!("{count}\n"))
                .stderr("");
        }
    }
}

#[test]
fn standard_input_is_read_when_no_file_or_a_dash_is_given() {
    for args in [&["xc"][..], &["xc", "-"]] {
        sudoku()
            .args(args)
            .write_stdin(queens(6))
            .assert()
            .code(0)
            .stdout("4\n");
    }
}

#[test]
fn a_limit_stops_the_count_and_says_so() {
    xc(&["--limit", "10"], &queens(8)).code(0).stdout("10+\n");
    xc(&["--limit", "92"], &queens(8)).code(0).stdout("92+\n");
    xc(&["--limit", "93"], &queens(8)).code(0).stdout("92\n");
    xc(&["--format", "json"], &queens(8))
        .code(0)
        .stdout("{\"solutions\":92,\"complete\":true}\n");
}

#[test]
fn solutions_print_their_options_in_input_order_with_a_blank_line_after_each() {
    let text =
        "| Knuth's colored example\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    xc(&["--all"], text).code(0).stdout("p r x:A y\nq x:A\n\n");
    xc(&["--first", "--format", "json"], text).code(0).stdout(
        "{\"solution\":1,\"options\":[\
         {\"option\":1,\"line\":4,\"items\":[\"p\",\"r\",\"x:A\",\"y\"]},\
         {\"option\":3,\"line\":6,\"items\":[\"q\",\"x:A\"]}]}\n",
    );
    let all = xc(&["--all", "--limit", "3"], &queens(6)).code(0);
    let out = String::from_utf8(all.get_output().stdout.clone()).unwrap();
    assert_eq!(out.matches("\n\n").count(), 3);
    assert_eq!(out.lines().filter(|line| !line.is_empty()).count(), 3 * 6);
    xc(&["--first"], "a b\na\n").code(1).stdout("none\n");
}

#[test]
fn check_says_unique_multiple_or_none() {
    xc(&["--check"], "a b\na b\n").code(0).stdout("unique\n");
    xc(&["--check"], &queens(6)).code(1).stdout("multiple\n");
    xc(&["--check", "--format", "json"], "a b\na\n")
        .code(1)
        .stdout("{\"verdict\":\"none\"}\n");
}

#[test]
fn stats_under_knuths_rule_are_dlx1s() {
    // The figures of dlx1 in ../shared/data/xc/README for queens8.dlx, which is this text
    // but for its comment line.
    xc(&["--stats", "--engine", "dlx"], &queens(8))
        .code(0)
        .stdout("92\n")
        .stderr(predicates::str::starts_with(
            "solutions 92, nodes 1049, updates 16680, seconds ",
        ));
    // The sparse sets enter the same nodes and count their own updates.
    xc(&["--stats"], &queens(8))
        .code(0)
        .stdout("92\n")
        .stderr(predicates::str::starts_with(
            "solutions 92, nodes 1049, updates ",
        ));
}

#[test]
fn the_sparse_engine_takes_knuths_rule_only() {
    xc(
        &["--engine", "sparse", "--branching", "forced-first"],
        &queens(6),
    )
    .code(2)
    .stdout("")
    .stderr(predicates::str::contains(
        "--branching forced-first needs --engine dlx",
    ));
}

#[test]
fn a_problem_deeper_than_its_snapshots_allow_stays_on_the_sparse_engine() {
    // 8,193 primary items of one option each: 8,193 levels of 8,193 sizes would pass the
    // snapshots' bound, so the search keeps a trail of its changes instead.
    let names: Vec<String> = (0..8193).map(|k| format!("i{k}")).collect();
    let text = format!("{}\n{}\n", names.join(" "), names.join("\n"));
    for engine in [&[][..], &["--engine", "sparse"]] {
        xc(engine, &text).code(0).stdout("1\n").stderr("");
    }
}

#[test]
fn both_engines_list_the_same_solutions() {
    let text = langford(7);
    let listed = |engine: &str| {
        let output = xc(&["--all", "--engine", engine], &text).code(0);
        let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
        let mut solutions: Vec<String> = stdout.split("\n\n").map(str::to_string).collect();
        solutions.sort();
        solutions
    };
    let sparse = listed("sparse");
    assert_eq!(sparse.len(), 52 + 1, "52 solutions and the empty tail");
    assert_eq!(sparse, listed("dlx"));
}

#[test]
fn bad_input_is_reported_at_its_place() {
    let file = temp_file(b"a b | x\na c\n");
    let path = file.path().display().to_string();
    sudoku()
        .arg("xc")
        .arg(file.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!("sudoku-dlx: {path}:2:3: unknown item `c`\n"));
    xc(&[], "a | x\na:1\n")
        .code(2)
        .stderr(predicates::str::contains(
            ":2:1: primary item `a` cannot take a color",
        ));
    xc(&[], "| nothing\n")
        .code(2)
        .stderr(predicates::str::contains(":1:1: no line names the items"));
    sudoku()
        .args(["xc", "no/such/file.dlx"])
        .assert()
        .code(2)
        .stderr(predicates::str::starts_with(
            "sudoku-dlx: no/such/file.dlx: ",
        ));
}

#[test]
fn an_option_without_a_primary_item_is_dropped_with_a_warning() {
    let file = temp_file(b"a | x\na\n x\n");
    let path = file.path().display().to_string();
    sudoku()
        .arg("xc")
        .arg(file.path())
        .assert()
        .code(0)
        .stdout("1\n")
        .stderr(format!(
            "sudoku-dlx: {path}:3:2: warning: option ignored (no primary item)\n"
        ));
}

#[test]
fn a_closed_pipe_is_quiet() {
    let file = temp_file(queens(10).as_bytes());
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .args(["xc", "--all"])
        .arg(file.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert_eq!(stderr, "");
}

#[test]
fn ctrl_c_stops_a_listing_with_whole_solutions_and_exit_130() {
    let file = temp_file(queens(16).as_bytes());
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .args(["xc", "--all"])
        .arg(file.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // The handler is installed before any output, so the first line means it is in place.
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let all = first + &rest;
    assert!(all.ends_with("\n\n"), "whole solutions only");
    for solution in all.split_terminator("\n\n") {
        assert_eq!(solution.lines().count(), 16);
    }
}

/// The tests that need the shared collections: ignored unless asked for
/// (`cargo test --release -- --ignored shared_data`; `scripts/test` runs them when the
/// collections are there).
mod shared_data {
    use super::*;

    #[test]
    #[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
    fn generated_queens_are_the_shared_files() {
        let dir = xc_dir();
        for n in [8, 10, 12, 13] {
            let shared = std::fs::read_to_string(dir.join(format!("queens{n}.dlx"))).unwrap();
            let strip = |text: &str| -> Vec<String> {
                text.lines()
                    .filter(|line| !line.starts_with('|'))
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(strip(&queens(n)), strip(&shared), "queens{n}");
        }
    }

    /// The folder of the Knuth-format problems of the shared data.
    fn xc_dir() -> PathBuf {
        shared_data().join("xc")
    }

    /// Knuth's figures from ../shared/data/xc/README: input, solutions, nodes, updates (of
    /// dlx1, or dlx2 for the colored `killer` inputs). Only the inputs that count in well under
    /// a second are run here.
    const KNUTH_FIGURES: [(&str, u64, u64, u64); 12] = [
        ("queens8", 92, 1_049, 16_680),
        ("queens10", 724, 11_578, 198_264),
        ("queens12", 14_200, 211_716, 3_594_752),
        ("langford11", 35_584, 439_747, 5_974_979),
        ("langford11b", 17_792, 244_807, 3_415_293),
        ("pento3x20", 8, 32_978, 10_986_975),
        ("killer4_s1", 6, 74, 1_067),
        ("killer4_s2", 6, 105, 1_473),
        ("killer4_s3", 12, 149, 1_948),
        ("killer9_s1_m4_c1.0", 2, 409, 35_332),
        ("killer9_s3_m4_c0.8", 5, 6_647, 352_654),
        ("killer9_s2_m5_c0.9", 5, 33_590, 10_479_589),
    ];

    #[test]
    #[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
    fn shared_problems_match_knuths_counts_nodes_and_updates() {
        let dir = xc_dir();
        for (name, solutions, nodes, updates) in KNUTH_FIGURES {
            let path = dir.join(format!("{name}.dlx"));
            sudoku()
                .args(["xc", "--branching", "knuth", "--engine", "dlx", "--stats"])
                .arg(&path)
                .assert()
                .code(0)
                .stdout(format!("{solutions}\n"))
                .stderr(predicates::str::starts_with(format!(
                    "solutions {solutions}, nodes {nodes}, updates {updates}, seconds "
                )));
            // The sparse sets: Knuth's nodes, their own updates.
            sudoku()
                .args(["xc", "--engine", "sparse", "--stats"])
                .arg(&path)
                .assert()
                .code(0)
                .stdout(format!("{solutions}\n"))
                .stderr(predicates::str::starts_with(format!(
                    "solutions {solutions}, nodes {nodes}, updates "
                )));
            sudoku()
                .args(["xc", "--branching", "forced-first"])
                .arg(&path)
                .assert()
                .code(0)
                .stdout(format!("{solutions}\n"));
        }
    }

    #[test]
    #[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
    fn shared_sudoku_matrices_are_unique() {
        let dir = xc_dir();
        for k in 1..=20 {
            let path = dir.join(format!("sudoku/sudoku_{k:04}.dlx"));
            sudoku()
                .args(["xc", "--check"])
                .arg(&path)
                .assert()
                .code(0)
                .stdout("unique\n");
        }
    }
}

/// Runs `xc ARGS FILE` on `input` in a file, sends it a SIGINT `pause` after its handler is
/// in place, and returns what it did.
pub(crate) fn interrupted(args: &[&str], input: &str, pause: Duration) -> Output {
    let file = temp_file(input.as_bytes());
    let child = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .arg("xc")
        .args(args)
        .arg(file.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A count prints nothing before it ends: wait for the handler to be installed.
    wait_for_sigint_handler(&child);
    std::thread::sleep(pause);
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_stops_a_count_with_the_count_so_far_and_exit_130() {
    // 16 queens have 14,772,512 solutions: far more than a second of counting.
    let output = interrupted(&[], &queens(16), Duration::ZERO);
    assert_a_count_cut_short(output, 14_772_512);
}

/// `output` is that of a count that Ctrl-C stopped: exit 130, fewer than `all` solutions
/// with a plus, and the word on standard error.
pub(crate) fn assert_a_count_cut_short(output: Output, all: u128) {
    assert_eq!(output.status.code(), Some(130));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let count = stdout.strip_suffix("+\n").expect("a count with a plus");
    assert!(count.parse::<u128>().unwrap() < all);
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "sudoku-dlx: interrupted\n"
    );
}
