//! The interface every puzzle solver implements: [`Solver`] for classic grids,
//! [`VariantSolver`] for variant puzzles, and [`PuzzleSolver`] for a [`Puzzle`] that may be
//! either. A consumer written once against [`Answerer`] answers both, with static dispatch:
//! each search is the engine's own, monomorphized.
//!
//! ```
//! use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
//! use sudoku_dlx::{Answerer, Grid, Shape, Solver};
//!
//! /// How many solutions, and whether a setter could drop a given: written once.
//! fn report<A: Answerer>(answerer: &mut A, puzzle: &A::Puzzle) -> String {
//!     let count = answerer.count(puzzle, Some(2));
//!     match answerer.redundant_givens(puzzle) {
//!         Ok(givens) => format!("{} solution, {} redundant givens", count.solutions, givens.len()),
//!         Err(why) => format!("{}{}: {why}", count.solutions, if count.capped { "+" } else { "" }),
//!     }
//! }
//!
//! let solved: Grid = "1234341243212143".parse()?;
//! assert_eq!(report(&mut Solver::new(), &solved), "1 solution, 16 redundant givens");
//! let x = Variant::new(Grid::empty(Shape::new(2, 2)?), None, vec![Rule::AntiKing])?;
//! assert_eq!(report(&mut VariantSolver::new(), &x), "0: the puzzle has no solution");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod candidates;
mod either;

pub use candidates::TrueCandidates;
pub use either::{Puzzle, PuzzleSolver};

use crate::exact_cover::Interrupt;
use crate::setter::{Given, NotUnique, Rating, Witness};
use crate::sudoku::Cell;
use crate::variant::{Variant, VariantSolver};
use crate::{Count, Grid, SolveStats, Solver, Verdict};

/// A puzzle as the setter's questions see it: its givens, and the same puzzle without one
/// of them (the rules, for a variant, kept).
pub trait Givens: Sized {
    /// The givens.
    fn givens(&self) -> &Grid;

    /// The same puzzle with `cell` (in reading order, from 0) emptied.
    fn without_given(&self, cell: usize) -> Self;
}

/// Empties `cell` of a copy of `givens`.
fn emptied(givens: &Grid, cell: usize) -> Grid {
    let n = givens.shape().size();
    let mut fewer = givens.clone();
    fewer.set(cell / n, cell % n, 0);
    fewer
}

impl Givens for Grid {
    fn givens(&self) -> &Grid {
        self
    }

    fn without_given(&self, cell: usize) -> Grid {
        emptied(self, cell)
    }
}

impl Givens for Variant {
    fn givens(&self) -> &Grid {
        Variant::givens(self)
    }

    fn without_given(&self, cell: usize) -> Variant {
        let fewer = emptied(self.givens(), cell);
        self.with_givens(fewer)
            .expect("givens of the puzzle's shape")
    }
}

/// The questions a puzzle solver answers: the first solution, a count with a cap, whether
/// the solution is unique (with a witness when it is not), a rating, the redundant givens,
/// and what the last question cost. Implemented by [`Solver`] (for a [`Grid`]),
/// [`VariantSolver`] (for a [`Variant`]) and [`PuzzleSolver`] (for a [`Puzzle`], either).
///
/// Each solver keeps its buffers between questions, so one per thread serves a batch. The
/// inherent methods of the same names are the same answers.
pub trait Answerer {
    /// What it answers about.
    type Puzzle: Givens;

    /// The first solution found, or `None` when the puzzle has none.
    fn solve(&mut self, puzzle: &Self::Puzzle) -> Option<Grid>;

