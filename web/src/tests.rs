//! The module's questions asked natively, through the same entry points as the worker.

use super::*;
use serde_json::Value;

/// Asks `request` through `input`/`run`/`output`, as the worker does.
fn ask(request: &str) -> Value {
    let bytes = request.as_bytes();
    let at = input(bytes.len());
    INPUT.with_borrow_mut(|buffer| {
        assert_eq!(buffer.as_mut_ptr(), at);
        buffer.copy_from_slice(bytes);
    });
    let len = run();
    let text = OUTPUT.with_borrow(|buffer| {
        assert_eq!(buffer.as_ptr(), output());
        assert_eq!(buffer.len(), len);
        String::from_utf8(buffer.clone()).unwrap()
    });
    serde_json::from_str(&text).unwrap()
}

fn ask_about(op: &str, puzzle: &str) -> Value {
    ask(&serde_json::json!({ "op": op, "puzzle": puzzle }).to_string())
}

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[test]
fn solve_gives_the_solution_line() {
    let answer = ask_about("solve", HARD);
    assert_eq!(answer["result"], SOLVED);
    assert!(answer["links"]["fpuzzles"]
        .as_str()
        .unwrap()
        .contains("load="));
}

#[test]
fn count_caps_and_says_so() {
    let answer = ask(r#"{"op":"count","puzzle":"12.. ..12 .... ....","cap":3}"#);
    assert_eq!(answer["result"], "3+");
    let answer = ask(r#"{"op":"count","puzzle":"12.. ..12 .... ...."}"#);
    assert_eq!(answer["result"], "12");
    let answer = ask(r#"{"op":"count","puzzle":"12.. ..12 .... ....","cap":0}"#);
    assert!(answer["error"].as_str().unwrap().starts_with("cap: "));
}

#[test]
fn check_gives_the_witness_of_a_puzzle_with_several_solutions() {
    assert_eq!(ask_about("check", HARD)["result"], "unique");
    let answer = ask_about("check", "12.. ..12 .... ....");
    assert_eq!(answer["result"], "multiple");
    let witness = &answer["witness"];
    let first = witness["first"].as_str().unwrap().as_bytes();
    let second = witness["second"].as_str().unwrap().as_bytes();
    for cell in witness["differing"].as_array().unwrap() {
        let cell = cell.as_u64().unwrap() as usize;
        assert_ne!(first[cell], second[cell]);
    }
    let at = witness["suggestionCell"].as_u64().unwrap() as usize;
    assert_eq!(u64::from(first[at] - b'0'), witness["suggestionDigit"]);
}

#[test]
fn candidates_rate_and_generate_answer() {
    let answer = ask_about("candidates", "12.. ..12 .... ....");
    assert_eq!(answer["verdict"], "multiple");
    assert_eq!(answer["candidates"][0], serde_json::json!([1]));
    assert_eq!(ask_about("rate", SOLVED)["result"], "easy");
    let generated = ask(r#"{"op":"generate","size":4,"symmetry":"rot180","seed":5}"#);
    let puzzle = generated["puzzle"].as_str().unwrap();
    assert_eq!(ask_about("check", puzzle)["result"], "unique");
}

#[test]
fn bad_input_is_an_error_in_place_of_the_answer() {
    let answer = ask_about("solve", "1234*");
    assert_eq!(answer["error"], "1:5: bad character '*'");
    assert_eq!(answer["result"], "error: 1:5: bad character '*'");
    assert!(ask("not json")["error"]
        .as_str()
        .unwrap()
        .starts_with("bad request: "));
    assert!(ask(r#"{"op":"fly","puzzle":"1..."}"#)["error"].is_string());
}

#[test]
fn a_field_of_the_wrong_kind_is_refused_not_ignored() {
    let answer = ask(r#"{"op":"generate","size":"nine"}"#);
    assert_eq!(
        answer["error"],
        "size: expected a whole number of at least 1, not \"nine\""
    );
    let answer = ask(r#"{"op":"generate","size":5}"#);
    assert_eq!(answer["error"], "size: no usual box shape for side 5");
    let answer = ask(r#"{"op":"generate","size":4,"symmetry":7}"#);
    assert_eq!(answer["error"], "symmetry: expected a text, not 7");
    let answer = ask(r#"{"op":"generate","size":4,"symmetry":"spiral"}"#);
    assert!(answer["error"].as_str().unwrap().contains("spiral"));
}

#[test]
fn a_ruled_grid_reads_as_its_line() {
    let ruled = "+-------+-------+-------+\n\
                 | 4 . . | . . . | 8 . 5 |\n| . 3 . | . . . | . . . |\n| . . . | 7 . . | . . . |\n\
                 +-------+-------+-------+\n\
                 | . 2 . | . . . | . 6 . |\n| . . . | . 8 . | 4 . . |\n| . . . | . 1 . | . . . |\n\
                 +-------+-------+-------+\n\
                 | . . . | 6 . 3 | . 7 . |\n| 5 . . | 2 . . | . . . |\n| 1 . 4 | . . . | . . . |\n\
                 +-------+-------+-------+\n";
    assert_eq!(ask_about("read", ruled)["givens"], HARD);
    assert_eq!(ask_about("solve", ruled)["result"], SOLVED);
    let error = ask_about("read", &ruled.replacen("| 8 . 5 |", "| 8 . 5 6 |", 1));
    assert_eq!(
        error["error"],
        "2:25: row 1 of the grid has 10 cells, expected 9"
    );
}

/// The progress reported while answering `request`.
fn progress_of(request: &str) -> Vec<(f64, f64)> {
    let mut seen = Vec::new();
    let answer = ops::answer(request, &mut |done, total| seen.push((done, total)));
    assert!(!answer.contains("\"error\""), "{answer}");
    seen
}

#[test]
fn rate_and_generate_report_their_progress() {
    let rate = serde_json::json!({ "op": "rate", "puzzle": HARD }).to_string();
    let seen = progress_of(&rate);
    // Nine counts of the search, then the human path's cells: 9 + 81 steps in all.
    assert!(seen.iter().all(|&(_, total)| total == 90.0));
    assert_eq!(seen.last(), Some(&(90.0, 90.0)));
    let seen = progress_of(r#"{"op":"generate","size":9,"seed":3}"#);
    assert_eq!(seen.first(), Some(&(0.0, 81.0)));
    assert!(seen.windows(2).all(|pair| pair[0].0 <= pair[1].0));
    assert_eq!(seen.last().map(|&(done, _)| done % 81.0), Some(0.0));
}

#[test]
fn generate_with_rules_gives_an_fpuzzles_document_with_one_solution() {
    let request = r#"{"op":"generate","size":6,"seed":2,"rules":"killer, anti-knight"}"#;
    let answer = ask(request);
    let document = answer["puzzle"].as_str().unwrap();
    let read = ask_about("read", document);
    assert_eq!(read["kind"], "variant");
    assert_eq!(read["document"]["antiknight"], true);
    assert!(!read["document"]["killercage"]
        .as_array()
        .unwrap()
        .is_empty());
    assert_eq!(ask_about("check", document)["result"], "unique");
    assert_eq!(
        answer["rules"],
        serde_json::json!(["killer", "anti-knight"])
    );
    let answer = ask(r#"{"op":"generate","size":6,"rules":"anti-bishop"}"#);
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .starts_with("rules: unknown rule \"anti-bishop\" (one of x, "));
}
