//! The Sudoku solver: singles first, then an exact-cover search over what is left.
//!
//! Every question (first solution, all solutions, count with a cap, uniqueness) goes through
//! the same steps: the logic pass places what logic forces; if cells remain, a compact
//! exact-cover matrix is built from the remaining candidates only (one primary item per open
//! cell and per unit-digit still to place, one option per candidate), and the generic search
//! answers the question with an early stop.

use super::grid::Grid;
use super::logic::{Candidates, Logic};
use super::search_logic::{BranchLogic, Candidate, SearchLogic};
use super::shape::{Geometry, Shape};
use crate::answer::candidates::{self, Begun, CandidateSearch};
use crate::exact_cover::{self, Count, ExactCover, Interrupt};
use crate::setter::Removal;

/// What a question cost: cells placed by the logic pass, and the search's own counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Cells placed by the logic pass before any search (givens not counted).
    pub placed_by_logic: u64,
    /// Whether an exact-cover matrix had to be built (false when singles decided).
    pub searched: bool,
    /// The search's counters (all zero when nothing was searched).
    pub search: exact_cover::Stats,
}

impl std::ops::AddAssign for SolveStats {
    fn add_assign(&mut self, other: SolveStats) {
        self.placed_by_logic += other.placed_by_logic;
        self.searched |= other.searched;
        self.search += other.search;
    }
}

/// Whether a puzzle has one solution, several, or none; with up to two solutions to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more: the first two found.
    Multiple(Grid, Grid),
}

impl Verdict {
    /// `unique`, `multiple` or `none`: the verdict's word in every output.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::None => "none",
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(..) => "multiple",
        }
    }
}

/// Where the logic pass left a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogicOutcome {
    /// Some cell, or some digit of a unit, has no possibility left: no solution.
    Contradiction,
    /// Every cell was placed: this is the one solution.
    Solved(Grid),
    /// Cells remain open; the grid holds what was placed.
    Stuck(Grid),
}

/// A reusable solver. It keeps its buffers from puzzle to puzzle (and adapts when a puzzle of
/// another shape comes), so one solver per thread serves a whole batch without allocating
/// after the first few puzzles.
///
/// ```
/// use sudoku_dlx::{Grid, Solver, Verdict};
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let mut solver = Solver::new();
/// let solution = solver.solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// assert!(matches!(solver.verdict(&puzzle), Verdict::Unique(_)));
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    geometry: Geometry,
    logic: Logic,
    candidates: Candidates,
    matrix: ExactCover,
    /// Compact item number of each full item (cell, row-digit, column-digit, box-digit), or
    /// `NO_ITEM` for one the logic pass already satisfied.
    item_index: Vec<u32>,
    /// For each option of the compact matrix, the candidate it places.
    placement: Vec<Candidate>,
    /// The grid being decoded into; starts as what the logic pass placed.
    work: Vec<u8>,
    /// The buffers of the locked candidates swept at the search's branch points.
    search_logic: SearchLogic,
    stats: SolveStats,
    /// The setter's removal checks behind [`Answerer::redundant_givens`](crate::Answerer):
    /// made by its first call and kept, as making them costs about as much as answering
    /// (boxed: they hold a solver of their own).
    pub(crate) removal: Option<Box<Removal>>,
    /// The buffers of [`Answerer::candidates`](crate::Answerer::candidates).
    true_candidates: candidates::Buffers,
}

const NO_ITEM: u32 = u32::MAX;

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// Where a question stands after the logic pass.
enum Start {
    Contradiction,
    Solved,
    /// The matrix is built and ready to search.
    Search,
}

impl Solver {
    /// A solver whose logic pass runs at the default level (singles and locked candidates).
    pub fn new() -> Solver {
        Solver::with_logic(Logic::default())
    }

