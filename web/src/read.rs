//! The page's puzzle field read as the other front ends read an argument: an f-puzzles
//! document, share link or SudokuPad link when [`fpuzzles::is_document`] takes it for one
//! (the engine's one reader of those), otherwise a classic puzzle written cell by cell
//! ([`Grid::parse`]: a line, a plain grid of rows, or a ruled grid, the command line's
//! reader of each record).

use serde_json::{json, Value};
use sudoku_dlx::variant::{fpuzzles, Variant};
use sudoku_dlx::{Grid, Puzzle};

/// A puzzle read from the page, with what the reader read past.
#[derive(Clone, Debug)]
pub struct Read {
    /// The puzzle, classic or variant.
    pub puzzle: Puzzle,
    /// The warnings of its document (keys that are not part of the format), positioned.
    pub warnings: Vec<String>,
}

/// Reads the text of the page's puzzle field. The error is the command line's message for
/// the same text given inline, without the `<inline>:` in front: `LINE:COLUMN: reason`.
pub fn read(text: &str) -> Result<Read, String> {
    if !fpuzzles::is_document(text) {
        return Grid::parse(text)
            .map(|grid| Read {
                puzzle: Puzzle::Classic(grid),
                warnings: Vec::new(),
            })
            .map_err(|error| error.to_string());
    }
    let (line, column) = start(text);
    match fpuzzles::parse_with_warnings(text) {
        Ok(parsed) => Ok(Read {
            puzzle: Puzzle::Variant(Box::new(parsed.variant)),
            warnings: parsed
                .warnings
                .iter()
                .map(|warning| format!("{line}:{column}: warning: {warning}"))
                .collect(),
        }),
        // A JSON error carries its own place in the document.
        Err(error @ fpuzzles::FpuzzlesError::Json { .. }) => Err(error.to_string()),
        // An ISS constraint string's error has its column in the string.
        Err(fpuzzles::FpuzzlesError::ConstraintString {
            column: at,
            problem,
        }) => Err(format!("{line}:{}: {problem}", column + at - 1)),
        Err(error) => Err(format!("{line}:{column}: {error}")),
    }
}

/// Line and column (from 1, columns in characters) of the first character of `text` that
/// is not white space: where a document starts.
fn start(text: &str) -> (usize, usize) {
    let offset = text.find(|c: char| !c.is_whitespace()).unwrap_or(0);
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |k| k + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The variant of `puzzle`: itself, or a classic grid as a variant without rules.
pub fn as_variant(puzzle: &Puzzle) -> Result<Variant, String> {
    match puzzle {
        Puzzle::Variant(variant) => Ok((**variant).clone()),
        Puzzle::Classic(grid) => {
            Variant::new(grid.clone(), None, Vec::new()).map_err(|error| error.to_string())
        }
    }
}

/// What the page draws of `read`: the side, the box shape, each cell's region, the givens
/// as a line, the f-puzzles document of the rules (`null` for a classic puzzle), its
/// f-puzzles link, and the warnings.
pub fn describe(read: &Read) -> Result<Value, String> {
    let variant = as_variant(&read.puzzle)?;
    let shape = variant.shape();
    Ok(json!({
        "kind": if read.puzzle.is_variant() { "variant" } else { "classic" },
        "size": shape.size(),
        "boxRows": shape.box_rows(),
        "boxCols": shape.box_cols(),
        "regions": variant.region_of(),
        "givens": variant.givens().to_string(),
        "document": if read.puzzle.is_variant() { fpuzzles::to_json(&variant) } else { Value::Null },
        "links": links(&variant),
        "warnings": read.warnings,
    }))
}

/// The share links of `variant`: `fpuzzles` opens it in f-puzzles' editor, `sudokupad`
/// in SudokuPad.
pub fn links(variant: &Variant) -> Value {
    json!({
        "fpuzzles": fpuzzles::to_fpuzzles_link(variant),
        "sudokupad": fpuzzles::to_link(variant),
    })
}

/// The share links ([`links`]) of `puzzle` with `grid` as its givens: a solution, with the
/// rules of `puzzle`.
pub fn links_with(puzzle: &Puzzle, grid: &Grid) -> Result<Value, String> {
    let variant = as_variant(puzzle)?;
    let with = variant
        .with_givens(grid.clone())
        .map_err(|error| error.to_string())?;
    Ok(links(&with))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_classic_and_a_document_a_variant() {
        let line = read("12.. ..12 .... ....").unwrap();
        assert!(!line.puzzle.is_variant());
        let doc = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal-":true}"#;
        let variant = read(doc).unwrap();
        assert!(variant.puzzle.is_variant());
        let described = describe(&variant).unwrap();
        assert_eq!(described["document"]["diagonal-"], true);
        assert_eq!(described["regions"].as_array().unwrap().len(), 16);
    }

    #[test]
    fn errors_are_positioned_as_on_the_command_line() {
        assert_eq!(read("1234*").unwrap_err(), "1:5: bad character '*'");
        let error = read("\n  https://f-puzzles.com/?load=N4IgzglgXgpiBcBOAtDgbQ").unwrap_err();
        assert_eq!(
            error,
            "2:3: neither JSON nor an f-puzzles share string (lz-string base64) that decompresses"
        );
    }

    #[test]
    fn a_solution_link_reads_back_with_the_rules() {
        let doc = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal-":true}"#;
        let read = read(doc).unwrap();
        let solution =
            sudoku_dlx::Answerer::solve(&mut sudoku_dlx::PuzzleSolver::default(), &read.puzzle)
                .unwrap();
        let links = links_with(&read.puzzle, &solution).unwrap();
        let back = fpuzzles::parse(links["fpuzzles"].as_str().unwrap()).unwrap();
        assert_eq!(back.givens(), &solution);
        assert_eq!(back.rules(), as_variant(&read.puzzle).unwrap().rules());
    }
}
