use super::*;
use crate::variant::VariantSolver;

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
    let packed = lz_str::compress_to_base64(text.as_str());
    assert_eq!(count(&packed), 48);
    let link = format!("https://example.invalid/?load={packed}");
    assert_eq!(count(&link), 48);
    assert_eq!(parse("N4Ig").unwrap_err(), FpuzzlesError::Compressed);
}

#[test]
fn bad_documents_say_where_and_why() {
    let message = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        message(&doc(r#","littlekillersum":[{"cells":["R1C1"]}]"#)),
        "unsupported constraint \"littlekillersum\""
    );
    assert_eq!(
        message(&doc(r#","killercage":[{"cells":["R0C1"],"value":"3"}]"#)),
        "killercage[0].cells[0]: expected a cell R1C1 to R4C4, found \"R0C1\""
    );
    assert_eq!(
        message(&doc(r#","killercage":[{"cells":["R1C1"],"value":"abc"}]"#)),
        "killercage[0].value: expected a whole number"
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
            r#","arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C2"]]}]"#
        )),
        "unsupported constraint \"arrow[0].cells (a pill of 2 cells)\""
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
    // A misspelt key is refused whatever its value, with the key it resembles.
    assert_eq!(
        message(&doc(r#","killercages":[]"#)),
        "killercages: unknown key (did you mean \"killercage\"?)"
    );
    assert_eq!(
        message(&doc(r#","AntiKnight":false"#)),
        "AntiKnight: unknown key (did you mean \"antiknight\"?)"
    );
    assert_eq!(
        message(&doc(r#","colour":"red""#)),
        "colour: unknown key (not a constraint of the f-puzzles format)"
    );
    // A constraint of the format that the engine lacks reads when it is empty.
    assert_eq!(
        count(&doc(r#","palindrome":[],"renban":false"#)),
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
