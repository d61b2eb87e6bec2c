//! Transformations that keep a grid valid: digit relabelling, rows moved within their band,
//! bands moved, the same for columns and stacks, and transposition when boxes are square.
//! A puzzle and its transform have the same number of solutions and need the same logic; only
//! the order in which a fixed search meets the options changes.

use super::random::SetterRng;
use crate::{Grid, Shape};

/// One validity-preserving relabelling of a grid of a fixed shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    shape: Shape,
    /// Row `r` of the result is row `rows[r]` of the source.
    rows: Vec<usize>,
    /// Column `c` of the result is column `cols[c]` of the source.
    cols: Vec<usize>,
    /// Digit `d` becomes `digits[d]`; `digits[0]` is 0 (empty stays empty).
    digits: Vec<u8>,
    /// Read the source with rows and columns swapped (square boxes only).
    transpose: bool,
}

impl Transform {
    /// The transform that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.size();
        Transform {
            shape,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (0..=n as u8).collect(),
            transpose: false,
        }
    }

    /// A transform drawn uniformly from all of them for `shape`.
    pub fn random(shape: Shape, rng: &mut SetterRng) -> Transform {
        let n = shape.size();
        let rows = shuffled_lines(n, shape.box_rows(), rng);
        let cols = shuffled_lines(n, shape.box_cols(), rng);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut digits);
        digits.insert(0, 0);
        let transpose = shape.box_rows() == shape.box_cols() && rng.below(2) == 1;
        Transform {
            shape,
            rows,
            cols,
            digits,
            transpose,
        }
    }

    /// The shape of the grids it applies to.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The transformed grid.
    ///
    /// # Panics
    /// If the grid is not of the transform's shape.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.shape(), self.shape, "a transform keeps to its shape");
        let n = self.shape.size();
        let source = grid.cells();
        let mut cells = Vec::with_capacity(n * n);
        for &row in &self.rows {
            for &col in &self.cols {
                let (r, c) = if self.transpose {
                    (col, row)
                } else {
                    (row, col)
                };
                cells.push(self.digits[source[r * n + c] as usize]);
            }
        }
        Grid::from_cells(self.shape, cells).expect("same shape, digits relabelled")
    }
}

/// An order of `n` lines (rows or columns) grouped in blocks of `block`: the blocks are
/// shuffled, and the lines within each block.
fn shuffled_lines(n: usize, block: usize, rng: &mut SetterRng) -> Vec<usize> {
    let mut lines = Vec::with_capacity(n);
    for first in rng.permutation(n / block) {
        let start = lines.len();
        lines.extend(first * block..(first + 1) * block);
        rng.shuffle(&mut lines[start..]);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::FAMOUS;
    use crate::Solver;

    #[test]
    fn transforms_keep_puzzles_valid_and_unique() {
        let mut solver = Solver::new();
        let mut rng = SetterRng::for_puzzle(0, 0);
        for sample in FAMOUS {
            let puzzle: Grid = sample.puzzle.parse().unwrap();
            let solution = solver.solve(&puzzle).unwrap();
            for _ in 0..5 {
                let transform = Transform::random(puzzle.shape(), &mut rng);
                let moved = transform.apply(&puzzle);
                assert_eq!(moved.givens(), puzzle.givens());
                assert_eq!(solver.count(&moved, None).solutions, 1);
                assert!(transform.apply(&solution).solves(&moved));
            }
        }
    }

    #[test]
    fn non_square_boxes_are_never_transposed() {
        let shape = Shape::new(2, 3).unwrap();
        let mut rng = SetterRng::for_puzzle(0, 1);
        let mut solver = Solver::new();
        let solution = solver.solve(&Grid::empty(shape)).unwrap();
        for _ in 0..20 {
            let transform = Transform::random(shape, &mut rng);
            assert!(!transform.transpose);
            assert!(transform.apply(&solution).is_solved());
        }
        assert_eq!(Transform::identity(shape).apply(&solution), solution);
    }
}
