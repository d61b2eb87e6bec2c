//! Runs every example of the user docs: each `console` block of `docs/*.md` and of the
//! README holds commands
//! (`$ sudoku-dlx ARGS [< FILE]`), an optional exit status line (`? N`, when not 0), and the
//! exact standard output expected. In a `console ignore-order` block the lines of each group
//! (groups are separated by blank lines) may come in any order: `all` prints solutions in
//! the search's order, which the engine may change. Commands run from the repository root.

use assert_cmd::Command;
use std::path::Path;

/// One documented command and what it must print.
#[derive(Debug)]
struct Example {
    place: String,
    args: Vec<String>,
    stdin: Option<String>,
    status: i32,
    stdout: String,
    ignore_order: bool,
}

/// Splits a command line on spaces, keeping quoted parts ('...' or "...") whole.
fn split_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, ' ') => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    assert!(quote.is_none(), "unclosed quote in {line}");
    if in_word {
        words.push(word);
    }
    words
}

fn examples(path: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut ignore_order = false;
    for (number, line) in text.lines().enumerate() {
        let place = format!("{path}:{}", number + 1);
        if line.starts_with("```") {
            in_console = !in_console && line.starts_with("```console");
            ignore_order = line == "```console ignore-order";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let mut words = split_words(command);
            assert_eq!(
                words.remove(0),
                "sudoku-dlx",
                "{place}: only sudoku-dlx runs"
            );
            assert!(
                !words.iter().any(|w| w == "|"),
                "{place}: no pipes in examples"
            );
            let stdin = match words.iter().position(|w| w == "<") {
                Some(at) => {
                    assert_eq!(at + 2, words.len(), "{place}: `< FILE` comes last");
                    let file = words.pop();
                    words.pop();
                    file
                }
                None => None,
            };
            examples.push(Example {
                place,
                args: words,
                stdin,
                status: 0,
                stdout: String::new(),
                ignore_order,
            });
        } else {
            let example = examples
                .last_mut()
                .unwrap_or_else(|| panic!("{place}: output before any command"));
            match line.strip_prefix("? ") {
                Some(status) if example.stdout.is_empty() => {
                    example.status = status.parse().expect("a status number")
                }
                _ => {
                    example.stdout.push_str(line);
                    example.stdout.push('\n');
                }
            }
        }
    }
    examples
}

fn run(path: &str) {
    let examples = examples(path);
    assert!(!examples.is_empty(), "{path} has no examples");
    for example in examples {
        let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"));
        command
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(&example.args);
        match &example.stdin {
            Some(file) => command.pipe_stdin(file).unwrap(),
            None => command.write_stdin(""),
        };
        let output = command.output().unwrap();
        let mut stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let mut expected = example.stdout.clone();
        if example.ignore_order {
            (stdout, expected) = (sorted_groups(&stdout), sorted_groups(&expected));
        }
        assert_eq!(
            stdout,
            expected,
            "{}: output of {:?}\nstderr: {}",
            example.place,
            example.args,
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(
            output.status.code(),
            Some(example.status),
            "{}: status of {:?}",
            example.place,
            example.args
        );
    }
}

/// The text with the lines of each blank-line-separated group sorted.
fn sorted_groups(text: &str) -> String {
    text.split("\n\n")
        .map(|group| {
            let mut lines: Vec<&str> = group.lines().collect();
            lines.sort_unstable();
            lines.join("\n")
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[test]
fn the_examples_of_docs_cli_md() {
    run("docs/cli.md");
}

#[test]
fn the_examples_of_docs_formats_md() {
    run("docs/formats.md");
}

#[test]
fn groups_sort_apart() {
    assert_eq!(sorted_groups("b\na\n\nd\nc\n"), "a\nb\n\nc\nd");
}

#[test]
fn the_examples_of_docs_setters_md() {
    run("docs/setters.md");
}

#[test]
fn the_examples_of_docs_techniques_md() {
    run("docs/techniques.md");
}

#[test]
fn the_examples_of_docs_variants_md() {
    run("docs/variants.md");
}

#[test]
fn the_examples_of_docs_xc_md() {
    run("docs/xc.md");
}

#[test]
fn the_examples_of_the_readme() {
    run("README.md");
}

/// The pages whose examples the tests above run.
const RUN: [&str; 7] = [
    "README.md",
    "docs/cli.md",
    "docs/formats.md",
    "docs/setters.md",
    "docs/techniques.md",
    "docs/variants.md",
    "docs/xc.md",
];

/// A page that gains examples gains a test: every page with a `console` block is in `RUN`.
#[test]
fn every_page_with_examples_is_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec!["README.md".to_string()];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") {
            pages.push(format!("docs/{name}"));
        }
    }
    for page in pages {
        let text = std::fs::read_to_string(root.join(&page)).unwrap();
        if text.contains("```console") {
            assert!(
                RUN.contains(&page.as_str()),
                "{page} has examples that no test runs"
            );
        }
    }
}

#[test]
fn words_split_like_a_shell() {
    assert_eq!(
        split_words("sudoku-dlx count '12.. ..12' \"a b\" x"),
        vec!["sudoku-dlx", "count", "12.. ..12", "a b", "x"]
    );
}
