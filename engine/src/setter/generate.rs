//! Puzzle generation: a random solution grid, then givens removed orbit by orbit (in a
//! random order) as long as the puzzle keeps its one solution. Everything but the rating
//! is fixed by the seed alone: removal decisions are exact, so a faster engine gives the
//! same puzzles (ratings, and the choice of `expert` and `extreme` puzzles, follow the
//! engine's search).
//!
//! One pass is enough for minimality without symmetry: a given kept because its removal
//! broke uniqueness stays necessary as more givens go, since a looser puzzle has at least
//! the same solutions. With a symmetry a whole orbit goes or stays, so `minimal` also checks
//! every given of a kept orbit alone and draws a new grid when one could go.

use super::fill::random_solution;
use super::random::SetterRng;
use super::rate::{Difficulty, Rater, Rating};
use super::removal::{Removal, RemovalStats};
use super::symmetry::Symmetry;
use crate::exact_cover::Interrupt;
use crate::{Grid, Logic, Shape};
use std::fmt;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The box shape.
    pub shape: Shape,
    /// The pattern the givens follow.
    pub symmetry: Symmetry,
    /// Every given necessary: removing any one breaks uniqueness. When false, grids of side
    /// 16 and more keep every given whose removal would leave the singles stuck (quick, and
    /// not minimal), and so do puzzles asked to be `easy`, `medium` or `hard`, with the
    /// logic of their level; other puzzles are reduced as far as the symmetry allows.
    pub minimal: bool,
    /// Only puzzles of this difficulty.
    pub difficulty: Option<Difficulty>,
    /// Rate every puzzle (always done when a difficulty is asked for).
    pub rate: bool,
    /// Grids to try for one puzzle before giving up (a difficulty or a symmetric minimal
    /// puzzle may need several).
    pub max_attempts: u64,
}

impl GenerateOptions {
    /// Classic 9x9, no symmetry, not necessarily minimal, any difficulty, no rating.
    pub fn new(shape: Shape) -> GenerateOptions {
        GenerateOptions {
            shape,
            symmetry: Symmetry::None,
            minimal: false,
            difficulty: None,
            rate: false,
            max_attempts: 10_000,
        }
    }

    /// How removals are judged for these options.
    pub(crate) fn removal_rule(&self) -> RemovalRule {
        match self.difficulty {
            Some(level @ (Difficulty::Easy | Difficulty::Medium | Difficulty::Hard))
                if !self.minimal =>
            {
                RemovalRule::Level(level)
            }
            None if !self.minimal && self.shape.size() >= 16 => {
                RemovalRule::Logic(Logic::HiddenSingles)
            }
            _ => RemovalRule::Unique,
        }
    }

    /// `no minimal extreme 9x9 {kind}puzzle (3x3 boxes) with rot90 symmetry found in 10000
    /// grids; try other options`, where `kind` names what else was asked (a variant's rules).
    pub(crate) fn write_not_found(&self, f: &mut fmt::Formatter<'_>, kind: &str) -> fmt::Result {
        let n = self.shape.size();
        f.write_str("no ")?;
        if self.minimal {
            f.write_str("minimal ")?;
        }
        if let Some(difficulty) = self.difficulty {
            write!(f, "{difficulty} ")?;
        }
        write!(f, "{n}x{n} {kind}puzzle ({} boxes)", self.shape)?;
        if self.symmetry != Symmetry::None {
            write!(f, " with {} symmetry", self.symmetry)?;
        }
        write!(
            f,
            " found in {} grids; try other options",
            self.max_attempts
        )
    }
}

/// When an orbit of givens may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RemovalRule {
    /// The puzzle keeps one solution.
    Unique,
    /// The logic pass at this level still solves it (so it keeps one solution).
    Logic(Logic),
    /// It stays at this level or below: its human path keeps within the level's ceiling,
    /// or, without a human path (variants, larger grids), the logic pass of the level
    /// ([`Difficulty::logic`]) still solves it.
    Level(Difficulty),
}

/// A puzzle being carved out of solution grids, classic or variant: what the generation
/// loop ([`search`]) asks of it.
pub(crate) trait Carving {
    /// Why no grid could be drawn at all (a variant's rules that no grid keeps).
    type Error;
    /// Draws a new solution grid and starts from it, every cell given; `Ok(false)` when
    /// this draw has none (random regions that no grid of the rules fits, or none that a
    /// bounded search found), which counts as a grid tried.
    fn draw(&mut self, rng: &mut SetterRng) -> Result<bool, Self::Error>;
    /// Empties the givens at `cells` if the puzzle stays unique without them.
    fn remove_if_unique(&mut self, cells: &[usize]) -> bool;
    /// Empties the givens at `cells` if the logic pass at `logic` still solves the puzzle.
    fn remove_if_solved_by(&mut self, cells: &[usize], logic: Logic) -> bool;
    /// Empties the givens at `cells` if the puzzle stays at `level` or below (see
    /// [`RemovalRule::Level`]).
    fn remove_if_within(&mut self, cells: &[usize], level: Difficulty) -> bool;
    /// True when the given at `cell` could go alone, the others staying.
    fn can_remove(&mut self, cell: usize) -> bool;
    /// True when `cell` holds a given.
    fn is_given(&self, cell: usize) -> bool;
    /// The rating of the puzzle as carved (it has one solution).
    fn rate(&mut self) -> Rating;
    /// True once the interrupt is set: answers are no longer to be trusted.
    fn is_interrupted(&self) -> bool;
}

