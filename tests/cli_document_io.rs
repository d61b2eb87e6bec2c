//! f-puzzles documents in and out of the commands: the warnings of a document read (a key
//! that is not part of the format, printed on standard error once per record with its
//! position), and the documents and share links the commands write back.

use crate::cli_support::*;

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
    let refused = format!("{EMPTY4},\"sandwichsum\":[{{\"cell\":\"R0C1\",\"value\":\"3\"}}]}}");
    let out = stdout_of(&["count", &refused], 2);
    assert!(
        out.contains("unsupported constraint \"sandwichsum\""),
        "{out}"
    );
}
