//! Human-style logic: the techniques a person uses, each step with what justifies it, a
//! solving path that takes the easiest step at each point, hints, and a difficulty on
//! Sudoku Explainer's scale.
//!
//! A [`Board`] holds the candidates; an [`Explainer`] finds the next [`Step`]
//! ([`Explainer::hint`]) or the whole [`Path`] ([`Explainer::explain`]). The techniques,
//! from the easiest, are listed by [`Technique::ALL`]; each has a difficulty on Sudoku
//! Explainer's scale, and chains add to it by their length. The path's hardest step is
//! the puzzle's rating ([`Path::difficulty`]).
//!
//! ```
//! use sudoku_dlx::human::{Board, Explainer};
//! use sudoku_dlx::Grid;
//!
//! let puzzle: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()?;
//! let hint = Explainer::new().hint(&Board::new(&puzzle)).expect("a step applies");
//! assert_eq!(hint.to_string(), "hidden-single-box: r2c2=6 (box 1)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod chains;
mod fish;
mod forcing;
mod path;
mod singles;
mod step;
mod subsets;
#[cfg(test)]
mod tests;
mod uniqueness;
mod wings;

pub use board::{Board, MarksError};
pub use path::{apply, Explainer, Path, PathEnd};
pub use step::{Candidate, Step, Technique};