    /// A solver whose logic pass runs at `logic`.
    pub fn with_logic(logic: Logic) -> Solver {
        Solver {
            geometry: Geometry::new(Shape::CLASSIC),
            logic,
            candidates: Candidates::default(),
            matrix: ExactCover::new(0, 0),
            item_index: Vec::new(),
            placement: Vec::new(),
            work: Vec::new(),
            search_logic: SearchLogic::default(),
            stats: SolveStats::default(),
            removal: None,
            true_candidates: candidates::Buffers::default(),
        }
    }

    /// The level the logic pass runs at.
    pub fn logic(&self) -> Logic {
        self.logic
    }

    /// Changes the level of the logic pass for later questions.
    pub fn set_logic(&mut self, logic: Logic) {
        self.logic = logic;
    }

    /// Makes later questions watch `interrupt` (or nothing, with `None`): once it is set,
    /// a search under way stops within a few thousand nodes. The answer of a question it
    /// stopped is not final (a `None` from [`solve`](Self::solve) does not mean "no
    /// solution", a count is capped at what was found): [`was_interrupted`](Self::was_interrupted)
    /// says so.
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.matrix.set_interrupt(interrupt);
    }

    /// The interrupt later questions watch, if any.
    pub fn interrupt(&self) -> Option<&Interrupt> {
        self.matrix.interrupt()
    }

    /// True when the interrupt stopped the last question's search before its end, so that
    /// its answer is not final.
    pub fn was_interrupted(&self) -> bool {
        self.stats.searched && self.matrix.was_interrupted()
    }

    /// What the last question cost.
    pub fn stats(&self) -> SolveStats {
        self.stats
    }

    /// The first solution found, or `None` when the puzzle has none.
    pub fn solve(&mut self, puzzle: &Grid) -> Option<Grid> {
        self.solutions(puzzle).next()
    }

    /// Counts the solutions, stopping at `cap` when one is given. Never builds a grid.
    pub fn count(&mut self, puzzle: &Grid, cap: Option<u128>) -> Count {
        self.count_excluding(puzzle, &[], cap)
    }

    /// Counts the solutions that place none of `excluded`, each a cell index (reading order
    /// from 0) and a digit (from 1), stopping at `cap` when one is given.
    ///
    /// This is the setter's uniqueness test for removing a given: a puzzle with a unique
    /// solution stays unique without the given `v` at cell `c` exactly when, with `c` emptied
    /// and `(c, v)` excluded, the count is 0.
    ///
    /// # Panics
    /// If an excluded cell or digit is outside the puzzle's grid.
    pub fn count_excluding(
        &mut self,
        puzzle: &Grid,
        excluded: &[(usize, u8)],
        cap: Option<u128>,
    ) -> Count {
        self.count_excluding_while(puzzle, excluded, cap, |_| true)
    }

    /// The general count: solutions that place none of `excluded`, stopping at `cap`, and
    /// calling `keep_going` with the count so far after each solution found by search; the
    /// count stops, reported as capped, when it returns false. Use it for progress reports
    /// and to interrupt a count that would run for years.
    ///
    /// # Panics
    /// If an excluded cell or digit is outside the puzzle's grid.
    pub fn count_excluding_while(
        &mut self,
        puzzle: &Grid,
        excluded: &[(usize, u8)],
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        let size = puzzle.shape().size();
        for &(cell, digit) in excluded {
            assert!(
                cell < size * size && (1..=size).contains(&(digit as usize)),
                "exclusion ({cell}, {digit}) is outside the grid"
            );
        }
        if cap == Some(0) {
            self.stats = SolveStats::default();
            return Count {
                solutions: 0,
                capped: true,
            };
        }
        match self.start(puzzle, excluded) {
            Start::Contradiction => Count::default(),
            Start::Solved => Count {
                solutions: 1,
                capped: cap == Some(1),
            },
            Start::Search => {
                let count = if self.propagates() {
                    let mut propagator = BranchLogic {
                        logic: &mut self.search_logic,
                        geometry: &self.geometry,
                        placements: &self.placement,
                        triads: self.logic == Logic::Triads,
                    };
                    self.matrix
                        .count_propagating(cap, keep_going, &mut propagator)
                } else {
                    self.matrix.count_while(cap, keep_going)
                };
                self.stats.search = self.matrix.stats();
                count
            }
        }
    }

    /// Unique, multiple or none, with the first two solutions found.
    pub fn verdict(&mut self, puzzle: &Grid) -> Verdict {
        let mut solutions = self.solutions(puzzle);
        match (solutions.next(), solutions.next()) {
            (None, _) => Verdict::None,
            (Some(one), None) => Verdict::Unique(one),
            (Some(one), Some(two)) => Verdict::Multiple(one, two),
        }
    }

    /// Every solution, one at a time, found as they are asked for.
    pub fn solutions<'a>(&'a mut self, puzzle: &Grid) -> Solutions<'a> {
        let state = match self.start(puzzle, &[]) {
            Start::Contradiction => StreamState::Done,
            Start::Solved => StreamState::One,
            Start::Search => StreamState::Searching,
        };
        Solutions {
            solver: self,
            state,
            shape: puzzle.shape(),
        }
    }

    /// Runs only the logic pass (singles, and locked candidates at the default level) at
    /// `logic`, with no search, and says where it left the puzzle.
    pub fn logic_pass(&mut self, puzzle: &Grid, logic: Logic) -> LogicOutcome {
        self.adapt(puzzle.shape());
        let shape = puzzle.shape();
        match self
            .candidates
            .run(&self.geometry, puzzle.cells(), logic, &[])
        {
            Err(_) => LogicOutcome::Contradiction,
            Ok(()) => {
                let grid =
                    Grid::from_cells(shape, self.candidates.value.clone()).expect("same shape");
                if self.candidates.is_complete() {
                    LogicOutcome::Solved(grid)
                } else {
                    LogicOutcome::Stuck(grid)
                }
            }
        }
    }

    /// True when the search sweeps at its branch points.
    fn propagates(&self) -> bool {
        self.logic >= Logic::LockedCandidates
    }

    fn adapt(&mut self, shape: Shape) {
        if self.geometry.shape != shape {
            self.geometry = Geometry::new(shape);
        }
    }

    /// The logic pass, then, if cells remain, the compact matrix.
    fn start(&mut self, puzzle: &Grid, excluded: &[(usize, u8)]) -> Start {
        self.adapt(puzzle.shape());
        self.stats = SolveStats::default();
        let outcome = self
            .candidates
            .run(&self.geometry, puzzle.cells(), self.logic, excluded);
        self.stats.placed_by_logic = self.candidates.filled as u64;
        self.work.clear();
        self.work.extend_from_slice(&self.candidates.value);
        if outcome.is_err() {
            return Start::Contradiction;
        }
        if self.candidates.is_complete() {
            return Start::Solved;
        }
        self.build_matrix();
        self.stats.searched = true;
        Start::Search
    }

    /// One primary item per open cell and per (unit, digit) not yet placed; one option per
    /// remaining candidate.
    fn build_matrix(&mut self) {
        let geometry = &self.geometry;
        let candidates = &self.candidates;
        let n = geometry.size;
        let cells = n * n;
        self.item_index.clear();
        self.item_index.resize(4 * cells, NO_ITEM);
        let mut primary = 0u32;
        for (cell, &value) in candidates.value.iter().enumerate() {
            if value == 0 {
                self.item_index[cell] = primary;
                primary += 1;
            }
        }
        let propagates = self.propagates();
        if propagates {
            self.search_logic.start(
                n,
                (0..n).flat_map(|digit| candidates.open_candidates(digit)),
            );
        }
        let all_digits = (1u64 << n) - 1;
        for unit in 0..3 * n {
            let mut open_digits = all_digits & !candidates.unit_done(unit);
            while open_digits != 0 {
                let digit = open_digits.trailing_zeros() as usize;
                open_digits &= open_digits - 1;
                self.item_index[cells + unit * n + digit] = primary;
                primary += 1;
            }
        }
        let options = (0..n)
            .flat_map(|digit| candidates.open_candidates(digit))
            .map(|cells| cells.count_ones() as usize)
            .sum();
        self.matrix.clear(primary as usize, 0);
        self.placement.clear();
        self.placement.reserve(options);
        let mut linker = self.matrix.link_options::<4>(options);
        // Digit by digit rather than cell by cell: the bit loops run over a whole board word
        // at a time, so their exits are mispredicted per word rather than per cell. Every item
        // list gets its options in the same order either way (a cell's by digit, a unit
        // digit's by cell), so the search is the same.
        for digit in 0..n {
            for (word, mut open) in candidates.open_candidates(digit).enumerate() {
                while open != 0 {
                    let cell = word * 64 + open.trailing_zeros() as usize;
                    open &= open - 1;
                    let [cell_item, row, col, bx] =
                        geometry.cell_items[cell].map(|item| item as usize);
                    // Distinct by construction (one cell, three units), the cell item
                    // primary, and all open: a candidate never names a satisfied item.
                    let option = linker.push([
                        self.item_index[cell_item],
                        self.item_index[row + digit],
                        self.item_index[col + digit],
                        self.item_index[bx + digit],
                    ]);
                    if propagates {
                        self.search_logic.note_option(option, cell, digit, n);
                    }
                    // A side is at most `MAX_SIZE` (64), so cells and digits fit 16 bits.
                    self.placement.push(Candidate {
                        cell: cell as u16,
                        digit: digit as u16,
                    });
                }
            }
        }
    }

    /// Writes the matrix's current solution into `work`.
    fn decode_current(&mut self) -> bool {
        let solution = next_of(
            &mut self.matrix,
            &mut self.search_logic,
            &self.geometry,
            &self.placement,
            self.logic,
        );
        let Some(solution) = solution else {
            return false;
        };
        for option in solution.options() {
            let Candidate { cell, digit } = self.placement[option];
            self.work[cell as usize] = digit as u8 + 1;
        }
        true
    }
}

