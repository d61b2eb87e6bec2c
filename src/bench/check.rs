//! The answer checks the benchmark runs inside its timed passes: whether a solver's answer is
//! a solved grid that keeps the givens, in one sweep over the cells and no allocation.

use std::fmt;
use sudoku_dlx::sudoku::{cell_char, Cell, Geometry, Grid, Unit};

/// Why an answer is not a solution of its puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// The answer has the wrong number of cells.
    WrongLength {
        /// Cells in the answer.
        found: usize,
        /// Cells in the puzzle.
        expected: usize,
    },
    /// A cell is empty or holds a digit larger than the side.
    BadCell {
        /// The cell.
        cell: Cell,
        /// What it holds (0 for empty).
        value: u8,
    },
    /// A given of the puzzle was changed.
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The puzzle's given.
        given: u8,
        /// What the answer holds there.
        found: u8,
    },
    /// A unit lacks a digit, so some other digit repeats in it.
    MissingDigit {
        /// The unit.
        unit: Unit,
        /// The smallest digit it lacks.
        digit: u8,
    },
}

impl fmt::Display for Flaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Flaw::WrongLength { found, expected } => {
                write!(f, "{found} cells where the puzzle has {expected}")
            }
            Flaw::BadCell { cell, value: 0 } => write!(f, "{cell} is empty"),
            Flaw::BadCell { cell, value } => write!(f, "{cell} holds {value}, out of range"),
            Flaw::GivenChanged { cell, given, found } => write!(
                f,
                "{cell} holds {} where the puzzle gives {}",
                cell_char(found),
                cell_char(given)
            ),
            Flaw::MissingDigit { unit, digit } => {
                write!(f, "{unit} lacks digit {}", cell_char(digit))
            }
        }
    }
}

/// Checks answers against their puzzles. It keeps, for the shape it last saw, the row,
/// column and box of every cell, so a check is one pass over the cells with bit operations.
#[derive(Clone, Debug, Default)]
pub(crate) struct AnswerChecker {
    /// The tables of the shape last seen.
    geometry: Option<Geometry>,
    /// For each unit: the digits seen, bit `d - 1` for digit `d`.
    seen: Vec<u64>,
}

impl AnswerChecker {
    /// Ok when `answer` (cells in reading order) is a solved grid that keeps every given of
    /// `puzzle`.
    pub(crate) fn check(&mut self, puzzle: &Grid, answer: &[u8]) -> Result<(), Flaw> {
        let shape = puzzle.shape();
        let geometry = match &self.geometry {
            Some(geometry) if geometry.shape() == shape => geometry,
            _ => self.geometry.insert(Geometry::new(shape)),
        };
        let givens = puzzle.cells();
        if answer.len() != givens.len() {
            return Err(Flaw::WrongLength {
                found: answer.len(),
                expected: givens.len(),
            });
        }
        let n = shape.size();
        self.seen.clear();
        self.seen.resize(3 * n, 0);
        for (cell, (&value, &given)) in answer.iter().zip(givens).enumerate() {
            if value == 0 || value as usize > n {
                return Err(Flaw::BadCell {
                    cell: Cell::of(shape, cell),
                    value,
                });
            }
            if given != 0 && given != value {
                return Err(Flaw::GivenChanged {
                    cell: Cell::of(shape, cell),
                    given,
                    found: value,
                });
            }
            let bit = 1u64 << (value - 1);
            for unit in geometry.units_of(cell) {
                self.seen[unit] |= bit;
            }
        }
        // n cells holding all n digits between them hold each exactly once.
        let full = u64::MAX >> (64 - n);
        match self.seen.iter().position(|&digits| digits != full) {
            None => Ok(()),
            Some(unit) => Err(Flaw::MissingDigit {
                unit: match unit / n {
                    0 => Unit::Row(unit % n),
                    1 => Unit::Column(unit % n),
                    _ => Unit::Box(unit % n),
                },
                digit: (!self.seen[unit] & full).trailing_zeros() as u8 + 1,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_dlx::sudoku::Shape;

    fn solved_4x4() -> Grid {
        "1234341221434321".parse().unwrap()
    }

    #[test]
    fn a_solution_that_keeps_the_givens_passes() {
        let solution = solved_4x4();
        let mut puzzle = solution.clone();
        puzzle.set(0, 0, 0);
        puzzle.set(3, 3, 0);
        let mut checker = AnswerChecker::default();
        assert_eq!(checker.check(&puzzle, solution.cells()), Ok(()));
        // The checker adapts when the shape changes.
        let big: Grid = sudoku_dlx::samples::FAMOUS[0].puzzle.parse().unwrap();
        let big_solution = sudoku_dlx::Solver::new().solve(&big).unwrap();
        assert_eq!(checker.check(&big, big_solution.cells()), Ok(()));
        assert_eq!(checker.check(&puzzle, solution.cells()), Ok(()));
    }

    #[test]
    fn each_flaw_is_named() {
        let solution = solved_4x4();
        let mut checker = AnswerChecker::default();
        let mut puzzle = Grid::empty(solution.shape());
        assert_eq!(
            checker.check(&puzzle, &solution.cells()[..15]),
            Err(Flaw::WrongLength {
                found: 15,
                expected: 16
            })
        );
        let mut cells = solution.cells().to_vec();
        cells[5] = 0;
        let flaw = checker.check(&puzzle, &cells).unwrap_err();
        assert_eq!(flaw.to_string(), "r2c2 is empty");
        cells[5] = 5;
        let flaw = checker.check(&puzzle, &cells).unwrap_err();
        assert_eq!(flaw.to_string(), "r2c2 holds 5, out of range");
        // Swapping two cells of row 1 breaks columns 1 and 2.
        let mut cells = solution.cells().to_vec();
        cells.swap(0, 1);
        let flaw = checker.check(&puzzle, &cells).unwrap_err();
        assert_eq!(flaw.to_string(), "column 1 lacks digit 1");
        puzzle.set(0, 0, 2);
        let flaw = checker.check(&puzzle, solution.cells()).unwrap_err();
        assert_eq!(flaw.to_string(), "r1c1 holds 1 where the puzzle gives 2");
    }

    #[test]
    fn a_latin_square_that_breaks_a_box_is_caught() {
        // Every row and column holds 1 to 4, but the top-left box holds 1, 2 twice.
        let latin = unchecked_grid("1234214334124321");
        let mut checker = AnswerChecker::default();
        let flaw = checker
            .check(&Grid::empty(latin.shape()), latin.cells())
            .unwrap_err();
        assert_eq!(flaw.to_string(), "box 1 lacks digit 3");
    }

    /// A grid from digits, without the clash check that parsing does: for broken answers.
    fn unchecked_grid(digits: &str) -> Grid {
        let cells = digits.bytes().map(|b| b - b'0').collect::<Vec<_>>();
        Grid::from_cells(Shape::for_cells(cells.len()).unwrap(), cells).unwrap()
    }
}
