//! Tools for puzzle setters: generate unique (and minimal) puzzles, rate them, show why a
//! puzzle is not unique, and find its redundant givens.
//!
//! Digits are a grid's, `1..=n` (see [`sudoku`](crate::sudoku)); where a table or a bit
//! set is indexed by a digit, the index is the digit minus one, and the code says so.
//!
//! ```
//! use sudoku_dlx::setter::{GenerateOptions, Generator, Symmetry};
//! use sudoku_dlx::{Shape, Solver};
//!
//! let mut options = GenerateOptions::new(Shape::CLASSIC);
//! options.symmetry = Symmetry::Rot180;
//! options.minimal = true;
//! let made = Generator::new(options).generate(42, 0)?;
//! assert_eq!(Solver::new().count(&made.puzzle, None).solutions, 1);
//! assert!(Symmetry::Rot180.holds(&made.puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod fill;
mod forced;
mod generate;
mod random;
mod rate;
mod redundant;
mod removal;
mod summary;
mod symmetry;
mod transform;
mod unavoidable;
mod witness;

pub use fill::random_solution;
pub(crate) use generate::{search, Carving};
pub use generate::{GenerateError, GenerateOptions, Generated, Generator};
pub use random::SetterRng;
pub(crate) use rate::rate_on;
pub use rate::{Difficulty, Rater, Rating, StrongestStep, RATING_TRANSFORMS};
pub(crate) use redundant::redundant_on;
pub use redundant::Given;
pub(crate) use removal::Removal;
pub use removal::RemovalStats;
pub use summary::RatingSummary;
pub use symmetry::Symmetry;
pub use transform::Transform;
pub(crate) use unavoidable::UnavoidableSets;
pub use witness::Witness;

use std::fmt;

/// Why a question that needs exactly one solution has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotUnique {
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has two or more solutions.
    MultipleSolutions,
}

impl fmt::Display for NotUnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotUnique::NoSolution => f.write_str("the puzzle has no solution"),
            NotUnique::MultipleSolutions => f.write_str("the puzzle has several solutions"),
        }
    }
}

impl std::error::Error for NotUnique {}
