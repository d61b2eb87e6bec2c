//! `sudoku-dlx solve`: every format, every kind of input, exit codes.

use crate::cli_support::*;

#[test]
fn solves_an_inline_puzzle() {
    sudoku()
        .args(["solve", EXAMPLE])
        .assert()
        .code(0)
        .stdout(lines(&[EXAMPLE_SOLUTION]))
        .stderr("");
}

#[test]
fn reads_standard_input_with_no_input_or_a_dash() {
    let text = lines(&[EXAMPLE, INKALA]);
    let expected = lines(&[EXAMPLE_SOLUTION, INKALA_SOLUTION]);
    for args in [vec!["solve"], vec!["solve", "-"]] {
        sudoku()
            .args(&args)
            .write_stdin(text.clone())
            .assert()
            .code(0)
            .stdout(expected.clone());
    }
}

#[test]
fn reads_files_and_inline_puzzles_in_order() {
    sudoku()
        .arg("solve")
        .arg(example_file("puzzles.txt"))
        .arg(INKALA)
        .assert()
        .code(0)
        .stdout(lines(&[
            EXAMPLE_SOLUTION,
            INKALA_SOLUTION,
            "174385962293467158586192734451923876928674315367851249719548623635219487842736591",
            INKALA_SOLUTION,
        ]));
}

#[test]
fn a_puzzle_without_solution_prints_none_and_exits_1() {
    sudoku()
        .args(["solve", EXAMPLE, NO_SOLUTION])
        .assert()
        .code(1)
        .stdout(lines(&[EXAMPLE_SOLUTION, "none"]))
        .stderr("");
}

#[test]
fn grid_format_prints_the_ruled_solution() {
    let expected = "\
4 1 7 | 3 6 9 | 8 2 5
6 3 2 | 1 5 8 | 9 4 7
9 5 8 | 7 2 4 | 3 1 6
------+-------+------
8 2 5 | 4 3 7 | 1 6 9
7 9 1 | 5 8 6 | 4 3 2
3 4 6 | 9 1 2 | 7 5 8
------+-------+------
2 8 9 | 6 4 3 | 5 7 1
5 7 3 | 2 9 1 | 6 8 4
1 6 4 | 8 7 5 | 2 9 3

# none
";
    sudoku()
        .args(["solve", "--format", "grid", EXAMPLE, NO_SOLUTION])
        .assert()
        .code(1)
        .stdout(expected);
}

#[test]
fn grid_output_reads_back() {
    let grids = sudoku()
        .args(["solve", "--format", "grid", EXAMPLE, INKALA])
        .output()
        .unwrap()
        .stdout;
    sudoku()
        .arg("solve")
        .write_stdin(grids)
        .assert()
        .code(0)
        .stdout(lines(&[EXAMPLE_SOLUTION, INKALA_SOLUTION]));
}

#[test]
fn json_format_has_one_object_per_record() {
    let expected = format!(
        "{{\"index\":0,\"source\":\"<stdin>\",\"line\":1,\"column\":1,\"puzzle\":\"{EXAMPLE}\",\"solution\":\"{EXAMPLE_SOLUTION}\"}}\n\
         {{\"index\":1,\"source\":\"<stdin>\",\"line\":2,\"column\":1,\"error\":\"<stdin>:2:1: 80 cells, expected 81\"}}\n\
         {{\"index\":2,\"source\":\"<stdin>\",\"line\":3,\"column\":1,\"puzzle\":\"{NO_SOLUTION}\",\"solution\":null}}\n"
    );
    sudoku()
        .args(["solve", "--format", "json"])
        .write_stdin(lines(&[EXAMPLE, &".".repeat(80), NO_SOLUTION]))
        .assert()
        .code(2)
        .stdout(expected)
        .stderr("sudoku-dlx: 1 of 3 records could not be read\n");
}

#[test]
fn stats_go_to_stderr_in_line_format() {
    let output = sudoku()
        .args(["solve", "--stats", EXAMPLE, INKALA])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        lines(&[EXAMPLE_SOLUTION, INKALA_SOLUTION])
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    let stderr: Vec<&str> = stderr.lines().collect();
    assert_eq!(stderr.len(), 3, "{stderr:?}");
    for line in &stderr[..2] {
        assert!(line.starts_with("stats <inline>:1:1: nodes "), "{line}");
        assert!(
            line.contains(", guesses ")
                && line.contains(", placed by logic ")
                && line.contains(", time "),
            "{line}"
        );
    }
    assert!(
        stderr[2].starts_with("stats total: 2 puzzles, 0 bad records, in ")
            && stderr[2].contains(" puzzles/s; nodes "),
        "{}",
        stderr[2]
    );
}