/// The next solution of `matrix`, through the locked candidates (or triads) at the branch
/// points when `logic` sweeps there (see [`Solver::propagates`]).
fn next_of<'m>(
    matrix: &'m mut ExactCover,
    search_logic: &mut SearchLogic,
    geometry: &Geometry,
    placements: &[Candidate],
    logic: Logic,
) -> Option<exact_cover::Solution<'m>> {
    if logic >= Logic::LockedCandidates {
        let mut propagator = BranchLogic {
            logic: search_logic,
            geometry,
            placements,
            triads: logic == Logic::Triads,
        };
        matrix.next_solution_propagating(&mut propagator)
    } else {
        matrix.next_solution()
    }
}

/// The matrix of the compact model, driven by the true-candidates search: the cells the
/// logic pass placed are outside it, each option places one candidate.
impl CandidateSearch for Solver {
    type Puzzle = Grid;

    fn begin(&mut self, puzzle: &Grid) -> Begun {
        match self.start(puzzle, &[]) {
            Start::Contradiction => Begun::NoSolution,
            Start::Solved => Begun::Solved,
            Start::Search => Begun::Search,
        }
    }

    fn shape_of(puzzle: &Grid) -> Shape {
        puzzle.shape()
    }

    fn fixed(&self) -> &[u8] {
        &self.candidates.value
    }

