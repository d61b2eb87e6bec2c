//! `sudoku-dlx xc --jobs N` and `--shard K/N`: the same count whatever N, listings in the
//! same order whatever N, shards that add up to the whole count, bad values refused, and
//! Ctrl-C on several threads.

use crate::cli_xc::{
    assert_a_count_cut_short, interrupted, known_counts, langford, pentominoes, queens, xc,
};
use std::collections::BTreeSet;
use std::time::Duration;

/// Knuth's colored example (docs/examples/colors.dlx): one solution.
const COLORS: &str = "docs/examples/colors.dlx";

/// The standard output of `xc ARGS` on `input`, which must succeed (or, for a listing,
/// find nothing: exit 1 with nothing printed).
fn out(args: &[&str], input: &str) -> String {
    let output = xc(args, input).get_output().clone();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let none = args.contains(&"--all") && stdout.is_empty();
    let expected = if none { 1 } else { 0 };
    assert_eq!(output.status.code(), Some(expected), "{args:?}");
    stdout
}

/// The solutions of a listing, each block of lines as one entry.
fn blocks(listing: &str) -> Vec<String> {
    listing
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_count_is_the_same_whatever_the_threads() {
    let colors = std::fs::read_to_string(COLORS).unwrap();
    let more = [(colors, "1"), ("a b\na\n".to_string(), "0")];
    for (text, count) in known_counts().into_iter().chain(more) {
        for engine in [
            &["--engine", "sparse"][..],
            &["--engine", "dlx"],
            &["--branching", "forced-first"],
        ] {
            for jobs in ["1", "2", "3", "7"] {
                let args = [engine, &["--jobs", jobs]].concat();
                xc(&args, &text)
                    .code(0)
                    .stdout(format!("{count}\n"))
                    .stderr("");
            }
        }
    }
}

#[test]
fn a_listing_comes_in_the_same_order_whatever_the_threads() {
    for text in [queens(8), langford(7), pentominoes(3, 20)] {
        for engine in ["sparse", "dlx"] {
            let alone = out(&["--all", "--engine", engine], &text);
            let one = out(&["--all", "--engine", engine, "--jobs", "1"], &text);
            for jobs in ["2", "3", "7"] {
                let many = out(&["--all", "--engine", engine, "--jobs", jobs], &text);
                assert_eq!(many, one, "{engine} --jobs {jobs}");
            }
            // Under Knuth's rule the dancing links keep the order of one search; the sparse
            // sets find the same solutions in another order.
            if engine == "dlx" {
                assert_eq!(one, alone);
            }
            let sorted = |listing: &str| blocks(listing).into_iter().collect::<BTreeSet<_>>();
            assert_eq!(sorted(&one), sorted(&alone));
            assert_eq!(blocks(&one).len(), sorted(&alone).len());
        }
    }
}

#[test]
fn json_counts_and_listings_are_numbered_as_without_threads() {
    let text = queens(6);
    xc(&["--jobs", "2", "--format", "json"], &text)
        .code(0)
        .stdout("{\"solutions\":4,\"complete\":true}\n");
    let listing = out(&["--all", "--jobs", "3", "--format", "json"], &text);
    let numbers: Vec<u64> = listing
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["solution"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
}

#[test]
fn the_shards_add_up_to_the_whole_count() {
    for (text, count) in [
        (queens(10), 724u64),
        (langford(8), 300),
        (pentominoes(3, 20), 8),
    ] {
        for of in [1usize, 2, 3, 5, 40] {
            let mut total = 0;
            let mut listed = BTreeSet::new();
            for index in 1..=of {
                let shard = format!("{index}/{of}");
                total += out(&["--shard", &shard], &text)
                    .trim()
                    .parse::<u64>()
                    .unwrap();
                let with_jobs = out(
                    &["--shard", &shard, "--jobs", "2", "--engine", "dlx"],
                    &text,
                );
                let listing = out(&["--shard", &shard, "--all", "--engine", "dlx"], &text);
                assert_eq!(
                    with_jobs.trim().parse::<usize>().unwrap(),
                    blocks(&listing).len()
                );
                for block in blocks(&listing) {
                    assert!(listed.insert(block), "a solution in two shards");
                }
            }
            assert_eq!(total, count, "{of} shards");
            assert_eq!(listed.len() as u64, count, "{of} shards");
        }
    }
}

#[test]
fn bad_shards_and_modes_without_threads_are_refused() {
    let text = queens(6);
    for (shard, why) in [
        ("0/3", "shard 0 of 3: K must be from 1 to N"),
        ("4/3", "shard 4 of 3: K must be from 1 to N"),
        ("1/0", "shard 1 of 0: K must be from 1 to N"),
        ("x", "expected K/N, the K-th of N pieces"),
        ("3", "expected K/N, the K-th of N pieces"),
        ("a/3", "`a` is not a whole number"),
        ("1/-2", "`-2` is not a whole number"),
        ("1/65537", "65537 shards: at most 65536"),
    ] {
        xc(&["--shard", shard], &text)
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(why));
    }
    for mode in [&["--first"][..], &["--check"], &["--limit", "2"]] {
        for split in [&["--jobs", "2"][..], &["--shard", "1/2"]] {
            xc(&[mode, split].concat(), &text)
                .code(2)
                .stderr(predicates::str::contains("cannot be used with"));
        }
    }
    xc(&["--jobs", "0"], &text)
        .code(2)
        .stderr(predicates::str::contains("at least 1 thread"));
}

#[test]
fn stats_name_the_prefixes_and_each_threads_work() {
    let output = xc(&["--jobs", "2", "--stats"], &queens(8))
        .get_output()
        .clone();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "92\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines[0].starts_with("solutions 92, nodes "), "{stderr}");
    assert!(
        lines[1].starts_with("prefixes ") && lines[1].ends_with(", threads 2"),
        "{stderr}"
    );
    assert!(lines[2].starts_with("thread 1: busy ") && lines[3].starts_with("thread 2: busy "));
    assert_eq!(lines.len(), 4);
}

#[test]
fn ctrl_c_stops_the_threads_with_the_count_so_far_and_exit_130() {
    // 16 queens have 14,772,512 solutions: far more than a second of counting.
    let output = interrupted(&["--jobs", "2"], &queens(16), Duration::ZERO);
    assert_a_count_cut_short(output, 14_772_512);
}

#[test]
fn ctrl_c_stops_a_listing_on_threads_after_whole_prefixes_and_exit_130() {
    let pause = Duration::from_millis(500);
    let output = interrupted(&["--all", "--jobs", "2"], &queens(16), pause);
    assert_eq!(output.status.code(), Some(130));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let solutions = blocks(&stdout);
    // Whole solutions only, each once, far fewer than all of them.
    assert!(solutions
        .iter()
        .all(|block| block.trim().lines().count() == 16));
    assert_eq!(
        solutions.iter().collect::<BTreeSet<_>>().len(),
        solutions.len()
    );
    assert!(solutions.len() < 14_772_512);
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "sudoku-dlx: interrupted\n"
    );
}
