//! The variant solver: the compiled model and the givens become one exact-cover matrix,
//! searched by the generic engine; solutions are decoded back into grids.

use super::Variant;
use crate::exact_cover::{ExactCover, Interrupt};
use crate::sudoku::{SolveStats, Verdict};
use crate::Count;
use crate::Grid;

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
    /// `placements[option_start[k]..option_start[k + 1]]`: the placements (`cell * n + d`,
    /// digit from 0) of option `k`.
    option_start: Vec<u32>,
    placements: Vec<u32>,
    items: Vec<usize>,
    work: Vec<u8>,
    stats: SolveStats,
}

impl Default for VariantSolver {
    fn default() -> Self {
        VariantSolver::new()
    }
}

impl VariantSolver {
    /// A solver with empty buffers.
    pub fn new() -> VariantSolver {
        VariantSolver {
            matrix: ExactCover::new(0, 0),
            option_start: Vec::new(),
            placements: Vec::new(),
            items: Vec::new(),
            work: Vec::new(),
            stats: SolveStats::default(),
        }
    }

    /// What the last question cost (nothing is placed before the search: `placed_by_logic`
    /// is 0).
    pub fn stats(&self) -> SolveStats {
        self.stats
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

    /// The first solution, or `None`.
    pub fn solve(&mut self, variant: &Variant) -> Option<Grid> {
        self.build(variant);
        let solution = self.next_grid(variant, true);
        self.finish();
        solution
    }

    /// Counts the solutions, stopping at `cap`.
    pub fn count(&mut self, variant: &Variant, cap: Option<u128>) -> Count {
        self.count_while(variant, cap, |_| true)
    }

    /// Counts like [`count`](Self::count), calling `keep_going` with the count so far after
    /// each solution; the count stops (reported as capped) when it returns false.
    pub fn count_while(
        &mut self,
        variant: &Variant,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        self.build(variant);
        let count = self.matrix.count_while(cap, keep_going);
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

    /// Builds the matrix of `variant`: one option per allowed placement of each cell outside
    /// the sum constraints, one per assignment of each sum constraint, givens kept.
    fn build(&mut self, variant: &Variant) {
        let model = variant.model();
        let n = model.n;
        let givens = variant.givens().cells();
        self.stats = SolveStats {
            searched: true,
            ..SolveStats::default()
        };
        self.matrix.clear(model.primary, model.secondary);
        self.option_start.clear();
        self.placements.clear();
        for (cell, &given) in givens.iter().enumerate() {
            if model.sum_of_cell[cell].is_some() {
                continue;
            }
            let mut mask = model.allowed[cell];
            if given != 0 {
                mask &= 1 << (given - 1);
            }
            for d in (0..n).filter(|d| mask & (1 << d) != 0) {
                let placement = cell * n + d;
                self.items.clear();
                self.items
                    .extend(model.placement_items(placement).iter().map(|&i| i as usize));
                let start = self.placements.len();
                self.placements.push(placement as u32);
                self.add(start);
            }
        }
        for sum in &model.sums {
            for k in 0..sum.len() {
                let digits = sum.assignment(k);
                let keeps_givens = sum
                    .cells
                    .iter()
                    .zip(digits)
                    .all(|(&cell, &digit)| givens[cell] == 0 || givens[cell] == digit);
                if !keeps_givens {
                    continue;
                }
                self.items.clear();
                let start = self.placements.len();
                for (&cell, &digit) in sum.cells.iter().zip(digits) {
                    let placement = cell * n + digit as usize - 1;
                    self.items
                        .extend(model.placement_items(placement).iter().map(|&i| i as usize));
                    self.placements.push(placement as u32);
                }
                self.add(start);
            }
        }
        self.option_start.push(self.placements.len() as u32);
    }

    /// Adds the option of `self.items`, which places `self.placements[start..]`.
    fn add(&mut self, start: usize) {
        self.option_start.push(start as u32);
        // Valid by construction: a cell item first (primary), distinct items (a sum's
        // assignments were enumerated without repeated items).
        self.matrix.add_valid_option(&self.items);
    }

    /// The first (`from_top`) or next solution's grid, or `None`.
    fn next_grid(&mut self, variant: &Variant, from_top: bool) -> Option<Grid> {
        let n = variant.shape().size();
        self.work.clear();
        self.work.resize(variant.shape().cells(), 0);
        let solution = if from_top {
            self.matrix.first_solution()
        } else {
            self.matrix.next_solution()
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

    fn finish(&mut self) {
        self.stats.search = self.matrix.stats();
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
