//! A witness of non-uniqueness: two solutions, where they differ, and a given that would
//! rule one of them out.

use super::redundant::Given;
use crate::{Cell, Grid, Verdict};

/// Why a puzzle is not unique, shown by example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// One solution: the smaller of the two in reading order, so that the witness does not
    /// depend on the order the search meets them.
    pub first: Grid,
    /// Another solution.
    pub second: Grid,
    /// The cells where the two differ, in reading order (never empty).
    pub differing: Vec<Cell>,
    /// A given to add: the first differing cell with its digit in `first`. With it, `second`
    /// is no longer a solution, so the puzzle has fewer solutions.
    pub suggestion: Given,
}

impl Witness {
    /// The witness for two different solutions of one puzzle.
    ///
    /// # Panics
    /// If the grids are equal or of different shapes.
    pub fn between(first: Grid, second: Grid) -> Witness {
        assert_eq!(first.shape(), second.shape(), "solutions of one puzzle");
        let (first, second) = if first.cells() <= second.cells() {
            (first, second)
        } else {
            (second, first)
        };
        let shape = first.shape();
        let differing: Vec<Cell> = first
            .differences(&second)
            .map(|cell| Cell::of(shape, cell))
            .collect();
        let cell = *differing.first().expect("two different solutions");
        let suggestion = Given {
            cell,
            digit: first.cells()[cell.index(shape)],
        };
        Witness {
            first,
            second,
            differing,
            suggestion,
        }
    }

    /// The witness of a verdict's two solutions when it is `multiple`; `None` when the
    /// puzzle has one solution or none.
    ///
    /// ```
    /// use sudoku_dlx::setter::Witness;
    /// use sudoku_dlx::{Grid, Solver};
    ///
    /// let open: Grid = "12.. ..12 .... ....".parse()?;
    /// let witness = Witness::of(&Solver::new().verdict(&open)).unwrap();
    /// assert!(witness.first.solves(&open) && witness.second.solves(&open));
    /// assert_eq!(witness.suggestion.cell, witness.differing[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(verdict: &Verdict) -> Option<Witness> {
        match verdict {
            Verdict::Multiple(first, second) => {
                Some(Witness::between(first.clone(), second.clone()))
            }
            Verdict::None | Verdict::Unique(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::FAMOUS;
    use crate::{Answerer, Solver};

    #[test]
    fn a_loosened_famous_puzzle_has_a_witness_and_its_suggestion_helps() {
        let mut solver = Solver::new();
        let mut puzzle: Grid = FAMOUS[0].puzzle.parse().unwrap();
        assert_eq!(solver.witness(&puzzle), None);
        puzzle.set(0, 0, 0);
        let before = solver.count(&puzzle, None).solutions;
        let found = solver.witness(&puzzle).unwrap();
        assert!(found.first.solves(&puzzle) && found.second.solves(&puzzle));
        assert_ne!(found.first, found.second);
        let Given { cell, digit } = found.suggestion;
        assert_ne!(found.second.get(cell.row, cell.col), Some(digit));
        puzzle.set(cell.row, cell.col, digit);
        assert!(solver.count(&puzzle, None).solutions < before);
    }
}