    /// Counts the solutions, calling `keep_going` with the count so far after each one found
    /// by search; stops (reported as capped) at `cap`, when `keep_going` returns false, or
    /// when the interrupt is set.
    fn count_while(
        &mut self,
        puzzle: &Self::Puzzle,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count;

    /// Counts the solutions, stopping once `cap` are found.
    fn count(&mut self, puzzle: &Self::Puzzle, cap: Option<u128>) -> Count {
        self.count_while(puzzle, cap, |_| true)
    }

    /// True when the puzzle has exactly one solution.
    fn is_unique(&mut self, puzzle: &Self::Puzzle) -> bool {
        self.count(puzzle, Some(2)).solutions == 1
    }

    /// No solution, one, or several (with the first two found).
    fn verdict(&mut self, puzzle: &Self::Puzzle) -> Verdict;

    /// Two solutions and where they differ when the puzzle has several (from the two of the
    /// [`verdict`](Self::verdict)); `None` when it has one or none.
    fn witness(&mut self, puzzle: &Self::Puzzle) -> Option<Witness> {
        Witness::of(&self.verdict(puzzle))
    }

    /// The difficulty of a puzzle with one solution, or why it has none: the weakest logic
    /// that solves it, else the guesses of search (see each solver's `rate`).
    fn rate(&mut self, puzzle: &Self::Puzzle) -> Result<Rating, NotUnique> {
        self.rate_with_progress(puzzle, &mut |_, _| {})
    }

    /// [`rate`](Self::rate), telling `progress(done, total)` how far it is as it goes:
    /// `done` steps of `total`, one per search the rating counts (the relabellings of a
    /// classic puzzle; the logic levels, then the search, of a variant) and, for a classic
    /// puzzle of side 9 at most, one per cell its human solving path fills.
    fn rate_with_progress(
        &mut self,
        puzzle: &Self::Puzzle,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Rating, NotUnique>;

    /// The givens that can each be removed, alone, while the puzzle keeps its one solution,
    /// in reading order (for a variant, the rules always stay); empty when the puzzle is
    /// minimal, an error when it does not have exactly one solution. Stops early, its
    /// answer not to be used, when the interrupt is set.
    ///
    /// The body given here asks, for each given, whether the puzzle without it is unique;
    /// [`Solver`] answers the same faster, with the setter's removal checks.
    fn redundant_givens(&mut self, puzzle: &Self::Puzzle) -> Result<Vec<Given>, NotUnique> {
        redundant_by_counting(self, puzzle)
    }

    /// The true candidates: for each cell, the digits that some solution places there,
    /// and, with a `cap`, how many solutions place each candidate, counted up to the cap.
    /// Far cheaper than counting every solution, or than a search per candidate: the logic
    /// pass runs first, every solution found settles all of its placements, and only the
    /// candidates not yet settled get a search of their own, on the same matrix (see
    /// [`TrueCandidates`]).
    ///
    /// Calls `keep_going` with the candidates settled so far and the number open after the
    /// logic pass, after each solution of the first enumeration and each search of a
    /// candidate of its own; stops, the answer not complete, when it returns false or when
    /// the interrupt is set ([`TrueCandidates::is_complete`]).
    fn candidates_while(
        &mut self,
        puzzle: &Self::Puzzle,
        cap: Option<u64>,
        keep_going: impl FnMut(usize, usize) -> bool,
    ) -> TrueCandidates;

    /// [`candidates_while`](Self::candidates_while) to the end.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
    /// use sudoku_dlx::{Answerer, Grid, Shape};
    ///
    /// // A 4x4 killer: the cage r1c1+r1c2 sums to 3, so it holds 1 and 2 in some order.
    /// let cage = Rule::Killer { cells: vec![0, 1], sum: Some(3) };
    /// let killer = Variant::new(Grid::empty(Shape::new(2, 2)?), None, vec![cage])?;
    /// let found = VariantSolver::new().candidates(&killer, None);
    /// assert_eq!(found.digits(0).collect::<Vec<u8>>(), [1, 2]);
    /// assert_eq!(found.digits(2).collect::<Vec<u8>>(), [3, 4]);
    /// assert_eq!(found.count(0, 1), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn candidates(&mut self, puzzle: &Self::Puzzle, cap: Option<u64>) -> TrueCandidates {
        self.candidates_while(puzzle, cap, |_, _| true)
    }

    /// What the last question cost.
    fn stats(&self) -> SolveStats;

    /// Makes later questions watch `interrupt` (or nothing, with `None`): once it is set, a
    /// search under way stops within a few thousand nodes, and its answer is not final.
    fn set_interrupt(&mut self, interrupt: Option<Interrupt>);

    /// True when the interrupt stopped the last question before its end, so that its answer
    /// is not final.
    fn was_interrupted(&self) -> bool;
}

/// The body of [`Answerer::redundant_givens`]: for each given, whether the puzzle without
/// it still has one solution.
pub(crate) fn redundant_by_counting<A: Answerer + ?Sized>(
    answerer: &mut A,
    puzzle: &A::Puzzle,
) -> Result<Vec<Given>, NotUnique> {
    match answerer.verdict(puzzle) {
        Verdict::None => return Err(NotUnique::NoSolution),
        Verdict::Multiple(..) => return Err(NotUnique::MultipleSolutions),
        Verdict::Unique(_) => {}
    }
    let shape = puzzle.givens().shape();
    let mut redundant = Vec::new();
    for (cell, &digit) in puzzle.givens().cells().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let unique = answerer.is_unique(&puzzle.without_given(cell));
        if answerer.was_interrupted() {
            break;
        }
        if unique {
            redundant.push(Given {
                cell: Cell::of(shape, cell),
                digit,
            });
        }
    }
    Ok(redundant)
}

