//! The variant solver: the compiled model and the givens become one exact-cover matrix,
//! searched by the generic engine; solutions are decoded back into grids.

use super::logic::{LogicEnd, OptionLogic, Options, Tables};
use super::pointing::Pointing;
use super::propagate::{Narrowing, Scratch, VariantPropagator};
use super::Variant;
use crate::answer::candidates::{self, Begun, CandidateSearch};
use crate::exact_cover::{Branching, ExactCover, Interrupt};
use crate::setter::{NotUnique, Rating, StrongestStep};
use crate::sudoku::{SolveStats, Verdict};
use crate::Count;
use crate::{Grid, Logic};

mod threads;

/// A reusable solver of variant puzzles. It keeps its buffers from puzzle to puzzle, so one
/// solver per thread serves a whole batch.
///
/// ```
/// use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
/// use sudoku_dlx::{Grid, Shape};
///
/// // A 4x4 killer: the top-left box sums to 10 as always, the cage r1c1+r1c2 to 3.
/// let grid = Grid::empty(Shape::new(2, 2)?);
/// let cage = Rule::Killer { cells: vec![0, 1], sum: Some(3) };
/// let variant = Variant::new(grid, None, vec![cage])?;
/// let mut solver = VariantSolver::new();
/// let solution = solver.solve(&variant).unwrap();
/// assert_eq!(solution.cells()[0] + solution.cells()[1], 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct VariantSolver {
    matrix: ExactCover,
    /// The branching rule: [`Branching::Conflicts`] unless
    /// [`VariantSolver::set_branching`] set another.
    branching: Branching,
    /// The logic pass before the search (see [`VariantSolver::with_logic`]).
    logic: Logic,
    pass: OptionLogic,
    /// Every option of the puzzle before the logic pass: `staged_items[staged_start[k]..
    /// staged_start[k + 1]]` are the items of option `k`, and
    /// `staged_placements[staged_at[k]..staged_at[k + 1]]` what it places.
    staged_start: Vec<u32>,
    staged_items: Vec<u32>,
    staged_at: Vec<u32>,
    staged_placements: Vec<u32>,
    /// `staged_sets[staged_set_at[k]..staged_set_at[k + 1]]`: the cells option `k` (of a
    /// table) leaves a set of digits without placing them (see `TableOptions::free_sets`).
    staged_set_at: Vec<u32>,
    staged_sets: Vec<(u32, u64)>,
    /// For each table with such cells, an item all its options cover (see
    /// [`Scratch::prepare`]).
    anchors: Vec<u32>,
    /// Beside each anchor, how many cells its table does not place.
    anchor_free: Vec<u32>,
    /// Beside `anchors`: whether the table's cells hold distinct digits.
    anchor_distinct: Vec<bool>,
    /// `sets[set_at[k]..set_at[k + 1]]`: the sets of option `k` of the matrix.
    set_at: Vec<u32>,
    sets: Vec<(u32, u64)>,
    /// `placements[option_start[k]..option_start[k + 1]]`: the placements (`cell * n + d`,
    /// digit from 0) of option `k`.
    option_start: Vec<u32>,
    placements: Vec<u32>,
    /// `entry_digits[matrix.entry(k, j)]`: the digit (from 0) that option `k` places in
    /// its `j`-th item where that item is a cell's, else `u8::MAX` (also for the numbers
    /// no entry has): what the propagator reads off a cell's live entries, a byte each.
    entry_digits: Vec<u8>,
    items: Vec<usize>,
    work: Vec<u8>,
    stats: SolveStats,
    /// The buffers of [`Answerer::candidates`](crate::Answerer::candidates).
    true_candidates: candidates::Buffers,
    /// Per cell, digits (bit `d - 1` for digit `d`) that no option may place, for
    /// [`count_excluding`](Self::count_excluding); empty for none.
    excluded: Vec<u64>,
    /// Per cell, the digit the search tries first (0: none), set by
    /// [`prefer`](Self::prefer); empty for none.
    preferred: Vec<u8>,
    /// The nodes each question's search may visit (see
    /// [`set_node_limit`](Self::set_node_limit)); `None` for no limit.
    node_limit: Option<u64>,
    /// Whether the search propagates the rules at its branch points.
    propagation: bool,
    /// Whether the search refutes the guesses that place a cell (see
    /// [`set_refutation`](Self::set_refutation)).
    refutation: bool,
    /// Per option of the matrix, whether its guesses are refuted.
    refuted: Vec<bool>,
    /// True when the matrix built last is searched with the propagator.
    propagating: bool,
    scratch: Scratch,
    /// Threads [`count`](Self::count) searches on (see [`set_threads`](Self::set_threads)).
    threads: usize,
    /// Nodes the search runs alone before helpers take part (see `solver/threads.rs`).
    alone: u32,
}

