//! Generating variant puzzles with the classic generator's loop
//! ([`GenerateOptions`]: symmetry, minimality, difficulty, attempts): a random solution grid
//! that keeps the rules (with random irregular regions for jigsaw), then the givens removed
//! orbit by orbit, in a random order, while the puzzle keeps its one solution (or, for
//! `easy`, `medium` and `hard`, while the logic of that level still solves it). Ratings are
//! those of [`VariantSolver::rate`](super::VariantSolver::rate), the rating `sudoku-dlx rate` gives a variant.
//!
//! The rules come from three places, which go together: the rules of the whole grid
//! ([`VariantGenerateOptions::rules`]); a setter's layout of cages, lines and dots
//! ([`VariantGenerateOptions::layout`]), whose solution grid is drawn at random among those
//! that keep it, and whose own givens stay; and families of rules that carry cells
//! ([`VariantGenerateOptions::placed`]: killer cages, kropki dots, thermometers...), placed
//! on each solution grid drawn, from its digits (`place`), before the givens go. So a
//! puzzle whose rules alone make it unique comes out with no givens at all.

mod carving;
mod place;
#[cfg(test)]
mod tests;

use super::{Rule, RuleName, Variant, VariantError};
use crate::exact_cover::Interrupt;
use crate::setter::{search, Carving, GenerateOptions, Rating, RemovalStats, SetterRng};
use crate::{Grid, Shape};
#[cfg(test)]
pub(super) use carving::random_regions;
use carving::VariantCarving;
use std::fmt;

/// What to generate: the classic options (shape, symmetry, minimality, difficulty, rating,
/// attempts; see [`GenerateOptions`]), the rules every puzzle keeps, whether its regions
/// are made at random, a setter's layout, and the families of rules placed at random.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantGenerateOptions {
    /// The options shared with classic generation, with the same meaning.
    pub base: GenerateOptions,
    /// The rules every puzzle keeps.
    pub rules: Vec<Rule>,
    /// Irregular regions made at random for each grid drawn (jigsaw).
    pub jigsaw: bool,
    /// A setter's layout: its regions, rules and givens are every puzzle's, and its shape
    /// must be `base.shape` (see [`from_layout`](Self::from_layout)). The givens it has
    /// stay; the generator adds its own and removes those.
    pub layout: Option<Variant>,
    /// Families of rules with cells ([`RuleName::PLACED`]) placed on each solution grid
    /// drawn, from its digits.
    pub placed: Vec<RuleName>,
}

impl VariantGenerateOptions {
    /// Puzzles of `shape` with `rules` (and random regions with `jigsaw`), with the classic
    /// defaults: no symmetry, any difficulty, no rating (see [`GenerateOptions::new`]).
    pub fn new(shape: Shape, rules: Vec<Rule>, jigsaw: bool) -> VariantGenerateOptions {
        VariantGenerateOptions {
            base: GenerateOptions::new(shape),
            rules,
            jigsaw,
            layout: None,
            placed: Vec::new(),
        }
    }

    /// Puzzles with `base`'s options and the rules `names` stand for, as `generate --rules`
    /// takes them: the rules of the whole grid each name means (each once), and the
    /// families of rules with cells ([`RuleName::is_placed`]) placed on each solution grid;
    /// regions made at random with `jigsaw`.
    ///
    /// ```
    /// use sudoku_dlx::setter::GenerateOptions;
    /// use sudoku_dlx::variant::{Rule, RuleName, VariantGenerateOptions};
    /// use sudoku_dlx::Shape;
    ///
    /// let names = [RuleName::Killer, RuleName::AntiKnight, RuleName::AntiKnight];
    /// let base = GenerateOptions::new(Shape::CLASSIC);
    /// let options = VariantGenerateOptions::with_rule_names(base, &names, false);
    /// assert_eq!(options.rules, vec![Rule::AntiKnight]);
    /// assert_eq!(options.placed, vec![RuleName::Killer]);
    /// ```
    pub fn with_rule_names(
        base: GenerateOptions,
        names: &[RuleName],
        jigsaw: bool,
    ) -> VariantGenerateOptions {
        let mut rules = Vec::new();
        for rule in names.iter().flat_map(|name| name.rules()) {
            if !rules.contains(&rule) {
                rules.push(rule);
            }
        }
        VariantGenerateOptions {
            base,
            rules,
            jigsaw,
            layout: None,
            placed: names
                .iter()
                .copied()
                .filter(|name| name.is_placed())
                .collect(),
        }
    }

