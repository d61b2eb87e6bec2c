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

/// The strongest step a puzzle needs, as a rating counts steps: the logic pass's three
/// kinds of steps, or search. Not a list of solving techniques; its name in output is
/// `technique` (JSON, Python) for the rating's readers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StrongestStep {
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

impl StrongestStep {
    /// The name used in output.
    pub fn name(self) -> &'static str {
        match self {
            StrongestStep::NakedSingles => "naked-singles",
            StrongestStep::HiddenSingles => "hidden-singles",
            StrongestStep::LockedCandidates => "locked-candidates",
            StrongestStep::Search => "search",
        }
    }
}

impl fmt::Display for StrongestStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The named difficulties, from easiest to hardest: the value of `--difficulty`, and the
/// `level` of a rating in JSON and Python.
///
/// ```
/// use sudoku_dlx::setter::{Difficulty, StrongestStep};
/// assert_eq!("hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
/// assert_eq!(Difficulty::of(StrongestStep::Search, 3.0), Difficulty::Expert);
/// assert_eq!(Difficulty::of(StrongestStep::HiddenSingles, 0.0).name(), "medium");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Naked singles alone solve it.
    Easy,
    /// Hidden singles are needed, and with them no more.
    Medium,
    /// Locked candidates are needed, and with them no guess.
    Hard,
    /// Search is needed, with at most [`Difficulty::EXPERT_GUESSES`] guesses (median).
    Expert,
    /// Search with more than [`Difficulty::EXPERT_GUESSES`] guesses.
    Extreme,
}

impl Difficulty {
    /// The most guesses (median) an `expert` puzzle takes. Chosen so that about one in
    /// twenty random minimal 9x9 puzzles is `extreme` (`generate --difficulty extreme` stays
    /// quick), while nearly all of the hardest published puzzles are.
    pub const EXPERT_GUESSES: f64 = 6.0;

    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
        }
    }

    /// The difficulty of a puzzle that needs `step` and, for search, `guesses` (median).
    pub fn of(step: StrongestStep, guesses: f64) -> Difficulty {
        match step {
            StrongestStep::NakedSingles => Difficulty::Easy,
            StrongestStep::HiddenSingles => Difficulty::Medium,
            StrongestStep::LockedCandidates => Difficulty::Hard,
            StrongestStep::Search if guesses <= Difficulty::EXPERT_GUESSES => Difficulty::Expert,
            StrongestStep::Search => Difficulty::Extreme,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Difficulty, UnknownName> {
        UnknownName::parse("difficulty", text, &Difficulty::ALL, |l| l.name())
    }
}

/// The difficulty of a puzzle with one solution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The named difficulty (`level` in JSON and Python).
    pub difficulty: Difficulty,
    /// The strongest step needed (`technique` in JSON and Python).
    pub strongest_step: StrongestStep,
    /// The median number of guesses over the fixed search orders (0 without search).
    pub guesses: f64,
    /// One number that orders puzzles: 1 for naked singles, 2 for hidden singles, 3 for
    /// locked candidates, and `4 + log2(guesses)` for search, so each doubling of the
    /// guesses adds one.
    pub score: f64,
}

impl Rating {
    pub(crate) fn new(step: StrongestStep, guesses: f64) -> Rating {
        let score = match step {
            StrongestStep::NakedSingles => 1.0,
            StrongestStep::HiddenSingles => 2.0,
            StrongestStep::LockedCandidates => 3.0,
            StrongestStep::Search => 4.0 + guesses.max(1.0).log2(),
        };
        Rating {
            difficulty: Difficulty::of(step, guesses),
            strongest_step: step,
            guesses,
            score,
        }
    }
}

impl fmt::Display for Rating {
    /// `expert (search, 5 guesses, score 6.32)`, or `medium (hidden-singles, score 2.00)`
    /// when no search is needed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}, ", self.difficulty, self.strongest_step)?;
        if self.strongest_step == StrongestStep::Search {
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
    /// the search the scale of [`Difficulty`] was set on, so that a rating stays what it was when
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
/// search the scale of [`Difficulty`] was set on) for the question and set back after; `transforms` keeps the fixed relabellings of the last
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
        LogicOutcome::Solved(_) => return Ok(Rating::new(StrongestStep::NakedSingles, 0.0)),
        LogicOutcome::Stuck(_) => {}
    }
    for (logic, step) in [
        (Logic::HiddenSingles, StrongestStep::HiddenSingles),
        (Logic::LockedCandidates, StrongestStep::LockedCandidates),
    ] {
        match solver.logic_pass(puzzle, logic) {
            LogicOutcome::Contradiction => return Err(NotUnique::NoSolution),
            LogicOutcome::Solved(_) => return Ok(Rating::new(step, 0.0)),
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
    Ok(Rating::new(StrongestStep::Search, guesses))
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
    fn difficulties_and_scores_follow_the_step_and_guesses() {
        use StrongestStep::*;
        for (step, guesses, difficulty) in [
            (NakedSingles, 0.0, Difficulty::Easy),
            (HiddenSingles, 0.0, Difficulty::Medium),
            (LockedCandidates, 0.0, Difficulty::Hard),
            (Search, 1.0, Difficulty::Expert),
            (Search, Difficulty::EXPERT_GUESSES, Difficulty::Expert),
            (Search, 6.5, Difficulty::Extreme),
        ] {
            assert_eq!(
                Difficulty::of(step, guesses),
                difficulty,
                "{step} {guesses}"
            );
        }
        let search = Rating::new(StrongestStep::Search, 8.0);
        assert_eq!(search.score, 7.0);
        assert_eq!(
            search.to_string(),
            "extreme (search, 8 guesses, score 7.00)"
        );
        let logic = Rating::new(StrongestStep::HiddenSingles, 0.0);
        assert_eq!(logic.to_string(), "medium (hidden-singles, score 2.00)");
        assert!(
            Rating::new(StrongestStep::Search, 1.0).score
                > Rating::new(StrongestStep::LockedCandidates, 0.0).score
        );
    }

    #[test]
    fn names_read_back_and_unknown_ones_list_the_choices() {
        for difficulty in Difficulty::ALL {
            assert_eq!(difficulty.name().parse::<Difficulty>().unwrap(), difficulty);
        }
        let error = "nightmare".parse::<Difficulty>().unwrap_err().to_string();
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
