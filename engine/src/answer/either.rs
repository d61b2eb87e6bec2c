//! A puzzle that may be classic or a variant, and the solver that answers both: for a
//! consumer that learns which only when it reads the puzzle (the Python package).

use super::{Answerer, Givens, TrueCandidates};
use crate::exact_cover::Interrupt;
use crate::setter::{Given, NotUnique, Rating, Witness};
use crate::variant::{Variant, VariantSolver};
use crate::{Count, Grid, Logic, SolveStats, Solver, Verdict};

/// A classic grid or a variant puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// A classic board: rows, columns and boxes.
    Classic(Grid),
    /// A variant puzzle, its rules compiled.
    Variant(Box<Variant>),
}

impl Puzzle {
    /// True for a variant.
    pub fn is_variant(&self) -> bool {
        matches!(self, Puzzle::Variant(_))
    }
}

impl Givens for Puzzle {
    fn givens(&self) -> &Grid {
        match self {
            Puzzle::Classic(grid) => grid,
            Puzzle::Variant(variant) => variant.givens(),
        }
    }

    fn without_given(&self, cell: usize) -> Puzzle {
        match self {
            Puzzle::Classic(grid) => Puzzle::Classic(grid.without_given(cell)),
            Puzzle::Variant(variant) => Puzzle::Variant(Box::new(variant.without_given(cell))),
        }
    }
}

/// A [`Solver`] and a [`VariantSolver`], each answering the puzzles of its kind, each
/// keeping its buffers between questions.
///
/// ```
/// use sudoku_dlx::variant::{Diagonal, Rule, Variant};
/// use sudoku_dlx::{Answerer, Grid, Puzzle, PuzzleSolver};
///
/// let grid: Grid = "1... .... .... ....".parse()?;
/// let classic = Puzzle::Classic(grid.clone());
/// let x = Puzzle::Variant(Box::new(Variant::new(grid, None, vec![Rule::Diagonal(Diagonal::Main)])?));
/// let mut solver = PuzzleSolver::default();
/// assert_eq!(solver.count(&classic, None).solutions, 72);
/// assert!(solver.count(&x, None).solutions < 72);
/// assert!(solver.stats().searched);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct PuzzleSolver {
    classic: Solver,
    variant: VariantSolver,
    /// Whether the last question was about a variant (which solver `stats` reads).
    last_was_variant: bool,
}

impl PuzzleSolver {
    /// Solvers whose logic pass runs at `logic`.
    pub fn with_logic(logic: Logic) -> PuzzleSolver {
        PuzzleSolver {
            classic: Solver::with_logic(logic),
            variant: VariantSolver::with_logic(logic),
            last_was_variant: false,
        }
    }

    /// Has counts of variant puzzles search on up to `threads` threads (one, the caller's,
    /// by default; see [`VariantSolver::set_threads`]). A classic count stays on one: it
    /// takes microseconds.
    ///
    /// ```
    /// use sudoku_dlx::{Answerer, Grid, Puzzle, PuzzleSolver, Shape};
    /// use sudoku_dlx::variant::{Rule, Variant};
    ///
    /// let variant = Variant::new(Grid::empty(Shape::new(3, 3)?), None, vec![Rule::AntiKnight])?;
    /// let mut solver = PuzzleSolver::default();
    /// solver.set_threads(2);
    /// let count = solver.count(&Puzzle::Variant(Box::new(variant)), Some(1000));
    /// assert_eq!(count.solutions, 1000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.variant.set_threads(threads);
    }

    /// Runs `classic` or `variant` on the solver of `puzzle`'s kind.
    fn ask<T>(
        &mut self,
        puzzle: &Puzzle,
        classic: impl FnOnce(&mut Solver, &Grid) -> T,
        variant: impl FnOnce(&mut VariantSolver, &Variant) -> T,
    ) -> T {
        self.last_was_variant = puzzle.is_variant();
        match puzzle {
            Puzzle::Classic(grid) => classic(&mut self.classic, grid),
            Puzzle::Variant(puzzle) => variant(&mut self.variant, puzzle),
        }
    }
}

