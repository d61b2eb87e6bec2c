use super::*;
use crate::variant::{Rule, VariantSolver};

const EMPTY_4: &str = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;

fn doc(extra: &str) -> String {
    format!(r#"{{"size":4,"title":"t","grid":{EMPTY_4}{extra}}}"#)
}

fn count(text: &str) -> u128 {
    VariantSolver::new()
        .count(&parse(text).unwrap(), None)
        .solutions
}

#[test]
fn every_supported_key_reads() {
    assert_eq!(count(&doc("")), 288);
    assert_eq!(count(&doc(r#","diagonal+":true,"diagonal-":true"#)), 48);
    assert_eq!(count(&doc(r#","diagonal+":false"#)), 288);
    let text = doc(
        r#","antiking":false,"extraregion":[{"cells":["R1C1","R2C2"]}],
        "killercage":[{"cells":["R4C3","R4C4"],"value":"7"}],"cage":[{"cells":["R3C1"],"value":""}],
        "thermometer":[{"lines":[["R1C3","R1C4"]]}],"arrow":[{"cells":["R2C4"],"lines":[["R2C4","R3C4"]]}],
        "difference":[{"cells":["R3C2","R3C3"]}],"ratio":[{"cells":["R2C1","R3C1"],"value":"2"}],
        "xv":[{"cells":["R4C1","R4C2"],"value":"V"}],"odd":[{"cell":"R1C1"}],"even":[{"cell":"r1c2"}],
        "negative":["xv"],"text":[{"cells":["R1C1"],"value":"hi"}]"#,
    );
    let variant = parse(&text).unwrap();
    assert_eq!(variant.rules().len(), 11);
    let mut solver = VariantSolver::new();
    let mut solutions = solver.solutions(&variant);
    while let Some(grid) = solutions.next_grid() {
        assert!(variant.accepts(&grid));
    }
}

#[test]
fn regions_and_givens_come_from_the_grid() {
    let regions = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
    let rows: Vec<String> = (0..4)
        .map(|r| {
            let cells: Vec<String> = (0..4)
                .map(|c| {
                    let given = if r == 0 && c == 0 {
                        r#","value":2,"given":true"#
                    } else {
                        ""
                    };
                    format!(r#"{{"region":{}{given}}}"#, regions[r * 4 + c])
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let text = format!(r#"{{"size":4,"grid":[{}]}}"#, rows.join(","));
    let variant = parse(&text).unwrap();
    assert_eq!(variant.regions(), Some(&regions[..]));
    assert_eq!(variant.givens().cells()[0], 2);
    assert_eq!(count(&text), 24);
    // Written back and read again, it is the same puzzle.
    assert_eq!(parse(&to_json(&variant).to_string()).unwrap(), variant);
}

#[test]
fn the_compressed_share_form_reads() {
    let text = doc(r#","diagonal+":true,"diagonal-":true"#);
    let packed = crate::variant::fpuzzles::compress(text.as_str());
    assert_eq!(count(&packed), 48);
    let link = format!("https://example.invalid/?load={packed}");
    assert_eq!(count(&link), 48);
    assert_eq!(parse("N4Ig").unwrap_err(), FpuzzlesError::Compressed);
}

#[test]
fn bad_documents_say_where_and_why() {
    let message = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        message(&doc(r#","sumdot":[{"cells":["R1C1"]}]"#)),
        "unsupported constraint \"sumdot\""
    );
    assert_eq!(
        message(&doc(r#","killercage":[{"cells":["R0C1"],"value":"3"}]"#)),
        "killercage[0].cells[0]: expected a cell R1C1 to R4C4, found \"R0C1\""
    );
    assert_eq!(
        message(&doc(
            r#","difference":[{"cells":["R1C1","R1C2"],"value":"abc"}]"#
        )),
        "difference[0].value: expected a whole number"
    );
    assert_eq!(
        message(&doc(
            r#","clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R3C3"]}]"#
        )),
        "clone[0].cloneCells: expected 2 cells, as many as cells"
    );
    assert_eq!(
        message(&doc(r#","renban":[{"lines":[["R1C1","R1C2","R1C1"]]}]"#)),
        "renban[0]: renban (rule 1): r1c1 named twice"
    );
    let marks =
        r#"[[{"givenPencilMarks":[1,7]},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    assert_eq!(
        message(&format!(r#"{{"size":4,"grid":{marks}}}"#)),
        "grid[0][0].givenPencilMarks[1]: expected a digit 1 to 4"
    );
    assert_eq!(
        message("{\"size\":4,\n  \"grid\": [}"),
        "2:12: broken JSON: expected value at line 2 column 12"
    );
    assert_eq!(
        message(r#"{"size":4,"grid":[[]]}"#),
        "grid: expected 4 rows"
    );
    assert_eq!(message(r#"{"grid":[]}"#), "size: missing");
    assert_eq!(
        message(&doc(
            r#","arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2"]]}]"#
        )),
        "arrow[0]: arrow (rule 1): too few cells"
    );
    // Sums that share cells are read (this one has no grid: r1c2 is 1 or 2, and the
    // circle r2c2 of its box must equal it), and so is an arrow with two lines.
    assert_eq!(
        count(&doc(
            r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"arrow":[{"cells":["R2C2"],"lines":[["R2C2","R1C2"]]}]"#
        )),
        0
    );
    assert_eq!(
        count(&doc(
            r#","arrow":[{"cells":["R1C1"],"lines":[["R1C1","R2C2"],["R1C1","R3C1"]]}]"#
        )),
        count(&doc(
            r#","arrow":[{"cells":["R1C1"],"lines":[["R1C1","R2C2"]]},{"cells":["R1C1"],"lines":[["R1C1","R3C1"]]}]"#
        ))
    );
    // A misspelt key is read past with a warning that names the key it resembles; an
    // empty one, which carries nothing, without.
    let warned = |extra: &str| {
        let text = format!(r#"{{"size":4,"grid":{EMPTY_4}{extra}}}"#);
        let parsed = parse_with_warnings(&text).unwrap();
        assert_eq!(parsed.variant, parse(&text).unwrap());
        parsed
            .warnings
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        warned(r#","killercages":[{"cells":["R1C1","R1C2"],"value":"3"}],"AntiKnight":true"#),
        [
            "AntiKnight: unknown key, ignored (did you mean \"antiknight\"?)",
            "killercages: unknown key, ignored (did you mean \"killercage\"?)"
        ]
    );
    assert_eq!(
        warned(r#","colour":"red""#),
        ["colour: unknown key, ignored (not a key of the f-puzzles format)"]
    );
    assert!(warned(r#","killercages":[],"AntiKnight":false"#).is_empty());
    assert_eq!(
        parse_with_warnings(&format!(r#"{{"size":4,"grid":{EMPTY_4},"colour":"red"}}"#))
            .unwrap()
            .warnings[0]
            .path(),
        "colour"
    );
    // A constraint of the format that the engine lacks reads when it is empty.
    assert_eq!(
        count(&doc(r#","sumdot":[],"parity":false"#)),
        count(&doc(""))
    );
    // The editor's settings carry no rule.
    assert_eq!(
        count(&doc(
            r#","activeConstraints":["Killer Cage"],"disabledlogic":["Tuples"],"highlightConflicts":true,"metadata":{"title":"t"},"truecandidatesoptions":["colored"],"foglight":["R1C1"],"triggereffect":[],"successmessage":"well done""#
        )),
        count(&doc(""))
    );
    assert_eq!(
        message(&doc(r#","negative":["sum"]"#)),
        "unsupported constraint \"negative sum\""
    );
}

#[test]
fn the_lines_of_published_puzzles_read_and_write_back() {
    let marks = r#"[[{"givenPencilMarks":[3,"2"]},{"value":4,"given":true,"givenPencilMarks":[1]},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    // Rules that the grid 2413 1342 4231 3124 keeps.
    let text = format!(
        r#"{{"size":4,"grid":{marks},"whispers":[{{"lines":[["R4C1","R4C2"]],"value":""}},{{"lines":[["R3C1","R4C2"],["R1C3","R2C3"]],"value":"3"}}],
        "renban":[{{"lines":[["R1C4","R2C4"]]}}],"palindrome":[{{"lines":[["R2C1","R3C2","R4C2"]]}}],
        "entropicline":[{{"lines":[["R1C1","R1C2"]]}}],"modularline":[{{"lines":[["R3C3","R3C4"]]}}],
        "nabner":[{{"lines":[["R4C4","R3C4"]]}}],"slowthermometer":[{{"lines":[["R2C2","R3C3"]]}}],
        "clone":[{{"cells":["R1C1"],"cloneCells":["R3C2"]}}],"minimum":[{{"cell":"R4C2"}}],"maximum":[{{"cell":"R3C1"}}]}}"#
    );
    let variant = parse(&text).unwrap();
    assert_eq!(
        variant.rules().first(),
        Some(&Rule::PencilMarks {
            cell: 0,
            digits: vec![2, 3]
        })
    );
    // The pencil marks of the given r1c2 are ignored; whispers take the default gap of
    // half the side (2) and the value given (3).
    let gaps: Vec<u8> = variant
        .rules()
        .iter()
        .filter_map(|rule| match rule {
            Rule::Whispers { gap, .. } => Some(*gap),
            _ => None,
        })
        .collect();
    assert_eq!(gaps, [2, 3, 3]);
    assert_eq!(variant.rules().len(), 13);
    let planted: crate::Grid = "2413134242313124".parse().unwrap();
    assert!(variant.accepts(&planted));
    let mut solver = VariantSolver::new();
    let solution = solver.solve(&variant).expect("the document has a grid");
    assert!(variant.accepts(&solution));
    assert_eq!(parse(&to_json(&variant).to_string()).unwrap(), variant);
}

#[test]
fn a_cage_without_a_number_is_a_cage_without_a_total() {
    // As dclamage's solver reads them: "", "?", text and 0 give no total.
    let cage = |value: &str| {
        doc(&format!(
            r#","killercage":[{{"cells":["R1C1","R2C2"],"value":{value}}}]"#
        ))
    };
    let unvalued = count(&doc(r#","killercage":[{"cells":["R1C1","R2C2"]}]"#));
    assert_eq!(unvalued, 288);
    for value in [r#""""#, r#""?""#, r#""abc""#, "0", r#""0""#] {
        assert_eq!(count(&cage(value)), unvalued, "{value}");
    }
    assert!(count(&cage(r#""3""#)) < unvalued);
    assert_eq!(count(&cage("3")), count(&cage(r#""3""#)));
}

#[test]
fn the_table_rules_read_and_write_back() {
    // Rules that the grid 2413 1342 4231 3124 keeps, one of each kind.
    let text = doc(
        r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2]}],
        "littlekillersum":[{"cell":"R0C2","cells":["R1C3","R2C4"],"direction":"DR","value":"3"},{"cell":"R0C1","cells":["R1C2"],"direction":"DL","value":""}],
        "sandwichsum":[{"cell":"R3C0","value":"5"}],"xsum":[{"cell":"R0C1","value":"3"}],
        "skyscraper":[{"cell":"R5C4","value":"1"}],
        "betweenline":[{"lines":[["R1C2","R2C2","R3C2","R4C2"]]}],
        "lockout":[{"lines":[["R1C3","R2C3","R2C2"]]}],
        "regionsumline":[{"lines":[["R1C2","R1C3","R1C4"]]}],
        "zipperline":[{"lines":[["R2C1","R3C1","R4C1"]]}],
        "doublearrow":[{"lines":[["R1C3","R2C3","R3C3"]]}],
        "arrow":[{"cells":["R2C1","R2C2"],"lines":[["R2C1","R3C1","R3C3","R4C4","R4C3"]]}]"#,
    );
    let variant = parse(&text).unwrap();
    // The little killer without a total is no rule, as dclamage's solver reads it.
    assert_eq!(variant.rules().len(), 11);
    assert!(variant.rules().contains(&Rule::PillArrow {
        pill: vec![4, 5],
        line: vec![8, 10, 15, 14]
    }));
    assert!(variant.rules().contains(&Rule::Lockout {
        line: vec![2, 6, 5],
        gap: 2
    }));
    let planted: crate::Grid = "2413134242313124".parse().unwrap();
    assert!(variant.accepts(&planted));
    assert_eq!(VariantSolver::new().count(&variant, None).solutions, 1);
    let written = to_json(&variant);
    assert_eq!(written["littlekillersum"][0]["cell"], "R0C2");
    assert_eq!(written["littlekillersum"][0]["direction"], "DR");
    assert_eq!(parse(&written.to_string()).unwrap(), variant);
    // A clue must stand outside the grid, beside a row or column.
    assert_eq!(
        parse(&doc(r#","xsum":[{"cell":"R0C0","value":"3"}]"#))
            .unwrap_err()
            .to_string(),
        "xsum[0].cell: expected a cell outside the grid, R0C1 to R5C4"
    );
}
