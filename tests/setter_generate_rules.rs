//! `generate` with families of rules that carry cells (`--rules killer`...) and on a
//! setter's layout (`--from`): every puzzle printed reads back through `check` as unique and
//! through `solve` with the solution it carries, keeps its rules, and the options that cannot
//! go together are refused by name.

use crate::cli_support::{example_file, json_solution, stdout_piped, sudoku, temp_file};
use sudoku_dlx::variant::{fpuzzles, Rule, RuleName, VariantSolver};

/// Generates `count` puzzles with `args` (JSON by default) and checks that they read back:
/// `check` says unique, `solve` gives the solution each carries, and the engine finds that
/// one solution and no other. Returns the documents.
fn reads_back(args: &[&str], count: usize) -> Vec<String> {
    let mut all = vec!["generate", "--seed", "5", "--count"];
    let count_text = count.to_string();
    all.push(&count_text);
    all.extend_from_slice(args);
    let text = stdout_piped(&all, "", 0);
    let documents: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(documents.len(), count, "{args:?}");
    let what = format!("{args:?}:\n{text}");
    assert_eq!(
        stdout_piped(&["check", "-"], &text, 0),
        "unique\n".repeat(count),
        "{what}"
    );
    let solutions: String = documents.iter().map(|d| json_solution(d) + "\n").collect();
    assert_eq!(stdout_piped(&["solve", "-"], &text, 0), solutions, "{what}");
    let mut solver = VariantSolver::new();
    for document in &documents {
        let puzzle = fpuzzles::parse(document).unwrap();
        assert_eq!(solver.count(&puzzle, Some(2)).solutions, 1, "{document}");
        let solution = solver.solve(&puzzle).unwrap();
        assert_eq!(solution.to_string(), json_solution(document));
        assert!(puzzle.accepts(&solution));
    }
    documents
}

#[test]
fn every_family_prints_f_puzzles_documents_that_read_back_with_their_rules() {
    for name in RuleName::PLACED {
        let documents = reads_back(&["--rules", name.name(), "--box", "2x3"], 2);
        let key = match name {
            RuleName::Killer => "killercage",
            RuleName::Kropki => "negative",
            RuleName::Xv => "xv",
            RuleName::OddEven => "odd",
            RuleName::Thermometer => "thermometer",
            RuleName::Arrow => "arrow",
            RuleName::Whispers => "whispers",
            RuleName::Renban => "renban",
            RuleName::Palindrome => "palindrome",
            RuleName::SlowThermometer => "slowthermometer",
            RuleName::Entropic => "entropicline",
            RuleName::Modular => "modularline",
            RuleName::Nabner => "nabner",
            RuleName::MinMax => "imum",
            _ => unreachable!("a placed family"),
        };
        // Lines may not fit a small grid every time; the other families always do.
        let lines = !matches!(
            name,
            RuleName::Killer
                | RuleName::Kropki
                | RuleName::Xv
                | RuleName::OddEven
                | RuleName::MinMax
        );
        let with_key = documents.iter().filter(|d| d.contains(key)).count();
        assert!(lines || with_key == 2, "{name}: {documents:?}");
    }
}