impl Default for VariantSolver {
    fn default() -> Self {
        VariantSolver::new()
    }
}

impl VariantSolver {
    /// A solver with empty buffers.
    pub fn new() -> VariantSolver {
        let mut matrix = ExactCover::new(0, 0);
        matrix.set_branching(Branching::Conflicts);
        VariantSolver {
            matrix,
            branching: Branching::Conflicts,
            logic: Logic::default(),
            pass: OptionLogic::default(),
            staged_start: Vec::new(),
            staged_items: Vec::new(),
            staged_at: Vec::new(),
            staged_placements: Vec::new(),
            staged_set_at: Vec::new(),
            staged_sets: Vec::new(),
            anchors: Vec::new(),
            anchor_free: Vec::new(),
            anchor_distinct: Vec::new(),
            set_at: Vec::new(),
            sets: Vec::new(),
            option_start: Vec::new(),
            placements: Vec::new(),
            entry_digits: Vec::new(),
            items: Vec::new(),
            work: Vec::new(),
            stats: SolveStats::default(),
            true_candidates: candidates::Buffers::default(),
            excluded: Vec::new(),
            preferred: Vec::new(),
            node_limit: None,
            propagation: true,
            refutation: true,
            refuted: Vec::new(),
            propagating: false,
            scratch: Scratch::default(),
            threads: 1,
            alone: threads::ALONE,
        }
    }

    /// Sets how the search chooses where to branch, for every puzzle after. By default it is
    /// [`Branching::Conflicts`], measured best on variant puzzles of every kind (see
    /// docs/lab/variant-search.md, "Twenty-seventh round"). The answers are the same under
    /// every rule.
    pub fn set_branching(&mut self, branching: Branching) {
        self.branching = branching;
        self.matrix.set_branching(branching);
    }

