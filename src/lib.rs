//! The command line's side of sudoku-dlx: reading puzzle records from files, printing
//! answers in the line, grid and JSON formats, ordered parallel batches, and the timed passes
//! behind `sudoku-dlx bench`. The engine itself (exact cover, the Sudoku model, the setter
//! tools) is the `sudoku_dlx` crate in `engine/`, which depends on none of this.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod batch;
pub mod bench;
pub mod collections;
#[doc(hidden)]
pub mod fuzz_targets;
pub mod input;
pub mod output;
