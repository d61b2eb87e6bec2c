//! Generated puzzles read back with the same meaning: every output of `generate` (line,
//! grid, JSON) for every rule family and jigsaw is answered by `check` as unique, and by
//! `solve` with the solution it was made from; the `regions=` and `rules=` fields of line
//! records, their errors, and the refusal of fields where a classic reader meets them.

use crate::cli_support::{json_solution, stdout_piped, sudoku, temp_file};
use proptest::prelude::*;
use sudoku_dlx::variant::{RuleName, VariantSolver};
use sudoku_dlx_cli::input::variant::{read_all, LineRules};
use sudoku_dlx_cli::output::variant::write_variant_generated;
use sudoku_dlx_cli::output::Format;

/// The solutions of the generated JSON documents, one per line.
fn json_solutions(text: &str) -> Vec<String> {
    text.lines().map(json_solution).collect()
}

/// Generates `count` puzzles with `args` in each format, and checks that each output reads
/// back through `check` (all unique) and `solve` (the solutions they were made from).
fn reads_back(args: &[&str], count: usize) {
    let with = |format: &str| {
        let mut all = vec!["generate", "--seed", "11", "--format", format];
        all.extend_from_slice(args);
        stdout_piped(&all, "", 0)
    };
    let json = with("json");
    let solutions = json_solutions(&json);
    assert_eq!(solutions.len(), count, "{args:?}");
    let expected: String = solutions.iter().map(|s| format!("{s}\n")).collect();
    let unique = "unique\n".repeat(count);
    for format in ["line", "grid", "json"] {
        let text = if format == "json" {
            json.clone()
        } else {
            with(format)
        };
        let what = format!("{args:?} {format}:\n{text}");
        assert_eq!(stdout_piped(&["check", "-"], &text, 0), unique, "{what}");
        assert_eq!(stdout_piped(&["solve", "-"], &text, 0), expected, "{what}");
        // From a file too, and inline for one-line records.
        let file = temp_file(text.as_bytes());
        let path = file.path().to_str().unwrap();
        assert_eq!(stdout_piped(&["check", path], "", 0), unique, "{what}");
        if format == "line" {
            let mut inline = vec!["check"];
            inline.extend(text.lines());
            assert_eq!(stdout_piped(&inline, "", 0), unique, "{what}");
        }
    }
}

#[test]
fn x_reads_back_in_every_format() {
    reads_back(&["--rules", "x", "--count", "2"], 2);
    reads_back(&["--rules", "x", "--box", "2x3", "--count", "2"], 2);
}

#[test]
fn diagonal_plus_reads_back_in_every_format() {
    reads_back(&["--rules", "diagonal+", "--box", "2x3", "--count", "2"], 2);
}

#[test]
fn diagonal_minus_reads_back_in_every_format() {
    reads_back(&["--rules", "diagonal-", "--box", "2x3", "--count", "2"], 2);
}

#[test]
fn anti_knight_reads_back_in_every_format() {
    reads_back(
        &["--rules", "anti-knight", "--box", "2x3", "--count", "2"],
        2,
    );
}

#[test]
fn anti_king_reads_back_in_every_format() {
    reads_back(&["--rules", "anti-king", "--box", "2x3", "--count", "2"], 2);
}

#[test]
fn non_consecutive_reads_back_in_every_format() {
    reads_back(&["--rules", "non-consecutive", "--box", "2x3"], 1);
}

#[test]
fn windoku_reads_back_in_every_format() {
    reads_back(&["--rules", "windoku", "--count", "2"], 2);
}

#[test]
fn disjoint_reads_back_in_every_format() {
    reads_back(&["--rules", "disjoint", "--count", "2"], 2);
}

#[test]
fn jigsaw_reads_back_in_every_format() {
    reads_back(&["--jigsaw", "--count", "2"], 2);
    reads_back(&["--jigsaw", "--box", "2x2", "--count", "3"], 3);
    reads_back(
        &["--jigsaw", "--rules", "x", "--box", "2x3", "--count", "2"],
        2,
    );
}

#[test]
fn the_issue_s_jigsaw_is_unique_when_read_back() {
    // It said `multiple`: the regions after the space were read as a comment.
    let text = stdout_piped(&["generate", "--jigsaw", "--seed", "4"], "", 0);
    assert!(text.contains(" regions="), "{text}");
    assert_eq!(stdout_piped(&["check", "-"], &text, 0), "unique\n");
    // The givens alone are a classic puzzle with many solutions.
    let givens = text.split_whitespace().next().unwrap();
    assert_eq!(stdout_piped(&["check", givens], "", 1), "multiple\n");
}

