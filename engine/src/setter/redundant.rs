//! Redundant givens: those that can each be removed while the puzzle keeps its one solution.

use super::removal::Removal;
use super::NotUnique;
use crate::exact_cover::Interrupt;
use crate::{Cell, Grid, Solver, Verdict};
use std::fmt;

/// One given: a cell and its digit, written as people do: `r3c7=5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Given {
    /// Where it is.
    pub cell: Cell,
    /// Its digit.
    pub digit: u8,
}

impl fmt::Display for Given {
    /// `r3c7=5`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, crate::sudoku::cell_char(self.digit))
    }
}

/// Finds redundant givens; keeps its solver and buffers from puzzle to puzzle.
#[derive(Clone, Debug, Default)]
pub struct Redundancy {
    solver: Solver,
    removal: Option<Removal>,
}

impl Redundancy {
    /// A finder with its own solver.
    pub fn new() -> Redundancy {
        Redundancy::default()
    }

    /// Makes later calls watch `interrupt`: once it is set, [`find`](Self::find) stops
    /// within a few thousand search nodes, and its answer is not to be used
    /// ([`was_interrupted`](Self::was_interrupted) says so).
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        if let Some(removal) = &mut self.removal {
            removal.set_interrupt(interrupt.clone());
        }
        self.solver.set_interrupt(interrupt);
    }

    /// True when the interrupt is set, so that the last answer may have been cut short.
    pub fn was_interrupted(&self) -> bool {
        self.solver.interrupt().is_some_and(Interrupt::is_set)
    }

    /// The givens of `puzzle` that can each be removed, alone, while it keeps its one
    /// solution, in reading order; empty when the puzzle is minimal. A puzzle without
    /// exactly one solution has no such list: the error says which case it is.
    pub fn find(&mut self, puzzle: &Grid) -> Result<Vec<Given>, NotUnique> {
        let solution = match self.solver.verdict(puzzle) {
            Verdict::None => return Err(NotUnique::NoSolution),
            Verdict::Multiple(..) => return Err(NotUnique::MultipleSolutions),
            Verdict::Unique(solution) => solution,
        };
        let shape = puzzle.shape();
        let removal = match &mut self.removal {
            Some(removal) if removal.shape() == shape => removal,
            slot => {
                let mut removal = Removal::new(shape);
                removal.set_interrupt(self.solver.interrupt().cloned());
                slot.insert(removal)
            }
        };
        removal.restart(puzzle, &solution);
        let mut redundant = Vec::new();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if removal.is_interrupted() {
                break;
            }
            if digit != 0 && removal.can_remove(cell) {
                redundant.push(Given {
                    cell: Cell::of(shape, cell),
                    digit,
                });
            }
        }
        Ok(redundant)
    }
}

/// The redundant givens of `puzzle` (see [`Redundancy::find`]); keep a [`Redundancy`] to
/// check many puzzles.
pub fn redundant_givens(puzzle: &Grid) -> Result<Vec<Given>, NotUnique> {
    Redundancy::new().find(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::FAMOUS;

    #[test]
    fn a_solved_grid_less_one_cell_is_all_redundant_but_famous_puzzles_are_minimal() {
        let mut finder = Redundancy::new();
        for sample in FAMOUS {
            let puzzle: Grid = sample.puzzle.parse().unwrap();
            let redundant = finder.find(&puzzle).unwrap();
            let mut solver = Solver::new();
            // Check the finder's shortcuts against plain counting.
            for (cell, &digit) in puzzle.cells().iter().enumerate() {
                if digit == 0 {
                    continue;
                }
                let mut loose = puzzle.clone();
                loose.set(cell / 9, cell % 9, 0);
                let unique = solver.count(&loose, Some(2)).solutions == 1;
                let listed = redundant
                    .iter()
                    .any(|g| g.cell == Cell::of(puzzle.shape(), cell));
                assert_eq!(
                    unique,
                    listed,
                    "{} r{}c{}",
                    sample.name,
                    cell / 9 + 1,
                    cell % 9 + 1
                );
            }
        }
        let puzzle: Grid = FAMOUS[1].puzzle.parse().unwrap();
        let solution = Solver::new().solve(&puzzle).unwrap();
        let mut nearly = solution.clone();
        nearly.set(0, 0, 0);
        let redundant = finder.find(&nearly).unwrap();
        assert_eq!(redundant.len(), 80);
        assert_eq!(redundant[0].to_string(), "r1c2=1");
        let mut loose = puzzle.clone();
        loose.set(0, 0, 0);
        assert_eq!(finder.find(&loose), Err(NotUnique::MultipleSolutions));
    }
}