/// What [`search`] found: the grids drawn, and the rating when one was made.
pub(crate) struct Found {
    pub(crate) attempts: u64,
    pub(crate) rating: Option<Rating>,
}

/// The generation loop shared by classic and variant puzzles: draws grids until one carves
/// into a puzzle that meets `options`, at most [`GenerateOptions::max_attempts`] of them.
/// `Ok(None)` when none did, or when the interrupt stopped the work. `progress` hears how
/// far it is after each orbit tried (see [`Generator::generate_with_progress`]).
pub(crate) fn search<C: Carving>(
    carving: &mut C,
    options: &GenerateOptions,
    orbits: &[Vec<usize>],
    order: &mut Vec<usize>,
    rng: &mut SetterRng,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Option<Found>, C::Error> {
    let rule = options.removal_rule();
    let cells = options.shape.cells() as u64;
    for attempt in 1..=options.max_attempts {
        if carving.is_interrupted() {
            break;
        }
        progress((attempt - 1) * cells, cells);
        if !carving.draw(rng)? {
            continue;
        }
        let mut tried = 0;
        carve(carving, rule, orbits, order, rng, &mut |orbit: usize| {
            tried += orbit as u64;
            progress((attempt - 1) * cells + tried, cells);
        });
        if carving.is_interrupted() {
            break;
        }
        if options.minimal && !is_minimal(carving, rule, orbits) {
            continue;
        }
        let rating = (options.rate || options.difficulty.is_some()).then(|| carving.rate());
        if options.difficulty.is_some() && rating.map(|r| r.difficulty) != options.difficulty {
            continue;
        }
        return Ok(Some(Found {
            attempts: attempt,
            rating,
        }));
    }
    Ok(None)
}

/// Removes orbits of givens in a random order while `rule` allows, telling `tried` the
/// size of each orbit once it is tried.
fn carve<C: Carving>(
    carving: &mut C,
    rule: RemovalRule,
    orbits: &[Vec<usize>],
    order: &mut Vec<usize>,
    rng: &mut SetterRng,
    tried: &mut dyn FnMut(usize),
) {
    // The same start for every puzzle, so that a puzzle depends only on its own stream.
    order.clear();
    order.extend(0..orbits.len());
    rng.shuffle(order);
    for &index in order.iter() {
        if carving.is_interrupted() {
            return;
        }
        let orbit = &orbits[index];
        match rule {
            RemovalRule::Unique => carving.remove_if_unique(orbit),
            RemovalRule::Logic(logic) => carving.remove_if_solved_by(orbit, logic),
            RemovalRule::Level(level) => carving.remove_if_within(orbit, level),
        };
        tried(orbit.len());
    }
}

/// True when no given can go alone. Removal by uniqueness has already tried each orbit of
/// one cell (see the module's notes), so only larger orbits need a look.
fn is_minimal<C: Carving>(carving: &mut C, rule: RemovalRule, orbits: &[Vec<usize>]) -> bool {
    let by_uniqueness = rule == RemovalRule::Unique;
    for orbit in orbits {
        if by_uniqueness && orbit.len() == 1 {
            continue;
        }
        for &cell in orbit {
            if carving.is_interrupted() {
                return false;
            }
            if carving.is_given(cell) && carving.can_remove(cell) {
                return false;
            }
        }
    }
    true
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its rating, when the options asked for one.
    pub rating: Option<Rating>,
    /// Solution grids drawn to find it (1 unless some were rejected).
    pub attempts: u64,
    /// How the removal checks made for it (rejected grids included) were decided.
    pub checks: RemovalStats,
}

/// No puzzle met the options within [`GenerateOptions::max_attempts`] grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateError {
    /// The options asked for.
    pub options: GenerateOptions,
}

impl fmt::Display for GenerateError {
    /// `no minimal extreme 9x9 puzzle (3x3 boxes) with rot90 symmetry found in 10000 grids;
    /// try other options`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.options.write_not_found(f, "")
    }
}

impl std::error::Error for GenerateError {}

