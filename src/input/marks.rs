//! Reading pencil marks (`explain --marks`, `hint --marks`): one record per line, `n³`
//! characters, each cell's digits in their places and `.` or `0` for the others (the
//! 729-character form of Sudoku Explainer for 9x9). Blank lines and `#` comments are
//! skipped; a line that is not pencil marks is a bad record that says where.

use super::{Input, InputError, Record};
use std::io::Read;
use std::path::Path;
use sudoku_dlx::human::{Board, MarksError};
use sudoku_dlx::sudoku::{ParseError, ParseErrorKind, Shape};

/// A record of pencil marks: the record (its puzzle the placed digits, or why the line is
/// not pencil marks) and the board read from it.
pub struct MarksRecord {
    /// The record, numbered and positioned as every reader's.
    pub record: Record,
    /// The board, when the line is pencil marks.
    pub board: Option<Board>,
}

/// The inputs named on the command line for pencil marks: `-` is standard input, an
/// existing path a file, anything else the marks themselves; none is standard input.
pub fn marks_inputs(args: &[String]) -> Vec<Input> {
    if args.is_empty() {
        return vec![Input::Stdin];
    }
    args.iter()
        .map(|arg| match arg.as_str() {
            "-" => Input::Stdin,
            _ if Path::new(arg).is_file() => Input::File(arg.into()),
            _ => Input::Inline(arg.clone()),
        })
        .collect()
}

/// Every record of `inputs`, read as pencil marks of `shape` (when named; else the shape
/// whose side cubed is the line's length).
pub fn read_marks(inputs: &[Input], shape: Option<Shape>) -> Result<Vec<MarksRecord>, InputError> {
    let mut out = Vec::new();
    for input in inputs {
        let mut text = String::new();
        input
            .open()?
            .read_to_string(&mut text)
            .map_err(|error| InputError::Io {
                source: input.name(),
                error,
            })?;
        for (number, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let column = line.chars().count() - trimmed.chars().count() + 1;
            let marks = trimmed.trim_end();
            let found = marks.chars().count();
            let side = (1..=sudoku_dlx::sudoku::MAX_SIZE).find(|n| n * n * n >= found);
            let shape = shape.or_else(|| side.and_then(Shape::for_size));
            let error = |column: usize, text: String, kind| ParseError {
                line: number + 1,
                column,
                text,
                kind,
            };
            let (puzzle, board) = match shape.map(|s| Board::parse_marks(s, marks)) {
                Some(Ok(board)) => (Ok(board.grid()), Some(board)),
                Some(Err(MarksError::Misplaced { at, found })) => (
                    Err(error(
                        column + at,
                        found.to_string(),
                        ParseErrorKind::BadCharacter(found),
                    )),
                    None,
                ),
                Some(Err(MarksError::WrongLength { found, expected })) => (
                    Err(error(
                        column,
                        marks.to_string(),
                        ParseErrorKind::WrongLength { found, expected },
                    )),
                    None,
                ),
                None => (
                    Err(error(
                        column,
                        marks.to_string(),
                        ParseErrorKind::WrongLength {
                            found,
                            expected: 729,
                        },
                    )),
                    None,
                ),
            };
            out.push(MarksRecord {
                record: Record {
                    index: out.len(),
                    source: input.name(),
                    line: number + 1,
                    column,
                    puzzle,
                    fields: Vec::new(),
                },
                board,
            });
        }
    }
    Ok(out)
}
