//! The line rules of published puzzles through the commands: a 4x4 document with every
//! one of them, read, solved, checked and carried back out; and killer cages whose value is
//! not a number.

use crate::cli_support::*;

/// A 4x4 document with one rule of each kind that the grid 2413 1342 4231 3124 keeps (with
/// pencil marks on r1c1 and a given 4 in r1c2), and `extra` keys.
fn lines_doc(extra: &str) -> String {
    let row = "[{},{},{},{}]";
    format!(
        r#"{{"size":4,"grid":[[{{"givenPencilMarks":[2,3]}},{{"value":4,"given":true}},{{}},{{}}],{row},{row},{row}],
        "whispers":[{{"lines":[["R4C1","R4C2"]]}},{{"lines":[["R3C1","R4C2"],["R1C3","R2C3"]],"value":"3"}}],
        "renban":[{{"lines":[["R1C4","R2C4"]]}}],"palindrome":[{{"lines":[["R2C1","R3C2","R4C2"]]}}],
        "entropicline":[{{"lines":[["R1C1","R1C2"]]}}],"modularline":[{{"lines":[["R3C3","R3C4"]]}}],
        "nabner":[{{"lines":[["R4C4","R3C4"]]}}],"slowthermometer":[{{"lines":[["R2C2","R3C3"]]}}],
        "clone":[{{"cells":["R1C1"],"cloneCells":["R3C2"]}}],"minimum":[{{"cell":"R4C2"}}],
        "maximum":[{{"cell":"R3C1"}}]{extra}}}"#
    )
    .replace('\n', "")
}

#[test]
fn the_lines_of_published_puzzles_are_read_and_answered() {
    let doc = lines_doc("");
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
    // Pencil marks without the 2 of r1c1 leave no grid.
    let marked = doc.replace(r#""givenPencilMarks":[2,3]"#, r#""givenPencilMarks":[3]"#);
    sudoku()
        .args(["count", &marked])
        .assert()
        .code(0)
        .stdout("0\n");
    // The JSON answer carries every rule out, and reads back as the same puzzle.
    let out = stdout_of(&["solve", "--format", "json", &doc], 0);
    let object: serde_json::Value = serde_json::from_str(&out).unwrap();
    let variant = &object["variant"];
    assert_eq!(
        variant["grid"][0][0]["givenPencilMarks"],
        serde_json::json!([2, 3])
    );
    assert_eq!(variant["whispers"][0]["value"], "2");
    assert_eq!(variant["clone"][0]["cloneCells"][0], "R3C2");
    sudoku()
        .args(["check", &variant.to_string()])
        .assert()
        .code(0)
        .stdout("unique\n");
    // A clone of shapes of different sizes is refused where it is.
    let bad = doc.replace(r#""cloneCells":["R3C2"]"#, r#""cloneCells":[]"#);
    sudoku()
        .args(["count", &bad])
        .assert()
        .code(2)
        .stdout("error: <inline>:1:1: clone[0].cloneCells: expected 1 cells, as many as cells\n");
}

#[test]
fn a_cage_whose_value_is_not_a_number_has_no_total() {
    let doc = |value: &str| {
        format!(
            r#"{{"size":4,"grid":[[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],"cage":[{{"cells":["R1C1","R3C3"]{value}}}]}}"#
        )
    };
    let without = stdout_of(&["count", &doc("")], 0);
    assert_eq!(stdout_of(&["count", &doc(r#","value":"?""#)], 0), without);
    assert_eq!(stdout_of(&["count", &doc(r#","value":"""#)], 0), without);
    assert_ne!(stdout_of(&["count", &doc(r#","value":"3""#)], 0), without);
}