    /// Puzzles on a setter's `layout`, of its shape, with the classic defaults.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Rule, Variant, VariantGenerateOptions, VariantGenerator};
    /// use sudoku_dlx::{Grid, Shape};
    ///
    /// // Two cages on the empty 4x4 grid: the totals stay the setter's.
    /// let cages = vec![
    ///     Rule::Killer { cells: vec![0, 1], sum: Some(3) },
    ///     Rule::Killer { cells: vec![14, 15], sum: Some(7) },
    /// ];
    /// let layout = Variant::new(Grid::empty(Shape::new(2, 2)?), None, cages)?;
    /// let made = VariantGenerator::new(VariantGenerateOptions::from_layout(layout.clone()))
    ///     .generate(1, 0)?;
    /// assert_eq!(made.puzzle.rules(), layout.rules());
    /// assert!(made.puzzle.accepts(&made.solution));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_layout(layout: Variant) -> VariantGenerateOptions {
        let mut options = VariantGenerateOptions::new(layout.shape(), Vec::new(), false);
        options.layout = Some(layout);
        options
    }

    /// What the puzzles are, for messages: `killer anti-knight jigsaw ` (each name followed by
    /// a space), `layout ` for a setter's layout.
    fn kind(&self) -> String {
        let mut kind: String = self.placed.iter().map(|name| format!("{name} ")).collect();
        if self.layout.is_some() {
            kind.push_str("layout ");
        }
        for rule in &self.rules {
            kind.push_str(&format!("{} ", rule.name()));
        }
        if self.jigsaw {
            kind.push_str("jigsaw ");
        }
        kind
    }
}

/// A generated variant puzzle and its solution.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantGenerated {
    /// The puzzle: exactly one solution, with the rules (and regions) asked for.
    pub puzzle: Variant,
    /// Its one solution.
    pub solution: Grid,
    /// Its rating by [`VariantSolver::rate`](super::VariantSolver::rate), when the options asked for one.
    pub rating: Option<Rating>,
    /// Solution grids drawn to find it (1 unless some were rejected).
    pub attempts: u64,
    /// How the removal checks made for it (rejected grids included) were decided: by an
    /// unavoidable set of the solution whose rearranged grid keeps the rules too, left
    /// without a given (`unavoidable_sets`, no search), by the logic pass alone (`singles`,
    /// counting the checks whose search made no guess) or by a search with guesses. The
    /// other classic shortcut (`forced_back`) does not apply to variants and stays 0.
    pub checks: RemovalStats,
}

/// Why no variant puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantGenerateError {
    /// The rules do not make a puzzle: they cannot be built, or no grid keeps them.
    Variant(VariantError),
    /// No puzzle met the options within [`GenerateOptions::max_attempts`] grids.
    NotFound(Box<VariantGenerateOptions>),
    /// The layout's grid is not of the shape asked for.
    LayoutShape {
        /// The layout's shape.
        layout: Shape,
        /// The shape of the options.
        asked: Shape,
    },
    /// Random regions were asked for with a layout, whose rules are drawn on its own
    /// regions.
    JigsawLayout,
    /// A name that is not a family of rules with cells was asked to be placed.
    NotPlaced(RuleName),
    /// No grid keeps the layout's rules and givens (with the rules of the whole grid
    /// asked for).
    LayoutNoSolution {
        /// How many rules there are, the layout's and the others.
        rules: usize,
    },
}