    /// Turns the propagation at the search's branch points on (the default) or off. With it,
    /// each branch point narrows the digits of every cell to those that the pairwise rules
    /// (kropki dots, XV, the negative constraints, thermometers, lines...) leave a partner
    /// for, before the search guesses; the answers are the same either way, only the work
    /// differs.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
    /// use sudoku_dlx::{Grid, Shape};
    ///
    /// let grid = Grid::empty(Shape::new(2, 2)?);
    /// let variant = Variant::new(grid, None, vec![Rule::NonConsecutive])?;
    /// let mut solver = VariantSolver::new();
    /// let with = solver.count(&variant, None);
    /// solver.set_propagation(false);
    /// assert_eq!(solver.count(&variant, None), with);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_propagation(&mut self, on: bool) {
        self.propagation = on;
    }

    /// Turns refutation on (the default) or off, for every puzzle after. With it, a guess
    /// that places a cell's digit and fails is refuted: the search removes that digit from
    /// the cell, propagates, and chooses afresh where to branch, as sigh's Interactive
    /// Sudoku Solver does, rather than trying the next digit of the same choice. A guess
    /// that takes a table's option (a cage's digits, an arrow's) is not: each of those
    /// fixes several cells at once, and refuting one says little (docs/lab/
    /// variant-search.md, "Twenty-eighth round", has the measures). The answers are the
    /// same either way, only the work differs.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
    /// use sudoku_dlx::{Grid, Shape};
    ///
    /// let grid = Grid::empty(Shape::new(2, 3)?);
    /// let variant = Variant::new(grid, None, vec![Rule::AntiKnight])?;
    /// let mut solver = VariantSolver::new();
    /// let with = solver.count(&variant, None);
    /// solver.set_refutation(false);
    /// assert_eq!(solver.count(&variant, None), with);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_refutation(&mut self, on: bool) {
        self.refutation = on;
    }

    /// A solver whose logic pass before the search runs to `logic` (the default is
    /// [`Logic::LockedCandidates`]). The pass works on the options of the matrix, so it sees
    /// the regions, diagonals, windows and every other unit or ban of the rules; the answers
    /// are the same at every level, only the work differs.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
    /// use sudoku_dlx::{Grid, Logic, Shape};
    ///
    /// let x = Variant::new(Grid::empty(Shape::new(2, 2)?), None, vec![Rule::AntiKing])?;
    /// for logic in Logic::ALL {
    ///     assert_eq!(VariantSolver::with_logic(logic).count(&x, None).solutions, 0);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_logic(logic: Logic) -> VariantSolver {
        VariantSolver {
            logic,
            ..VariantSolver::new()
        }
    }

    /// What the last question cost: the cells the logic pass placed (givens not counted) and
    /// the search.
    pub fn stats(&self) -> SolveStats {
        self.stats
    }

    /// The rating of `variant`, as [`Rater::rate`](crate::setter::Rater::rate) rates a
    /// classic puzzle: the weakest logic level that solves it (naked singles, hidden singles,
    /// locked candidates, each seeing the variant's units and bans), else search, with the
    /// guesses of one search after the locked-candidates pass (the rules of a variant are not
    /// kept by the relabellings that the classic rating takes the median over). Not for a
    /// puzzle with several solutions or none.
    ///
    /// ```
    /// use sudoku_dlx::setter::{NotUnique, StrongestStep};
    /// use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
    /// use sudoku_dlx::{Grid, Shape};
    ///
    /// // One solution, 1243 3421 4312 2134, with a cage r1c2+r1c3 of 6.
    /// let grid: Grid = "1... ..2. .3.. ...4".parse()?;
    /// let cage = Rule::Killer { cells: vec![1, 2], sum: Some(6) };
    /// let mut solver = VariantSolver::new();
    /// let rating = solver.rate(&Variant::new(grid, None, vec![cage])?)?;
    /// assert!(rating.strongest_step <= StrongestStep::LockedCandidates);
    /// let open: Grid = "12.. ..12 .... ....".parse()?;
    /// assert_eq!(
    ///     solver.rate(&Variant::new(open, None, vec![])?),
    ///     Err(NotUnique::MultipleSolutions)
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate(&mut self, variant: &Variant) -> Result<Rating, NotUnique> {
        self.rate_with_progress(variant, &mut |_, _| {})
    }

    /// [`rate`](Self::rate), telling `progress(done, 4)` as each of its steps ends: the
    /// three logic levels, then the search.
    pub fn rate_with_progress(
        &mut self,
        variant: &Variant,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Rating, NotUnique> {
        let levels = [
            (Logic::NakedSingles, StrongestStep::NakedSingles),
            (Logic::HiddenSingles, StrongestStep::HiddenSingles),
            (Logic::LockedCandidates, StrongestStep::LockedCandidates),
        ];
        self.stage(variant);
        for (done, (logic, step)) in (1..).zip(levels) {
            let end = self.staged_logic(variant, logic, Pass::Rating);
            progress(done, 4);
            match end {
                LogicEnd::Contradiction => return Err(NotUnique::NoSolution),
                LogicEnd::Solved => return Ok(Rating::new(step, 0.0)),
                LogicEnd::Stuck => {}
            }
        }
        let logic = std::mem::replace(&mut self.logic, Logic::LockedCandidates);
        let count = self.count(variant, Some(2));
        self.logic = logic;
        progress(4, 4);
        match count.solutions {
            0 => Err(NotUnique::NoSolution),
            1 => Ok(Rating::new(
                StrongestStep::Search,
                self.stats.search.guesses as f64,
            )),
            _ => Err(NotUnique::MultipleSolutions),
        }
    }

    /// True when the logic pass at `logic` alone (no search) solves `variant`, as
    /// [`rate`](Self::rate) judges the levels below search.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
    /// use sudoku_dlx::{Grid, Logic};
    ///
    /// let grid: Grid = "1234341243212..3".parse()?;
    /// let x = Variant::new(grid.clone(), None, vec![Rule::Windoku])?;
    /// assert!(VariantSolver::new().solved_by_logic(&x, Logic::NakedSingles));
    /// let open = Variant::new(Grid::empty(grid.shape()), None, vec![])?;
    /// assert!(!VariantSolver::new().solved_by_logic(&open, Logic::LockedCandidates));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solved_by_logic(&mut self, variant: &Variant, logic: Logic) -> bool {
        self.stage(variant);
        self.staged_logic(variant, logic, Pass::Rating) == LogicEnd::Solved
    }

    /// Under test: the logic pass's locked candidates read every item in every sweep.
    #[cfg(test)]
    pub(crate) fn reread_locked(&mut self, on: bool) {
        self.pass.reread = on;
    }

    /// Under test: the options the last logic pass left.
    #[cfg(test)]
    pub(crate) fn pass_alive(&self) -> &[bool] {
        &self.pass.alive
    }

    /// The logic pass at `logic` on the options staged for `variant`, for a rating's level
    /// or before a search (`pass`). Where the rules point (see [`pointing`](super::pointing);
    /// a rating's levels as `Model::logic_points` says, a search as `Model::points`) and
    /// the pass at locked candidates is stuck without it, the pass goes on with it: the
    /// clashes are built only for the puzzles that need more than the pass alone.
    fn staged_logic(&mut self, variant: &Variant, logic: Logic, pass: Pass) -> LogicEnd {
        let lists = [
            &self.staged_start[..],
            &self.staged_items,
            &self.staged_at,
            &self.staged_placements,
        ];
        let tables = Tables {
            anchors: &self.anchors,
            distinct: &self.anchor_distinct,
            set_at: &self.staged_set_at,
            sets: &self.staged_sets,
        };
        let staged = |pointing| staged(lists, tables, variant, pointing);
        let end = self.pass.run(staged(None), logic);
        // Units alone: the search points from its first branch point.
        let model = variant.model();
        let units = model.houses_only || model.units_only && pass == Pass::Search;
        if end != LogicEnd::Stuck || logic < Logic::LockedCandidatesBeforeSearch || units {
            return end;
        }
        let pointing = match pass {
            Pass::Rating => variant.model().logic_pointing(),
            Pass::Search => variant.model().pointing(),
        };
        match pointing {
            Some(pointing) => self.pass.resume(staged(Some(&pointing)), logic),
            None => end,
        }
    }

    /// Makes later questions watch `interrupt` (or nothing, with `None`): once it is set, a
    /// search under way stops within a few thousand nodes, and its answer is not final
    /// ([`was_interrupted`](Self::was_interrupted) says so), as with
    /// [`Solver::set_interrupt`](crate::Solver::set_interrupt).
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.matrix.set_interrupt(interrupt);
    }

    /// True when the interrupt stopped the last question's search before its end.
    pub fn was_interrupted(&self) -> bool {
        self.matrix.was_interrupted()
    }

    /// Lets each later question's search visit at most `limit` nodes (`None`: no limit),
    /// then stop as the interrupt stops it ([`was_interrupted`](Self::was_interrupted)).
    /// Such a search (the generator's draws of a grid, started again with other preferred
    /// digits past the limit) does not point through rules that are units alone: on jigsaw
    /// regions with anti-king, it found a grid within the limit less often (a seventh more
    /// regions drawn; docs/lab/variant-search.md, "Thirty-fifth round").
    pub(crate) fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit;
    }

    /// True when the interrupt is set (not the node limit): questions stop at once.
    pub(crate) fn interrupt_is_set(&self) -> bool {
        self.matrix.interrupt().is_some_and(Interrupt::is_set)
    }

    /// The first solution, or `None`.
    pub fn solve(&mut self, variant: &Variant) -> Option<Grid> {
        self.build(variant);
        let solution = self.next_grid(variant, true);
        self.finish();
        solution
    }

    /// Counts the solutions that place none of `excluded`, each a cell index (reading order
    /// from 0) and a digit (from 1), stopping at `cap`, as
    /// [`Solver::count_excluding`](crate::Solver::count_excluding) does for classic puzzles:
    /// a unique puzzle stays unique without its given `v` at cell `c` exactly when, with `c`
    /// emptied and `(c, v)` excluded, the count is 0. That search need not find the known
    /// solution again, and the exclusion narrows it from the start.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
    /// use sudoku_dlx::{Grid, Shape};
    ///
    /// let shape = Shape::new(2, 2)?;
    /// let variant = Variant::new(Grid::empty(shape), None, vec![Rule::NonConsecutive])?;
    /// let mut solver = VariantSolver::new();
    /// let all = solver.count(&variant, None).solutions;
    /// let mut one = Grid::empty(shape);
    /// one.set(0, 0, 1);
    /// let with_1 = solver.count(&variant.with_givens(one)?, None).solutions;
    /// // The grids without a 1 in the top-left cell.
    /// let without = solver.count_excluding(&variant, &[(0, 1)], None).solutions;
    /// assert_eq!(without, all - with_1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// If an excluded cell or digit is outside the puzzle's grid.
    pub fn count_excluding(
        &mut self,
        variant: &Variant,
        excluded: &[(usize, u8)],
        cap: Option<u128>,
    ) -> Count {
        let shape = variant.shape();
        self.excluded.clear();
        self.excluded.resize(shape.cells(), 0);
        for &(cell, digit) in excluded {
            assert!(
                cell < shape.cells() && (1..=shape.size()).contains(&(digit as usize)),
                "exclusion ({cell}, {digit}) is outside the grid"
            );
            self.excluded[cell] |= 1 << (digit - 1);
        }
        let count = self.count(variant, cap);
        self.excluded.clear();
        count
    }

    /// Makes later searches try each cell's digit in `grid` first (`None`: in increasing
    /// order, the default), wherever the branching takes the options in their order (a
    /// choice between two options may start from the other, the one that removes fewer);
    /// the answers are the same, only the work differs. The generator's check for another
    /// solution than the known one finds it sooner near the known one.
    pub(crate) fn prefer(&mut self, grid: Option<&Grid>) {
        self.preferred.clear();
        self.preferred
            .extend(grid.iter().flat_map(|grid| grid.cells()));
    }

    /// Counts the solutions, stopping at `cap`, on the threads set by
    /// [`set_threads`](Self::set_threads).
    pub fn count(&mut self, variant: &Variant, cap: Option<u128>) -> Count {
        self.count_while(variant, cap, |_| true)
    }

    /// Has [`count`](Self::count) and [`count_while`](Self::count_while) search on up to
    /// `threads` threads (one, the caller's, by default): once the search has run 3,000
    /// nodes, it hands the branches it has not tried to the others, with the weights it has
    /// learnt, and the count is the same. Worth it for one hard puzzle; a batch of puzzles
    /// is faster on one thread per puzzle. The statistics then vary from run to run.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Rule, Variant, VariantSolver};
    /// use sudoku_dlx::{Grid, Shape};
    ///
    /// let variant = Variant::new(Grid::empty(Shape::new(3, 3)?), None, vec![Rule::AntiKnight])?;
    /// let mut solver = VariantSolver::new();
    /// solver.set_threads(2);
    /// assert_eq!(solver.count(&variant, Some(1000)).solutions, 1000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Counts like [`count`](Self::count), calling `keep_going` with the count so far after
    /// each solution; the count stops (reported as capped) when it returns false.
    pub fn count_while(
        &mut self,
        variant: &Variant,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        if self.threads > 1 {
            return self.count_on_threads(variant, cap, keep_going);
        }
        self.build(variant);
        let propagating = self.propagating;
        let (matrix, mut propagator) = self.searching();
        let count = match propagating {
            true => matrix.count_propagating(cap, keep_going, &mut propagator),
            false => matrix.count_while(cap, keep_going),
        };
        self.finish();
        count
    }

    /// Whether the puzzle has no solution, one, or several (with two of them).
    pub fn verdict(&mut self, variant: &Variant) -> Verdict {
        let mut solutions = self.solutions(variant);
        let first = solutions.next_grid();
        let second = solutions.next_grid();
        match (first, second) {
            (None, _) => Verdict::None,
            (Some(first), None) => Verdict::Unique(first),
            (Some(first), Some(second)) => Verdict::Multiple(first, second),
        }
    }

    /// The solutions one at a time.
    pub fn solutions<'a>(&'a mut self, variant: &'a Variant) -> VariantSolutions<'a> {
        self.build(variant);
        VariantSolutions {
            solver: self,
            variant,
        }
    }

    /// Builds the matrix of `variant`: the options of [`stage`](Self::stage) that the
    /// logic pass leaves.
    fn build(&mut self, variant: &Variant) {
        let model = variant.model();
        self.stats = SolveStats {
            searched: true,
            ..SolveStats::default()
        };
        self.stage(variant);
        let end = self.staged_logic(variant, self.logic, Pass::Search);
        self.matrix.clear(model.primary, model.secondary);
        self.matrix.set_node_limit(self.node_limit);
        let branching = self.branching;
        self.matrix.set_branching(branching);
        // The cell items are the first (see `model`), so the cells' weights are theirs.
        if matches!(branching, Branching::Weighted | Branching::Conflicts) {
            self.matrix.set_priorities(&model.priorities);
        }
        self.option_start.clear();
        self.placements.clear();
        self.entry_digits.clear();
        self.set_at.clear();
        self.sets.clear();
        let givens = variant.givens().cells();
        let n = model.n;
        for option in 0..self.staged_start.len() - 1 {
            // After a contradiction every option stays: some primary item has none, and the
            // search fails at once.
            if end != LogicEnd::Contradiction && !self.pass.alive[option] {
                continue;
            }
            let placed = &self.staged_placements
                [self.staged_at[option] as usize..self.staged_at[option + 1] as usize];
            if self.pass.taken[option] {
                let by_logic = placed.iter().filter(|&&p| givens[p as usize / n] == 0);
                self.stats.placed_by_logic += by_logic.count() as u64;
            }
            self.option_start.push(self.placements.len() as u32);
            self.placements.extend_from_slice(placed);
            self.set_at.push(self.sets.len() as u32);
            self.sets.extend_from_slice(
                &self.staged_sets
                    [self.staged_set_at[option] as usize..self.staged_set_at[option + 1] as usize],
            );
            let items = &self.staged_items
                [self.staged_start[option] as usize..self.staged_start[option + 1] as usize];
            self.items.clear();
            self.items.extend(items.iter().map(|&i| i as usize));
            // Valid by construction: a primary item first (a cell, or a sum's guard), distinct
            // items (a sum's assignments were enumerated without repeated items, and its
            // agreement items are its own).
            self.matrix.add_valid_option(&self.items);
            // The cell items are the cells' numbers (see `model`).
            let first = self.matrix.entry(self.option_start.len() - 1, 0);
            self.entry_digits.resize(first, u8::MAX);
            self.entry_digits.extend(self.items.iter().map(|&item| {
                let cell = placed.iter().find(|&&p| p as usize / n == item);
                cell.map_or(u8::MAX, |&p| (p as usize % n) as u8)
            }));
        }
        self.entry_digits.resize(self.matrix.entry_bound(), u8::MAX);
        self.option_start.push(self.placements.len() as u32);
        self.set_at.push(self.sets.len() as u32);
        // The guesses refuted: the options that place one cell, which is no table's.
        self.refuted.clear();
        if self.refutation {
            let places = |k: usize| {
                let placed = &self.placements[self.option_start[k] as usize..];
                let one = self.option_start[k + 1] - self.option_start[k] == 1;
                one && self.set_at[k] == self.set_at[k + 1]
                    && model.table_of_cell[placed[0] as usize / n].is_none()
            };
            let options = self.option_start.len() - 1;
            self.refuted.extend((0..options).map(places));
        }
        self.matrix.set_refutation(&self.refuted);
        // A refuting search weighs a house's digit (or any item past the cells) with two
        // places left as the heavier of their cells (docs/lab/variant-search.md, "Thirtieth
        // round"); the generator's searches, which do not refute, keep the plain weights.
        let cells = model.allowed.len();
        self.matrix
            .set_inherited_weights(self.refutation.then_some(cells));
        // The sums kept by bounds and the skyscraper lines need the propagator's check on
        // each solution, even without its narrowing.
        // Pointing is built only for a search that the logic pass left open.
        let drawing = self.node_limit.is_some() && model.units_only;
        let pointing = match end {
            LogicEnd::Stuck if self.propagation && !drawing => model.pointing(),
            _ => None,
        };
        let narrows = !model.arcs.is_empty()
            || !model.groups.is_empty()
            || !model.skylines.is_empty()
            || !model.ends.is_empty()
            || !model.totals.is_empty()
            || !self.anchors.is_empty()
            || pointing.is_some();
        self.propagating =
            (self.propagation && narrows) || Narrowing::of(model, None).checks_solutions();
        if self.propagating {
            let one_round =
                self.sets.is_empty() && self.option_start.windows(2).all(|w| w[1] - w[0] <= 1);
            self.scratch.prepare(
                model,
                pointing,
                (&self.anchors, &self.anchor_free, &self.anchor_distinct),
                (self.option_start.len() - 1, one_round),
                self.propagation,
            );
        }
    }

    /// The options of `variant` before any logic: one per allowed placement of each cell
    /// outside the sum constraints, one per assignment of each table constraint, givens kept.
    fn stage(&mut self, variant: &Variant) {
        let model = variant.model();
        let n = model.n;
        let givens = variant.givens().cells();
        self.staged_start.clear();
        self.staged_items.clear();
        self.staged_at.clear();
        self.staged_placements.clear();
        self.staged_set_at.clear();
        self.staged_sets.clear();
        self.anchors.clear();
        self.anchor_free.clear();
        self.anchor_distinct.clear();
        // With preferred digits, their options first: each item's list of options, in which
        // the search tries them, then starts with them.
        let rounds = if self.preferred.is_empty() { 1 } else { 2 };
        let order = (0..rounds).flat_map(|round| {
            let cells = givens.iter().enumerate();
            cells.map(move |(cell, &given)| (round, cell, given))
        });
        for (round, cell, given) in order {
            if model.table_of_cell[cell].is_some() {
                continue;
            }
            let mut mask = model.allowed[cell] & !self.excluded.get(cell).unwrap_or(&0);
            if given != 0 {
                mask &= 1 << (given - 1);
            }
            if rounds == 2 {
                let preferred = match self.preferred.get(cell).copied().unwrap_or(0) {
                    0 => 0,
                    digit => 1 << (digit - 1),
                };
                mask &= if round == 0 { preferred } else { !preferred };
            }
            for d in (0..n).filter(|d| mask & (1 << d) != 0) {
                let placement = cell * n + d;
                self.staged_start.push(self.staged_items.len() as u32);
                self.staged_at.push(self.staged_placements.len() as u32);
                self.staged_set_at.push(self.staged_sets.len() as u32);
                self.staged_items
                    .extend_from_slice(model.placement_items(placement));
                self.staged_placements.push(placement as u32);
            }
        }
        for table in &model.tables {
            let mut anchored = !table.has_free_cells();
            let excluded = &self.excluded;
            let allowed = |k: usize| {
                table.keeps(k, givens)
                    && (excluded.is_empty()
                        || table.placements(k).iter().all(|&p| {
                            let (cell, d) = (p as usize / n, p as usize % n);
                            excluded[cell] & 1 << d == 0
                        }))
            };
            for k in (0..table.len()).filter(|&k| allowed(k)) {
                self.staged_start.push(self.staged_items.len() as u32);
                self.staged_at.push(self.staged_placements.len() as u32);
                self.staged_set_at.push(self.staged_sets.len() as u32);
                self.staged_items.extend_from_slice(table.items(k));
                self.staged_placements
                    .extend_from_slice(table.placements(k));
                self.staged_sets.extend(table.free_sets(k, &model.allowed));
                if !anchored {
                    // Its guard, or the first cell it places: primary, and on every option.
                    let items = table.items(k);
                    let anchor = items.iter().find(|&&item| (item as usize) < model.primary);
                    if let Some(&anchor) = anchor {
                        self.anchors.push(anchor);
                        let free = table.free_sets(k, &model.allowed).count();
                        self.anchor_free.push(free as u32);
                        self.anchor_distinct.push(table.distinct());
                    }
                    anchored = true;
                }
            }
        }
        self.staged_start.push(self.staged_items.len() as u32);
        self.staged_at.push(self.staged_placements.len() as u32);
        self.staged_set_at.push(self.staged_sets.len() as u32);
    }

    /// The first (`from_top`) or next solution's grid, or `None`.
    fn next_grid(&mut self, variant: &Variant, from_top: bool) -> Option<Grid> {
        let n = variant.shape().size();
        self.work.clear();
        self.work.resize(variant.shape().cells(), 0);
        let mut propagator = VariantPropagator::new(
            [&self.option_start, &self.placements],
            &self.entry_digits,
            (&self.set_at, &self.sets),
            &mut self.scratch,
        );
        let solution = match (self.propagating, from_top) {
            (true, true) => self.matrix.first_solution_propagating(&mut propagator),
            (true, false) => self.matrix.next_solution_propagating(&mut propagator),
            (false, true) => self.matrix.first_solution(),
            (false, false) => self.matrix.next_solution(),
        }?;
        for option in solution.options() {
            let start = self.option_start[option] as usize;
            let end = self.option_start[option + 1] as usize;
            for &placement in &self.placements[start..end] {
                let placement = placement as usize;
                self.work[placement / n] = (placement % n) as u8 + 1;
            }
        }
        Grid::from_cells(variant.shape(), self.work.clone())
    }

    /// The matrix and the propagator over the tables of the matrix built last, borrowed
    /// apart for a search.
    fn searching(&mut self) -> (&mut ExactCover, VariantPropagator<'_>) {
        let propagator = VariantPropagator::new(
            [&self.option_start, &self.placements],
            &self.entry_digits,
            (&self.set_at, &self.sets),
            &mut self.scratch,
        );
        (&mut self.matrix, propagator)
    }

    fn finish(&mut self) {
        self.stats.search = self.matrix.stats();
    }
}

