//! The `bench` command on tiny files: its table, its JSON keys, and its errors. Nothing here
//! is timed: `--seconds 0` makes each run one pass.

use crate::cli_support::{output_of, sudoku, temp_file};
use assert_cmd::Command;
use predicates::prelude::*;
use sudoku_dlx::samples::FAMOUS;

fn puzzle_file(text: &str) -> tempfile::NamedTempFile {
    temp_file(text.as_bytes())
}

/// Two famous puzzles, one with a CRLF ending, and a 4x4 with many solutions.
fn tiny_file() -> tempfile::NamedTempFile {
    puzzle_file(&format!(
        "# tiny\n{}\r\n{}\n12....12........\n",
        FAMOUS[0].puzzle, FAMOUS[1].puzzle
    ))
}

fn bench() -> Command {
    sudoku()
}

#[test]
fn the_table_has_a_row_per_file_and_mode() {
    let file = tiny_file();
    let text = output_of(
        bench()
            .args(["bench", "--seconds", "0", "--runs", "2"])
            .args(["--mode", "solve,count2"])
            .arg(file.path()),
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "file",
            "mode",
            "puzzles",
            "puzzles/s",
            "µs/puzzle",
            "no-guess",
            "%",
            "guesses/puzzle"
        ]
    );
    let path = file.path().display().to_string();
    for (line, mode) in lines[1..].iter().zip(["solve", "count2"]) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[..3], [path.as_str(), mode, "3"], "{line}");
        assert_eq!(cells.len(), 7, "{line}");
    }
}

#[test]
fn json_lines_have_exactly_the_stable_keys() {
    let file = tiny_file();
    let text = output_of(
        bench()
            .args(["bench", "--json", "--seconds", "0.001", "--runs", "1"])
            .args(["--mode", "solve", "--mode", "count2"])
            .arg(file.path())
            .arg(file.path()),
    );
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), 4, "{text}");
    for (object, mode) in objects.iter().zip(["solve", "count2", "solve", "count2"]) {
        let keys: Vec<&str> = object
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "file",
                "mode",
                "puzzles",
                "puzzles_per_sec",
                "usec_per_puzzle",
                "no_guess_pct",
                "guesses_per_puzzle"
            ]
        );
        assert_eq!(object["file"], file.path().display().to_string());
        assert_eq!(object["mode"], mode);
        assert_eq!(object["puzzles"], 3);
        assert!(object["puzzles_per_sec"].as_f64().unwrap() > 0.0);
        assert!(object["usec_per_puzzle"].as_f64().unwrap() > 0.0);
        let no_guess = object["no_guess_pct"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&no_guess), "{object}");
        assert!(object["guesses_per_puzzle"].as_f64().unwrap() >= 0.0);
    }
}

#[test]
fn a_bad_record_stops_the_bench_naming_its_position() {
    let mut broken = FAMOUS[1].puzzle.to_string();
    broken.replace_range(4..5, "*");
    let file = puzzle_file(&format!("{}\n\n  {broken}\n", FAMOUS[0].puzzle));
    bench()
        .args(["bench", "--seconds", "0"])
        .arg(file.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "{}:3:7: bad character '*'",
            file.path().display()
        )));
}

#[test]
fn a_file_without_puzzles_is_refused() {
    let file = puzzle_file("# nothing but a comment\n");
    bench()
        .args(["bench", "--seconds", "0"])
        .arg(file.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no puzzles to measure"));
}

#[test]
fn settings_out_of_range_are_refused() {
    let file = tiny_file();
    for bad in [
        ["--runs", "0"],
        ["--seconds", "never"],
        ["--seconds", "inf"],
        ["--seconds", "1e300"],
        ["--seconds", "NaN"],
        ["--mode", "count"],
    ] {
        bench()
            .arg("bench")
            .args(bad)
            .arg(file.path())
            .assert()
            .code(2)
            .stdout("");
    }
}

#[test]
fn variant_files_are_measured_in_both_modes() {
    // Two f-puzzles documents, one per line (NDJSON): a killer cage and X-sudoku.
    let empty = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let text = format!(
        "{{\"size\":4,\"grid\":{empty},\"killercage\":[{{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}}]}}\n\
         {{\"size\":4,\"grid\":{empty},\"diagonal+\":true,\"diagonal-\":true}}\n"
    );
    let file = puzzle_file(&text);
    let out = output_of(
        bench()
            .args(["bench", "--seconds", "0", "--runs", "1", "--json"])
            .args(["--mode", "solve,count2"])
            .arg(file.path()),
    );
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
    for (line, mode) in lines.iter().zip(["solve", "count2"]) {
        assert_eq!(line["mode"], mode);
        assert_eq!(line["puzzles"], 2);
    }
    // Line puzzles with the rules of the command line: 4x4 X-sudoku has 48 grids, so the
    // count up to 2 branches at least once per puzzle.
    let x = puzzle_file("................\n1...............\n");
    let out = output_of(
        bench()
            .args(["bench", "--seconds", "0", "--runs", "1", "--json"])
            .args(["--mode", "count2", "--rules", "x"])
            .arg(x.path()),
    );
    let line: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(line["puzzles"], 2);
    assert!(line["guesses_per_puzzle"].as_f64().unwrap() >= 1.0, "{out}");
}

#[test]
fn a_bad_variant_record_stops_the_bench_with_its_position() {
    let file = puzzle_file("................\n..........\n");
    bench()
        .args(["bench", "--seconds", "0", "--rules", "anti-king"])
        .arg(file.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{}:2:1",
            file.path().display()
        )));
}
