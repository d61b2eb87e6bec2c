//! sudoku-dlx: a Sudoku engine built on exact cover.
//!
//! A puzzle is an exact-cover problem: one item per cell, per row-digit, per column-digit and
//! per box-digit, and one option per candidate placement. [`exact_cover`] is a generic
//! Dancing Links solver (Knuth's Algorithm X) that knows nothing about Sudoku; [`sudoku`]
//! reads grids of any box shape, runs a logic pass, builds the options that are left and
//! decodes solutions.
//!
//! ```
//! use sudoku_dlx::{Grid, Solver, Verdict};
//!
//! // The "world's hardest" puzzle of 2012.
//! let puzzle: Grid =
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
//!         .parse()?;
//! let mut solver = Solver::new();
//! let solution = solver.solve(&puzzle).expect("it has a solution");
//! assert!(solution.solves(&puzzle));
//! assert_eq!(
//!     solution.to_string(),
//!     "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
//! );
//! assert!(matches!(solver.verdict(&puzzle), Verdict::Unique(_)));
//!
//! // The empty 4x4 grid has 288 solutions; count them without building a grid.
//! let empty = Grid::empty(sudoku_dlx::Shape::new(2, 2)?);
//! assert_eq!(solver.count(&empty, None).solutions, 288);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The exact-cover solver works on any matrix. Here items 0..3 must each be covered exactly
//! once, and two sets of options do it:
//!
//! ```
//! use sudoku_dlx::exact_cover::ExactCover;
//!
//! let mut matrix = ExactCover::new(3, 0);
//! matrix.add_option(&[0, 1]).unwrap();
//! matrix.add_option(&[2]).unwrap();
//! matrix.add_option(&[1, 2]).unwrap();
//! matrix.add_option(&[0]).unwrap();
//! assert_eq!(matrix.count(None).solutions, 2);
//! let first: Vec<usize> = matrix.first_solution().unwrap().options().collect();
//! assert_eq!(first, vec![0, 1]);
//! ```
//!
//! Problems in Knuth's input format (that of his `dlx1` and `dlx2`) are read by
//! [`exact_cover::knuth_format`]; secondary items may take colors, as in `dlx2`: two options
//! may share a colored secondary item when they give it the same color.
//!
//! ```
//! use sudoku_dlx::exact_cover::knuth_format::Problem;
//! use sudoku_dlx::exact_cover::ExactCover;
//!
//! let parsed = Problem::parse("| two items\na b\na\nb\na b\n").unwrap();
//! assert_eq!(parsed.problem.matrix().unwrap().count(None).solutions, 2);
//!
//! // Two primary items and one secondary item 2, colored 7 by both options.
//! let mut matrix = ExactCover::new(2, 1);
//! matrix.add_colored_option(&[(0, None), (2, Some(7))]).unwrap();
//! matrix.add_colored_option(&[(1, None), (2, Some(7))]).unwrap();
//! assert_eq!(matrix.count(None).solutions, 1);
//! ```

#![warn(missing_docs)]
#![deny(unsafe_code)]

// The search's hot loop reads its flat arrays without bounds checks and picks a SIMD scan
// at run time: with the triads sweep's choice of its AVX2 copy (`sudoku::triads`), the only
// unsafe code of the crate, each block with its SAFETY note.
pub mod answer;
#[allow(unsafe_code)]
pub mod exact_cover;
#[doc(hidden)]
pub mod fuzz_targets;
pub mod human;
mod median;
mod name;
pub mod samples;
pub mod setter;
pub mod sudoku;
pub mod variant;

pub use answer::{Answerer, Puzzle, PuzzleSolver, TrueCandidates};
pub use exact_cover::Count;
pub use median::median;
pub use name::UnknownName;
pub use sudoku::{Cell, Grid, Logic, ParseError, Shape, SolveStats, Solver, Verdict};
