//! Redundant givens: those that can each be removed while the puzzle keeps its one solution.

use super::removal::Removal;
use super::NotUnique;
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

/// The givens of `puzzle` that can each be removed, alone, while it keeps its one solution:
/// [`Answerer::redundant_givens`](crate::Answerer::redundant_givens) for [`Solver`]. The
/// verdict is `solver`'s; each given is then decided by the setter's removal checks (the
/// other givens forcing it back, an unavoidable set, or one search with its digit excluded)
/// rather than by a count, by the checks `solver` keeps.
pub(crate) fn redundant_on(solver: &mut Solver, puzzle: &Grid) -> Result<Vec<Given>, NotUnique> {
    let solution = match solver.verdict(puzzle) {
        Verdict::None => return Err(NotUnique::NoSolution),
        Verdict::Multiple(..) => return Err(NotUnique::MultipleSolutions),
        Verdict::Unique(solution) => solution,
    };
    let shape = puzzle.shape();
    let interrupt = solver.interrupt().cloned();
    // The solver's own removal checks when they are of this shape, else new ones.
    let removal = match &mut solver.removal {
        Some(removal) if removal.shape() == shape => removal,
        slot => slot.insert(Box::new(Removal::new(shape))),
    };
    removal.set_interrupt(interrupt);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::FAMOUS;

    #[test]
    fn the_removal_checks_find_what_counting_finds() {
        let mut solver = Solver::new();
        for sample in FAMOUS {
            let mut puzzle: Grid = sample.puzzle.parse().unwrap();
            // Minimal: no given can go.
            assert_eq!(redundant_on(&mut solver, &puzzle), Ok(vec![]));
            // Two more givens from the solution make some redundant.
            let solution = solver.solve(&puzzle).unwrap();
            let open: Vec<usize> = (0..81).filter(|&c| puzzle.cells()[c] == 0).collect();
            for cell in [open[0], open[open.len() / 2]] {
                puzzle.set(cell / 9, cell % 9, solution.cells()[cell]);
            }
            let fast = redundant_on(&mut solver, &puzzle).unwrap();
            assert!(!fast.is_empty(), "{}", sample.name);
            let counted = crate::answer::redundant_by_counting(&mut solver, &puzzle);
            assert_eq!(Ok(fast), counted, "{}", sample.name);
        }
    }

    #[test]
    fn a_solved_grid_less_one_cell_is_all_redundant_and_a_loose_puzzle_has_no_list() {
        let mut solver = Solver::new();
        let puzzle: Grid = FAMOUS[1].puzzle.parse().unwrap();
        let solution = Solver::new().solve(&puzzle).unwrap();
        let mut nearly = solution.clone();
        nearly.set(0, 0, 0);
        let redundant = redundant_on(&mut solver, &nearly).unwrap();
        assert_eq!(redundant.len(), 80);
        assert_eq!(redundant[0].to_string(), "r1c2=1");
        let mut loose = puzzle.clone();
        loose.set(0, 0, 0);
        assert_eq!(
            redundant_on(&mut solver, &loose),
            Err(NotUnique::MultipleSolutions)
        );
    }
}
