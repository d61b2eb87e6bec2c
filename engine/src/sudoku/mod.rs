//! The Sudoku model on top of the exact-cover core: shapes, grids, text notation, the
//! logic pass, and the solver that turns a puzzle into options and solutions back into
//! grids.
//!
//! A grid of side `n` (boxes of `R×C`, `n = R·C`) is an exact-cover problem with `4n²`
//! primary items (each cell, each row-digit, column-digit and box-digit pair) and `n³`
//! options, one per candidate placement, each covering four items.
//!
//! Digits are counted two ways, one per layer:
//!
//! - in a grid and everything a user sees ([`Grid`], the text notation, [`Clash`], the
//!   solver's exclusions, the setter tools) a digit is `1..=n`, a `u8`, and 0 is an empty
//!   cell;
//! - in the bit-parallel code inside the solver (the logic pass, its band and triad sweeps,
//!   the search's propagator and the options of the matrix) a digit is counted from 0: digit
//!   `d` is board `d` and bit `d` of a set of digits, and stands for the grid's `d + 1`.
//!   There a digit from 1 that comes in or goes out is called a *value*.

mod bands;
mod grid;
mod logic;
mod parse;
mod search_logic;
mod sets;
mod shape;
mod solver;
mod text;
// Picks its AVX2 copy at run time, the one unsafe call outside the exact-cover core.
#[allow(unsafe_code)]
mod triads;

pub use grid::{cell_char, char_value, Cell, Clash, Grid};
pub use logic::Logic;
pub use parse::{CellReader, Clashes, ParseError, ParseErrorKind};
pub use shape::{Geometry, Shape, ShapeError, Unit, MAX_SIZE};
pub use solver::{LogicOutcome, Solutions, SolveStats, Solver, Verdict};
pub use text::{first_token, is_decoration, Layout, LineContext, LineKind, TextReader};