    fn options(&self) -> usize {
        self.placement.len()
    }

    fn placements(&self, option: usize, mut place: impl FnMut(usize)) {
        let Candidate { cell, digit } = self.placement[option];
        place(cell as usize * self.geometry.size + digit as usize);
    }

    fn restart_with(&mut self, option: Option<usize>) {
        self.matrix.restart();
        if let Some(option) = option {
            // A fresh matrix refuses no option of its own.
            let selected = self.matrix.select(option);
            debug_assert!(selected.is_ok());
        }
    }

    fn next_solution(&mut self, mut visit: impl FnMut(usize)) -> bool {
        let solution = next_of(
            &mut self.matrix,
            &mut self.search_logic,
            &self.geometry,
            &self.placement,
            self.logic,
        );
        let Some(solution) = solution else {
            self.stats.search = self.matrix.stats();
            return false;
        };
        solution.options().for_each(&mut visit);
        self.stats.search = self.matrix.stats();
        true
    }

    fn interrupted(&self) -> bool {
        self.matrix.was_interrupted()
    }

    fn buffers(&mut self) -> &mut candidates::Buffers {
        &mut self.true_candidates
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StreamState {
    /// The logic pass solved the puzzle: one solution to give.
    One,
    /// The search is under way.
    Searching,
    Done,
}

/// The solutions of a puzzle, found one by one as they are asked for. Made by
/// [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
    state: StreamState,
    shape: Shape,
}

impl Solutions<'_> {
    /// The next solution as cells in reading order, without allocating: the slice is
    /// overwritten by the next call.
    pub fn next_cells(&mut self) -> Option<&[u8]> {
        match self.state {
            StreamState::Done => None,
            StreamState::One => {
                self.state = StreamState::Done;
                Some(&self.solver.work)
            }
            StreamState::Searching => {
                let found = self.solver.decode_current();
                self.solver.stats.search = self.solver.matrix.stats();
                if found {
                    Some(&self.solver.work)
                } else {
                    self.state = StreamState::Done;
                    None
                }
            }
        }
    }

