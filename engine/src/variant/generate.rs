//! Generating variant puzzles with the classic generator's loop
//! ([`GenerateOptions`]: symmetry, minimality, difficulty, attempts): a random solution grid
//! that keeps the rules (with random irregular regions for jigsaw), then the givens removed
//! orbit by orbit, in a random order, while the puzzle keeps its one solution (or, for
//! `easy`, `medium` and `hard`, while the logic of that level still solves it). Ratings are
//! those of [`VariantSolver::rate`], the rating `sudoku-dlx rate` gives a variant.

use super::{Rule, Variant, VariantError, VariantSolver};
use crate::exact_cover::Interrupt;
use crate::setter::{
    random_solution, search, Carving, GenerateOptions, Rating, RemovalStats, SetterRng,
};
use crate::{Grid, Logic, Shape};
use std::fmt;

/// What to generate: the classic options (shape, symmetry, minimality, difficulty, rating,
/// attempts; see [`GenerateOptions`]), the rules every puzzle keeps, and whether its regions
/// are made at random.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantGenerateOptions {
    /// The options shared with classic generation, with the same meaning.
    pub base: GenerateOptions,
    /// The rules every puzzle keeps.
    pub rules: Vec<Rule>,
    /// Irregular regions made at random for each grid drawn (jigsaw).
    pub jigsaw: bool,
}

impl VariantGenerateOptions {
    /// Puzzles of `shape` with `rules` (and random regions with `jigsaw`), with the classic
    /// defaults: no symmetry, any difficulty, no rating (see [`GenerateOptions::new`]).
    pub fn new(shape: Shape, rules: Vec<Rule>, jigsaw: bool) -> VariantGenerateOptions {
        VariantGenerateOptions {
            base: GenerateOptions::new(shape),
            rules,
            jigsaw,
        }
    }
}

/// A generated variant puzzle and its solution.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantGenerated {
    /// The puzzle: exactly one solution, with the rules (and regions) asked for.
    pub puzzle: Variant,
    /// Its one solution.
    pub solution: Grid,
    /// Its rating by [`VariantSolver::rate`], when the options asked for one.
    pub rating: Option<Rating>,
    /// Solution grids drawn to find it (1 unless some were rejected).
    pub attempts: u64,
    /// How the removal checks made for it (rejected grids included) were decided: by the
    /// logic pass alone (`singles`, counting the checks whose search made no guess) or by a
    /// search with guesses. The classic shortcuts (`forced_back`, `unavoidable_sets`) do not
    /// apply to variants and stay 0.
    pub checks: RemovalStats,
}

/// Why no variant puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantGenerateError {
    /// The rules do not make a puzzle: they cannot be built, or no grid keeps them.
    Variant(VariantError),
    /// No puzzle met the options within [`GenerateOptions::max_attempts`] grids.
    NotFound(Box<VariantGenerateOptions>),
}

impl fmt::Display for VariantGenerateError {
    /// The rules' error, or `no minimal easy 9x9 anti-knight jigsaw puzzle (3x3 boxes) with
    /// rot180 symmetry found in 10000 grids; try other options`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantGenerateError::Variant(error) => error.fmt(f),
            VariantGenerateError::NotFound(options) => {
                let mut kind: String = options
                    .rules
                    .iter()
                    .map(|rule| format!("{} ", rule.name()))
                    .collect();
                if options.jigsaw {
                    kind.push_str("jigsaw ");
                }
                options.base.write_not_found(f, &kind)
            }
        }
    }
}

impl std::error::Error for VariantGenerateError {}

impl From<VariantError> for VariantGenerateError {
    fn from(error: VariantError) -> VariantGenerateError {
        VariantGenerateError::Variant(error)
    }
}