/// Each question goes to the solver of the puzzle's kind.
impl Answerer for PuzzleSolver {
    type Puzzle = Puzzle;

    fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        self.ask(puzzle, Answerer::solve, Answerer::solve)
    }

    fn count_while(
        &mut self,
        puzzle: &Puzzle,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        self.last_was_variant = puzzle.is_variant();
        match puzzle {
            Puzzle::Classic(grid) => self.classic.count_while(grid, cap, keep_going),
            Puzzle::Variant(variant) => {
                Answerer::count_while(&mut self.variant, variant, cap, keep_going)
            }
        }
    }

    fn verdict(&mut self, puzzle: &Puzzle) -> Verdict {
        self.ask(puzzle, Answerer::verdict, Answerer::verdict)
    }

    fn witness(&mut self, puzzle: &Puzzle) -> Option<Witness> {
        self.ask(puzzle, Answerer::witness, Answerer::witness)
    }

    fn rate_with_progress(
        &mut self,
        puzzle: &Puzzle,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Rating, NotUnique> {
        // Not through `ask`: both of its closures would hold `progress`.
        self.last_was_variant = puzzle.is_variant();
        match puzzle {
            Puzzle::Classic(grid) => self.classic.rate_with_progress(grid, progress),
            Puzzle::Variant(variant) => self.variant.rate_with_progress(variant, progress),
        }
    }

    fn redundant_givens(&mut self, puzzle: &Puzzle) -> Result<Vec<Given>, NotUnique> {
        self.ask(
            puzzle,
            Answerer::redundant_givens,
            Answerer::redundant_givens,
        )
    }

    fn candidates_while(
        &mut self,
        puzzle: &Puzzle,
        cap: Option<u64>,
        keep_going: impl FnMut(usize, usize) -> bool,
    ) -> TrueCandidates {
        self.last_was_variant = puzzle.is_variant();
        match puzzle {
            Puzzle::Classic(grid) => self.classic.candidates_while(grid, cap, keep_going),
            Puzzle::Variant(variant) => self.variant.candidates_while(variant, cap, keep_going),
        }
    }

    fn stats(&self) -> SolveStats {
        if self.last_was_variant {
            self.variant.stats()
        } else {
            self.classic.stats()
        }
    }

    fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.classic.set_interrupt(interrupt.clone());
        self.variant.set_interrupt(interrupt);
    }

    fn was_interrupted(&self) -> bool {
        if self.last_was_variant {
            self.variant.was_interrupted()
        } else {
            self.classic.was_interrupted()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rule;

    #[test]
    fn each_kind_goes_to_its_solver_and_the_stats_follow() {
        let grid: Grid = "1234341243212143".parse().unwrap();
        let anti_king = Variant::new(grid.clone(), None, vec![Rule::AntiKing]).unwrap();
        let classic = Puzzle::Classic(grid);
        let variant = Puzzle::Variant(Box::new(anti_king));
        let mut solver = PuzzleSolver::with_logic(Logic::Off);
        // A solved 4x4 grid breaks the anti-king rule: none as a variant, one as classic.
        assert_eq!(solver.count(&variant, None).solutions, 0);
        assert!(solver.stats().searched);
        assert_eq!(solver.verdict(&classic).name(), "unique");
        assert_eq!(solver.redundant_givens(&classic).unwrap().len(), 16);
        assert_eq!(
            solver.redundant_givens(&variant),
            Err(NotUnique::NoSolution)
        );
        assert_eq!(
            classic.without_given(0).givens().cells()[..2],
            variant.without_given(0).givens().cells()[..2]
        );
        assert_eq!(classic.without_given(0).givens().cells()[0], 0);
    }
}
