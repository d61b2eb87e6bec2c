//! Difficulty ratings that mean something to a person and come out the same on every run.
//!
//! A rating first asks how much logic solves the puzzle without guessing: naked singles
//! alone, hidden singles too, or locked candidates too. When none does, search is needed, and its cost is the
//! number of guesses (branch points) the engine makes to find the solution and prove it is
//! the only one. The engine branches in a fixed order, so one count can be lucky; the rating
//! takes the median over the puzzle and [`RATING_TRANSFORMS`]` - 1` fixed relabellings of it
//! (digits, rows within bands, bands, columns, stacks, transposition), which are the same
//! puzzle to a person but meet the search in different orders.

use super::random::SetterRng;
use super::transform::Transform;
use super::NotUnique;
use crate::sudoku::LogicOutcome;
use crate::UnknownName;
use crate::{median, Grid, Logic, Shape, Solver};
use std::fmt;
use std::str::FromStr;

/// How many orders of the search a rating takes the median over (the puzzle itself included).
pub const RATING_TRANSFORMS: usize = 9;

/// The seed of the fixed relabellings; changing it changes every rating.
const RATING_SEED: u64 = 0x5E77_E125;

/// The strongest step a puzzle needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// Filling cells that have one candidate left solves it.
    NakedSingles,
    /// It also needs digits that have one place left in a row, column or box.
    HiddenSingles,
    /// It also needs locked candidates: a digit whose places in a box lie in one line (or
    /// in a line, in one box) leaves the rest of that line (or box).
    LockedCandidates,
    /// The logic pass gets stuck: it needs trial and error (or techniques beyond singles).
    Search,
}

impl Technique {
    /// The name used in output.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingles => "naked-singles",
            Technique::HiddenSingles => "hidden-singles",
            Technique::LockedCandidates => "locked-candidates",
            Technique::Search => "search",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The named difficulty levels, from easiest to hardest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Naked singles alone solve it.
    Easy,
    /// Hidden singles are needed, and with them no more.
    Medium,
    /// Locked candidates are needed, and with them no guess.
    Hard,
    /// Search is needed, with at most [`Level::EXPERT_GUESSES`] guesses (median).
    Expert,
    /// Search with more than [`Level::EXPERT_GUESSES`] guesses.
    Extreme,
}

impl Level {
    /// The most guesses (median) an `expert` puzzle takes. Chosen so that about one in
    /// twenty random minimal 9x9 puzzles is `extreme` (`generate --difficulty extreme` stays
    /// quick), while nearly all of the hardest published puzzles are.
    pub const EXPERT_GUESSES: f64 = 6.0;

    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }

    /// The level of a puzzle that needs `technique` and, for search, `guesses` (median).
    pub fn of(technique: Technique, guesses: f64) -> Level {
        match technique {
            Technique::NakedSingles => Level::Easy,
            Technique::HiddenSingles => Level::Medium,
            Technique::LockedCandidates => Level::Hard,
            Technique::Search if guesses <= Level::EXPERT_GUESSES => Level::Expert,
            Technique::Search => Level::Extreme,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Level, UnknownName> {
        UnknownName::parse("difficulty", text, &Level::ALL, |l| l.name())
    }
}

/// The difficulty of a puzzle with one solution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The named level.
    pub level: Level,
    /// The strongest step needed.
    pub technique: Technique,
    /// The median number of guesses over the fixed search orders (0 without search).
    pub guesses: f64,
    /// One number that orders puzzles: 1 for naked singles, 2 for hidden singles, 3 for
    /// locked candidates, and `4 + log2(guesses)` for search, so each doubling of the
    /// guesses adds one.
    pub score: f64,
}

impl Rating {
    pub(crate) fn new(technique: Technique, guesses: f64) -> Rating {
        let score = match technique {
            Technique::NakedSingles => 1.0,
            Technique::HiddenSingles => 2.0,
            Technique::LockedCandidates => 3.0,
            Technique::Search => 4.0 + guesses.max(1.0).log2(),
        };
        Rating {
            level: Level::of(technique, guesses),
            technique,
            guesses,
            score,
        }
    }
}

impl fmt::Display for Rating {
    /// `expert (search, 5 guesses, score 6.32)`, or `medium (hidden-singles, score 2.00)`
    /// when no search is needed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}, ", self.level, self.technique)?;
        if self.technique == Technique::Search {
            write!(f, "{} guesses, ", self.guesses)?;
        }
        write!(f, "score {:.2})", self.score)
    }
}

/// Rates puzzles; keeps its solver and the fixed relabellings of the last shape it saw.
#[derive(Clone, Debug)]
pub struct Rater {
    solver: Solver,
    transforms: Vec<Transform>,
}

impl Default for Rater {
    /// The guesses are counted by a search without locked candidates at its branch points:
    /// the search the scale of [`Level`] was set on, so that a rating stays what it was when
    /// the solver's default search grows stronger.
    fn default() -> Rater {
        Rater {
            solver: Solver::with_logic(Logic::LockedCandidatesBeforeSearch),
            transforms: Vec::new(),
        }
    }
}

impl Rater {
    /// A rater with its own solver.
    pub fn new() -> Rater {
        Rater::default()
    }

    /// Makes later calls watch `interrupt`: once it is set, [`rate`](Self::rate) stops
    /// within a few thousand search nodes, and its answer is not to be used
    /// ([`was_interrupted`](Self::was_interrupted) says so).
    pub fn set_interrupt(&mut self, interrupt: Option<crate::exact_cover::Interrupt>) {
        self.solver.set_interrupt(interrupt);
    }