/// Each method is the inherent method of the same name, `count_while` is
/// [`Solver::count_excluding_while`] with nothing excluded, and `rate` and
/// `redundant_givens` are the setter's ([`Rater`](crate::setter::Rater) and its removal
/// checks), on this solver.
impl Answerer for Solver {
    type Puzzle = Grid;

    fn solve(&mut self, puzzle: &Grid) -> Option<Grid> {
        Solver::solve(self, puzzle)
    }

    fn count_while(
        &mut self,
        puzzle: &Grid,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        self.count_excluding_while(puzzle, &[], cap, keep_going)
    }

    fn count(&mut self, puzzle: &Grid, cap: Option<u128>) -> Count {
        Solver::count(self, puzzle, cap)
    }

    fn verdict(&mut self, puzzle: &Grid) -> Verdict {
        Solver::verdict(self, puzzle)
    }

    fn rate_with_progress(
        &mut self,
        puzzle: &Grid,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Rating, NotUnique> {
        crate::setter::rate_on(self, &mut Vec::new(), puzzle, progress)
    }

    fn redundant_givens(&mut self, puzzle: &Grid) -> Result<Vec<Given>, NotUnique> {
        crate::setter::redundant_on(self, puzzle)
    }

    fn candidates_while(
        &mut self,
        puzzle: &Grid,
        cap: Option<u64>,
        keep_going: impl FnMut(usize, usize) -> bool,
    ) -> TrueCandidates {
        candidates::search(self, puzzle, cap, keep_going)
    }

    fn stats(&self) -> SolveStats {
        Solver::stats(self)
    }

    fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        Solver::set_interrupt(self, interrupt)
    }

    fn was_interrupted(&self) -> bool {
        Solver::was_interrupted(self)
    }
}

/// Each method is the inherent method of the same name; `redundant_givens` is the trait's.
impl Answerer for VariantSolver {
    type Puzzle = Variant;

    fn solve(&mut self, puzzle: &Variant) -> Option<Grid> {
        VariantSolver::solve(self, puzzle)
    }

    fn count_while(
        &mut self,
        puzzle: &Variant,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        VariantSolver::count_while(self, puzzle, cap, keep_going)
    }

    fn verdict(&mut self, puzzle: &Variant) -> Verdict {
        VariantSolver::verdict(self, puzzle)
    }

    fn rate_with_progress(
        &mut self,
        puzzle: &Variant,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Rating, NotUnique> {
        VariantSolver::rate_with_progress(self, puzzle, progress)
    }

    fn candidates_while(
        &mut self,
        puzzle: &Variant,
        cap: Option<u64>,
        keep_going: impl FnMut(usize, usize) -> bool,
    ) -> TrueCandidates {
        candidates::search(self, puzzle, cap, keep_going)
    }

    fn stats(&self) -> SolveStats {
        VariantSolver::stats(self)
    }

    fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        VariantSolver::set_interrupt(self, interrupt)
    }

    fn was_interrupted(&self) -> bool {
        VariantSolver::was_interrupted(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Diagonal, Rule};

    #[test]
    fn a_variant_full_grid_has_every_given_redundant_and_a_loose_one_has_no_list() {
        let solved: Grid = "1234341243212143".parse().unwrap();
        let variant = Variant::new(solved, None, vec![Rule::Diagonal(Diagonal::Anti)]).unwrap();
        let mut solver = VariantSolver::new();
        let found = solver.redundant_givens(&variant).unwrap();
        assert_eq!(found.len(), 16);
        assert_eq!(found[0].to_string(), "r1c1=1");
        let mut one = Grid::empty(variant.shape());
        one.set(0, 0, 1);
        let loose = variant.with_givens(one).unwrap();
        assert_eq!(
            solver.redundant_givens(&loose),
            Err(NotUnique::MultipleSolutions)
        );
        let witness = solver.witness(&loose).unwrap();
        assert!(loose.accepts(&witness.first) && loose.accepts(&witness.second));
        assert_eq!(solver.witness(&variant), None);
    }
}