/// Makes variant puzzles; keeps a solver, so keep one per thread.
///
/// ```
/// use sudoku_dlx::setter::{Difficulty, Symmetry};
/// use sudoku_dlx::variant::{Rule, VariantGenerateOptions, VariantGenerator, VariantSolver};
/// use sudoku_dlx::Shape;
///
/// let mut options = VariantGenerateOptions::new(Shape::new(2, 2)?, vec![Rule::AntiKnight], true);
/// options.base.symmetry = Symmetry::Rot180;
/// options.base.difficulty = Some(Difficulty::Easy);
/// let made = VariantGenerator::new(options).generate(1, 0)?;
/// let mut solver = VariantSolver::new();
/// assert_eq!(solver.count(&made.puzzle, None).solutions, 1);
/// assert!(made.puzzle.regions().is_some());
/// assert!(Symmetry::Rot180.holds(made.puzzle.givens()));
/// assert_eq!(solver.rate(&made.puzzle)?.difficulty, Difficulty::Easy);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct VariantGenerator {
    options: VariantGenerateOptions,
    orbits: Vec<Vec<usize>>,
    /// The order the orbits are tried in.
    order: Vec<usize>,
    carving: VariantCarving,
}

impl VariantGenerator {
    /// A generator for `options`.
    pub fn new(options: VariantGenerateOptions) -> VariantGenerator {
        let shape = options.base.shape;
        VariantGenerator {
            orbits: options.base.symmetry.orbits(shape.size()),
            order: Vec::new(),
            carving: VariantCarving {
                shape,
                rules: options.rules.clone(),
                jigsaw: options.jigsaw,
                solver: VariantSolver::new(),
                interrupt: None,
                empty: None,
                puzzle: None,
                solution: Grid::empty(shape),
                stats: RemovalStats::default(),
            },
            options,
        }
    }

    /// Makes later calls watch `interrupt`: once it is set, [`generate`](Self::generate)
    /// stops within a few thousand search nodes, and its answer is not to be used
    /// ([`was_interrupted`](Self::was_interrupted) says so).
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::Interrupt;
    /// use sudoku_dlx::variant::{Rule, VariantGenerateOptions, VariantGenerator};
    /// use sudoku_dlx::Shape;
    ///
    /// let interrupt = Interrupt::new();
    /// let options = VariantGenerateOptions::new(Shape::CLASSIC, vec![Rule::AntiKnight], false);
    /// let mut generator = VariantGenerator::new(options);
    /// generator.set_interrupt(Some(interrupt.clone()));
    /// interrupt.set();
    /// assert!(generator.generate(1, 0).is_err());
    /// assert!(generator.was_interrupted());
    /// ```
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.carving.solver.set_interrupt(interrupt.clone());
        self.carving.interrupt = interrupt;
    }

    /// True when the interrupt is set, so that the last answer may have been cut short.
    pub fn was_interrupted(&self) -> bool {
        self.carving.is_interrupted()
    }

    /// The options it generates for.
    pub fn options(&self) -> &VariantGenerateOptions {
        &self.options
    }

    /// Puzzle number `index` of the batch made with `seed`: the same on every run, on any
    /// thread, whatever else is generated.
    pub fn generate(
        &mut self,
        seed: u64,
        index: u64,
    ) -> Result<VariantGenerated, VariantGenerateError> {
        let mut rng = SetterRng::for_puzzle(seed, index);
        let before = self.carving.stats;
        let found = search(
            &mut self.carving,
            &self.options.base,
            &self.orbits,
            &mut self.order,
            &mut rng,
        )?;
        let not_found = || VariantGenerateError::NotFound(Box::new(self.options.clone()));
        let found = found.ok_or_else(not_found)?;
        let puzzle = self.carving.puzzle.clone().ok_or_else(not_found)?;
        Ok(VariantGenerated {
            puzzle,
            solution: self.carving.solution.clone(),
            rating: found.rating,
            attempts: found.attempts,
            checks: self.carving.stats - before,
        })
    }
}

/// The variant side of [`Carving`]: the puzzle being carved and the solver that checks it.
#[derive(Clone, Debug)]
struct VariantCarving {
    shape: Shape,
    rules: Vec<Rule>,
    jigsaw: bool,
    solver: VariantSolver,
    interrupt: Option<Interrupt>,
    /// The rules compiled on the empty grid, kept from grid to grid without jigsaw.
    empty: Option<Variant>,
    puzzle: Option<Variant>,
    solution: Grid,
    stats: RemovalStats,
}

impl VariantCarving {
    /// The puzzle being carved (set by [`Carving::draw`]).
    fn puzzle(&self) -> &Variant {
        self.puzzle.as_ref().expect("a grid was drawn")
    }

