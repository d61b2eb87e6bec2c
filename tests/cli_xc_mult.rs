//! `sudoku-dlx xc` on problems with multiplicities (Knuth's `dlx3`, `u:v|name` on the item
//! line): the counts and statistics of `ssmcc` (the default search) and `dlx3` (`--engine
//! dlx`) on small generated inputs, the rules that refuse them, and bad bounds reported at
//! their place.

use crate::cli_support::*;
use predicates::prelude::*;

fn xc(args: &[&str], input: &str) -> assert_cmd::assert::Assert {
    let file = temp_file(input.as_bytes());
    sudoku().arg("xc").args(args).arg(file.path()).assert()
}

/// n queens with `k` of them in each row and column and at most `k` on each diagonal.
fn bounded_queens(n: usize, k: usize) -> String {
    let d = 2 * n - 1;
    let mut text = String::new();
    for (prefix, count, low) in [("r", n, k), ("c", n, k), ("a", d, 0), ("b", d, 0)] {
        for i in 0..count {
            text.push_str(&format!("{low}:{k}|{prefix}{i} "));
        }
    }
    text.push('\n');
    for i in 0..n {
        for j in 0..n {
            text.push_str(&format!("r{i} c{j} a{} b{}\n", i + j, i + n - 1 - j));
        }
    }
    text
}

#[test]
fn bounded_queens_have_ssmccs_and_dlx3s_counts_nodes_and_updates() {
    // ssmcc on the same text: 1097 solutions, 141071 updates, 16735 nodes.
    for engine in [&[][..], &["--engine", "sparse"]] {
        xc(&[engine, &["--stats"]].concat(), &bounded_queens(6, 2))
            .code(0)
            .stdout("1097\n")
            .stderr(predicates::str::starts_with(
                "solutions 1097, nodes 16735, updates 141071, seconds ",
            ));
    }
    // dlx3 on the same text: 1097 solutions, 188428 updates, 24838 nodes.
    xc(&["--engine", "dlx", "--stats"], &bounded_queens(6, 2))
        .code(0)
        .stdout("1097\n")
        .stderr(predicates::str::starts_with(
            "solutions 1097, nodes 24838, updates 188428, seconds ",
        ));
}

#[test]
fn a_listing_prints_each_set_of_options_once() {
    // a 0 to 2 times, b once.
    xc(&["--all"], "0:2|a b\na\na\na b\nb\n")
        .code(0)
        .stdout(predicates::function::function(|out: &str| {
            out.split("\n\n").filter(|s| !s.trim().is_empty()).count() == 7
        }));
    xc(&["--check"], "2|a\na\na\n").code(0).stdout("unique\n");
}

#[test]
fn the_other_branching_rules_refuse_multiplicities() {
    for args in [
        &["--branching", "forced-first"][..],
        &["--branching", "weighted", "--engine", "dlx"],
    ] {
        xc(args, "2|a\na\na\n")
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(
                "the problem has multiplicities (u:v|name), which --",
            ));
    }
}

#[test]
fn bad_bounds_are_reported_at_their_place() {
    for (text, message) in [
        (
            "a 3:2|b\n",
            ":1:3: `3:2|b`: the lower bound exceeds the upper bound",
        ),
        (
            "a x|b\n",
            ":1:3: `x|b`: a multiplicity is written u:v|name or v|name",
        ),
        ("a :|b\n", ":1:3: `:|b`: a multiplicity is written"),
        ("0|b\n", ":1:1: `0|b`: the upper bound is zero"),
        (
            "a | 2|x\n",
            ":1:5: `2|x`: a secondary item cannot have a multiplicity",
        ),
    ] {
        xc(&[], text)
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message));
    }
}

#[test]
fn jobs_and_shards_are_refused_on_multiplicities() {
    for (flag, value) in [("--jobs", "2"), ("--shard", "1/2")] {
        xc(&[flag, value], "2|a\na\na\n").code(2).stdout("").stderr(
            predicates::str::contains("multiplicities").and(predicates::str::contains(flag)),
        );
    }
}
