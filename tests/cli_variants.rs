//! Variant puzzles through the commands: known puzzles with known unique solutions (one per
//! rule family, in tests/variants/), checked here by an independent brute force, and the
//! inputs, outputs and errors of the variant path.

use crate::cli_support::*;
use std::collections::BTreeSet;
use sudoku_dlx::variant::{fpuzzles, Variant};
use sudoku_dlx::Grid;

const KNOWN: &str = "tests/variants/known.ndjson";

/// The family and solution of each known puzzle, in file order.
fn known_solutions() -> Vec<(String, String)> {
    std::fs::read_to_string("tests/variants/known.solutions")
        .unwrap()
        .lines()
        .map(|line| {
            let (family, solution) = line.split_once('\t').unwrap();
            (family.to_string(), solution.to_string())
        })
        .collect()
}

/// Every grid that completes `variant`'s givens keeping only rows, columns and regions,
/// found by plain backtracking (fewest candidates first).
fn completions(variant: &Variant) -> Vec<Grid> {
    fn extend(cells: &mut Vec<u8>, region_of: &[usize], out: &mut Vec<Vec<u8>>) {
        let candidates = |cell: usize, cells: &[u8]| -> u16 {
            let mut used = 0u16;
            for other in 0..81 {
                let seen = other / 9 == cell / 9
                    || other % 9 == cell % 9
                    || region_of[other] == region_of[cell];
                if seen && cells[other] != 0 {
                    used |= 1 << cells[other];
                }
            }
            !used & 0b11_1111_1110
        };
        let open = (0..81)
            .filter(|&cell| cells[cell] == 0)
            .min_by_key(|&cell| candidates(cell, cells).count_ones());
        let Some(cell) = open else {
            out.push(cells.clone());
            return;
        };
        let mask = candidates(cell, cells);
        for digit in 1..=9u8 {
            if mask & (1 << digit) != 0 {
                cells[cell] = digit;
                extend(cells, region_of, out);
                cells[cell] = 0;
            }
        }
    }
    let mut out = Vec::new();
    let mut cells = variant.givens().cells().to_vec();
    extend(&mut cells, variant.region_of(), &mut out);
    out.into_iter()
        .map(|cells| Grid::from_cells(variant.shape(), cells).unwrap())
        .collect()
}

#[test]
fn known_puzzles_have_their_solution_by_brute_force() {
    let text = std::fs::read_to_string(KNOWN).unwrap();
    let expected = known_solutions();
    assert_eq!(text.lines().count(), expected.len());
    for (line, (family, solution)) in text.lines().zip(&expected) {
        let variant = fpuzzles::parse(line).unwrap();
        let kept: Vec<String> = completions(&variant)
            .into_iter()
            .filter(|grid| variant.accepts(grid))
            .map(|grid| grid.to_string())
            .collect();
        assert_eq!(kept, vec![solution.clone()], "{family}");
    }
}

#[test]
fn known_puzzles_solve_and_check_unique() {
    let expected: Vec<String> = known_solutions().into_iter().map(|(_, s)| s).collect();
    let refs: Vec<&str> = expected.iter().map(String::as_str).collect();
    sudoku()
        .args(["solve", KNOWN])
        .assert()
        .code(0)
        .stdout(lines(&refs));
    let unique = vec!["unique"; expected.len()];
    sudoku()
        .args(["check", "--jobs", "2", KNOWN])
        .assert()
        .code(0)
        .stdout(lines(&unique));
    let ones = vec!["1"; expected.len()];
    sudoku()
        .args(["count", KNOWN])
        .assert()
        .code(0)
        .stdout(lines(&ones));
}

#[test]
fn every_family_is_in_the_known_set() {
    let families: BTreeSet<String> = known_solutions().into_iter().map(|(f, _)| f).collect();
    for family in [
        "x",
        "antiknight",
        "antiking",
        "nonconsecutive",
        "windoku",
        "disjoint",
        "jigsaw",
        "killer",
        "thermo",
        "arrow",
        "kropki",
        "xv",
        "oddeven",
    ] {
        assert!(families.contains(family), "{family}");
    }
}

const EMPTY4: &str =
    r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;