    /// The puzzle without the givens at `cells`.
    fn without(&self, cells: &[usize]) -> Variant {
        let puzzle = self.puzzle();
        let n = self.shape.size();
        let mut fewer = puzzle.givens().clone();
        for &cell in cells {
            fewer.set(cell / n, cell % n, 0);
        }
        puzzle.with_givens(fewer).expect("same shape")
    }

    /// True when `candidate` has one solution, counting how the check was decided.
    fn is_unique(&mut self, candidate: &Variant) -> bool {
        let unique = self.solver.count(candidate, Some(2)).solutions == 1;
        if self.solver.stats().search.guesses == 0 {
            self.stats.singles += 1;
        } else {
            self.stats.searches += 1;
        }
        unique
    }
}

impl Carving for VariantCarving {
    type Error = VariantError;

    fn draw(&mut self, rng: &mut SetterRng) -> Result<bool, VariantError> {
        let mut classic = random_solution(self.shape, rng);
        let empty = if self.jigsaw {
            // A grid with no two equal digits a king's move apart across boxes has no swap
            // to make: another grid then.
            let regions = loop {
                if let Some(made) = random_regions(&classic, rng) {
                    break made;
                }
                classic = random_solution(self.shape, rng);
            };
            Variant::new(Grid::empty(self.shape), Some(regions), self.rules.clone())?
        } else {
            match &self.empty {
                Some(empty) => empty.clone(),
                None => {
                    let empty = Variant::new(Grid::empty(self.shape), None, self.rules.clone())?;
                    self.empty = Some(empty.clone());
                    empty
                }
            }
        };
        self.solution = if self.rules.is_empty() {
            classic
        } else {
            match random_variant_solution(&empty, &mut self.solver, rng) {
                Some(solution) => solution,
                // Other regions may fit the rules: another draw.
                None if self.jigsaw => return Ok(false),
                None => return Err(no_solution(&empty)),
            }
        };
        self.puzzle = Some(empty.with_givens(self.solution.clone())?);
        Ok(true)
    }

    fn remove_if_unique(&mut self, cells: &[usize]) -> bool {
        let candidate = self.without(cells);
        let unique = self.is_unique(&candidate);
        if unique && !self.is_interrupted() {
            self.puzzle = Some(candidate);
        }
        unique
    }

    fn remove_if_solved_by(&mut self, cells: &[usize], logic: Logic) -> bool {
        let candidate = self.without(cells);
        let solved = self.solver.solved_by_logic(&candidate, logic);
        self.stats.singles += 1;
        if solved {
            self.puzzle = Some(candidate);
        }
        solved
    }

    fn can_remove(&mut self, cell: usize) -> bool {
        let candidate = self.without(&[cell]);
        self.is_unique(&candidate)
    }

    fn is_given(&self, cell: usize) -> bool {
        self.puzzle().givens().cells()[cell] != 0
    }