#[test]
fn a_jigsaw_grid_draws_its_regions_not_the_boxes() {
    let text = stdout_piped(
        &[
            "generate", "--jigsaw", "--box", "2x2", "--seed", "1", "--format", "grid",
        ],
        "",
        0,
    );
    let lines: Vec<&str> = text.lines().collect();
    // A comment, 4 rows with 3 border lines between them, and the field line.
    assert_eq!(lines.len(), 9, "{text}");
    assert!(lines[0].starts_with("# puzzle 1: "), "{text}");
    let regions = lines[8].strip_prefix("regions=").unwrap();
    let map: Vec<char> = regions.chars().collect();
    for row in 0..4 {
        let cells: Vec<char> = lines[1 + 2 * row].chars().collect();
        for col in 0..3 {
            // A bar exactly where the regions of two neighbours differ.
            let bar = cells[2 * col + 1] == '|';
            assert_eq!(bar, map[4 * row + col] != map[4 * row + col + 1], "{text}");
        }
    }
    // The boxes' rule line `----+----` is not drawn.
    assert!(!text.contains("----+----"), "{text}");
}

#[test]
fn every_classic_option_is_kept_for_variants() {
    // The issue's case: asked for easy, it was rated extreme.
    for level in ["easy", "medium", "hard", "expert"] {
        let text = stdout_piped(
            &[
                "generate",
                "--jigsaw",
                "--difficulty",
                level,
                "--seed",
                "3",
                "--count",
                "2",
            ],
            "",
            0,
        );
        let rated = stdout_piped(&["rate", "-"], &text, 0);
        for line in rated.lines() {
            assert!(line.starts_with(&format!("{level} (")), "{level}: {rated}");
        }
    }
    // Symmetry: the givens follow the pattern; with --minimal every given is needed.
    let text = stdout_piped(
        &[
            "generate",
            "--rules",
            "x",
            "--symmetry",
            "rot180",
            "--minimal",
            "--seed",
            "2",
            "--box",
            "2x3",
            "--count",
            "3",
        ],
        "",
        0,
    );
    for line in text.lines() {
        let givens: sudoku_dlx::Grid = line.split_whitespace().next().unwrap().parse().unwrap();
        assert!(
            sudoku_dlx::setter::Symmetry::Rot180.holds(&givens),
            "{line}"
        );
    }
    assert_eq!(
        stdout_piped(&["redundant", "-"], &text, 0),
        "minimal\n".repeat(3)
    );
    // --format grid rates each puzzle in its comment, as `rate` does, those that need a
    // search too (the generator's own searches do not refute; `rate`'s do).
    let grid = stdout_piped(
        &[
            "generate", "--rules", "x", "--seed", "3", "--count", "4", "--format", "grid",
        ],
        "",
        0,
    );
    let rating = stdout_piped(&["rate", "-"], &grid, 0);
    let comments: Vec<&str> = grid.lines().filter(|l| l.starts_with("# puzzle")).collect();
    assert_eq!(comments.len(), 4, "{grid}");
    assert!(rating.contains("search"), "{rating}");
    for (comment, rating) in comments.iter().zip(rating.lines()) {
        assert!(comment.ends_with(rating), "{comment} against {rating}");
    }
}

#[test]
fn max_attempts_and_stats_are_kept_for_variants() {
    // No 4x4 grid keeps anti-king, whatever the regions: every grid drawn fails.
    sudoku()
        .args([
            "generate",
            "--jigsaw",
            "--rules",
            "anti-king",
            "--box",
            "2x2",
            "--max-attempts",
            "5",
            "--seed",
            "1",
        ])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "sudoku-dlx: no 4x4 anti-king jigsaw puzzle (2x2 boxes) found in 5 grids; try \
             other options\n",
        );
    let assert = sudoku()
        .args([
            "generate", "--rules", "x", "--count", "3", "--seed", "1", "--stats",
        ])
        .assert()
        .code(0);
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.starts_with("stats total: 3 puzzles in ") && stderr.contains(" 3 solution grids;"),
        "{stderr}"
    );
    // Every one of the 3 x 81 removal checks is counted, by the logic pass or a search.
    let (_, checks) = stderr.split_once("removal checks: ").unwrap();
    let counted: u64 = checks
        .trim()
        .split(", ")
        .map(|part| part.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(counted, 3 * 81, "{stderr}");
}