    /// What the search has cost so far.
    pub fn stats(&self) -> SolveStats {
        self.solver.stats
    }
}

impl Iterator for Solutions<'_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let shape = self.shape;
        self.next_cells().map(|cells| {
            Grid::from_cells(shape, cells.to_vec()).expect("a solution fits its shape")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::FAMOUS;

    #[test]
    fn famous_puzzles_are_unique_at_every_logic_level() {
        for logic in [Logic::Off, Logic::NakedSingles, Logic::HiddenSingles] {
            let mut solver = Solver::with_logic(logic);
            for sample in FAMOUS {
                let puzzle: Grid = sample.puzzle.parse().unwrap();
                let count = solver.count(&puzzle, None);
                assert_eq!(
                    count.solutions, sample.solutions as u128,
                    "{} at {logic:?}",
                    sample.name
                );
                assert!(solver.solve(&puzzle).unwrap().solves(&puzzle));
            }
        }
    }

    #[test]
    fn excluding_the_solution_of_a_removed_given_decides_its_redundancy() {
        let puzzle: Grid = FAMOUS[0].puzzle.parse().unwrap();
        let mut solver = Solver::new();
        let solution = solver.solve(&puzzle).unwrap();
        let cell = puzzle.cells().iter().position(|&d| d != 0).unwrap();
        let mut loosened = puzzle.clone();
        loosened.set(cell / 9, cell % 9, 0);
        let others = solver.count_excluding(&loosened, &[(cell, solution.cells()[cell])], None);
        let all = solver.count(&loosened, None);
        assert_eq!(all.solutions, others.solutions + 1);
        // Excluding a digit of the only solution leaves none.
        let open = puzzle.cells().iter().position(|&d| d == 0).unwrap();
        assert_eq!(
            solver
                .count_excluding(&puzzle, &[(open, solution.cells()[open])], None)
                .solutions,
            0
        );
    }

    #[test]
    fn singles_say_where_they_stop() {
        let mut solver = Solver::new();
        let puzzle: Grid = FAMOUS[1].puzzle.parse().unwrap();
        assert!(matches!(
            solver.logic_pass(&puzzle, Logic::HiddenSingles),
            LogicOutcome::Stuck(_)
        ));
        let solution = solver.solve(&puzzle).unwrap();
        let mut easy = solution.clone();
        easy.set(0, 0, 0);
        easy.set(4, 4, 0);
        assert_eq!(
            solver.logic_pass(&easy, Logic::NakedSingles),
            LogicOutcome::Solved(solution)
        );
        // r1c1 sees 1 and 2 in its row, 3 in its column and 4 in its box.
        let broken: Grid = ".12..4..3.......".parse().unwrap();
        assert_eq!(
            solver.logic_pass(&broken, Logic::NakedSingles),
            LogicOutcome::Contradiction
        );
        assert_eq!(solver.count(&broken, None).solutions, 0);
    }
}
