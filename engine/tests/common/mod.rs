//! Helpers shared by the integration tests: an oracle for solved grids that does not go
//! through the engine, valid grids of any box shape built from a pattern, and where the
//! shared puzzle collections live.
//!
//! Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use std::collections::HashSet;
use std::path::PathBuf;
use sudoku_dlx::exact_cover::knuth_format::Problem;
use sudoku_dlx::exact_cover::ExactCover;
use sudoku_dlx::{Grid, Shape};

/// Why `cells` is not a solved grid of `shape`, checked from first principles (not with
/// the engine's own `Grid::is_solved`, which is part of what is under test).
pub fn solved_grid_error(shape: Shape, cells: &[u8]) -> Option<String> {
    let n = shape.size();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    if cells.len() != n * n {
        return Some(format!("{} cells, expected {}", cells.len(), n * n));
    }
    let units = (0..n).flat_map(|k| {
        let row: Vec<usize> = (0..n).map(|c| k * n + c).collect();
        let col: Vec<usize> = (0..n).map(|r| r * n + k).collect();
        let (top, left) = ((k / box_rows) * box_rows, (k % box_rows) * box_cols);
        let bx: Vec<usize> = (0..n)
            .map(|i| (top + i / box_cols) * n + left + i % box_cols)
            .collect();
        [("row", k, row), ("column", k, col), ("box", k, bx)]
    });
    for (family, k, unit) in units {
        let mut seen = vec![false; n + 1];
        for cell in unit {
            let digit = cells[cell] as usize;
            if digit == 0 || digit > n || std::mem::replace(&mut seen[digit], true) {
                return Some(format!(
                    "{family} {} is not a permutation of 1..={n}: {:?}",
                    k + 1,
                    cells
                ));
            }
        }
    }
    None
}

/// Panics unless `solution` is a solved grid of the puzzle's shape that keeps every given.
pub fn assert_solves(solution: &Grid, puzzle: &Grid, what: &str) {
    assert_eq!(solution.shape(), puzzle.shape(), "{what}: shape changed");
    if let Some(error) = solved_grid_error(puzzle.shape(), solution.cells()) {
        panic!("{what}: not a solved grid: {error}");
    }
    for (cell, (&given, &placed)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        assert!(
            given == 0 || given == placed,
            "{what}: given {given} at cell {cell} became {placed}"
        );
    }
}

/// The solved grid `value(r, c) = (r·C + r/R + c) mod n + 1` of a shape with `R×C` boxes.
pub fn pattern_grid(shape: Shape) -> Vec<u8> {
    let n = shape.size();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            ((r * box_cols + r / box_rows + c) % n + 1) as u8
        })
        .collect()
}

/// Validity-preserving rearrangements of a solved grid.
#[derive(Clone, Debug)]
pub struct Transform {
    /// New digit for each digit, from 0: digit `d` becomes `digits[d - 1]`.
    pub digits: Vec<u8>,
    /// Order of the bands (groups of `R` rows).
    pub bands: Vec<usize>,
    /// For each band, the order of its rows.
    pub rows_in_band: Vec<Vec<usize>>,
    /// Order of the stacks (groups of `C` columns).
    pub stacks: Vec<usize>,
    /// For each stack, the order of its columns.
    pub cols_in_stack: Vec<Vec<usize>>,
    /// Mirror across the main diagonal (only valid for square boxes).
    pub transpose: bool,
}

impl Transform {
    /// Rearranges `cells`, a grid of `shape`.
    pub fn apply(&self, shape: Shape, cells: &[u8]) -> Vec<u8> {
        let n = shape.size();
        let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
        assert!(
            !self.transpose || box_rows == box_cols,
            "transposing {shape}"
        );
        // Row `r` of the result is row `source_row[r]` of the input.
        let source_row: Vec<usize> = (0..n)
            .map(|r| {
                let (band, within) = (r / box_rows, r % box_rows);
                self.bands[band] * box_rows + self.rows_in_band[band][within]
            })
            .collect();
        let source_col: Vec<usize> = (0..n)
            .map(|c| {
                let (stack, within) = (c / box_cols, c % box_cols);
                self.stacks[stack] * box_cols + self.cols_in_stack[stack][within]
            })
            .collect();
        (0..n * n)
            .map(|cell| {
                let (mut r, mut c) = (cell / n, cell % n);
                if self.transpose {
                    (r, c) = (c, r);
                }
                let digit = cells[source_row[r] * n + source_col[c]];
                self.digits[digit as usize - 1]
            })
            .collect()
    }
}

/// A small deterministic generator (splitmix64), for tests that want fixed pseudo-random
/// choices without a strategy.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound`.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    /// `0..len` in a random order.
    pub fn permutation(&mut self, len: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            order.swap(i, self.below(i + 1));
        }
        order
    }

    /// A random validity-preserving transform for `shape`.
    pub fn transform(&mut self, shape: Shape) -> Transform {
        let n = shape.size();
        let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
        Transform {
            digits: self.permutation(n).iter().map(|&d| d as u8 + 1).collect(),
            bands: self.permutation(n / box_rows),
            rows_in_band: (0..n / box_rows)
                .map(|_| self.permutation(box_rows))
                .collect(),
            stacks: self.permutation(n / box_cols),
            cols_in_stack: (0..n / box_cols)
                .map(|_| self.permutation(box_cols))
                .collect(),
            transpose: box_rows == box_cols && self.next() % 2 == 1,
        }
    }
}

/// The folder of the shared puzzle collections, for the tests of `shared_data`, which are
/// ignored unless asked for: the folder that `SUDOKU_DLX_DATA` names, else `../shared/data`
/// beside the repository (the rule of the command line's `collections_dir`, which this
/// crate cannot depend on). Panics, saying where it looked, when it is not a folder.
pub fn shared_data() -> PathBuf {
    let folder = match std::env::var_os("SUDOKU_DLX_DATA") {
        Some(named) => PathBuf::from(named),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
    };
    assert!(
        folder.is_dir(),
        "no shared collections at {}: set SUDOKU_DLX_DATA to their folder",
        folder.display()
    );
    folder
}

/// n queens as exact cover (the engine's [`Problem::queens`]): option `row * n + col`.
pub fn queens(n: usize) -> ExactCover {
    Problem::queens(n).matrix().unwrap()
}

/// The solutions `next` yields until it returns `None`, each as its options sorted;
/// panics when one comes twice.
pub fn distinct_solutions(mut next: impl FnMut() -> Option<Vec<usize>>) -> HashSet<Vec<usize>> {
    let mut found = HashSet::new();
    while let Some(mut options) = next() {
        options.sort_unstable();
        assert!(found.insert(options), "a solution was streamed twice");
    }
    found
}