impl fmt::Display for VariantGenerateError {
    /// The rules' error, or `no minimal easy 9x9 anti-knight jigsaw puzzle (3x3 boxes) with
    /// rot180 symmetry found in 10000 grids; try other options`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantGenerateError::Variant(error) => error.fmt(f),
            VariantGenerateError::NotFound(options) => {
                options.base.write_not_found(f, &options.kind())
            }
            VariantGenerateError::LayoutShape { layout, asked } => write!(
                f,
                "the layout's grid has {layout} boxes, and {asked} boxes were asked for"
            ),
            VariantGenerateError::JigsawLayout => f.write_str(
                "random regions cannot go with a layout: its cages and lines are drawn on its \
                 own regions",
            ),
            VariantGenerateError::LayoutNoSolution { rules } => {
                match rules {
                    1 => f.write_str("no grid keeps the layout with this rule")?,
                    _ => write!(f, "no grid keeps the layout with these {rules} rules")?,
                }
                f.write_str(" and its givens: no puzzle can be made on it")
            }
            VariantGenerateError::NotPlaced(name) => write!(
                f,
                "{name} is a rule of the whole grid, not a family of rules placed on the grid"
            ),
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
///
/// Families of rules with cells are placed on each solution grid drawn:
///
/// ```
/// use sudoku_dlx::variant::{Rule, RuleName, VariantGenerateOptions, VariantGenerator};
/// use sudoku_dlx::Shape;
///
/// let mut options = VariantGenerateOptions::new(Shape::new(2, 3)?, vec![], false);
/// options.placed = vec![RuleName::Killer];
/// let made = VariantGenerator::new(options).generate(4, 0)?;
/// // The cages cover the grid, each with the total of its digits in the solution.
/// let covered: usize = made.puzzle.rules().iter().map(|rule| rule.cells().len()).sum();
/// assert_eq!(covered, 36);
/// assert!(made.puzzle.rules().iter().all(|rule| matches!(rule, Rule::Killer { sum: Some(_), .. })));
/// assert!(made.puzzle.accepts(&made.solution));
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
        VariantGenerator {
            orbits: options.base.symmetry.orbits(options.base.shape.size()),
            order: Vec::new(),
            carving: VariantCarving::new(&options),
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
        self.carving.set_interrupt(interrupt);
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
        self.generate_with_progress(seed, index, &mut |_, _| {})
    }

    /// [`generate`](Self::generate), telling `progress(done, total)` how far it is as it
    /// goes, as [`Generator::generate_with_progress`](crate::setter::Generator::generate_with_progress)
    /// does: `total` is the cells of one grid, `done` the cells whose removal was tried
    /// over every grid drawn for this puzzle.
    pub fn generate_with_progress(
        &mut self,
        seed: u64,
        index: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<VariantGenerated, VariantGenerateError> {
        self.check_options()?;
        let mut rng = SetterRng::for_puzzle(seed, index);
        let before = self.carving.stats;
        let found = search(
            &mut self.carving,
            &self.options.base,
            &self.orbits,
            &mut self.order,
            &mut rng,
            progress,
        )
        .map_err(|error| match error {
            VariantError::NoSolution { rules } if self.options.layout.is_some() => {
                VariantGenerateError::LayoutNoSolution { rules }
            }
            error => VariantGenerateError::Variant(error),
        })?;
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

    /// The options' own contradictions, found before any grid is drawn.
    fn check_options(&self) -> Result<(), VariantGenerateError> {
        let options = &self.options;
        if let Some(name) = options.placed.iter().find(|name| !name.is_placed()) {
            return Err(VariantGenerateError::NotPlaced(*name));
        }
        if let Some(layout) = &options.layout {
            if options.jigsaw {
                return Err(VariantGenerateError::JigsawLayout);
            }
            if layout.shape() != options.base.shape {
                return Err(VariantGenerateError::LayoutShape {
                    layout: layout.shape(),
                    asked: options.base.shape,
                });
            }
        }
        Ok(())
    }
}
