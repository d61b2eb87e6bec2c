//! `sudoku-dlx candidates`: true candidates in every format, with counts, for classic and
//! variant inputs, one answer per record in input order.

use crate::cli_support::*;
use serde_json::Value;

/// The JSON objects printed by `sudoku-dlx ARGS`, which must end with exit code `code`.
fn json_of(args: &[&str], code: i32) -> Vec<Value> {
    stdout_of(args, code)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn the_line_gives_the_verdict_and_a_word_per_cell() {
    // Four solutions that share rows 1 and 2 (see the engine's TrueCandidates example).
    sudoku()
        .args(["candidates", "1234 3412 .... ....", NO_SOLUTION_4X4])
        .assert()
        .code(1)
        .stdout(lines(&[
            "multiple 1 2 3 4 3 4 1 2 24 13 24 13 24 13 24 13",
            "none",
        ]));
    let counted = stdout_of(&["candidates", "--limit", "3", "1234 3412 .... ...."], 0);
    let words: Vec<&str> = counted.split_whitespace().collect();
    assert_eq!(words.len(), 17);
    assert_eq!((words[1], words[9]), ("1:3+", "2:2,4:2"));
}

#[test]
fn counts_agree_with_count_on_two_nine_by_nine_solutions() {
    let objects = json_of(
        &[
            "candidates",
            "--format",
            "json",
            "--limit",
            "5",
            TWO_SOLUTIONS,
        ],
        0,
    );
    let object = &objects[0];
    assert_eq!(object["verdict"], "multiple");
    assert_eq!(object["cap"], 5);
    let candidates = object["candidates"].as_array().unwrap();
    let counts = object["counts"].as_array().unwrap();
    assert_eq!((candidates.len(), counts.len()), (81, 81));
    let solutions = solutions_of(TWO_SOLUTIONS, 3);
    assert_eq!(solutions.len(), 2);
    for cell in 0..81 {
        let digits: Vec<u64> = candidates[cell]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap())
            .collect();
        let mut expected: Vec<u64> = solutions
            .iter()
            .map(|s| u64::from(s.as_bytes()[cell] - b'0'))
            .collect();
        expected.sort();
        expected.dedup();
        assert_eq!(digits, expected, "cell {cell}");
        // Each cell's counts add up to the number of solutions.
        let total: u64 = counts[cell]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .sum();
        assert_eq!(total, 2, "cell {cell}");
    }
}

#[test]
fn a_unique_killer_document_has_its_solution_as_candidates() {
    let killer = example_file("killer.json");
    let killer = killer.to_str().unwrap();
    let solved = json_of(&["solve", "--format", "json", killer], 0);
    let solution = solved[0]["solution"].as_str().unwrap().to_string();
    let found = json_of(&["candidates", "--format", "json", killer], 0);
    assert_eq!(found[0]["verdict"], "unique");
    assert!(
        found[0]["variant"].is_object(),
        "the rules travel with the answer"
    );
    let cells: String = found[0]["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|digits| {
            assert_eq!(digits.as_array().unwrap().len(), 1);
            digits[0].to_string()
        })
        .collect();
    assert_eq!(cells, solution);
    assert!(found[0].get("counts").is_none(), "counts only with --limit");
}

#[test]
fn no_solution_says_none_with_an_empty_list_per_cell() {
    let objects = json_of(&["candidates", "--format", "json", NO_SOLUTION], 1);
    assert_eq!(objects[0]["verdict"], "none");
    let candidates = objects[0]["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 81);
    assert!(candidates.iter().all(|c| c.as_array().unwrap().is_empty()));
    sudoku()
        .args(["candidates", "--format", "grid", NO_SOLUTION_4X4])
        .assert()
        .code(1)
        .stdout("# none\n1 2 | . .\n. . | . .\n----+----\n. . | 3 .\n. . | 4 .\n");
}

#[test]
fn the_grid_shows_pencilmarks_and_reads_back_as_the_puzzle() {
    let puzzle = "1.2...3.....4.....5....6...1.....2..";
    let grid = stdout_of(
        &["candidates", "--box", "3x2", "--format", "grid", puzzle],
        0,
    );
    let comments: Vec<&str> = grid.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(comments[0], "# multiple");
    // 3x2 boxes: each cell a block of 3 lines of 2 marks, 6 rows of cells, 5 lines between.
    assert_eq!(comments.len(), 1 + 6 * 3 + 5);
    assert_eq!(comments[1], "# 1. .. | .2 .. | .. ..");
    let file = temp_file(grid.as_bytes());
    sudoku()
        .args(["count", "--box", "3x2", file.path().to_str().unwrap()])
        .assert()
        .code(0)
        .stdout("42\n");
}

#[test]
fn every_record_gets_one_answer_in_input_order_bad_ones_their_error() {
    // A file holds one-line puzzles without spaces.
    let two = TWO_SOLUTIONS_4X4.replace(' ', "");
    let none = NO_SOLUTION_4X4.replace(' ', "");
    let text = format!("{two}\n1.\n{EXAMPLE}\n{none}\n");
    let file = temp_file(text.as_bytes());
    let out = stdout_of(
        &["candidates", "--jobs", "2", file.path().to_str().unwrap()],
        2,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("multiple 1 "), "{}", lines[0]);
    assert!(lines[1].starts_with("error: "), "{}", lines[1]);
    let words: Vec<&str> = lines[2].split(' ').collect();
    assert_eq!(words[0], "unique");
    assert_eq!(words[1..].concat(), EXAMPLE_SOLUTION);
    assert_eq!(lines[3], "none");
}

#[test]
fn rules_and_sudokupad_links_take_the_variant_path() {
    // The X rule on the empty 4x4 grid: r1c1 holds any digit, as without it.
    let x = stdout_of(&["candidates", "--rules", "x", "................"], 0);
    assert!(x.starts_with("multiple 1234 1234 "), "{x}");
    let doc = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal+":true,"diagonal-":true}"#;
    let link = format!(
        "https://sudokupad.app/fpuzzles{}",
        sudoku_dlx::variant::fpuzzles::compress(doc)
    );
    let classic = stdout_of(&["candidates", "1..............."], 0);
    let diagonal = stdout_of(&["candidates", &link], 0);
    assert_ne!(classic, diagonal, "the diagonals rule candidates out");
    let words: Vec<&str> = diagonal.split_whitespace().collect();
    // r2c2 is on the main diagonal with r1c1 = 1.
    assert!(!words[1 + 5].contains('1'), "{diagonal}");
}
