//! Constraint strings of sigh's Interactive Sudoku Solver on the command line: read inline,
//! as ISS links, from files and standard input (one per line), and refused with the line
//! and column of the constraint at fault.

use crate::cli_support::*;
use std::io::Write;

/// ISS's "Thermo" example (its example puzzles, `data/example_puzzles.js`), with the
/// solution ISS lists for it.
const THERMO: &str = ".~R1C2_4~R1C8_1~R2C1_2~R2C9_6~R8C1_9~R8C9_2~R9C2_1~R9C8_9\
    .Thermo~R9C4~R8C3~R7C2~R6C1~R5C2~R4C3.Thermo~R4C1~R3C2~R2C3~R1C4~R2C5~R3C6\
    .Thermo~R1C6~R2C7~R3C8~R4C9~R5C8~R6C7.Thermo~R6C9~R7C8~R8C7~R9C6~R8C5~R7C4";
const THERMO_SOLUTION: &str =
    "847632519295471386631598247129743865486259173753816924368924751974185632512367498";

#[test]
fn strings_and_links_read_inline() {
    let link = format!("https://sigh.github.io/Interactive-Sudoku-Solver/?q={THERMO}");
    for input in [THERMO.to_string(), link] {
        let out = stdout_of(&["solve", &input], 0);
        assert_eq!(
            out.split_whitespace().next(),
            Some(THERMO_SOLUTION),
            "{out}"
        );
        sudoku()
            .args(["count", &input])
            .assert()
            .code(0)
            .stdout("1\n");
    }
    sudoku()
        .args(["count", ".Shape~4x4.Diagonal~1.Diagonal~-1"])
        .assert()
        .code(0)
        .stdout("48\n");
}

#[test]
fn a_file_of_strings_answers_each_line_in_order_with_its_errors_placed() {
    let text = format!(
        "{THERMO}\n.Shape~4x4.AntiKnight.NFA~abc~R1C1\n  .Shape~4x4.Thermo~R1C1~R5C1\n\
         .Shape~4x4.Diagonal~1.Diagonal~-1\n"
    );
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    let path = file.path().to_str().unwrap().to_string();
    let out = stdout_of(&["count", &path], 2);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(
        got,
        [
            "1".to_string(),
            format!("error: {path}:2:22: ISS constraint NFA: not supported by this engine"),
            format!("error: {path}:3:13: \"R5C1\": not a cell of the grid (R1C1)"),
            "48".to_string(),
        ],
        "{out}"
    );
    // Standard input reads the same.
    let piped = sudoku()
        .args(["count", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&piped.stdout),
        out.replace(&path, "<stdin>")
    );
}

#[test]
fn a_string_is_a_layout_to_generate_on() {
    // ISS's thermometers with their givens taken away: each puzzle keeps them and is unique.
    let layout: String = THERMO
        .split('.')
        .filter(|part| part.starts_with("Thermo"))
        .map(|part| format!(".{part}"))
        .collect();
    let made = stdout_of(
        &[
            "generate", "--from", &layout, "--count", "2", "--seed", "1", "-j1",
        ],
        0,
    );
    let puzzles: Vec<&str> = made.lines().collect();
    assert_eq!(puzzles.len(), 2, "{made}");
    for puzzle in puzzles {
        let read = sudoku_dlx::variant::fpuzzles::parse(puzzle).unwrap();
        assert_eq!(read.rules(), fpuzzles_rules(&layout), "{puzzle}");
        sudoku()
            .args(["count", "--limit", "2", puzzle])
            .assert()
            .code(0)
            .stdout("1\n");
    }
}

/// The rules of an ISS string, as the engine reads it.
fn fpuzzles_rules(text: &str) -> Vec<sudoku_dlx::variant::Rule> {
    sudoku_dlx::variant::fpuzzles::parse(text)
        .unwrap()
        .rules()
        .to_vec()
}