    /// True when the interrupt is set, so that the last answer may have been cut short.
    pub fn was_interrupted(&self) -> bool {
        self.solver
            .interrupt()
            .is_some_and(crate::exact_cover::Interrupt::is_set)
    }

    /// The rating of `puzzle`, or why it has none.
    pub fn rate(&mut self, puzzle: &Grid) -> Result<Rating, NotUnique> {
        rate_on(&mut self.solver, &mut self.transforms, puzzle)
    }
}

/// The rating of `puzzle` on `solver`, whose logic is set to that of [`Rater::default`] (the
/// search the scale of [`Level`] was set on) for the question and set back after; `transforms` keeps the fixed relabellings of the last
/// shape rated (made only when search is needed). [`Rater::rate`], and
/// [`Answerer::rate`](crate::Answerer::rate) for [`Solver`].
pub(crate) fn rate_on(
    solver: &mut Solver,
    transforms: &mut Vec<Transform>,
    puzzle: &Grid,
) -> Result<Rating, NotUnique> {
    let logic = solver.logic();
    solver.set_logic(Logic::LockedCandidatesBeforeSearch);
    let rating = rate_at_rating_logic(solver, transforms, puzzle);
    solver.set_logic(logic);
    rating
}

/// [`rate_on`]'s body, on a solver at the rating's logic.
fn rate_at_rating_logic(
    solver: &mut Solver,
    transforms: &mut Vec<Transform>,
    puzzle: &Grid,
) -> Result<Rating, NotUnique> {
    match solver.logic_pass(puzzle, Logic::NakedSingles) {
        LogicOutcome::Contradiction => return Err(NotUnique::NoSolution),
        LogicOutcome::Solved(_) => return Ok(Rating::new(Technique::NakedSingles, 0.0)),
        LogicOutcome::Stuck(_) => {}
    }
    for (logic, technique) in [
        (Logic::HiddenSingles, Technique::HiddenSingles),
        (Logic::LockedCandidates, Technique::LockedCandidates),
    ] {
        match solver.logic_pass(puzzle, logic) {
            LogicOutcome::Contradiction => return Err(NotUnique::NoSolution),
            LogicOutcome::Solved(_) => return Ok(Rating::new(technique, 0.0)),
            LogicOutcome::Stuck(_) => {}
        }
    }
    prepare(transforms, puzzle.shape());
    let mut guesses = Vec::with_capacity(RATING_TRANSFORMS);
    for transform in transforms.iter() {
        let moved = transform.apply(puzzle);
        let count = solver.count(&moved, Some(2));
        if solver.was_interrupted() {
            break;
        }
        match count.solutions {
            0 => return Err(NotUnique::NoSolution),
            1 => guesses.push(solver.stats().search.guesses as f64),
            _ => return Err(NotUnique::MultipleSolutions),
        }
    }
    // Empty only when interrupted, and then the answer is not to be used.
    let guesses = median(&mut guesses).unwrap_or(0.0);
    Ok(Rating::new(Technique::Search, guesses))
}

/// Makes `transforms` the fixed relabellings of `shape`, unless they already are.
fn prepare(transforms: &mut Vec<Transform>, shape: Shape) {
    if transforms.first().is_some_and(|t| t.shape() == shape) {
        return;
    }
    *transforms = (0..RATING_TRANSFORMS as u64)
        .map(|k| match k {
            0 => Transform::identity(shape),
            _ => Transform::random(shape, &mut SetterRng::for_puzzle(RATING_SEED, k)),
        })
        .collect();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::FAMOUS;

    #[test]
    fn levels_and_scores_follow_the_technique_and_guesses() {
        assert_eq!(Level::of(Technique::NakedSingles, 0.0), Level::Easy);
        assert_eq!(Level::of(Technique::HiddenSingles, 0.0), Level::Medium);
        assert_eq!(Level::of(Technique::LockedCandidates, 0.0), Level::Hard);
        assert_eq!(Level::of(Technique::Search, 1.0), Level::Expert);
        assert_eq!(
            Level::of(Technique::Search, Level::EXPERT_GUESSES),
            Level::Expert
        );
        assert_eq!(Level::of(Technique::Search, 6.5), Level::Extreme);
        let search = Rating::new(Technique::Search, 8.0);
        assert_eq!(search.score, 7.0);
        assert_eq!(
            search.to_string(),
            "extreme (search, 8 guesses, score 7.00)"
        );
        let logic = Rating::new(Technique::HiddenSingles, 0.0);
        assert_eq!(logic.to_string(), "medium (hidden-singles, score 2.00)");
        assert!(
            Rating::new(Technique::Search, 1.0).score
                > Rating::new(Technique::LockedCandidates, 0.0).score
        );
    }

    #[test]
    fn names_read_back_and_unknown_ones_list_the_choices() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>().unwrap(), level);
        }
        let error = "nightmare".parse::<Level>().unwrap_err().to_string();
        assert_eq!(
            error,
            "unknown difficulty 'nightmare': choose one of easy, medium, hard, expert, extreme"
        );
    }

    #[test]
    fn puzzles_without_one_solution_have_no_rating() {
        let mut rater = Rater::new();
        let mut puzzle: Grid = FAMOUS[2].puzzle.parse().unwrap();
        puzzle.set(0, 0, 0);
        assert_eq!(rater.rate(&puzzle), Err(NotUnique::MultipleSolutions));
        let broken: Grid =
            "12345678.........9..............................................................."
                .parse()
                .unwrap();
        assert_eq!(rater.rate(&broken), Err(NotUnique::NoSolution));
        assert_eq!(
            rater.rate(&Grid::empty(Shape::new(2, 2).unwrap())),
            Err(NotUnique::MultipleSolutions)
        );
    }
}