/// What a logic pass is for: a level of a rating (or [`VariantSolver::solved_by_logic`]),
/// or the start of a search. They point through the bans on different rules (see
/// `Model::logic_points` and `Model::points`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    Rating,
    Search,
}

/// The matrix of a variant, driven by the true-candidates search: every cell is inside it,
/// and an option of a sum places several candidates.
impl CandidateSearch for VariantSolver {
    type Puzzle = Variant;

    fn begin(&mut self, variant: &Variant) -> Begun {
        self.build(variant);
        self.work.clear();
        self.work.resize(variant.shape().cells(), 0);
        Begun::Search
    }

    fn shape_of(variant: &Variant) -> crate::Shape {
        variant.shape()
    }

    fn fixed(&self) -> &[u8] {
        &self.work
    }

    fn options(&self) -> usize {
        self.option_start.len() - 1
    }

    fn placements(&self, option: usize, place: impl FnMut(usize)) {
        let range = self.option_start[option] as usize..self.option_start[option + 1] as usize;
        self.placements[range]
            .iter()
            .map(|&p| p as usize)
            .for_each(place);
    }

    fn restart_with(&mut self, option: Option<usize>) {
        self.matrix.restart();
        if let Some(option) = option {
            // A fresh matrix refuses no option of its own.
            let selected = self.matrix.select(option);
            debug_assert!(selected.is_ok());
        }
    }

