//! `sudoku-dlx xc` on problems with costs (Knuth's `dlx5`, `|n` on options) and `--best K`:
//! the costs and nodes of `dlx5` on small inputs, the output, the flags refused with costs,
//! and bad costs reported at their place.

use crate::cli_support::*;

fn xc(args: &[&str], input: &str) -> assert_cmd::assert::Assert {
    let file = temp_file(input.as_bytes());
    sudoku().arg("xc").args(args).arg(file.path()).assert()
}

/// The n-queens problem with the cost of square (r, c) `(7r + 3c) mod 10`.
fn weighted_queens(n: usize) -> String {
    let d = 2 * n - 1;
    let mut text = String::new();
    for (prefix, count) in [("r", n), ("c", n)] {
        for i in 0..count {
            text.push_str(&format!("{prefix}{i} "));
        }
    }
    text.push('|');
    for (prefix, count) in [("a", d), ("b", d)] {
        for i in 0..count {
            text.push_str(&format!(" {prefix}{i}"));
        }
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            let cost = (7 * r + 3 * c) % 10;
            text.push_str(&format!(
                "r{r} c{c} a{} b{} |{cost}\n",
                r + c,
                r + n - 1 - c
            ));
        }
    }
    text
}

#[test]
fn weighted_queens_have_dlx5s_costs_solutions_and_nodes() {
    // dlx5 k3 z2 on the same text: "The optimum costs are: $30 (repeated 3 times)",
    // "Altogether 4 solutions, ... 13643 updates, ... 667 nodes".
    let costs = |out: &str| {
        out.lines()
            .filter_map(|line| line.strip_prefix("cost "))
            .map(str::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let output = xc(&["--best", "3", "--stats"], &weighted_queens(8)).code(0);
    let out = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let err = String::from_utf8(output.get_output().stderr.clone()).unwrap();
    assert_eq!(costs(&out), "30,30,30");
    assert!(
        err.starts_with("solutions 4, nodes 667, updates 13643, seconds "),
        "{err}"
    );
}

#[test]
fn a_problem_with_costs_prints_its_cheapest_solution() {
    let text = "a b c\na b |3\nc |2\na |1\nb c |1 |2\n";
    xc(&[], text).code(0).stdout("cost 4\na\nb c\n\n");
    xc(&["--best", "5"], text)
        .code(0)
        .stdout("cost 4\na\nb c\n\ncost 5\na b\nc\n\n");
    xc(&["--best", "1", "--format", "json"], text)
        .code(0)
        .stdout(
            "{\"solution\":1,\"cost\":4,\"options\":[{\"option\":2,\"line\":4,\"items\":[\"a\"],\"cost\":1},\
             {\"option\":3,\"line\":5,\"items\":[\"b\",\"c\"],\"cost\":3}]}\n",
        );
    // Without costs, --best still answers: every solution costs 0.
    xc(&["--best", "2"], "a\na\na\n")
        .code(0)
        .stdout("cost 0\na\n\ncost 0\na\n\n");
    // No solution: `none`, exit 1.
    xc(&[], "a b\na |1\n").code(1).stdout("none\n");
    xc(&["--best", "2", "--format", "json"], "a b\na |1\n")
        .code(1)
        .stdout("");
}

#[test]
fn cheapest_prints_every_solution_of_the_least_cost() {
    // {a b} and {a}{b} cost 1, {a}{b'} 2: the first two, in the order found.
    let text = "a b\na b |1\na |1\nb\nb |1\n";
    let output = xc(&["--cheapest"], text).code(0);
    let out = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let mut solutions: Vec<&str> = out.split_terminator("\n\n").collect();
    solutions.sort_unstable();
    assert_eq!(solutions, ["cost 1\na\nb", "cost 1\na b"]);
    xc(&["--cheapest"], "a b\na |1\n").code(1).stdout("none\n");
    xc(&["--cheapest", "--best", "2"], text).code(2).stdout("");
    xc(&["--cheapest", "--all"], text).code(2).stdout("");
}

#[test]
fn what_costs_cannot_honour_is_refused() {
    let text = "a\na |1\na |2\n";
    for args in [
        &["--all"][..],
        &["--first"],
        &["--check"],
        &["--limit", "3"],
        &["--jobs", "2"],
        &["--shard", "1/2"],
        &["--engine", "sparse"],
        &["--branching", "forced-first"],
    ] {
        xc(args, text)
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(
                "the problem has costs (|n on options), whose search finds the cheapest \
                 solutions (--best K), which cannot be combined with --",
            ));
    }
    xc(&["--best", "2", "--branching", "weighted"], "a\na\n")
        .code(2)
        .stderr(predicates::str::contains(
            "--best K searches for the cheapest solutions, which cannot be combined with \
             --branching weighted",
        ));
    xc(&[], "2|a\na |1\na\n")
        .code(2)
        .stderr(predicates::str::contains(
            "which cannot be combined with multiplicities (u:v|name)",
        ));
    // clap refuses --best with the listing flags.
    for flag in ["--all", "--first", "--check", "--jobs"] {
        let mut args = vec!["--best", "2", flag];
        if flag == "--jobs" {
            args.push("2");
        }
        xc(&args, text).code(2).stdout("");
    }
    xc(&["--best", "0"], text).code(2);
}

#[test]
fn bad_costs_are_reported_at_their_place() {
    for (text, message) in [
        (
            "a\na |x\n",
            ":2:3: `|x`: a cost is written |n with n a decimal number",
        ),
        (
            "a\na |\n",
            ":2:3: `|`: a cost is written |n with n a decimal number",
        ),
        (
            "a b\na |4294967295 b |1\n",
            ":2:17: `|1`: the option's costs add up to more than 4294967295",
        ),
    ] {
        xc(&[], text)
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message));
    }
}
