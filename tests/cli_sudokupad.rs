//! SudokuPad links on the command line: read wherever f-puzzles share links are (inline,
//! one per line in a `.json` or `.ndjson` file), and refused with their position when they
//! need a network lookup or draw rules that only their text states.

use crate::cli_support::*;
use std::io::Write;

const EMPTY4: &str =
    r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;

#[test]
fn sudokupad_links_read_inline_and_from_files() {
    let doc = format!(r#"{EMPTY4},"diagonal+":true,"diagonal-":true}}"#);
    let packed = sudoku_dlx::variant::fpuzzles::compress(&doc);
    let encoded = packed
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    // SudokuPad's own zipped JSON, with the diagonals named in its metadata.
    let zipped = "{ce:[[,,,],[,,,],[,,,],[,,,]],metadata:{'diagonal+':t,'diagonal-':t}}";
    let native = sudoku_dlx::variant::fpuzzles::compress(zipped);
    for link in [
        format!("https://sudokupad.app/fpuzzles{packed}"),
        format!("https://sudokupad.app/?puzzleid=fpuz{encoded}"),
        format!("https://app.crackingthecryptic.com/sudoku/scl{native}"),
        format!("ctc{native}"),
    ] {
        sudoku()
            .args(["count", &link])
            .assert()
            .code(0)
            .stdout("48\n");
    }
    let drawn = sudoku_dlx::variant::fpuzzles::compress(
        "{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0,0],[2,3]]}]}",
    );
    let text = format!(
        "https://sudokupad.app/fpuzzles{packed}\nhttps://sudokupad.app/sudoku/BLLGjtrb4P\n\
         https://sudokupad.app/scl{drawn}\n"
    );
    // Links in a file are read as f-puzzles share strings are: in a `.ndjson` file.
    let mut file = tempfile::Builder::new()
        .suffix(".ndjson")
        .tempfile()
        .unwrap();
    file.write_all(text.as_bytes()).unwrap();
    let path = file.path().to_str().unwrap().to_string();
    let out = stdout_of(&["count", &path], 2);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 3, "{out}");
    assert_eq!(got[0], "48");
    assert!(
        got[1].starts_with(&format!(
            "error: {path}:2:1: SudokuPad puzzle id \"BLLGjtrb4P\" needs a network lookup"
        )),
        "{}",
        got[1]
    );
    assert!(
        got[2].starts_with(&format!(
            "error: {path}:3:1: the SudokuPad document draws lines (1), whose rules only its text states"
        )),
        "{}",
        got[2]
    );
}

#[test]
fn share_strings_and_links_read_from_standard_input_and_text_files() {
    let diagonal = format!(r#"{EMPTY4},"diagonal+":true,"diagonal-":true}}"#);
    let windoku = format!(r#"{EMPTY4},"diagonal+":true}}"#);
    let packed = |doc: &str| sudoku_dlx::variant::fpuzzles::compress(doc);
    // A share string, a link, and a broken share string: one record each, in order.
    let text = format!(
        "{}\nhttps://sudokupad.app/fpuzzles{}\nN4IgBROKEN\n",
        packed(&diagonal),
        packed(&windoku)
    );
    let piped = stdout_piped(&["count", "--format", "json"], &text, 2);
    let counts: Vec<&str> = piped.lines().collect();
    assert_eq!(counts.len(), 3, "{piped}");
    assert!(counts[0].contains(r#""count":48"#), "{piped}");
    assert!(counts[1].contains(r#""line":2"#), "{piped}");
    assert!(counts[2].contains(r#""error""#) && counts[2].contains(r#""line":3"#));
    let file = temp_file(text.as_bytes());
    let path = file.path().to_str().unwrap();
    let from_file = stdout_of(&["count", "--format", "json", path], 2);
    assert_eq!(from_file.lines().count(), 3, "{from_file}");
    assert!(from_file.lines().next().unwrap().contains(r#""count":48"#));
}

#[test]
fn an_inline_share_string_cut_short_is_refused_as_one() {
    let windoku = format!(
        r#"{EMPTY4},"diagonal+":true,"title":"{}"}}"#,
        "x".repeat(200)
    );
    let packed = sudoku_dlx::variant::fpuzzles::compress(&windoku);
    // Cut where a base64 `/` makes it look like a path: still refused as a share string.
    let cut = packed
        .rfind('/')
        .map_or(&packed[..packed.len() / 2], |k| &packed[..k + 3]);
    let out = stdout_of(&["count", cut], 2);
    assert!(
        out.starts_with("error: <inline>:1:1: neither JSON nor an f-puzzles share string"),
        "{out}"
    );
}