#[test]
fn stats_go_inside_the_objects_in_json() {
    let output = sudoku()
        .args(["solve", "--stats", "--format", "json", EXAMPLE])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let object: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(object["solution"], EXAMPLE_SOLUTION);
    let stats = &object["stats"];
    // How much is left to search depends on the engine's logic: only the types are fixed.
    assert!(stats["nodes"].is_u64() && stats["guesses"].is_u64());
    assert!(stats["placed_by_logic"].is_u64());
    assert!(stats["time_us"].as_f64().unwrap() >= 0.0);
    let totals: serde_json::Value = serde_json::from_slice(&output.stderr).unwrap();
    assert_eq!(totals["totals"]["puzzles"], 1);
    assert!(totals["totals"]["puzzles_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn six_by_six_with_named_boxes() {
    let puzzle = ".1.3.6.4....2..4.....6.1..1.2......4";
    sudoku()
        .args(["solve", "--box", "3x2", puzzle])
        .assert()
        .code(0)
        .stdout("512346645132236415324651461523153264\n");
    // Read with the usual 2x3 boxes, the same cells have no solution.
    sudoku()
        .args(["solve", puzzle])
        .assert()
        .code(1)
        .stdout("none\n");
}

#[test]
fn six_by_six_grid_rules_every_three_rows_and_two_columns() {
    sudoku()
        .args([
            "solve",
            "--box",
            "3x2",
            "--format",
            "grid",
            ".1.3.6.4....2..4.....6.1..1.2......4",
        ])
        .assert()
        .code(0)
        .stdout(
            "\
5 1 | 2 3 | 4 6
6 4 | 5 1 | 3 2
2 3 | 6 4 | 1 5
----+-----+----
3 2 | 4 6 | 5 1
4 6 | 1 5 | 2 3
1 5 | 3 2 | 6 4
",
        );
}

#[test]
fn sixteen_by_sixteen_from_a_ruled_grid() {
    let solution = "71BG23D984FA65CE293D8A4F5EC6B71G5C6E7BG12D93A8F48FA456EC7G1B329DA4F86C5EB3G791D21D92AF8465EC7BG3BG73192DA84FC6E56EC5B73G12D9FA4892D7F4A8C65E1G3BC5E6G1B3972D4F8AG31B9D72FA84EC56F84ACE65GB31D9274A8FE5C631BG2D793BG1D2974FA85E6CE65C3G1BD97284AFD72948FAEC65G3B1";
    sudoku()
        .arg("solve")
        .arg(example_file("sixteen.txt"))
        .assert()
        .code(0)
        .stdout(format!("{solution}\n"));
}

#[test]
fn crlf_input_is_read_like_lf() {
    let file = temp_file(format!("# comment\r\n{EXAMPLE} name\r\n\r\n{INKALA}\r\n").as_bytes());
    sudoku()
        .arg("solve")
        .arg(file.path())
        .assert()
        .code(0)
        .stdout(lines(&[EXAMPLE_SOLUTION, INKALA_SOLUTION]));
}

#[test]
fn help_has_examples() {
    for command in ["solve", "all", "count", "check"] {
        let output = sudoku().args([command, "--help"]).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        let help = String::from_utf8(output.stdout).unwrap();
        assert!(
            help.contains("Examples:\n  sudoku-dlx "),
            "{command}: {help}"
        );
        assert!(help.contains("--format"), "{command}");
    }
}

#[test]
fn usage_errors_exit_2() {
    sudoku()
        .args(["solve", "--format", "xml", EXAMPLE])
        .assert()
        .code(2)
        .stdout("");
    sudoku()
        .args(["solve", "--jobs", "0", EXAMPLE])
        .assert()
        .code(2)
        .stdout("");
    sudoku()
        .args(["solve", "--box", "6x6", EXAMPLE])
        .assert()
        .code(2)
        .stdout("");
    sudoku().args(["frobnicate"]).assert().code(2).stdout("");
}

#[test]
fn every_logic_level_gives_the_same_answers_and_a_bad_level_is_refused() {
    let file = example_file("puzzles.txt");
    let file = file.to_str().unwrap();
    let answers = |level: &str| {
        let output = sudoku()
            .args(["count", "--limit", "5", "--logic", level, file])
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let default = answers("locked-candidates");
    assert!(!default.is_empty());
    for level in ["off", "naked-singles", "hidden-singles"] {
        assert_eq!(answers(level), default, "--logic {level}");
    }
    let refused = sudoku()
        .args(["solve", "--logic", "guessing", file])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(
        stderr.contains("guessing") && stderr.contains("locked-candidates"),
        "{stderr}"
    );
}
