//! f-puzzles documents in and out of the commands: the warnings of a document read (a key
//! that is not part of the format, printed on standard error once per record with its
//! position), and the documents and share links the commands write back.

use crate::cli_support::*;
use sudoku_dlx::variant::fpuzzles;

const EMPTY4: &str =
    r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;

#[test]
fn an_unknown_key_is_a_warning_with_its_position_once_per_record() {
    let text = format!(
        "{EMPTY4},\"killercages\":[{{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}}]}}\n\n  \
         {EMPTY4},\"colour\":\"red\",\"antiknight\":true}}\n{EMPTY4},\"x\":[]}}\n"
    );
    // Read as JSON: its first character is `{`.
    let file = temp_file(text.as_bytes());
    let path = file.path().to_str().unwrap().to_string();
    for command in ["count", "check", "solve"] {
        let output = sudoku()
            .args([command, "--jobs", "2", &path])
            .output()
            .unwrap();
        // `check` says these have several solutions (status 1); none is unreadable (2).
        assert_ne!(output.status.code(), Some(2), "{command}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(
            stderr.lines().collect::<Vec<_>>(),
            [
                format!(
                    "sudoku-dlx: {path}:1:1: warning: killercages: unknown key, ignored \
                     (did you mean \"killercage\"?)"
                ),
                format!(
                    "sudoku-dlx: {path}:3:3: warning: colour: unknown key, ignored \
                     (not a key of the f-puzzles format)"
                ),
            ],
            "{command}"
        );
    }
    // The rule is read past, the others are read: 288 and the anti-knight 4x4's count.
    let counts = stdout_of(&["count", &path], 0);
    let counts: Vec<&str> = counts.lines().collect();
    assert_eq!(counts[0], "288");
    assert_ne!(counts[1], "288");
    // A constraint of the format that the engine lacks is still an error that names it.
    let refused =
        format!("{EMPTY4},\"sumdot\":[{{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}}]}}");
    let out = stdout_of(&["count", &refused], 2);
    assert!(out.contains("unsupported constraint \"sumdot\""), "{out}");
}

/// The f-puzzles document that a share link carries.
fn link_document(link: &str) -> serde_json::Value {
    let packed = link
        .strip_prefix(fpuzzles::LINK_PREFIX)
        .unwrap_or_else(|| panic!("not a share link: {link}"));
    serde_json::from_str(&fpuzzles::decompress(packed).unwrap()).unwrap()
}

#[test]
fn every_family_of_the_known_set_round_trips_through_a_link() {
    // One puzzle per rule family: solved with `--format link`, each line is a link whose
    // puzzle is the record's (givens, regions, rules), with the solution that `solve` finds.
    let links = stdout_of(
        &["solve", "--format", "link", "tests/variants/known.ndjson"],
        0,
    );
    let solutions = stdout_of(&["solve", "tests/variants/known.ndjson"], 0);
    let documents = std::fs::read_to_string("tests/variants/known.ndjson").unwrap();
    let links: Vec<&str> = links.lines().collect();
    assert_eq!(links.len(), documents.lines().count());
    for ((link, document), solution) in links.iter().zip(documents.lines()).zip(solutions.lines()) {
        let original = fpuzzles::parse(document).unwrap();
        let read = fpuzzles::parse(link).unwrap();
        assert_eq!(read, original, "{document}");
        // Its document is the one `--format json` writes, with the solution's digits.
        let mut carried = link_document(link);
        let digits = carried.as_object_mut().unwrap().remove("solution").unwrap();
        assert_eq!(carried, fpuzzles::to_json(&original));
        let digits: String = digits
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(digits, solution);
        // The link is read wherever a puzzle is.
        assert_eq!(stdout_of(&["count", link], 0), "1\n");
    }
}

#[test]
fn generated_puzzles_come_out_as_documents_and_links_that_read_back() {
    let args = [
        "generate",
        "--rules",
        "anti-king",
        "--count",
        "2",
        "--seed",
        "3",
        "--box",
        "2x3",
    ];
    let with = |format: &str| {
        let mut args = args.to_vec();
        args.extend(["--format", format]);
        stdout_of(&args, 0)
    };
    let lines = with("line");
    let json = with("json");
    let links = with("link");
    for ((line, document), link) in lines.lines().zip(json.lines()).zip(links.lines()) {
        // The JSON is an f-puzzles document as f-puzzles writes one: size, grid rows of
        // cells with `value` and `given`, a title, the solution as a list of digits.
        let value: serde_json::Value = serde_json::from_str(document).unwrap();
        assert_eq!(value["size"], 6);
        assert_eq!(value["grid"].as_array().unwrap().len(), 6);
        assert_eq!(value["grid"][0].as_array().unwrap().len(), 6);
        assert!(value["title"].is_string());
        assert_eq!(value["solution"].as_array().unwrap().len(), 36);
        let from_json = fpuzzles::parse(document).unwrap();
        let from_link = fpuzzles::parse(link).unwrap();
        assert_eq!(from_link, from_json);
        // The line form (givens and fields) is the same puzzle as well.
        let givens = line.split(' ').next().unwrap();
        assert_eq!(from_link.givens().to_string(), givens);
        assert_eq!(stdout_of(&["count", link], 0), "1\n");
    }
    assert_eq!(links.lines().count(), 2);
}