#[test]
fn rules_flags_apply_to_line_puzzles() {
    sudoku()
        .args(["count", "--rules", "x", "................"])
        .assert()
        .code(0)
        .stdout("48\n");
    sudoku()
        .args([
            "count",
            "--rules",
            "windoku,disjoint",
            "--limit",
            "3",
            &empty9(),
        ])
        .assert()
        .code(0)
        .stdout("3+\n");
    sudoku()
        .args(["count", "--regions", "aabbaabbccddccdd", "................"])
        .assert()
        .code(0)
        .stdout("288\n");
    sudoku()
        .args(["count", "--rules", "sandwich", "................"])
        .assert()
        .code(2);
}

#[test]
fn inline_json_stdin_and_all() {
    let doc = format!(r#"{EMPTY4},"diagonal+":true,"diagonal-":true}}"#);
    sudoku()
        .args(["count", &doc])
        .assert()
        .code(0)
        .stdout("48\n");
    sudoku()
        .args(["count"])
        .write_stdin(format!("{doc}\n{doc}\n"))
        .assert()
        .code(0)
        .stdout("48\n48\n");
    let out = sudoku()
        .args(["all", "--limit", "2", &doc])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
    // The compressed share form, inline.
    let packed = lz_base64(&doc);
    sudoku()
        .args(["count", &packed])
        .assert()
        .code(0)
        .stdout("48\n");
}

/// The lz-string base64 form of `text`, as f-puzzles links carry it.
fn lz_base64(text: &str) -> String {
    sudoku_dlx::variant::fpuzzles::compress(text)
}

#[test]
fn json_output_carries_the_rules() {
    let doc = format!(r#"{EMPTY4},"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}]}}"#);
    let out = sudoku()
        .args(["solve", "--format", "json", &doc])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let object: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let variant = &object["variant"];
    assert_eq!(variant["killercage"][0]["value"], "3");
    let solution = object["solution"].as_str().unwrap();
    let digits: Vec<u32> = solution.chars().map(|c| c.to_digit(10).unwrap()).collect();
    assert_eq!(digits[0] + digits[1], 3);
    // And it reads back as the same puzzle.
    sudoku()
        .args(["count", &variant.to_string()])
        .assert()
        .stdout(format!(
            "{}\n",
            sudoku_dlx::variant::VariantSolver::new()
                .count(&fpuzzles::parse(&doc).unwrap(), None)
                .solutions
        ));
}

#[test]
fn witness_shows_two_variant_solutions() {
    let doc = format!(r#"{EMPTY4},"antiking":false,"diagonal-":true}}"#);
    let out = sudoku()
        .args(["check", "--witness", &doc])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("multiple: "), "{text}");
}

#[test]
fn bad_records_are_positioned_and_the_batch_goes_on() {
    let good = format!(r#"{EMPTY4},"diagonal-":true}}"#);
    let text = format!(
        "{good}\n{EMPTY4},\"sumdot\":[{{}}]}}\n{{\"size\":4,\"grid\":[[{{\"value\":1,\"given\":true}}]]}}\n{{\"size\":4,\n{good}\n"
    );
    let file = temp_file(text.as_bytes());
    let path = file.path().to_str().unwrap().to_string();
    let out = stdout_of(&["count", &path], 2);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 5, "{out}");
    assert_eq!(got[0], "48");
    assert_eq!(
        got[1],
        format!("error: {path}:2:1: unsupported constraint \"sumdot\"")
    );
    assert_eq!(got[2], format!("error: {path}:3:1: grid: expected 4 rows"));
    assert!(
        // On the broken document's own line, where it ends.
        got[3].starts_with(&format!("error: {path}:4:10: broken JSON")),
        "{}",
        got[3]
    );
    assert_eq!(got[4], "48");
}

#[test]
fn overlapping_sums_are_answered() {
    // A cage r1c1+r1c2 = 3 and an arrow r2c2 = r1c2: r1c2 is 1 or 2 and r2c2, in its box,
    // cannot equal it. Two cages sharing r1c2 (and a third over both) have solutions.
    let doc = format!(
        r#"{EMPTY4},"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}],"arrow":[{{"cells":["R2C2"],"lines":[["R2C2","R1C2"]]}}]}}"#
    );
    sudoku()
        .args(["count", &doc])
        .assert()
        .code(0)
        .stdout("0\n");
    let doc = format!(
        r#"{EMPTY4},"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}},{{"cells":["R1C2","R2C2"],"value":"5"}},{{"cells":["R1C1","R1C2","R2C1"],"value":"6"}}]}}"#
    );
    let solutions = stdout_of(&["all", &doc], 0);
    assert_eq!(solutions.lines().count(), 12, "{solutions}");
    for grid in solutions.lines() {
        let d: Vec<u32> = grid.chars().map(|c| c.to_digit(10).unwrap()).collect();
        assert_eq!(
            (d[0] + d[1], d[1] + d[5], d[0] + d[1] + d[4]),
            (3, 5, 6),
            "{grid}"
        );
    }
}

/// Runs `generate` with `args` and returns its standard output.
fn generated(args: &[&str]) -> String {
    let args: Vec<&str> = ["generate"].iter().chain(args).copied().collect();
    stdout_of(&args, 0)
}

#[test]
fn jigsaw_non_consecutive_draws_other_regions_when_no_grid_is_found() {
    // Seed 1's first regions have no grid found within the draw's limited tries. The draw
    // went on to search them in full, for half a minute or more, and carved that grid; now
    // the drawing counts as a grid tried, and other regions are drawn.
    let args = [
        "generate",
        "--jigsaw",
        "--rules",
        "non-consecutive",
        "--seed",
        "1",
    ];
    sudoku()
        .args(args)
        .args(["--max-attempts", "1", "--jobs", "1"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "sudoku-dlx: no 9x9 non-consecutive jigsaw puzzle (3x3 boxes) found in 1 grids; \
             try other options\n",
        );
    let text = stdout_of(&args, 0);
    assert!(text.contains(" regions=") && text.contains("rules=non-consecutive"));
    assert_eq!(stdout_piped(&["check", "-"], &text, 0), "unique\n");
}

#[test]
fn generated_variants_are_unique_and_minimal() {
    for rules in ["x,anti-king", "windoku", "disjoint"] {
        let text = generated(&[
            "--rules", rules, "--count", "2", "--seed", "5", "--format", "json",
        ]);
        let file = temp_file(text.as_bytes());
        let path = file.path().to_str().unwrap();
        sudoku()
            .args(["check", path])
            .assert()
            .code(0)
            .stdout("unique\nunique\n");
        sudoku()
            .args(["redundant", path])
            .assert()
            .code(0)
            .stdout("minimal\nminimal\n");
        for line in text.lines() {
            let variant = fpuzzles::parse(line).unwrap();
            assert!(!variant.rules().is_empty(), "{rules}");
        }
    }
    // Jigsaw: random regions, printed after the givens in line format as a field.
    let text = generated(&["--jigsaw", "--seed", "4"]);
    let (puzzle, regions) = text.trim().split_once(" regions=").unwrap();
    sudoku()
        .args(["redundant", "--regions", regions, puzzle])
        .assert()
        .code(0)
        .stdout("minimal\n");
    assert_ne!(
        regions,
        "111222333111222333111222333444555666444555666444555666777888999777888999777888999"
    );
}

#[test]
fn rate_takes_the_variant_inputs() {
    // Every known puzzle is unique: each gets a level, in order, exit 0.
    let count = known_solutions().len();
    let out = sudoku()
        .args(["rate", "--format", "json", KNOWN])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), count);
    for (k, object) in objects.iter().enumerate() {
        assert_eq!(object["index"], k);
        let rating = &object["rating"];
        assert!(rating["level"].is_string(), "{object}");
        assert!(rating["guesses"].as_f64().unwrap() >= 0.0);
        assert!(object["variant"].is_object(), "{object}");
    }
    // Line puzzles with --rules: the rules count (empty 4x4 with X has 48 solutions).
    let x = "..............7152.84.....6.372....8.5.7.......9......6..1..8.9...9.4.....5..84..";
    sudoku()
        .args(["rate", "--rules", "x", x])
        .assert()
        .code(0)
        .stdout(
            predicates::str::is_match(
                r"^(expert|extreme) \(search, \d+ guesses, score \d+\.\d\d\)\n$",
            )
            .unwrap(),
        );
    sudoku()
        .args(["rate", x])
        .assert()
        .code(1)
        .stdout("multiple\n");
    // Several solutions, none and a bad record: one line each, in order, exit 2.
    let none = format!(r#"{EMPTY4},"antiking":true}}"#);
    let file = temp_file(format!("{EMPTY4}}}\n{none}\n{{\"size\":4,\n").as_bytes());
    let path = file.path().to_str().unwrap().to_string();
    let out = stdout_of(&["rate", &path], 2);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got[..2], ["multiple", "none"], "{out}");
    // Where the document cut short ends.
    assert!(
        got[2].starts_with(&format!("error: {path}:3:10: broken JSON")),
        "{out}"
    );
    // --summary: one line per input, as for classic puzzles.
    let summary = stdout_of(&["rate", "--summary", &path], 2);
    assert_eq!(
        summary,
        format!(
            "{path}: 0 rated, mean score 0.00, mean guesses 0.00; easy 0, medium 0, hard 0, \
             expert 0, extreme 0; 2 not unique; 1 bad records\n"
        )
    );
    let line = stdout_of(&["rate", "--summary", "--rules", "x", x], 0);
    assert!(line.starts_with("<inline>: 1 rated, mean score "), "{line}");
}

#[test]
fn rate_summary_sums_up_the_variant_ratings() {
    // The levels and mean guesses of the summary are those of the ratings one by one.
    let one_by_one = stdout_of(&["rate", "--format", "json", KNOWN], 0);
    let mut levels = std::collections::BTreeMap::new();
    let mut guesses = 0.0;
    for line in one_by_one.lines() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        let rating = &object["rating"];
        *levels
            .entry(rating["level"].as_str().unwrap().to_string())
            .or_insert(0u64) += 1;
        guesses += rating["guesses"].as_f64().unwrap();
    }
    let rated: u64 = levels.values().sum();
    let summary = stdout_of(&["rate", "--summary", "--format", "json", KNOWN], 0);
    let summary: serde_json::Value = serde_json::from_str(summary.trim()).unwrap();
    assert_eq!(summary["source"], KNOWN);
    assert_eq!(summary["rated"], rated);
    for (level, count) in &levels {
        assert_eq!(summary["levels"][level], *count, "{summary}");
    }
    let mean = summary["mean_guesses"].as_f64().unwrap();
    assert!((mean - guesses / rated as f64).abs() < 1e-9, "{summary}");
}

