//! Input handling through the command line: malformed files, their messages, odd inputs,
//! and batches that come out the same on any number of threads.

use crate::cli_support::*;

#[test]
fn malformed_files_get_positioned_messages_in_place() {
    let file = example_file("bad.txt");
    let name = "docs/examples/bad.txt";
    sudoku()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["solve", name])
        .assert()
        .code(2)
        .stdout(lines(&[
            EXAMPLE_SOLUTION,
            &format!("error: {name}:3:1: 80 cells, expected 81"),
            &format!("error: {name}:4:82: 82 cells, expected 81"),
            &format!("error: {name}:5:81: bad character 'x'"),
            &format!("error: {name}:6:80: bad character 'A'"),
            &format!("error: {name}:7:2: clashing givens: digit 4 twice in row 1: r1c1 and r1c2"),
            &format!("error: {name}:8:1: digit 7 is out of range for a 6x6 grid (1 to 6)"),
            &format!("error: {name}:9:1: 49 cells, expected 81"),
            &format!("error: {name}:10:1: 5 cells, expected 81"),
        ]))
        .stderr("sudoku-dlx: 8 of 9 records could not be read\n");
    assert!(file.exists());
}

#[test]
fn a_broken_grid_is_one_record_with_its_position() {
    let text = "\
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . ? | . . .
1 . 4 | . . . | . . .

4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
";
    sudoku()
        .arg("check")
        .write_stdin(text)
        .assert()
        .code(2)
        .stdout(lines(&[
            "error: <stdin>:10:13: bad character '?'",
            "error: <stdin>:13:1: 18 cells, expected 81",
        ]));
}

#[test]
fn grids_ruled_as_websites_and_the_forum_rule_them_read() {
    // A frame of `+` and `-` around `|` rows, and the Sudoku Players' Forum's `*` corners.
    sudoku()
        .args(["solve", example_file("ruled.txt").to_str().unwrap()])
        .assert()
        .success()
        .stdout(lines(&[EXAMPLE_SOLUTION, EXAMPLE_SOLUTION]));
}

#[test]
fn an_argument_that_is_neither_file_nor_puzzle_stops_before_anything() {
    sudoku()
        .args(["solve", EXAMPLE, "no-such-file.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("sudoku-dlx: no-such-file.txt: no such file\n");
    // A mistyped name, a folder that is not there, a word: each is a file that is missing,
    // not a puzzle with a bad character.
    for (arg, message) in [
        ("puzzels.txt", "puzzels.txt: no such file"),
        ("puzzels", "puzzels: no such file"),
        (
            "no-such-folder/p.txt",
            "no-such-folder/p.txt: no such file (there is no folder no-such-folder)",
        ),
        (
            "docs/examples/nope.txt",
            "docs/examples/nope.txt: no such file",
        ),
    ] {
        sudoku()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["solve", arg])
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("sudoku-dlx: {message}\n"));
    }
    // A puzzle with a bad character: where it is.
    let typo = format!("{}x{}", &EXAMPLE[..40], &EXAMPLE[41..]);
    sudoku()
        .args(["solve", &typo])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "sudoku-dlx: {typo}: no such file, and not a puzzle (column 41: bad character 'x')\n"
        ));
    sudoku()
        .args(["solve", &".".repeat(80)])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "sudoku-dlx: {}: no such file, and not a puzzle (80 cells, expected 81)\n",
            ".".repeat(80)
        ));
}

#[test]
fn an_unreadable_input_stops_after_the_answers_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let output = sudoku()
        .arg("solve")
        .arg(EXAMPLE)
        .arg(dir.path())
        .arg(INKALA)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        lines(&[EXAMPLE_SOLUTION])
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!("sudoku-dlx: {}: ", dir.path().display())),
        "{stderr}"
    );
}

#[test]
fn empty_input_prints_nothing_and_succeeds() {
    for command in ["solve", "all", "count", "check"] {
        sudoku()
            .arg(command)
            .write_stdin("# nothing here\n\n")
            .assert()
            .code(0)
            .stdout("")
            .stderr("");
    }
}

#[test]
fn binary_junk_never_panics() {
    let junk: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
    let file = temp_file(&junk);
    for command in ["solve", "all", "count", "check"] {
        let output = sudoku().arg(command).arg(file.path()).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{stderr}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(
            stdout
                .lines()
                .all(|l| l.starts_with("error: ") || l.is_empty()),
            "{stdout}"
        );
    }
}

/// A batch of every famous puzzle, the multiple and impossible ones, and bad lines.
fn mixed_batch(rounds: usize) -> String {
    let mut text = String::new();
    for round in 0..rounds {
        for sample in sudoku_dlx::samples::FAMOUS {
            text.push_str(&format!("{} {}\n", sample.puzzle, sample.name));
        }
        text.push_str(&format!("{TWO_SOLUTIONS}\r\n{NO_SOLUTION}\n"));
        if round % 7 == 3 {
            text.push_str(&format!("{}\n# comment\n\n", &EXAMPLE[..80]));
        }
    }
    text
}

#[test]
fn jobs_1_and_2_print_the_same() {
    let file = temp_file(mixed_batch(60).as_bytes());
    for command in ["solve", "count", "check"] {
        for format in ["line", "grid", "json"] {
            let run = |jobs: &str| {
                sudoku()
                    .args([command, "--format", format, "--jobs", jobs])
                    .arg(file.path())
                    .output()
                    .unwrap()
            };
            let one = run("1");
            let two = run("2");
            assert_eq!(one.status.code(), Some(2), "{command} {format}");
            assert_eq!(two.status.code(), one.status.code(), "{command} {format}");
            assert_eq!(two.stdout, one.stdout, "{command} --format {format}");
            assert_eq!(two.stderr, one.stderr, "{command} --format {format}");
        }
    }
}

#[test]
fn one_output_record_per_input_record_in_order() {
    let text = mixed_batch(30);
    let output = sudoku()
        .args(["check", "--format", "json"])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    let objects: Vec<serde_json::Value> = output
        .stdout
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_slice(line).unwrap())
        .collect();
    let records = text
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .count();
    assert_eq!(objects.len(), records);
    for (index, object) in objects.iter().enumerate() {
        assert_eq!(object["index"], index);
    }
}

/// The tests that need the shared collections: ignored unless asked for
/// (`cargo test --release -- --ignored shared_data`; `scripts/test` runs them when the
/// collections are there).
mod shared_data {
    use super::*;

    #[test]
    #[ignore = "needs the shared collections (SUDOKU_DLX_DATA or ../shared/data): scripts/test runs it when they are there"]
    fn the_17_clue_collection_solves_on_two_threads() {
        let data = shared_data();
        let path = data.join("puzzles2_17_clue");
        let output = sudoku()
            .args(["solve", "--jobs", "2"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let puzzles = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<&str> = puzzles
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .collect();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let solutions: Vec<&str> = stdout.lines().collect();
        assert_eq!(solutions.len(), puzzles.len());
        for (solution, puzzle) in solutions.iter().zip(&puzzles).step_by(97) {
            assert!(solves(solution, &puzzle[..81]), "{puzzle}");
        }
    }
}
