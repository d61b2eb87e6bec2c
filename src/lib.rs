//! sudoku-dlx: a Sudoku engine built on exact cover.
pub mod exact_cover;