#[test]
fn families_go_with_the_rules_of_the_grid_and_every_classic_option() {
    let documents = reads_back(
        &[
            "--rules",
            "killer,x",
            "--symmetry",
            "rot180",
            "--minimal",
            "--box",
            "2x3",
        ],
        2,
    );
    for document in &documents {
        let puzzle = fpuzzles::parse(document).unwrap();
        assert!(puzzle
            .rules()
            .contains(&Rule::Diagonal(sudoku_dlx::variant::Diagonal::Main)));
        assert!(sudoku_dlx::setter::Symmetry::Rot180.holds(puzzle.givens()));
    }
    reads_back(
        &["--rules", "thermometer,kropki", "--difficulty", "easy"],
        1,
    );
    // The same seed prints the same puzzles on any number of threads.
    let run = |jobs: &str| {
        stdout_piped(
            &[
                "generate", "--rules", "arrow", "--count", "3", "--seed", "9", "--jobs", jobs,
            ],
            "",
            0,
        )
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn a_layout_keeps_its_rules_and_givens_from_a_file_a_link_an_argument_or_standard_input() {
    let layout_path = example_file("layout.json");
    let path = layout_path.to_str().unwrap();
    let layout = fpuzzles::parse(&std::fs::read_to_string(&layout_path).unwrap()).unwrap();
    let documents = reads_back(&["--from", path, "--symmetry", "mirror"], 3);
    for document in &documents {
        let puzzle = fpuzzles::parse(document).unwrap();
        assert_eq!(puzzle.rules(), layout.rules(), "{document}");
    }
    // A layout with a given: it stays in every puzzle; inline, and on standard input.
    let text = std::fs::read_to_string(&layout_path).unwrap();
    let given = text.replacen("[{}", r#"[{"value":2,"given":true}"#, 1);
    for document in reads_back(&["--from", &given], 2) {
        assert!(document.starts_with(r#"{"size":6,"grid":[[{"value":2,"given":true}"#));
    }
    let piped = stdout_piped(&["generate", "--from", "-", "--seed", "5"], &given, 0);
    assert!(piped.starts_with(r#"{"size":6,"grid":[[{"value":2,"given":true}"#));
    // A SudokuPad link is a layout: its cage keeps its total.
    let link =
        "https://sudokupad.app/scl{ce:[[,,,],[,,,],[,,,],[,,,]],ca:[{ce:[[3,2],[3,3]],v:7}]}";
    for document in reads_back(&["--from", link], 2) {
        assert!(document.contains(r#""killercage":[{"cells":["R4C3","R4C4"],"value":"7"}]"#));
    }
    // A line puzzle with fields is a layout too, and prints as a line.
    let jigsaw = "................ regions=1122132413243344";
    let file = temp_file(jigsaw.as_bytes());
    let line = stdout_piped(
        &[
            "generate",
            "--from",
            file.path().to_str().unwrap(),
            "--seed",
            "1",
        ],
        "",
        0,
    );
    assert!(line.ends_with(" regions=1122132413243344\n"), "{line}");
    assert_eq!(stdout_piped(&["check", "-"], &line, 0), "unique\n");
}

#[test]
fn options_that_cannot_go_together_are_refused_by_name() {
    let layout = example_file("layout.json");
    let layout = layout.to_str().unwrap();
    let refused = |args: &[&str], code: i32, message: &str| {
        sudoku()
            .args(args)
            .assert()
            .code(code)
            .stdout("")
            .stderr(predicates::str::contains(message.to_string()));
    };
    refused(
        &["generate", "--rules", "killer", "--format", "line"],
        2,
        "--format line cannot carry --rules killer: only f-puzzles JSON carries cages, lines and dots",
    );
    refused(
        &["generate", "--from", layout, "--format", "grid"],
        2,
        "--format grid cannot carry the layout's rules",
    );
    refused(
        &["generate", "--from", layout, "--box", "3x3"],
        2,
        "--box 3x3 differs from the layout's boxes (2x3)",
    );
    refused(
        &["generate", "--from", layout, "--jigsaw"],
        2,
        "--jigsaw cannot go with --from",
    );
    let no_grid = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"2"}]}"#;
    refused(
        &["generate", "--from", no_grid],
        1,
        "no grid keeps the layout with this rule and its givens",
    );
    refused(
        &["generate", "--from", "docs/examples/puzzles.txt"],
        2,
        "--from: docs/examples/puzzles.txt holds 3 puzzles; give one layout",
    );
    // A family of rules with cells is for generate only.
    refused(
        &["solve", "--rules", "killer", "...."],
        2,
        "invalid value 'killer' for '--rules <RULES>'",
    );
}
