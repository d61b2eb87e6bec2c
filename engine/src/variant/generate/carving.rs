//! The variant side of the classic generator's loop ([`Carving`]): drawing a solution grid
//! that keeps the rules (and the layout, and the random regions), placing the families of
//! rules on it, and checking each removal with the variant solver.

use super::place::{place, taken_by};
use super::VariantGenerateOptions;
use crate::exact_cover::Interrupt;
use crate::setter::{
    random_solution, Carving, Difficulty, Rating, RemovalStats, SetterRng, UnavoidableSets,
};
use crate::variant::{Rule, RuleName, Variant, VariantError, VariantSolver};
use crate::{Grid, Logic, Shape};

/// Random givens tried one after the other (each kept when the rules still have a
/// solution with it) to draw a solution grid of a setter's layout: one given leaves too few
/// grids to choose from when the layout's rules compare digits.
const LAYOUT_SEEDS: usize = 4;

/// The variant side of [`Carving`]: the puzzle being carved and the solver that checks it.
#[derive(Clone, Debug)]
pub(super) struct VariantCarving {
    shape: Shape,
    /// The rules of the whole grid.
    rules: Vec<Rule>,
    jigsaw: bool,
    layout: Option<Variant>,
    /// The families placed on each grid, in [`RuleName::PLACED`]'s order.
    placed: Vec<RuleName>,
    solver: VariantSolver,
    interrupt: Option<Interrupt>,
    /// The rules (and the layout) compiled on the layout's givens, kept from grid to grid
    /// without jigsaw.
    base: Option<Variant>,
    pub(super) puzzle: Option<Variant>,
    pub(super) solution: Grid,
    pub(super) stats: RemovalStats,
    unavoidable: UnavoidableSets,
    /// The classic unavoidable sets of the solution whose rearranged grid keeps the rules
    /// too: a removal that leaves one of them without a given leaves a second solution.
    swaps: Vec<Vec<usize>>,
}

impl VariantCarving {
    /// The carving for `options`.
    pub(super) fn new(options: &VariantGenerateOptions) -> VariantCarving {
        let shape = options.base.shape;
        VariantCarving {
            shape,
            rules: options.rules.clone(),
            jigsaw: options.jigsaw,
            layout: options.layout.clone(),
            placed: RuleName::PLACED
                .into_iter()
                .filter(|name| options.placed.contains(name))
                .collect(),
            solver: {
                // Its checks find other solutions faster trying each choice's digits in
                // turn (docs/lab/variant-search.md, "Twenty-eighth round").
                let mut solver = VariantSolver::new();
                solver.set_refutation(false);
                solver
            },
            interrupt: None,
            base: None,
            puzzle: None,
            solution: Grid::empty(shape),
            stats: RemovalStats::default(),
            unavoidable: UnavoidableSets::default(),
            swaps: Vec::new(),
        }
    }