#[test]
fn both_paths_derive_an_unseeded_run_the_same_way() {
    // Without --seed each run draws a new seed, on the variant path as on the classic one.
    let runs: Vec<String> = (0..2)
        .map(|_| stdout_piped(&["generate", "--rules", "x", "--box", "2x2"], "", 0))
        .collect();
    assert_ne!(runs[0], runs[1]);
}

#[test]
fn disjoint_groups_and_jigsaw_are_refused_together_by_name() {
    sudoku()
        .args(["generate", "--jigsaw", "--rules", "disjoint"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "--rules disjoint cannot go with --jigsaw",
        ));
}

#[test]
fn fields_of_a_line_make_the_variant() {
    let empty = "................";
    // The fields, the flags, and both: flags add rules.
    assert_eq!(
        stdout_piped(&["count", &format!("{empty} rules=x")], "", 0),
        "48\n"
    );
    assert_eq!(
        stdout_piped(
            &["count", "--rules", "x", &format!("{empty} rules=diagonal+")],
            "",
            0
        ),
        "48\n"
    );
    let both = stdout_piped(&["count", "--rules", "x,anti-knight", empty], "", 0);
    assert_ne!(both, "48\n");
    assert_eq!(
        stdout_piped(
            &[
                "count",
                "--rules",
                "anti-knight",
                &format!("{empty} rules=x")
            ],
            "",
            0
        ),
        both
    );
    assert_eq!(
        stdout_piped(
            &["count", &format!("{empty} regions=aaabcabbccdbcddd")],
            "",
            0
        ),
        "96\n"
    );
    // The same regions as --regions are fine, other ones an error.
    assert_eq!(
        stdout_piped(
            &[
                "count",
                "--regions",
                "aaab cabb ccdb cddd",
                &format!("{empty} regions=1122112233443344 rules=x")
            ],
            "",
            2,
        ),
        "error: <inline>:1:18: regions=: differs from the regions of --regions\n"
    );
    // A word that is not a field ends the fields: the rest is a comment.
    assert_eq!(
        stdout_piped(
            &["count", &format!("{empty} rules=x a-name rules=y")],
            "",
            0
        ),
        "48\n"
    );
    // Jigsaw givens may repeat a digit in a box, not in a row.
    assert_eq!(
        stdout_piped(
            &["solve", "....241343213142 regions=1112314234423342"],
            "",
            0
        ),
        "1234241343213142\n"
    );
}

#[test]
fn malformed_fields_are_errors_at_the_field() {
    let text = "\
................ regions=111122223333444
................ regions=1111122223334444
................ rules=x,anti-bishop
................ rules=x rules=windoku
1234............ regions=1111222233334444 rules=disjoint
................ rules=x
";
    let file = temp_file(text.as_bytes());
    let path = file.path().to_str().unwrap();
    let out = stdout_piped(&["count", path], "", 2);
    let expected = format!(
        "error: {path}:1:18: regions=: 15 characters, expected 16 (one per cell)\n\
         error: {path}:2:18: regions=: region 1 has 5 cells, expected 4\n\
         error: {path}:3:26: rules=: unknown rule \"anti-bishop\" (the rules are x, diagonal+, diagonal-, anti-knight, anti-king, non-consecutive, windoku, disjoint)\n\
         error: {path}:4:26: rules=: given twice\n\
         error: {path}:5:43: rules=: disjoint (rule 1): needs the regular boxes, not irregular regions\n\
         48\n"
    );
    assert_eq!(out, expected);
}