#[test]
fn rate_levels_follow_the_variant_logic() {
    // The killer example is solved by naked singles once its cages are options.
    sudoku()
        .args(["rate", "docs/examples/killer.json"])
        .assert()
        .code(0)
        .stdout("easy (naked-singles, score 1.00)\n");
}

#[test]
fn every_command_carries_the_rules_out_in_json() {
    let doc = format!(r#"{EMPTY4},"diagonal+":true,"diagonal-":true}}"#);
    let x_doc = fpuzzles::parse(&doc).unwrap();
    let line = "1... ..2. .3.. ...4";
    let commands: [&[&str]; 8] = [
        &["solve"],
        &["count"],
        &["check"],
        &["candidates"],
        &["check", "--witness"],
        &["redundant"],
        &["rate"],
        &["all", "--limit", "3"],
    ];
    for command in commands {
        for args in [vec![doc.as_str()], vec!["--rules", "x", line]] {
            let out = sudoku()
                .args(command)
                .args(["--format", "json"])
                .args(&args)
                .output()
                .unwrap();
            let text = String::from_utf8(out.stdout).unwrap();
            let object: serde_json::Value = serde_json::from_str(text.trim())
                .unwrap_or_else(|e| panic!("{command:?} {args:?}: {e}: {text}"));
            let variant = &object["variant"];
            assert_eq!(variant["diagonal+"], true, "{command:?} {args:?}: {text}");
            assert_eq!(variant["diagonal-"], true, "{command:?} {args:?}: {text}");
            // It reads back as the same rules.
            let back = fpuzzles::parse(&variant.to_string()).unwrap();
            assert_eq!(back.rules(), x_doc.rules(), "{command:?}");
        }
    }
}

#[test]
fn the_logic_level_reaches_the_variant_solver() {
    let ones = vec!["1"; known_solutions().len()];
    for level in [
        "off",
        "naked-singles",
        "hidden-singles",
        "locked-candidates",
    ] {
        let out = sudoku()
            .args([
                "count", "--logic", level, "--stats", "--format", "json", KNOWN,
            ])
            .assert()
            .code(0)
            .get_output()
            .clone();
        let text = String::from_utf8(out.stdout).unwrap();
        let placed: u64 = text
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .filter_map(|object| object["stats"]["placed_by_logic"].as_u64())
            .sum();
        let counts: Vec<String> = text
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .filter_map(|object| object.get("count").map(|c| c.to_string()))
            .collect();
        assert_eq!(counts, ones, "{level}");
        // The pass places cells at every level but off.
        assert_eq!(placed == 0, level == "off", "{level}: {placed}");
    }
}

#[test]
fn variant_records_stream_from_an_endless_input() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    // An endless NDJSON stream on standard input: the answers come while it is being
    // written (read whole first, nothing would ever be answered), and closing the reading
    // end of the output, as `head -n1` does, ends the run.
    let doc = format!(r#"{EMPTY4},"diagonal+":true,"diagonal-":true}}"#);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .args(["count", "--jobs", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let line = format!("{doc}\n");
        // Ends when the process stops reading (a broken pipe).
        while stdin.write_all(line.as_bytes()).is_ok() {}
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "48\n");
    drop(stdout);
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("still running 30 s after its output was closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    writer.join().unwrap();
}

/// A 4x4 jigsaw whose givens hold two 3s in the classic bottom-left box (r3c2 and r4c1),
/// which its regions allow; its one solution.
const JIGSAW_REGIONS: &str = "aaab cadb cddb ccdb";
const JIGSAW_BOX_REPEAT: &str = "....241343213142";
const JIGSAW_SOLUTION: &str = "1234241343213142";

#[test]
fn regions_replace_the_boxes_when_givens_are_read() {
    let answers = [
        ("solve", "1234241343213142\n"),
        ("count", "1\n"),
        ("check", "unique\n"),
        ("all", "1234241343213142\n"),
        ("rate", "easy (naked-singles, score 1.00)\n"),
    ];
    for (command, answer) in answers {
        sudoku()
            .args([command, "--regions", JIGSAW_REGIONS, JIGSAW_BOX_REPEAT])
            .assert()
            .code(0)
            .stdout(answer);
    }
    let redundant = stdout_of(
        &["redundant", "--regions", JIGSAW_REGIONS, JIGSAW_BOX_REPEAT],
        0,
    );
    assert!(redundant.contains("r4c1=3"), "{redundant}");
    // From a file and from standard input as well.
    let file = temp_file(format!("{JIGSAW_BOX_REPEAT}\n").as_bytes());
    let path = file.path().to_str().unwrap();
    sudoku()
        .args(["solve", "--regions", JIGSAW_REGIONS, path])
        .assert()
        .code(0)
        .stdout(format!("{JIGSAW_SOLUTION}\n"));
    sudoku()
        .args(["solve", "--regions", JIGSAW_REGIONS])
        .write_stdin(format!("{JIGSAW_BOX_REPEAT}\n"))
        .assert()
        .code(0)
        .stdout(format!("{JIGSAW_SOLUTION}\n"));
    // Rows and columns are still rules; without regions, so are the boxes.
    sudoku()
        .args(["solve", "--regions", JIGSAW_REGIONS, "1..1............"])
        .assert()
        .code(2)
        .stdout(predicates::str::contains("digit 1 twice in row 1"));
    sudoku()
        .args(["solve", JIGSAW_BOX_REPEAT])
        .assert()
        .code(2)
        .stdout(predicates::str::contains("digit 3 twice in box 3"));
}

#[test]
fn one_puzzle_alone_counts_the_same_on_every_number_of_threads() {
    // The empty anti-knight grid's first 5,000 solutions take far more than the 10,000
    // nodes after which the search shares its work.
    let empty = ".".repeat(81);
    for jobs in ["1", "2", "3"] {
        let args = [
            "count",
            "--limit",
            "5000",
            "--rules",
            "anti-knight",
            "-j",
            jobs,
            &empty,
        ];
        assert_eq!(stdout_of(&args, 0), "5000+\n", "--jobs {jobs}");
    }
    let doc = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"antiking":true}"#;
    assert_eq!(stdout_of(&["count", "-j", "2", doc], 0), "0\n");
}
