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
use super::rate::{Level, Rater, Rating};
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
    /// Only puzzles of this level.
    pub difficulty: Option<Level>,
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
    fn rule(&self) -> Rule {
        match self.difficulty {
            Some(Level::Easy) if !self.minimal => Rule::Logic(Logic::NakedSingles),
            Some(Level::Medium) if !self.minimal => Rule::Logic(Logic::HiddenSingles),
            Some(Level::Hard) if !self.minimal => Rule::Logic(Logic::LockedCandidates),
            None if !self.minimal && self.shape.size() >= 16 => Rule::Logic(Logic::HiddenSingles),
            _ => Rule::Unique,
        }
    }
}

/// When an orbit of givens may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// The puzzle keeps one solution.
    Unique,
    /// The logic pass at this level still solves it (so it keeps one solution).
    Logic(Logic),
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
        let options = &self.options;
        let n = options.shape.size();
        f.write_str("no ")?;
        if options.minimal {
            f.write_str("minimal ")?;
        }
        if let Some(level) = options.difficulty {
            write!(f, "{level} ")?;
        }
        write!(f, "{n}x{n} puzzle ({} boxes)", options.shape)?;
        if options.symmetry != Symmetry::None {
            write!(f, " with {} symmetry", options.symmetry)?;
        }
        write!(
            f,
            " found in {} grids; try other options",
            options.max_attempts
        )
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
    removal: Removal,
    rater: Rater,
}

impl Generator {
    /// A generator for `options`.
    pub fn new(options: GenerateOptions) -> Generator {
        Generator {
            options,
            orbits: options.symmetry.orbits(options.shape.size()),
            order: Vec::new(),
            removal: Removal::new(options.shape),
            rater: Rater::new(),
        }
    }

    /// Makes later calls watch `interrupt`: once it is set, [`generate`](Self::generate)
    /// stops within a few thousand search nodes with an error that is not to be reported
    /// as such ([`was_interrupted`](Self::was_interrupted) says so).
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.removal.set_interrupt(interrupt.clone());
        self.rater.set_interrupt(interrupt);
    }

    /// True when the interrupt is set, so that the last answer may have been cut short.
    pub fn was_interrupted(&self) -> bool {
        self.removal.is_interrupted()
    }

    /// The options it generates for.
    pub fn options(&self) -> &GenerateOptions {
        &self.options
    }

    /// How the removal checks of every puzzle made so far were decided.
    pub fn removal_stats(&self) -> RemovalStats {
        self.removal.stats()
    }

    /// Puzzle number `index` of the batch made with `seed`: the same on every run, on any
    /// thread, whatever else is generated.
    pub fn generate(&mut self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        let mut rng = SetterRng::for_puzzle(seed, index);
        let options = self.options;
        let before = self.removal.stats();
        for attempt in 1..=options.max_attempts {
            if self.removal.is_interrupted() {
                break;
            }
            let solution = random_solution(options.shape, &mut rng);
            self.removal.restart(&solution, &solution);
            self.carve(&mut rng);
            if self.removal.is_interrupted() {
                break;
            }
            if options.minimal && !self.is_minimal() {
                continue;
            }
            let puzzle = self.removal.puzzle().clone();
            let rating = if options.rate || options.difficulty.is_some() {
                Some(self.rater.rate(&puzzle).expect("a carved puzzle is unique"))
            } else {
                None
            };
            if options.difficulty.is_some() && rating.map(|r| r.level) != options.difficulty {
                continue;
            }
            return Ok(Generated {
                puzzle,
                solution,
                rating,
                attempts: attempt,
                checks: self.removal.stats() - before,
            });
        }
        Err(GenerateError { options })
    }

    /// Removes orbits of givens in a random order while the rule allows.
    fn carve(&mut self, rng: &mut SetterRng) {
        let rule = self.options.rule();
        // The same start for every puzzle, so that a puzzle depends only on its own stream.
        self.order.clear();
        self.order.extend(0..self.orbits.len());
        rng.shuffle(&mut self.order);
        for &index in &self.order {
            if self.removal.is_interrupted() {
                return;
            }
            let orbit = &self.orbits[index];
            match rule {
                Rule::Unique => self.removal.remove_if_unique(orbit),
                Rule::Logic(logic) => self.removal.remove_if_solved_by(orbit, logic),
            };
        }
    }

    /// True when no given can go alone. Removal by uniqueness has already tried each orbit
    /// of one cell (see the module's notes), so only larger orbits need a look.
    fn is_minimal(&mut self) -> bool {
        let by_uniqueness = self.options.rule() == Rule::Unique;
        for orbit in &self.orbits {
            if by_uniqueness && orbit.len() == 1 {
                continue;
            }
            for &cell in orbit {
                if self.removal.is_interrupted() {
                    return false;
                }
                if self.removal.puzzle().cells()[cell] != 0 && self.removal.can_remove(cell) {
                    return false;
                }
            }
        }
        true
    }
}