    fn next_solution(&mut self, visit: impl FnMut(usize)) -> bool {
        let propagating = self.propagating;
        let (matrix, mut propagator) = self.searching();
        let solution = match propagating {
            true => matrix.next_solution_propagating(&mut propagator),
            false => matrix.next_solution(),
        };
        let found = match solution {
            Some(solution) => {
                solution.options().for_each(visit);
                true
            }
            None => false,
        };
        self.finish();
        found
    }

    fn interrupted(&self) -> bool {
        self.matrix.was_interrupted()
    }

    fn buffers(&mut self) -> &mut candidates::Buffers {
        &mut self.true_candidates
    }
}

/// The staged options of `variant` (`start`, `items`, and what each places, `at` and
/// `placements`) and its tables that leave cells sets or share hidden values, as the logic
/// pass reads them, with `pointing` or without.
fn staged<'a>(
    [start, items, at, placements]: [&'a [u32]; 4],
    tables: Tables<'a>,
    variant: &'a Variant,
    pointing: Option<&'a Pointing>,
) -> Options<'a> {
    let model = variant.model();
    Options {
        start,
        items,
        at,
        placements,
        tables,
        rules: Narrowing::of(model, pointing),
        n: model.n,
        cells: variant.shape().cells(),
        primary: model.primary,
        total: model.primary + model.secondary,
    }
}

/// The solutions of a variant puzzle, one at a time: made by [`VariantSolver::solutions`].
pub struct VariantSolutions<'a> {
    solver: &'a mut VariantSolver,
    variant: &'a Variant,
}

impl VariantSolutions<'_> {
    /// The next solution, or `None` once all have been given.
    pub fn next_grid(&mut self) -> Option<Grid> {
        let grid = self.solver.next_grid(self.variant, false);
        self.solver.finish();
        grid
    }

    /// What the search has cost so far.
    pub fn stats(&self) -> SolveStats {
        self.solver.stats
    }
}