/// Makes puzzles; keeps a solver and a rater, so keep one per thread.
#[derive(Clone, Debug)]
pub struct Generator {
    options: GenerateOptions,
    orbits: Vec<Vec<usize>>,
    /// The order the orbits are tried in.
    order: Vec<usize>,
    carving: ClassicCarving,
}

/// The classic side of [`Carving`]: the removal checks on one solution grid, and a rater.
#[derive(Clone, Debug)]
struct ClassicCarving {
    shape: Shape,
    removal: Removal,
    rater: Rater,
    solution: Grid,
}

impl Carving for ClassicCarving {
    type Error = std::convert::Infallible;

    fn draw(&mut self, rng: &mut SetterRng) -> Result<bool, Self::Error> {
        self.solution = random_solution(self.shape, rng);
        self.removal.restart(&self.solution, &self.solution);
        Ok(true)
    }

    fn remove_if_unique(&mut self, cells: &[usize]) -> bool {
        self.removal.remove_if_unique(cells)
    }

    fn remove_if_solved_by(&mut self, cells: &[usize], logic: Logic) -> bool {
        self.removal.remove_if_solved_by(cells, logic)
    }

    fn remove_if_within(&mut self, cells: &[usize], level: Difficulty) -> bool {
        self.removal.remove_if_within(cells, level)
    }

    fn can_remove(&mut self, cell: usize) -> bool {
        self.removal.can_remove(cell)
    }

    fn is_given(&self, cell: usize) -> bool {
        self.removal.puzzle().cells()[cell] != 0
    }

    fn rate(&mut self) -> Rating {
        self.rater
            .rate(self.removal.puzzle())
            .expect("a carved puzzle is unique")
    }

    fn is_interrupted(&self) -> bool {
        self.removal.is_interrupted()
    }
}

impl Generator {
    /// A generator for `options`.
    pub fn new(options: GenerateOptions) -> Generator {
        Generator {
            options,
            orbits: options.symmetry.orbits(options.shape.size()),
            order: Vec::new(),
            carving: ClassicCarving {
                shape: options.shape,
                removal: Removal::new(options.shape),
                rater: Rater::new(),
                solution: Grid::empty(options.shape),
            },
        }
    }

    /// Makes later calls watch `interrupt`: once it is set, [`generate`](Self::generate)
    /// stops within a few thousand search nodes with an error that is not to be reported
    /// as such ([`was_interrupted`](Self::was_interrupted) says so).
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.carving.removal.set_interrupt(interrupt.clone());
        self.carving.rater.set_interrupt(interrupt);
    }

    /// True when the interrupt is set, so that the last answer may have been cut short.
    pub fn was_interrupted(&self) -> bool {
        self.carving.removal.is_interrupted()
    }

    /// The options it generates for.
    pub fn options(&self) -> &GenerateOptions {
        &self.options
    }

    /// How the removal checks of every puzzle made so far were decided.
    pub fn removal_stats(&self) -> RemovalStats {
        self.carving.removal.stats()
    }

    /// Puzzle number `index` of the batch made with `seed`: the same on every run, on any
    /// thread, whatever else is generated.
    pub fn generate(&mut self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        self.generate_with_progress(seed, index, &mut |_, _| {})
    }

    /// [`generate`](Self::generate), telling `progress(done, total)` how far it is as it
    /// goes (the same puzzle): `total` is the cells of one grid, and `done` counts the
    /// cells whose removal was tried, over every grid drawn for this puzzle, so that
    /// `done / total` grids were given up and the current one is `done % total` cells
    /// through. It is called once per orbit of the symmetry tried (a few hundred times at
    /// most per grid), and at each grid drawn.
    ///
    /// ```
    /// use sudoku_dlx::setter::{GenerateOptions, Generator};
    /// use sudoku_dlx::Shape;
    ///
    /// let mut seen = Vec::new();
    /// let made = Generator::new(GenerateOptions::new(Shape::CLASSIC))
    ///     .generate_with_progress(7, 0, &mut |done, total| seen.push((done, total)))?;
    /// assert_eq!(seen.first(), Some(&(0, 81)));
    /// assert_eq!(seen.last(), Some(&(81 * made.attempts, 81)));
    /// # Ok::<(), sudoku_dlx::setter::GenerateError>(())
    /// ```
    pub fn generate_with_progress(
        &mut self,
        seed: u64,
        index: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Generated, GenerateError> {
        let mut rng = SetterRng::for_puzzle(seed, index);
        let options = self.options;
        let before = self.carving.removal.stats();
        let Ok(found) = search(
            &mut self.carving,
            &options,
            &self.orbits,
            &mut self.order,
            &mut rng,
            progress,
        );
        let found = found.ok_or(GenerateError { options })?;
        Ok(Generated {
            puzzle: self.carving.removal.puzzle().clone(),
            solution: self.carving.solution.clone(),
            rating: found.rating,
            attempts: found.attempts,
            checks: self.carving.removal.stats() - before,
        })
    }
}