    /// Makes the solver and the loop watch `interrupt`.
    pub(super) fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.solver.set_interrupt(interrupt.clone());
        self.interrupt = interrupt;
    }

    /// The puzzle being carved (set by [`Carving::draw`]).
    fn puzzle(&self) -> &Variant {
        self.puzzle.as_ref().expect("a grid was drawn")
    }

    /// True when `cell` holds one of the layout's givens, which stay.
    fn is_fixed(&self, cell: usize) -> bool {
        self.layout
            .as_ref()
            .is_some_and(|layout| layout.givens().cells()[cell] != 0)
    }

    /// The puzzle without the givens at `cells`; `None` when one is the layout's.
    fn without(&self, cells: &[usize]) -> Option<Variant> {
        if cells.iter().any(|&cell| self.is_fixed(cell)) {
            return None;
        }
        let puzzle = self.puzzle();
        let n = self.shape.size();
        let mut fewer = puzzle.givens().clone();
        for &cell in cells {
            fewer.set(cell / n, cell % n, 0);
        }
        Some(puzzle.with_givens(fewer).expect("same shape"))
    }

    /// True when `candidate`, the unique puzzle without the givens at `cells`, still has
    /// one solution, counting how the check was decided. Another solution differs from the
    /// known one at some cell removed, first at the `k`-th: so for each `k`, a count with
    /// the cells before it kept and the `k`-th's digit excluded (see
    /// [`VariantSolver::count_excluding`]), which need not find the known solution again.
    fn is_unique(&mut self, candidate: &Variant, cells: &[usize]) -> bool {
        let left = candidate.givens().cells();
        if self
            .swaps
            .iter()
            .any(|set| set.iter().all(|&cell| left[cell] == 0))
        {
            self.stats.unavoidable_sets += 1;
            return false;
        }
        let n = self.shape.size();
        let digits = self.solution.cells();
        let mut givens = candidate.givens().clone();
        let mut unique = true;
        let mut guessed = false;
        self.solver.prefer(Some(&self.solution));
        for &cell in cells {
            let denied = [(cell, digits[cell])];
            let others = match givens == *candidate.givens() {
                true => self.solver.count_excluding(candidate, &denied, Some(1)),
                false => {
                    let kept = candidate.with_givens(givens.clone()).expect("same shape");
                    self.solver.count_excluding(&kept, &denied, Some(1))
                }
            };
            guessed |= self.solver.stats().search.guesses > 0;
            if others.solutions > 0 || self.is_interrupted() {
                unique = false;
                break;
            }
            givens.set(cell / n, cell % n, digits[cell]);
        }
        self.solver.prefer(None);
        if guessed {
            self.stats.searches += 1;
        } else {
            self.stats.singles += 1;
        }
        unique
    }

    /// Keeps the unavoidable sets of the solution whose rearranged grid keeps the rules of
    /// `puzzle` (and its regions, and the layout's givens) as [`swaps`](Self::swaps).
    fn find_swaps(&mut self, puzzle: &Variant) -> Result<(), VariantError> {
        let givens = match &self.layout {
            Some(layout) => layout.givens().clone(),
            None => Grid::empty(self.shape),
        };
        let rules = puzzle.with_givens(givens)?;
        self.unavoidable.find(&self.solution);
        let solution = &self.solution;
        self.swaps = self
            .unavoidable
            .sets()
            .into_iter()
            .filter(|set| {
                // A set it could not rearrange (its grid the solution again) proves nothing.
                let other = UnavoidableSets::rearranged(solution, set);
                other != *solution && rules.accepts(&other)
            })
            .collect();
        Ok(())
    }

    /// The rules of the whole grid and the layout's, compiled on its givens (or on the empty
    /// grid) with `regions`.
    fn base(&self, regions: Option<Vec<usize>>) -> Result<Variant, VariantError> {
        let mut rules = Vec::new();
        let mut givens = Grid::empty(self.shape);
        let mut regions = regions;
        if let Some(layout) = &self.layout {
            rules.extend(layout.rules().iter().cloned());
            givens = layout.givens().clone();
            regions = layout.regions().map(<[usize]>::to_vec);
        }
        for rule in &self.rules {
            if !rules.contains(rule) {
                rules.push(rule.clone());
            }
        }
        Variant::new(givens, regions, rules)
    }
}

impl Carving for VariantCarving {
    type Error = VariantError;

