//! The Sudoku model on top of the exact-cover core: shapes, grids, text notation, the
//! logic pass, and the solver that turns a puzzle into options and solutions back into
//! grids.
//!
//! A grid of side `n` (boxes of `R×C`, `n = R·C`) is an exact-cover problem with `4n²`
//! primary items (each cell, each row-digit, column-digit and box-digit pair) and `n³`
//! options, one per candidate placement, each covering four items.

mod bands;
mod grid;
mod logic;
mod parse;
mod search_logic;
mod shape;
mod solver;
// Picks its AVX2 copy at run time, the one unsafe call outside the exact-cover core.
#[allow(unsafe_code)]
mod triads;

pub use grid::{cell_char, char_value, Cell, Clash, Grid};
pub use logic::Logic;
pub use parse::{CellReader, Clashes, ParseError, ParseErrorKind};
pub use shape::{Geometry, Shape, ShapeError, Unit, MAX_SIZE};
pub use solver::{LogicOutcome, Solutions, SolveStats, Solver, Verdict};
