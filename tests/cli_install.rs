//! What an install needs: the completion scripts and the manual pages, generated from the
//! command line's own definition, so that they name every command and option.

use crate::cli_support::*;

/// Every command of `sudoku-dlx --help`.
const COMMANDS: [&str; 14] = [
    "solve",
    "all",
    "count",
    "check",
    "candidates",
    "generate",
    "rate",
    "explain",
    "hint",
    "redundant",
    "bench",
    "xc",
    "completions",
    "man",
];

#[test]
fn every_shell_gets_a_script_naming_every_command_and_their_options() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell], 0);
        for command in COMMANDS {
            assert!(script.contains(command), "{shell}: no {command}");
        }
        // Options of the commands, which clap builds only when a command is used: the
        // script must have them all the same (fish writes `-l symmetry`).
        for option in ["symmetry", "limit", "witness", "branching", "regions"] {
            assert!(script.contains(option), "{shell}: no {option}");
        }
    }
}

#[test]
fn an_unknown_shell_is_refused_with_the_list() {
    let output = sudoku().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("invalid value 'tcsh'"), "{stderr}");
    assert!(
        stderr.contains("bash, elvish, fish, powershell, zsh"),
        "{stderr}"
    );
}

#[test]
fn the_manual_page_is_roff_with_every_command() {
    let page = stdout_of(&["man"], 0);
    assert!(page.contains(".TH sudoku-dlx 1"));
    for command in COMMANDS {
        assert!(page.contains(command), "no {command}");
    }
}

#[test]
fn man_dir_writes_a_page_per_command_with_its_options() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("man1");
    let listed = stdout_of(&["man", "--dir", folder.to_str().unwrap()], 0);
    assert_eq!(listed.lines().count(), COMMANDS.len() + 1);
    let solve = std::fs::read_to_string(folder.join("sudoku-dlx-solve.1")).unwrap();
    assert!(solve.contains(".TH sudoku-dlx-solve 1"));
    assert!(solve.contains("\\-\\-format"), "the page has the options");
    for command in COMMANDS {
        assert!(folder.join(format!("sudoku-dlx-{command}.1")).is_file());
    }
    assert!(folder.join("sudoku-dlx.1").is_file());
}

#[test]
fn man_dir_that_cannot_be_made_says_where() {
    let file = temp_file(b"not a folder");
    let inside = file.path().join("man1");
    let output = sudoku()
        .args(["man", "--dir", inside.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains(&format!("{}: cannot write", inside.display())),
        "{stderr}"
    );
}