#[test]
fn a_classic_reader_refuses_a_field_it_meets_late() {
    // The head of the file has no field, so it is read as classic puzzles: the field on
    // the last line is refused in its place, never read as a classic puzzle.
    let mut text = "1234341221434321\n".repeat(5000);
    text.push_str("................ rules=x\n");
    let file = temp_file(text.as_bytes());
    let path = file.path().to_str().unwrap();
    let out = stdout_piped(&["check", path], "", 2);
    let last = out.lines().last().unwrap();
    assert_eq!(
        last,
        format!(
            "error: {path}:5001:18: rules= makes this a variant puzzle, and this input is read \
             as classic puzzles"
        )
    );
    // So do the line-by-line pipelines; a field they see first is a usage error.
    let out = stdout_piped(&["solve", "--keep-lines", path], "", 2);
    assert_eq!(
        out.lines().last().unwrap(),
        format!(
            "error: {path}:5001:18: rules= makes this a variant puzzle, and this input is read \
             as classic puzzles"
        )
    );
    sudoku()
        .args(["solve", "--keyed", "-"])
        .write_stdin("1234341221434321\n................ regions=1111222233334444\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "--keyed reads classic puzzles line by line: it cannot go with variant puzzles",
        ));
}

/// The families that have grids on 4x4 (anti-king and non-consecutive have none).
const SMALL_FAMILIES: [RuleName; 6] = [
    RuleName::X,
    RuleName::DiagonalPlus,
    RuleName::DiagonalMinus,
    RuleName::AntiKnight,
    RuleName::Windoku,
    RuleName::Disjoint,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// On 2x2 and 2x3 boxes, every family (and jigsaw, with or without a family) printed in
    /// every format reads back as the same puzzle: the same givens, the same regions, the
    /// same rules, one solution.
    #[test]
    fn generated_variants_read_back_as_the_same_puzzle(
        seed in 0u64..1_000_000,
        six in any::<bool>(),
        family in 0usize..RuleName::ALL.len(),
        jigsaw in any::<bool>(),
        format in prop::sample::select(vec![Format::Line, Format::Grid, Format::Json]),
    ) {
        let shape = if six { "2x3" } else { "2x2" };
        let name = if six { RuleName::ALL[family] } else { SMALL_FAMILIES[family % SMALL_FAMILIES.len()] };
        let jigsaw = jigsaw && name != RuleName::Disjoint;
        let rules = name.rules();
        let mut options = sudoku_dlx::variant::VariantGenerateOptions::new(shape.parse().unwrap(), rules, jigsaw);
        options.base.rate = format != Format::Line;
        let made = sudoku_dlx::variant::VariantGenerator::new(options).generate(seed, 0).unwrap();
        let mut text = Vec::new();
        write_variant_generated(&mut text, format, 0, &made).unwrap();
        let file = temp_file(&text);
        let records = read_all(&[file.path().to_str().unwrap().to_string()], None, &LineRules::default()).unwrap();
        prop_assert_eq!(records.len(), 1);
        let text = String::from_utf8(text).unwrap();
        let read = records[0].puzzle.as_ref().map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        prop_assert_eq!(read.givens(), made.puzzle.givens());
        // The same partition into regions (numbers may differ), and the same rules.
        let partition = |map: &[usize]| -> Vec<Vec<usize>> {
            let mut parts: Vec<Vec<usize>> = Vec::new();
            for (cell, &region) in map.iter().enumerate() {
                let first = map.iter().position(|&r| r == region).unwrap();
                match parts.iter_mut().find(|part| part[0] == first) {
                    Some(part) => part.push(cell),
                    None => parts.push(vec![cell]),
                }
            }
            parts
        };
        prop_assert_eq!(partition(read.region_of()), partition(made.puzzle.region_of()));
        if format == Format::Json {
            // f-puzzles writes windoku as its windows (extra regions), which mean the same.
            // Regions are compared above (regions that came out as the boxes read back as
            // none).
            let json = |variant| {
                let mut document = sudoku_dlx::variant::fpuzzles::to_json(variant);
                for row in document["grid"].as_array_mut().unwrap() {
                    for cell in row.as_array_mut().unwrap() {
                        cell.as_object_mut().unwrap().remove("region");
                    }
                }
                document
            };
            prop_assert_eq!(json(read), json(&made.puzzle));
        } else {
            let mut read_rules = read.rules().to_vec();
            let mut made_rules = made.puzzle.rules().to_vec();
            read_rules.sort_by_key(|rule| format!("{rule:?}"));
            made_rules.sort_by_key(|rule| format!("{rule:?}"));
            prop_assert_eq!(read_rules, made_rules);
        }
        prop_assert_eq!(VariantSolver::new().solve(read), Some(made.solution.clone()));
        prop_assert_eq!(VariantSolver::new().count(read, Some(2)).solutions, 1);
    }
}
