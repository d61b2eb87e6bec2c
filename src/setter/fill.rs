//! Random solution grids of any shape.
//!
//! The boxes on the diagonal share no row, column or box, so each can hold any permutation of
//! the digits: they are filled at random and the solver completes the grid (drawing again in
//! the rare case it cannot). Since the solver's completion is a fixed function of those boxes,
//! a random validity-preserving transform then spreads the result over the whole family of
//! equivalent grids.

use super::random::SetterRng;
use super::transform::Transform;
use crate::{Grid, Shape, Solver};

/// A uniformly relabelled random solution grid of `shape`.
pub fn random_solution(solver: &mut Solver, shape: Shape, rng: &mut SetterRng) -> Grid {
    let n = shape.size();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    let diagonal_boxes = (n / box_rows).min(n / box_cols);
    loop {
        let mut seeded = Grid::empty(shape);
        for k in 0..diagonal_boxes {
            let digits = rng.permutation(n);
            for (i, &digit) in digits.iter().enumerate() {
                let row = k * box_rows + i / box_cols;
                let col = k * box_cols + i % box_cols;
                seeded.set(row, col, digit as u8 + 1);
            }
        }
        if let Some(solution) = solver.solve(&seeded) {
            return Transform::random(shape, rng).apply(&solution);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_are_solved_and_differ() {
        let mut solver = Solver::new();
        for shape in ["1x1", "2x2", "2x3", "3x3", "3x4", "4x4"] {
            let shape: Shape = shape.parse().unwrap();
            let mut rng = SetterRng::for_puzzle(5, 0);
            let first = random_solution(&mut solver, shape, &mut rng);
            assert!(first.is_solved(), "{shape}");
            if shape.size() >= 4 {
                let second = random_solution(&mut solver, shape, &mut rng);
                assert!(second.is_solved());
                assert_ne!(first, second, "{shape}");
            }
        }
    }
}
