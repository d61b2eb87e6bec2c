//! The page's questions, one JSON request each, answered with the engine's API as the
//! command line answers them (`src/cli/*.rs`): `read`, `solve`, `count`, `check`,
//! `candidates`, `rate` and `generate`. Every answer is a JSON object with `result`, the
//! text the page shows (the solution line, the count, `unique`/`multiple`/`none`, the
//! level...), and the details the page draws; or with `error`.
//!
//! The long questions report their progress as `(done, total)`: `count` its solutions so
//! far (total 0: unknown), `candidates` the cells settled and open, `rate` its steps
//! ([`Answerer::rate_with_progress`]), `generate` the cells whose removal was tried over
//! every grid drawn, of one grid's cells ([`Generator::generate_with_progress`]).

use crate::read::{describe, links_with, read, Read};
use serde_json::{json, Map, Value};
use sudoku_dlx::setter::{Difficulty, GenerateOptions, Generator, Symmetry, Witness};
use sudoku_dlx::variant::{fpuzzles, RuleName, VariantGenerateOptions, VariantGenerator};
use sudoku_dlx::{Answerer, Grid, PuzzleSolver, Shape, Verdict};

/// How often a long question reports: every this many solutions (or candidate steps), and
/// at each power of two before that.
const REPORT_EVERY: u64 = 1024;

/// The answer to `request` (a JSON object with `op` and its fields), as a JSON text.
/// `progress` is told how far a long question is (see the module's notes).
pub fn answer(request: &str, progress: &mut dyn FnMut(f64, f64)) -> String {
    let answer = serde_json::from_str::<Value>(request)
        .map_err(|error| format!("bad request: {error}"))
        .and_then(|request| answer_value(&request, progress));
    match answer {
        Ok(value) => value.to_string(),
        Err(error) => json!({ "result": format!("error: {error}"), "error": error }).to_string(),
    }
}

fn answer_value(request: &Value, progress: &mut dyn FnMut(f64, f64)) -> Result<Value, String> {
    let op = request["op"].as_str().ok_or("bad request: no op")?;
    if op == "generate" {
        return generate(request, progress);
    }
    let text = request["puzzle"].as_str().ok_or("bad request: no puzzle")?;
    let read = read(text)?;
    let mut solver = PuzzleSolver::default();
    let puzzle = &read.puzzle;
    Ok(match op {
        "read" => {
            let mut described = describe(&read)?;
            described["result"] = "read".into();
            described
        }
        "solve" => match solver.solve(puzzle) {
            Some(solution) => solved(&read, &solution)?,
            None => json!({ "result": "none" }),
        },
        "count" => {
            let cap = number(request, "cap", 1)?.map(u128::from);
            let count = solver.count_while(puzzle, cap, |found| {
                if reports(found as u64) {
                    progress(found as f64, 0.0);
                }
                true
            });
            let text = format!("{}{}", count.solutions, if count.capped { "+" } else { "" });
            json!({ "result": text, "count": count.solutions.to_string(), "capped": count.capped })
        }
        "check" => checked(&read, solver.verdict(puzzle))?,
        "candidates" => {
            let mut calls = 0u64;
            let found = solver.candidates_while(puzzle, None, |settled, open| {
                calls += 1;
                if reports(calls) {
                    progress(settled as f64, open as f64);
                }
                true
            });
            let n = found.shape().cells();
            let cells: Vec<Vec<u8>> = (0..n).map(|cell| found.digits(cell).collect()).collect();
            let verdict = match (found.has_solution(), found.unique_solution()) {
                (false, _) => "none",
                (true, Some(_)) => "unique",
                (true, None) => "multiple",
            };
            let words: Vec<String> = cells
                .iter()
                .map(|digits| {
                    digits
                        .iter()
                        .map(|&d| sudoku_dlx::sudoku::cell_char(d))
                        .collect()
                })
                .collect();
            // The command line's line: the verdict, then one word per cell (none: the verdict).
            let result = match verdict {
                "none" => verdict.to_string(),
                _ => format!("{verdict} {}", words.join(" ")),
            };
            json!({ "result": result, "verdict": verdict, "candidates": cells })
        }
        "rate" => match solver.rate_with_progress(puzzle, &mut |done, total| {
            progress(done as f64, total as f64)
        }) {
            Ok(rating) => json!({
                "result": rating.difficulty.name(),
                "hardest": rating.hardest.map(|technique| technique.name()),
                "step": rating.strongest_step.name(),
                "guesses": rating.guesses,
                "score": rating.score,
            }),
            Err(not_unique) => json!({ "result": format!("not rated: {not_unique}") }),
        },
        other => return Err(format!("bad request: unknown op {other:?}")),
    })
}

/// True for the calls that report progress: each power of two up to [`REPORT_EVERY`], then
/// every [`REPORT_EVERY`].
fn reports(calls: u64) -> bool {
    calls.is_power_of_two() && calls < REPORT_EVERY || calls % REPORT_EVERY == 0
}

