//! The rules compiled to tables (quadruples, little killers, sandwiches, X-sums,
//! skyscrapers, between, lockout, region-sum, zipper and double-arrow lines, pill arrows)
//! through the commands: published puzzles of dclamage's SudokuVariantSolverJS collection
//! (`tests/variants/published.ndjson`, each with its title and author; CC BY 4.0) answered
//! with their published solutions, and a 4x4 document with one rule of each kind read,
//! solved and carried back out.

use crate::cli_support::*;

const PUBLISHED: &str = "tests/variants/published.ndjson";

/// The title and solution of each published puzzle, in file order.
fn published_solutions() -> Vec<(String, String)> {
    std::fs::read_to_string("tests/variants/published.solutions")
        .unwrap()
        .lines()
        .map(|line| {
            let (title, solution) = line.split_once('\t').unwrap();
            (title.to_string(), solution.to_string())
        })
        .collect()
}

#[test]
fn published_puzzles_have_their_published_solutions() {
    let expected = published_solutions();
    let solved = stdout_of(&["solve", PUBLISHED], 0);
    let solved: Vec<&str> = solved.lines().collect();
    assert_eq!(solved.len(), expected.len());
    for ((title, solution), found) in expected.iter().zip(solved) {
        assert_eq!(found, solution, "{title}");
    }
    let counts = stdout_of(&["count", "--limit", "2", PUBLISHED], 0);
    assert_eq!(counts, "1\n".repeat(expected.len()), "each is unique");
}

#[test]
fn published_puzzles_read_back_from_their_json_answers() {
    // Every rule goes out in the JSON answer, and the document read back has the same one
    // solution.
    let expected = published_solutions();
    let out = stdout_of(&["solve", "--format", "json", PUBLISHED], 0);
    for ((title, solution), line) in expected.iter().zip(out.lines()) {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        let again = stdout_of(&["solve", &object["variant"].to_string()], 0);
        assert_eq!(again.trim(), solution, "{title}");
    }
}

/// A 4x4 document with one rule of each kind that the grid 2413 1342 4231 3124 keeps.
const EACH_KIND: &str = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
    "quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2]}],
    "littlekillersum":[{"cell":"R0C2","cells":["R1C3","R2C4"],"direction":"DR","value":"3"}],
    "sandwichsum":[{"cell":"R3C0","value":"5"}],"xsum":[{"cell":"R0C1","value":"3"}],
    "skyscraper":[{"cell":"R5C4","value":"1"}],
    "betweenline":[{"lines":[["R1C2","R2C2","R3C2","R4C2"]]}],
    "lockout":[{"lines":[["R1C3","R2C3","R2C2"]]}],
    "regionsumline":[{"lines":[["R1C2","R1C3","R1C4"]]}],
    "zipperline":[{"lines":[["R2C1","R3C1","R4C1"]]}],
    "doublearrow":[{"lines":[["R1C3","R2C3","R3C3"]]}],
    "arrow":[{"cells":["R2C1","R2C2"],"lines":[["R2C1","R3C1","R3C3","R4C4","R4C3"]]}]}"#;

#[test]
fn one_rule_of_each_kind_is_read_answered_and_written_back() {
    let doc = EACH_KIND.replace('\n', "");
    sudoku()
        .args(["solve", &doc])
        .assert()
        .code(0)
        .stdout("2413134242313124\n");
    sudoku()
        .args(["check", &doc])
        .assert()
        .code(0)
        .stdout("unique\n");
    let out = stdout_of(&["solve", "--format", "json", &doc], 0);
    let object: serde_json::Value = serde_json::from_str(&out).unwrap();
    let variant = &object["variant"];
    assert_eq!(variant["skyscraper"][0]["cell"], "R5C4");
    assert_eq!(variant["arrow"][0]["cells"][1], "R2C2");
    sudoku()
        .args(["check", &variant.to_string()])
        .assert()
        .code(0)
        .stdout("unique\n");
    // A sandwich of 6, more than the 2 + 3 that a row of the 4x4 grid can hold between its
    // 1 and 4, leaves no grid; a clue in a corner is refused where it is.
    let none = doc.replace(
        r#""cell":"R3C0","value":"5""#,
        r#""cell":"R3C0","value":"6""#,
    );
    sudoku()
        .args(["count", &none])
        .assert()
        .code(0)
        .stdout("0\n");
    let corner = doc.replace(
        r#""cell":"R0C1","value":"3""#,
        r#""cell":"R5C5","value":"3""#,
    );
    sudoku().args(["count", &corner]).assert().code(2).stdout(
        "error: <inline>:1:1: xsum[0].cell: expected a cell outside the grid, R0C1 to R5C4\n",
    );
}