    fn draw(&mut self, rng: &mut SetterRng) -> Result<bool, VariantError> {
        let mut classic = random_solution(self.shape, rng);
        let base = if self.jigsaw {
            // A grid with no two equal digits a king's move apart across boxes has no swap
            // to make: another grid then.
            let regions = loop {
                if let Some(made) = random_regions(&classic, rng) {
                    break made;
                }
                classic = random_solution(self.shape, rng);
            };
            self.base(Some(regions))?
        } else {
            match &self.base {
                Some(base) => base.clone(),
                None => {
                    let base = self.base(None)?;
                    self.base = Some(base.clone());
                    base
                }
            }
        };
        let free = base.rules().is_empty() && !base.givens().cells().iter().any(|&d| d != 0);
        self.solution = if free {
            classic
        } else {
            let seeds = if self.layout.is_some() {
                LAYOUT_SEEDS
            } else {
                1
            };
            // Jigsaw regions that the restarts find no grid for are left for others: the
            // search in full ran for minutes on some non-consecutive ones.
            let exhaustive = !self.jigsaw;
            match random_variant_solution(&base, &mut self.solver, rng, seeds, exhaustive) {
                Some(solution) => solution,
                // Other regions may fit the rules: another draw.
                None if self.jigsaw => return Ok(false),
                None => return Err(no_solution(&base)),
            }
        };
        let puzzle = if self.placed.is_empty() {
            base.with_givens(self.solution.clone())?
        } else {
            let mut taken = taken_by(self.shape, base.rules());
            let mut rules = base.rules().to_vec();
            for &name in &self.placed {
                rules.extend(place(name, &self.solution, &mut taken, rng));
            }
            let regions = base.regions().map(<[usize]>::to_vec);
            Variant::new(self.solution.clone(), regions, rules)?
        };
        self.find_swaps(&puzzle)?;
        self.puzzle = Some(puzzle);
        Ok(true)
    }

    fn remove_if_unique(&mut self, cells: &[usize]) -> bool {
        let Some(candidate) = self.without(cells) else {
            return false;
        };
        let unique = self.is_unique(&candidate, cells);
        if unique && !self.is_interrupted() {
            self.puzzle = Some(candidate);
        }
        unique
    }

    fn remove_if_solved_by(&mut self, cells: &[usize], logic: Logic) -> bool {
        let Some(candidate) = self.without(cells) else {
            return false;
        };
        let solved = self.solver.solved_by_logic(&candidate, logic);
        self.stats.singles += 1;
        if solved {
            self.puzzle = Some(candidate);
        }
        solved
    }

    fn remove_if_within(&mut self, cells: &[usize], level: Difficulty) -> bool {
        // A variant has no human path: the level's logic pass judges (easy, medium and
        // hard have one; the generator asks no other level to carve by).
        let logic = level.logic().unwrap_or(Logic::LockedCandidates);
        self.remove_if_solved_by(cells, logic)
    }

    fn can_remove(&mut self, cell: usize) -> bool {
        match self.without(&[cell]) {
            Some(candidate) => self.is_unique(&candidate, &[cell]),
            None => false,
        }
    }

    fn is_given(&self, cell: usize) -> bool {
        self.puzzle().givens().cells()[cell] != 0
    }

    fn rate(&mut self) -> Rating {
        let puzzle = self.puzzle.take().expect("a grid was drawn");
        // The rating `sudoku-dlx rate` gives: its search refutes, as the checks' do not.
        self.solver.set_refutation(true);
        let rating = self.solver.rate(&puzzle);
        self.solver.set_refutation(false);
        self.puzzle = Some(puzzle);
        // Cut short by the interrupt, a rating is not used.
        rating.unwrap_or_else(|_| {
            assert!(self.is_interrupted(), "a carved puzzle is unique");
            Rating::new(crate::setter::StrongestStep::Search, 0.0)
        })
    }

    fn is_interrupted(&self) -> bool {
        self.interrupt.as_ref().is_some_and(Interrupt::is_set)
    }
}

/// The error for rules that no grid keeps.
fn no_solution(variant: &Variant) -> VariantError {
    VariantError::NoSolution {
        rules: variant.rules().len(),
    }
}