    fn rate(&mut self) -> Rating {
        let puzzle = self.puzzle.take().expect("a grid was drawn");
        let rating = self.solver.rate(&puzzle);
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
pub(super) fn random_regions(solution: &Grid, rng: &mut SetterRng) -> Option<Vec<usize>> {
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

/// A random grid that keeps `empty`'s rules: the first solution from one random given,
/// with its digits then relabelled at random where the rules do not compare digits.
fn random_variant_solution(
    empty: &Variant,
    solver: &mut VariantSolver,
    rng: &mut SetterRng,
) -> Option<Grid> {
    let shape = empty.shape();
    let n = shape.size();
    let mut seeded = Grid::empty(shape);
    let cell = rng.below(shape.cells());
    seeded.set(cell / n, cell % n, 1 + rng.below(n) as u8);
    let base = solver
        .solve(&empty.with_givens(seeded).ok()?)
        .or_else(|| solver.solve(empty))?;
    let compares = empty.rules().iter().any(|rule| {
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
    if compares {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setter::{Difficulty, Symmetry};
    use crate::variant::Diagonal;

    fn options(rules: Vec<Rule>, jigsaw: bool) -> VariantGenerateOptions {
        VariantGenerateOptions::new(Shape::new(2, 3).unwrap(), rules, jigsaw)
    }

    /// True when no single given of `puzzle` can go.
    fn is_minimal(solver: &mut VariantSolver, puzzle: &Variant) -> bool {
        let n = puzzle.shape().size();
        (0..puzzle.shape().cells())
            .filter(|&cell| puzzle.givens().cells()[cell] != 0)
            .all(|cell| {
                let mut fewer = puzzle.givens().clone();
                fewer.set(cell / n, cell % n, 0);
                let fewer = puzzle.with_givens(fewer).unwrap();
                solver.count(&fewer, Some(2)).solutions > 1
            })
    }

    #[test]
    fn symmetry_orbits_go_whole_and_minimal_checks_every_given() {
        let mut solver = VariantSolver::new();
        for (rules, jigsaw) in [
            (vec![Rule::Diagonal(Diagonal::Main)], false),
            (vec![Rule::AntiKnight], true),
            (vec![], true),
        ] {
            for symmetry in [Symmetry::Rot180, Symmetry::Mirror, Symmetry::Diagonals] {
                let mut options = options(rules.clone(), jigsaw);
                options.base.symmetry = symmetry;
                options.base.minimal = true;
                options.base.max_attempts = 1000;
                for index in 0..3 {
                    let made = VariantGenerator::new(options.clone())
                        .generate(7, index)
                        .unwrap();
                    let what = format!("{rules:?} {jigsaw} {symmetry} {index}");
                    assert!(symmetry.holds(made.puzzle.givens()), "{what}");
                    assert_eq!(solver.count(&made.puzzle, None).solutions, 1, "{what}");
                    assert!(made.puzzle.accepts(&made.solution), "{what}");
                    assert!(is_minimal(&mut solver, &made.puzzle), "{what}");
                    assert_eq!(made.puzzle.regions().is_some(), jigsaw, "{what}");
                }
            }
        }
    }

    #[test]
    fn a_difficulty_is_the_one_the_variant_rating_gives() {
        let mut solver = VariantSolver::new();
        let shape = Shape::CLASSIC;
        for difficulty in [
            Difficulty::Easy,
            Difficulty::Medium,
            Difficulty::Hard,
            Difficulty::Expert,
        ] {
            for (rules, jigsaw) in [(vec![], true), (vec![Rule::Windoku], false)] {
                let mut options = VariantGenerateOptions::new(shape, rules.clone(), jigsaw);
                options.base.difficulty = Some(difficulty);
                let made = VariantGenerator::new(options).generate(3, 1).unwrap();
                let rating = made.rating.expect("a difficulty rates");
                assert_eq!(rating.difficulty, difficulty, "{rules:?} {jigsaw}");
                assert_eq!(solver.rate(&made.puzzle), Ok(rating), "{rules:?} {jigsaw}");
            }
        }
    }

    #[test]
    fn attempts_are_bounded_and_the_error_names_the_options() {
        // No 4x4 grid keeps anti-king, whatever its regions: every draw fails.
        let mut options =
            VariantGenerateOptions::new(Shape::new(2, 2).unwrap(), vec![Rule::AntiKing], true);
        options.base.max_attempts = 7;
        options.base.symmetry = Symmetry::Rot180;
        let error = VariantGenerator::new(options.clone())
            .generate(1, 0)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "no 4x4 anti-king jigsaw puzzle (2x2 boxes) with rot180 symmetry found in 7 grids; \
             try other options"
        );
        // Without random regions, the rules themselves are at fault.
        options.jigsaw = false;
        let error = VariantGenerator::new(options).generate(1, 0).unwrap_err();
        assert_eq!(
            error,
            VariantGenerateError::Variant(VariantError::NoSolution { rules: 1 })
        );
    }

    #[test]
    fn the_checks_are_counted_and_a_puzzle_depends_on_its_seed_and_index_only() {
        let options = options(vec![Rule::Diagonal(Diagonal::Anti)], false);
        let mut generator = VariantGenerator::new(options.clone());
        let first = generator.generate(9, 0).unwrap();
        let second = generator.generate(9, 1).unwrap();
        assert_eq!(first.attempts, 1);
        // Each of the 36 cells is one orbit, tried once.
        assert_eq!(first.checks.singles + first.checks.searches, 36);
        assert_eq!(first.checks.forced_back + first.checks.unavoidable_sets, 0);
        assert_eq!(first.rating, None);
        // Alone on a new generator, puzzle 1 is the same.
        assert_eq!(
            VariantGenerator::new(options).generate(9, 1).unwrap(),
            second
        );
    }
}
