//! `--format link`: each puzzle as a share link that SudokuPad opens (its f-puzzles
//! document compressed by the engine, [`fpuzzles::document_link`]), with its solution in the
//! document's `solution` when the answer has one (`solve`, `generate`), so that SudokuPad
//! can check a solver's grid.

use serde_json::{Map, Value};
use sudoku_dlx::sudoku::Grid;
use sudoku_dlx::variant::{fpuzzles, Variant};

/// The link of a record's puzzle from the JSON object of its answer: the f-puzzles
/// document under `variant` (a variant puzzle), else the classic `puzzle`'s, with the
/// answer's `solution` when it has one.
///
/// ```
/// use serde_json::{json, Map};
/// use sudoku_dlx::variant::fpuzzles;
/// use sudoku_dlx_cli::output::link::answer_link;
///
/// let puzzle: sudoku_dlx::Grid = "1... .... .... ...4".parse()?;
/// let mut answer = Map::new();
/// answer.insert("solution".into(), json!("1243341221344321"));
/// let link = answer_link(&answer, &puzzle);
/// assert!(link.starts_with("https://sudokupad.app/fpuzzles"));
/// assert_eq!(fpuzzles::parse(&link)?.givens(), &puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn answer_link(answer: &Map<String, Value>, puzzle: &Grid) -> String {
    let mut document = match answer.get("variant") {
        Some(document) => document.clone(),
        None => classic_document(puzzle),
    };
    let solution = answer.get("solution").and_then(Value::as_str);
    if let (Some(solution), Value::Object(fields)) = (solution, &mut document) {
        fields.insert("solution".into(), solution_digits(solution));
    }
    fpuzzles::document_link(&document)
}

/// The f-puzzles document of a classic puzzle: its size and givens.
pub fn classic_document(puzzle: &Grid) -> Value {
    let variant = Variant::new(puzzle.clone(), None, Vec::new())
        .expect("a classic grid with no rules is a variant");
    fpuzzles::to_json(&variant)
}

/// A solution in the line notation as f-puzzles' `solution`: the list of its digits.
pub fn solution_digits(solution: &str) -> Value {
    solution
        .chars()
        .map(|c| Value::from(c.to_digit(36).unwrap_or(0)))
        .collect()
}