/// The field `name` of a request, if it is there: a whole number of at least `least`.
fn number(request: &Value, name: &str, least: u64) -> Result<Option<u64>, String> {
    match &request[name] {
        Value::Null => Ok(None),
        value => match value.as_u64() {
            Some(number) if number >= least => Ok(Some(number)),
            _ => Err(format!(
                "{name}: expected a whole number of at least {least}, not {value}"
            )),
        },
    }
}

/// The field `name` of a request, if it is there and not empty: a text.
fn text<'a>(request: &'a Value, name: &str) -> Result<Option<&'a str>, String> {
    match &request[name] {
        Value::Null => Ok(None),
        Value::String(text) => Ok(Some(text.as_str()).filter(|text| !text.is_empty())),
        value => Err(format!("{name}: expected a text, not {value}")),
    }
}

/// The answer for a solution of `read`: its line and its f-puzzles link.
fn solved(read: &Read, solution: &Grid) -> Result<Value, String> {
    Ok(json!({
        "result": solution.to_string(),
        "solution": solution.to_string(),
        "links": links_with(&read.puzzle, solution)?,
    }))
}

/// The answer of `check`: the verdict, the solution when unique, the witness when multiple.
fn checked(read: &Read, verdict: Verdict) -> Result<Value, String> {
    let mut answer = Map::new();
    answer.insert("result".into(), verdict.name().into());
    if let Verdict::Unique(solution) = &verdict {
        answer.insert("solution".into(), solution.to_string().into());
        answer.insert("links".into(), links_with(&read.puzzle, solution)?);
    }
    if let Some(witness) = Witness::of(&verdict) {
        let n = witness.first.shape().size();
        let cells: Vec<usize> = witness
            .differing
            .iter()
            .map(|c| c.row * n + c.col)
            .collect();
        let given = witness.suggestion;
        answer.insert(
            "witness".into(),
            json!({
                "first": witness.first.to_string(),
                "second": witness.second.to_string(),
                "differing": cells,
                "differingNames": witness.differing.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "suggestion": given.to_string(),
                "suggestionCell": given.cell.row * n + given.cell.col,
                "suggestionDigit": given.digit,
            }),
        );
    }
    Ok(Value::Object(answer))
}

/// `generate`: a puzzle with one solution, of side `size` (usual boxes; 9 when not named),
/// with `symmetry` and `difficulty` when named, from `seed` (0 when not named): classic, or
/// with `rules` when named (names separated by commas, as `generate --rules` takes them:
/// `x,anti-king`, `killer`), then given as its f-puzzles document.
fn generate(request: &Value, progress: &mut dyn FnMut(f64, f64)) -> Result<Value, String> {
    let size = number(request, "size", 1)?.unwrap_or(9);
    let shape = usize::try_from(size)
        .ok()
        .and_then(Shape::for_size)
        .ok_or(format!("size: no usual box shape for side {size}"))?;
    let mut options = GenerateOptions::new(shape);
    if let Some(name) = text(request, "symmetry")? {
        options.symmetry = name.parse::<Symmetry>().map_err(|e| e.to_string())?;
    }
    if let Some(name) = text(request, "difficulty")? {
        options.difficulty = Some(name.parse::<Difficulty>().map_err(|e| e.to_string())?);
        options.rate = true;
    }
    let seed = number(request, "seed", 0)?.unwrap_or(0);
    let mut report = |done: u64, total: u64| progress(done as f64, total as f64);
    let names = rule_names(request)?;
    if !names.is_empty() {
        let options = VariantGenerateOptions::with_rule_names(options, &names, false);
        let generated = VariantGenerator::new(options)
            .generate_with_progress(seed, 0, &mut report)
            .map_err(|error| error.to_string())?;
        let document = fpuzzles::to_json(&generated.puzzle);
        return Ok(json!({
            "result": generated.puzzle.givens().to_string(),
            "puzzle": document.to_string(),
            "solution": generated.solution.to_string(),
            "level": generated.rating.map(|rating| rating.difficulty.name()),
            "rules": names.iter().map(|name| name.name()).collect::<Vec<_>>(),
            "seed": seed,
        }));
    }
    let generated = Generator::new(options)
        .generate_with_progress(seed, 0, &mut report)
        .map_err(|error| error.to_string())?;
    Ok(json!({
        "result": generated.puzzle.to_string(),
        "puzzle": generated.puzzle.to_string(),
        "solution": generated.solution.to_string(),
        "level": generated.rating.map(|rating| rating.difficulty.name()),
        "seed": seed,
    }))
}

/// The field `rules` of a generate request: rule names separated by commas (white space
/// around them skipped), each one `generate --rules` takes ([`RuleName::parse_any`]).
fn rule_names(request: &Value) -> Result<Vec<RuleName>, String> {
    let Some(text) = text(request, "rules")? else {
        return Ok(Vec::new());
    };
    text.split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map(|name| {
            RuleName::parse_any(name).ok_or_else(|| {
                let known: Vec<&str> = RuleName::ALL
                    .into_iter()
                    .chain(RuleName::PLACED)
                    .map(RuleName::name)
                    .collect();
                format!("rules: unknown rule {name:?} (one of {})", known.join(", "))
            })
        })
        .collect()
}
