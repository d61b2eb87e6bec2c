//! The setter's inner loop: may this given go, or this orbit of givens, while the puzzle
//! keeps its one solution?
//!
//! Three tests, cheapest first. The other givens may force the digit back directly (a naked
//! or hidden single): then it may go. A two-digit unavoidable set of the solution may have
//! no other given: then the swapped grid is a second solution, and it may not. Otherwise the
//! solver decides: with the cell emptied and its digit excluded there, any solution is a
//! second one, so one search with an early stop answers.

use super::forced::ForcedTest;
use super::rate::{solved_within, Difficulty};
use super::unavoidable::{flip_bit, words_for, UnavoidableSets};
use crate::exact_cover::Interrupt;
use crate::sudoku::LogicOutcome;
use crate::{Grid, Logic, Shape, Solver};

/// How the removal checks were decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RemovalStats {
    /// Decided by the other givens forcing the digit back (no solver call).
    pub forced_back: u64,
    /// Decided by an unavoidable set left with no other given (no solver call).
    pub unavoidable_sets: u64,
    /// Decided by logic: the solver's logic pass, or the human path of a level
    /// (`generate --difficulty easy|medium|hard`).
    pub singles: u64,
    /// Decided by a search.
    pub searches: u64,
}

impl std::ops::Sub for RemovalStats {
    type Output = RemovalStats;

    fn sub(self, earlier: RemovalStats) -> RemovalStats {
        RemovalStats {
            forced_back: self.forced_back - earlier.forced_back,
            unavoidable_sets: self.unavoidable_sets - earlier.unavoidable_sets,
            singles: self.singles - earlier.singles,
            searches: self.searches - earlier.searches,
        }
    }
}

impl std::ops::AddAssign for RemovalStats {
    fn add_assign(&mut self, other: RemovalStats) {
        self.forced_back += other.forced_back;
        self.unavoidable_sets += other.unavoidable_sets;
        self.singles += other.singles;
        self.searches += other.searches;
    }
}

impl std::fmt::Display for RemovalStats {
    /// `forced back 41, unavoidable sets 11, singles 17, searches 12`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "forced back {}, unavoidable sets {}, singles {}, searches {}",
            self.forced_back, self.unavoidable_sets, self.singles, self.searches
        )
    }
}

/// A puzzle being thinned out, with what the removal checks need about its solution.
#[derive(Clone, Debug)]
pub(crate) struct Removal {
    solver: Solver,
    forced: ForcedTest,
    unavoidable: UnavoidableSets,
    puzzle: Grid,
    /// The puzzle's givens as bits.
    givens: Vec<u64>,
    solution: Grid,
    stats: RemovalStats,
}

impl Removal {
    /// Ready for puzzles of `shape`: call [`Removal::restart`] before any check.
    pub(crate) fn new(shape: Shape) -> Removal {
        Removal {
            // Measured with callgrind over minimal 9x9 generation: singles alone make the
            // checks cheapest; locked candidates cost more than the searches they save here.
            solver: Solver::with_logic(Logic::HiddenSingles),
            forced: ForcedTest::new(shape),
            unavoidable: UnavoidableSets::default(),
            puzzle: Grid::empty(shape),
            givens: vec![0; words_for(shape)],
            solution: Grid::empty(shape),
            stats: RemovalStats::default(),
        }
    }