/// Regions made from a classic solution by swapping the regions of cells that hold the same
/// digit: every region keeps distinct digits, so `solution` keeps them too. `None` when no
/// two cells a king's move apart hold the same digit (no swap keeps the regions compact).
pub(in crate::variant) fn random_regions(
    solution: &Grid,
    rng: &mut SetterRng,
) -> Option<Vec<usize>> {
    let shape = solution.shape();
    let (n, cells) = (shape.size(), solution.cells());
    let mut regions: Vec<usize> = (0..shape.cells()).map(|c| shape.box_of(c)).collect();
    // Neighbours' cells only, so that the regions stay compact. Two cells with the same
    // digit are always in different regions (each region holds distinct digits), so every
    // swap of such a pair changes the regions.
    let pairs: Vec<(usize, usize)> = (0..cells.len())
        .flat_map(|a| (a + 1..cells.len()).map(move |b| (a, b)))
        .filter(|&(a, b)| {
            (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1 && cells[a] == cells[b]
        })
        .collect();
    if pairs.is_empty() {
        return None;
    }
    // Enough swaps to change the look of every region.
    for _ in 0..2 * n {
        let (a, b) = pairs[rng.below(pairs.len())];
        regions.swap(a, b);
    }
    Some(regions)
}

/// A random grid that keeps `start`'s rules and givens: a solution (see
/// [`solve_restarting`]) with `seeds` random givens added one after the other (each kept
/// when a solution keeps it too), with its digits then relabelled at random where nothing
/// compares digits or fixes them. `None` when no grid keeps them (or the interrupt is set),
/// or, unless `exhaustive`, when the restarts found none. A random given is dropped when the
/// restarts find no solution with it.
fn random_variant_solution(
    start: &Variant,
    solver: &mut VariantSolver,
    rng: &mut SetterRng,
    seeds: usize,
    exhaustive: bool,
) -> Option<Grid> {
    let shape = start.shape();
    let n = shape.size();
    let mut seeded = start.givens().clone();
    let mut found = None;
    for _ in 0..seeds {
        let cell = rng.below(shape.cells());
        let digit = 1 + rng.below(n) as u8;
        if seeded.cells()[cell] != 0 {
            continue;
        }
        seeded.set(cell / n, cell % n, digit);
        let variant = start.with_givens(seeded.clone()).ok()?;
        match solve_restarting(&variant, solver, rng, DRAW_NODES, false) {
            Some(solution) => found = Some(solution),
            None => seeded.set(cell / n, cell % n, 0),
        }
    }
    let base = match found {
        Some(found) => found,
        None => solve_restarting(start, solver, rng, DRAW_NODES, exhaustive)?,
    };
    let compares = start.rules().iter().any(|rule| {
        !matches!(
            rule,
            Rule::Diagonal(_)
                | Rule::ExtraRegion(_)
                | Rule::Windoku
                | Rule::DisjointGroups
                | Rule::AntiKnight
                | Rule::AntiKing
                | Rule::Killer { sum: None, .. }
        )
    });
    let fixed = start.givens().cells().iter().any(|&d| d != 0);
    if compares || fixed {
        return Some(base);
    }
    let relabel = rng.permutation(n);
    let cells = base
        .cells()
        .iter()
        .map(|&d| relabel[d as usize - 1] as u8 + 1)
        .collect();
    Grid::from_cells(shape, cells)
}

/// Nodes of the first try of [`solve_restarting`] in a draw.
const DRAW_NODES: u64 = 512;

/// Tries of [`solve_restarting`] with a node limit; in an exhaustive draw the one after them
/// has none, so that a variant with no solution is proved to have none.
const DRAW_TRIES: u64 = 48;

/// The first solution of `variant` found by a search that prefers the digits of a random
/// classic grid in each cell, started again with another such grid whenever it visits more
/// nodes than Luby's restart sequence allows (`nodes × luby(i)` at try `i`). The first
/// search of a nearly empty grid whose rules compare digits takes from a hundred nodes to
/// half a million, depending on where it starts, and the preferred digits make the grids
/// drawn as varied as the grids of the rules (one random given alone left at most one grid
/// per given). `None` when there is none or the interrupt is set, and, unless `exhaustive`
/// (a last try without limit), when the [`DRAW_TRIES`] tries found none.
fn solve_restarting(
    variant: &Variant,
    solver: &mut VariantSolver,
    rng: &mut SetterRng,
    nodes: u64,
    exhaustive: bool,
) -> Option<Grid> {
    let mut found = None;
    for attempt in 1..=DRAW_TRIES + u64::from(exhaustive) {
        let limit = (attempt <= DRAW_TRIES).then(|| nodes * luby(attempt));
        solver.set_node_limit(limit);
        solver.prefer(Some(&random_solution(variant.shape(), rng)));
        found = solver.solve(variant);
        if !solver.was_interrupted() || solver.interrupt_is_set() {
            break;
        }
    }
    solver.set_node_limit(None);
    solver.prefer(None);
    found
}

/// Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, … at `i` (from 1): within a
/// logarithmic factor of the best restart strategy for any distribution of search lengths
/// (Luby, Sinclair and Zuckerman, 1993).
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The least k with 2^k - 1 >= i.
        let k = u64::BITS - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_is_the_restart_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(63), 32);
        assert_eq!(luby(64), 1);
    }

    #[test]
    fn non_consecutive_grids_drawn_are_valid_and_all_different() {
        let shape = Shape::new(3, 3).unwrap();
        let rules = vec![Rule::NonConsecutive];
        let start = Variant::new(Grid::empty(shape), None, rules).unwrap();
        let mut solver = VariantSolver::new();
        let mut grids = Vec::new();
        for index in 0..12 {
            let mut rng = SetterRng::for_puzzle(5, index);
            let grid = random_variant_solution(&start, &mut solver, &mut rng, 1, true).unwrap();
            assert!(start.accepts(&grid), "{grid:?}");
            assert!(!grids.contains(&grid), "grid {index} drawn twice");
            grids.push(grid);
        }
        // The limit and the preference are gone: the next question searches in full.
        assert_eq!(solver.count(&start, Some(3)).solutions, 3);
        assert!(!solver.was_interrupted());
    }

    #[test]
    fn the_try_past_the_restarts_has_no_limit() {
        let rules = || vec![Rule::NonConsecutive];
        let nine = Variant::new(Grid::empty(Shape::new(3, 3).unwrap()), None, rules()).unwrap();
        // Non-consecutive on 2x2 boxes has no grid: each row would be 2413 or 3142, and
        // neither can stand above itself or the other.
        let four = Variant::new(Grid::empty(Shape::new(2, 2).unwrap()), None, rules()).unwrap();
        let mut solver = VariantSolver::new();
        assert_eq!(solver.count(&four, Some(1)).solutions, 0);
        let mut rng = SetterRng::for_puzzle(1, 0);
        // One node a try: every limited try stops, the last finds the grid or proves none.
        let grid = solve_restarting(&nine, &mut solver, &mut rng, 1, true).unwrap();
        assert!(nine.accepts(&grid) && !solver.was_interrupted());
        assert!(solver.stats().search.nodes > 1);
        assert_eq!(
            solve_restarting(&four, &mut solver, &mut rng, 1, true),
            None
        );
        assert!(!solver.was_interrupted());
    }

    #[test]
    fn a_draw_that_need_not_prove_stops_after_its_tries() {
        // Jigsaw regions with no grid found in the tries are given up, never searched in
        // full: on the empty 9x9 non-consecutive grid one node a try finds nothing.
        let shape = Shape::new(3, 3).unwrap();
        let nine = Variant::new(Grid::empty(shape), None, vec![Rule::NonConsecutive]).unwrap();
        let mut solver = VariantSolver::new();
        let mut rng = SetterRng::for_puzzle(1, 0);
        assert_eq!(
            solve_restarting(&nine, &mut solver, &mut rng, 1, false),
            None
        );
        assert!(solver.was_interrupted());
        assert_eq!(solver.stats().search.nodes, 1);
        // With its default budget the draw finds a grid.
        let grid = random_variant_solution(&nine, &mut solver, &mut rng, 1, false).unwrap();
        assert!(nine.accepts(&grid));
    }
}
