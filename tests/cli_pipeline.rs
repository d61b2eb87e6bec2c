//! The pipeline options: `--keep-lines` (one output line per input line), `--keyed`
//! (`ID<TAB>PUZZLE` in, `ID<TAB>ANSWER` out) and `--exit-zero`, for running under a
//! pipeline such as Spark's `rdd.pipe`.

use crate::cli_support::*;

#[test]
fn keep_lines_gives_one_output_line_per_input_line_in_order() {
    let input = format!(
        "# a comment\n{EXAMPLE}\n\n   \n{NO_SOLUTION}\n12.. ..12\n# the end\r\n{INKALA} named\n\n"
    );
    let output = sudoku()
        .args(["solve", "--keep-lines", "--jobs", "2"])
        .write_stdin(input.clone())
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let output = String::from_utf8(output).unwrap();
    let outputs: Vec<&str> = output.lines().collect();
    let inputs: Vec<&str> = input.lines().collect();
    assert_eq!(outputs.len(), inputs.len());
    assert_eq!(outputs[0], "# a comment");
    assert!(solves(outputs[1], EXAMPLE));
    assert_eq!(&outputs[2..4], &["", "   "]);
    assert_eq!(outputs[4], "none");
    // A record never spans lines in this mode: half a grid is a bad record in its place.
    assert_eq!(
        outputs[5],
        "error: <stdin>:6:1: 4 cells make a 2x2 grid with no usual box shape: name the shape"
    );
    assert_eq!(outputs[6], "# the end");
    assert!(solves(outputs[7], INKALA));
    assert_eq!(outputs[8], "");
}

#[test]
fn the_same_lines_for_any_number_of_jobs() {
    let mut input = String::new();
    for k in 0..300 {
        match k % 5 {
            0 => input.push_str("# comment\n"),
            1 => input.push_str(&format!("{EXAMPLE}\n")),
            2 => input.push('\n'),
            3 => input.push_str(&format!("{NO_SOLUTION}\n")),
            _ => input.push_str(&format!("{INKALA}\n")),
        }
    }
    let run = |jobs: &str| {
        sudoku()
            .args(["solve", "--keep-lines", "--jobs", jobs])
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone()
    };
    let one = run("1");
    assert_eq!(String::from_utf8_lossy(&one).lines().count(), 300);
    assert_eq!(run("2"), one);
    assert_eq!(run("3"), one);
}

#[test]
fn keyed_records_carry_their_key_to_the_answer() {
    let input = format!(
        "p1\t{EXAMPLE}\np 2\t {TWO_SOLUTIONS}\np3\t1*..............\nno key {NO_SOLUTION}\n"
    );
    sudoku()
        .args(["check", "--keyed"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(lines(&[
            "p1\tunique",
            "p 2\tmultiple",
            "p3\terror: <stdin>:3:5: bad character '*'",
            "error: <stdin>:4:1: 2 cells, expected 16",
        ]));
}

#[test]
fn keyed_json_starts_with_the_id() {
    let output = sudoku()
        .args(["solve", "--keyed", "--format", "json"])
        .write_stdin(format!("42\t{EXAMPLE}\n"))
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    assert!(text.starts_with("{\"id\":\"42\",\"index\":0,"), "{text}");
}

#[test]
fn exit_zero_when_every_record_was_answered() {
    for command in [
        &["solve"][..],
        &["check"],
        &["count", "--limit", "1"],
        &["redundant"],
        &["rate"],
    ] {
        sudoku()
            .args(command)
            .args(["--exit-zero", NO_SOLUTION, "44.............."])
            .assert()
            .code(0);
    }
    // Without it, the same answers give 2.
    sudoku()
        .args(["solve", NO_SOLUTION, "44.............."])
        .assert()
        .code(2);
}

#[test]
fn exit_zero_does_not_hide_an_unreadable_input() {
    sudoku()
        .args(["solve", "--exit-zero", "--keep-lines", "/no/such/file"])
        .assert()
        .code(2);
}

#[test]
fn one_line_per_record_refuses_the_grid_format_and_summaries() {
    sudoku()
        .args(["solve", "--keep-lines", "--format", "grid", EXAMPLE])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("use --format line or json"));
    sudoku()
        .args(["rate", "--summary", "--keyed", EXAMPLE])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--summary prints one line per input",
        ));
}