    /// Makes the removal checks watch `interrupt`.
    pub(crate) fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.solver.set_interrupt(interrupt);
    }

    /// True once the interrupt is set: the checks' answers are no longer to be trusted.
    pub(crate) fn is_interrupted(&self) -> bool {
        self.solver.interrupt().is_some_and(Interrupt::is_set)
    }

    /// The shape it works on.
    pub(crate) fn shape(&self) -> Shape {
        self.puzzle.shape()
    }

    /// Starts from `puzzle`, of the removal's shape, whose unique solution is `solution`.
    pub(crate) fn restart(&mut self, puzzle: &Grid, solution: &Grid) {
        self.puzzle.clone_from(puzzle);
        self.solution.clone_from(solution);
        self.forced.load(puzzle.cells());
        self.givens.iter_mut().for_each(|w| *w = 0);
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                flip_bit(&mut self.givens, cell);
            }
        }
        self.unavoidable.find(solution);
    }

    /// The puzzle as thinned so far.
    pub(crate) fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// How the checks so far were decided.
    pub(crate) fn stats(&self) -> RemovalStats {
        self.stats
    }

    /// Empties the givens at `cells` if the puzzle stays unique without them, and says
    /// whether it did. A second solution would differ from the solution in some of these
    /// cells: for each in turn, look for one that differs there first (earlier ones fixed).
    pub(crate) fn remove_if_unique(&mut self, cells: &[usize]) -> bool {
        for &cell in cells {
            self.set(cell, 0);
        }
        let mut unique = true;
        for &cell in cells {
            if !self.stays_unique_without(cell) {
                unique = false;
                break;
            }
            self.set(cell, self.solution.cells()[cell]);
        }
        for &cell in cells {
            let digit = if unique {
                0
            } else {
                self.solution.cells()[cell]
            };
            self.set(cell, digit);
        }
        unique
    }

    /// Empties the givens at `cells` if the logic pass at `logic` still solves the puzzle
    /// (so it stays unique), and says whether it did.
    pub(crate) fn remove_if_solved_by(&mut self, cells: &[usize], logic: Logic) -> bool {
        self.remove_if_logic_solves(cells, |solver, puzzle| {
            matches!(solver.logic_pass(puzzle, logic), LogicOutcome::Solved(_))
        })
    }

    /// Empties the givens at `cells` if the puzzle stays at `level` or below: its human
    /// path keeps within the level's ceiling (side 9 or less), or the logic pass of the
    /// level still solves it (larger grids).
    pub(crate) fn remove_if_within(&mut self, cells: &[usize], level: Difficulty) -> bool {
        match level.logic() {
            Some(logic) if self.puzzle.shape().size() > 9 => self.remove_if_solved_by(cells, logic),
            _ => self.remove_if_logic_solves(cells, |_, puzzle| solved_within(puzzle, level)),
        }
    }

    /// Empties the givens at `cells` if `solves` says the puzzle without them is solved by
    /// logic (so it stays unique), and says whether it did.
    fn remove_if_logic_solves(
        &mut self,
        cells: &[usize],
        solves: impl FnOnce(&mut Solver, &Grid) -> bool,
    ) -> bool {
        for &cell in cells {
            self.set(cell, 0);
        }
        let solved = solves(&mut self.solver, &self.puzzle);
        self.stats.singles += 1;
        if !solved {
            for &cell in cells {
                self.set(cell, self.solution.cells()[cell]);
            }
        }
        solved
    }

    /// True when the given at `cell` could go alone, the others staying; the puzzle is left
    /// as it was.
    pub(crate) fn can_remove(&mut self, cell: usize) -> bool {
        let digit = self.puzzle.cells()[cell];
        self.set(cell, 0);
        let unique = self.stays_unique_without(cell);
        self.set(cell, digit);
        unique
    }

    /// With `cell` emptied, true when no solution puts another digit there.
    fn stays_unique_without(&mut self, cell: usize) -> bool {
        let digit = self.solution.cells()[cell];
        if self.forced.forced(self.puzzle.cells(), cell, digit) {
            self.stats.forced_back += 1;
            return true;
        }
        if self.unavoidable.only_given(&self.givens, cell) {
            self.stats.unavoidable_sets += 1;
            return false;
        }
        let others = self
            .solver
            .count_excluding(&self.puzzle, &[(cell, digit)], Some(1));
        if self.solver.stats().searched {
            self.stats.searches += 1;
        } else {
            self.stats.singles += 1;
        }
        others.solutions == 0
    }

    /// Writes `digit` (0 to empty) at `cell`, keeping the forced test's view in step.
    fn set(&mut self, cell: usize, digit: u8) {
        let n = self.puzzle.shape().size();
        let before = self.puzzle.cells()[cell];
        if before == digit {
            return;
        }
        if before != 0 {
            self.forced.toggle(cell, before);
        }
        if digit != 0 {
            self.forced.toggle(cell, digit);
        }
        if (before == 0) != (digit == 0) {
            flip_bit(&mut self.givens, cell);
        }
        self.puzzle.set(cell / n, cell % n, digit);
    }
}
