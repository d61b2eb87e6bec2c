//! Difficulty ratings that mean something to a person and come out the same on every run.
//!
//! The level of a classic puzzle (side 9 or less) comes from its human solving path
//! ([`crate::human`]): the hardest step a person needs, taking at each point the easiest
//! that applies, on Sudoku Explainer's scale, in the bands of Sudoku Explainer's own
//! generator ([`Difficulty::se_ceiling`]).
//!
//! A rating also asks how much of the engine's logic pass solves the puzzle without
//! guessing: naked singles alone, hidden singles too, or locked candidates too. When none
//! does, search is needed, and its cost is the number of guesses (branch points) the engine
//! makes to find the solution and prove it is the only one. The engine branches in a fixed
//! order, so one count can be lucky; the rating takes the median over the puzzle and
//! [`RATING_TRANSFORMS`]` - 1` fixed relabellings of it (digits, rows within bands, bands,
//! columns, stacks, transposition), which are the same puzzle to a person but meet the
//! search in different orders. These give the score, and the level of variant puzzles and
//! of larger grids, which have no human path.

use super::random::SetterRng;
use super::transform::Transform;
use super::NotUnique;
use crate::human::{Explainer, PathEnd, Technique};
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
/// A classic puzzle of side 9 or less takes its level from its human solving path, by the
/// difficulty of its hardest step on Sudoku Explainer's scale ([`Difficulty::of_se`]), in the
/// bands Sudoku Explainer's generator uses. Variant puzzles and larger grids, which have no
/// human path, take it from the logic pass and the guesses ([`Difficulty::of`]).
///
/// ```
/// use sudoku_dlx::setter::{Difficulty, StrongestStep};
/// assert_eq!("hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
/// assert_eq!(Difficulty::of_se(4.2), Difficulty::Expert);
/// assert_eq!(Difficulty::of(StrongestStep::Search, 3.0), Difficulty::Expert);
/// assert_eq!(Difficulty::of(StrongestStep::HiddenSingles, 0.0).name(), "medium");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Full houses and hidden singles in boxes (SE 1.0 to 1.2); without a path, naked
    /// singles alone.
    Easy,
    /// Hidden singles in rows and columns too (SE 1.3 to 1.5); without a path, hidden
    /// singles.
    Medium,
    /// Steps without pencil marks: naked singles, and locked candidates and hidden subsets
    /// that leave a single (SE 1.6 to 2.5); without a path, locked candidates and no guess.
    Hard,
    /// Pencil marks, up to wings, fish, quads, unique rectangles and BUG+1, but no chain
    /// (SE 2.6 to 6.0); without a path, search with at most
    /// [`Difficulty::EXPERT_GUESSES`] guesses (median).
    Expert,
    /// Chains and forcing chains (SE above 6.0), or more than logic can do; without a path,
    /// search with more than [`Difficulty::EXPERT_GUESSES`] guesses.
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

    /// The highest difficulty on Sudoku Explainer's scale of a path at this level (the
    /// bands of Sudoku Explainer's generator: easy 1.2, medium 1.5, hard 2.5, expert 6.0),
    /// or `None` for `extreme`, which has no ceiling.
    pub fn se_ceiling(self) -> Option<f32> {
        match self {
            Difficulty::Easy => Some(1.2),
            Difficulty::Medium => Some(1.5),
            Difficulty::Hard => Some(2.5),
            Difficulty::Expert => Some(6.0),
            Difficulty::Extreme => None,
        }
    }

    /// The level of a solving path whose hardest step has difficulty `se` on Sudoku
    /// Explainer's scale.
    pub fn of_se(se: f32) -> Difficulty {
        Difficulty::ALL
            .into_iter()
            .find(|level| level.se_ceiling().is_none_or(|ceiling| se <= ceiling))
            .unwrap_or(Difficulty::Extreme)
    }

    /// The logic pass that solves the puzzles of this level without a human path
    /// (`easy`: naked singles, `medium`: hidden singles, `hard`: locked candidates), or
    /// `None` for the levels of search.
    pub fn logic(self) -> Option<Logic> {
        match self {
            Difficulty::Easy => Some(Logic::NakedSingles),
            Difficulty::Medium => Some(Logic::HiddenSingles),
            Difficulty::Hard => Some(Logic::LockedCandidates),
            Difficulty::Expert | Difficulty::Extreme => None,
        }
    }

    /// The difficulty of a puzzle that needs `step` and, for search, `guesses` (median):
    /// the level of puzzles without a human path.
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
    /// The named difficulty (`level` in JSON and Python): from the human path when there is
    /// one, else from the strongest step and the guesses.
    pub difficulty: Difficulty,
    /// The technique that decides the level (`hardest` in JSON and Python): the hardest step
    /// of the human path, or its first step above 6.0, where the path stops (the level is
    /// then `extreme`). `None` for variant puzzles and grids of side over 9, which have no
    /// human path, and when logic runs out before any step above 6.0.
    pub hardest: Option<Technique>,
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
            hardest: None,
            strongest_step: step,
            guesses,
            score,
        }
    }
}

impl Rating {
    /// The rating with its level taken from the human path of `puzzle`, for the shapes that
    /// have one (side 9 or less); `self` must be the rating of `puzzle`, which therefore has
    /// one solution.
    pub(crate) fn with_path(
        mut self,
        puzzle: &Grid,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Rating {
        if puzzle.shape().size() > 9 {
            return self;
        }
        let (difficulty, hardest) = path_level(puzzle, progress);
        self.difficulty = difficulty;
        self.hardest = hardest;
        self
    }
}

/// The explainer of ratings: the repertoire that Sudoku Explainer has (uniqueness
/// techniques included, since a rated puzzle is unique), without nested chains.
fn rating_explainer() -> Explainer {
    Explainer::new().extended(false).nested(false)
}

/// The level of `puzzle` (one solution) from its human solving path, and the technique
/// that decides it. The path goes as far as the `expert` ceiling allows; where it stops,
/// the level is `extreme` and the technique is the easiest step that goes on from there.
fn path_level(
    puzzle: &Grid,
    progress: &mut dyn FnMut(usize, usize),
) -> (Difficulty, Option<Technique>) {
    let expert = Difficulty::Expert.se_ceiling().unwrap_or(f32::INFINITY);
    let path = rating_explainer()
        .ceiling(expert)
        .explain_with_progress(puzzle, progress);
    let hardest = path.hardest().map(|step| step.technique);
    match path.end {
        PathEnd::Solved(_) => (Difficulty::of_se(path.difficulty()), hardest),
        PathEnd::Stuck(board) => {
            let next = rating_explainer().hint(&board).map(|step| step.technique);
            (Difficulty::Extreme, next)
        }
        // A rated puzzle has one solution, so this does not happen.
        PathEnd::Contradiction(_) => (Difficulty::Extreme, hardest),
    }
}

/// True when the human path solves `puzzle` with no step above `level`'s ceiling (any
/// path, for `extreme`): the removal rule of `generate --difficulty` for the levels of
/// a path.
pub(crate) fn solved_within(puzzle: &Grid, level: Difficulty) -> bool {
    let ceiling = level.se_ceiling().unwrap_or(f32::INFINITY);
    let path = rating_explainer().ceiling(ceiling).explain(puzzle);
    path.is_solved() && path.difficulty() <= ceiling
}

impl fmt::Display for Rating {
    /// `expert (xy-wing; search, 5 guesses, score 6.32)`, or `medium (hidden-single-line;
    /// hidden-singles, score 2.00)` when no search is needed; without a human path,
    /// `expert (search, 5 guesses, score 6.32)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (", self.difficulty)?;
        if let Some(hardest) = self.hardest {
            write!(f, "{hardest}; ")?;
        }
        write!(f, "{}, ", self.strongest_step)?;
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
        rate_on(
            &mut self.solver,
            &mut self.transforms,
            puzzle,
            &mut |_, _| {},
        )
    }
}

/// The rating of `puzzle` on `solver`, whose logic is set to that of [`Rater::default`] (the
/// search the scale of [`Difficulty`] was set on) for the question and set back after; `transforms` keeps the fixed relabellings of the last
/// shape rated (made only when search is needed). [`Rater::rate`], and
/// [`Answerer::rate`](crate::Answerer::rate) for [`Solver`].
/// `progress` hears the steps done of the total (see [`Answerer::rate_with_progress`](crate::Answerer::rate_with_progress)).
pub(crate) fn rate_on(
    solver: &mut Solver,
    transforms: &mut Vec<Transform>,
    puzzle: &Grid,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Rating, NotUnique> {
    let searches = RATING_TRANSFORMS as u64;
    let cells = puzzle.shape().cells() as u64;
    let total = searches + if puzzle.shape().size() > 9 { 0 } else { cells };
    let logic = solver.logic();
    solver.set_logic(Logic::LockedCandidatesBeforeSearch);
    let rating = rate_at_rating_logic(solver, transforms, puzzle, &mut |done| {
        progress(done, total)
    });
    solver.set_logic(logic);
    let interrupted = solver.was_interrupted();
    rating.map(|r| {
        if interrupted {
            return r;
        }
        r.with_path(puzzle, &mut |filled, _| {
            progress(searches + filled as u64, total)
        })
    })
}

/// [`rate_on`]'s body, on a solver at the rating's logic.
/// `counted` hears the number of searches counted so far.
fn rate_at_rating_logic(
    solver: &mut Solver,
    transforms: &mut Vec<Transform>,
    puzzle: &Grid,
    counted: &mut dyn FnMut(u64),
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
        counted(guesses.len() as u64);
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
    use crate::setter::{GenerateOptions, Generator};

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
    fn levels_of_a_path_follow_the_bands_of_sudoku_explainer() {
        for (se, level) in [
            (1.0, Difficulty::Easy),
            (1.2, Difficulty::Easy),
            (1.5, Difficulty::Medium),
            (1.7, Difficulty::Hard),
            (2.5, Difficulty::Hard),
            (2.6, Difficulty::Expert),
            (6.0, Difficulty::Expert),
            (6.6, Difficulty::Extreme),
            (11.9, Difficulty::Extreme),
        ] {
            assert_eq!(Difficulty::of_se(se), level, "{se}");
        }
        for level in Difficulty::ALL {
            let ceiling = level.se_ceiling();
            assert_eq!(ceiling.map(Difficulty::of_se), ceiling.map(|_| level));
        }
    }

    #[test]
    fn the_level_of_a_classic_puzzle_is_the_band_of_its_whole_path() {
        // The rating stops the path at its first step above 6.0; the whole path (as
        // `rate --scale se` takes it) must fall in the same band, and the technique named
        // must be the whole path's hardest where the level is below extreme.
        let explainer = Explainer::new().extended(false).nested(false);
        let mut rater = Rater::new();
        let mut generator = Generator::new(GenerateOptions::new(Shape::CLASSIC));
        let generated: Vec<(String, Grid)> = (0..40)
            .map(|k| {
                (
                    format!("generated {k}"),
                    generator.generate(7, k).unwrap().puzzle,
                )
            })
            .collect();
        let famous = FAMOUS
            .iter()
            .map(|s| (s.name.to_string(), s.puzzle.parse().unwrap()));
        let mut levels = std::collections::BTreeSet::new();
        for (name, puzzle) in famous.chain(generated) {
            let rating = rater.rate(&puzzle).unwrap();
            levels.insert(rating.difficulty);
            let path = explainer.explain(&puzzle);
            let whole = match path.is_solved() {
                true => Difficulty::of_se(path.difficulty()),
                false => Difficulty::Extreme,
            };
            assert_eq!(rating.difficulty, whole, "{name}");
            if whole < Difficulty::Extreme {
                let hardest = path.hardest().map(|step| step.technique);
                assert_eq!(rating.hardest, hardest, "{name}");
            } else {
                // The first step above 6.0, or none where logic runs out without nested
                // chains (the hardest famous puzzles).
                let above = rating.hardest.is_none_or(|t| t.difficulty() > 6.0);
                assert!(above, "{name}");
            }
        }
        assert!(levels.len() >= 4, "the sample spans the levels: {levels:?}");
        // Larger grids have no human path: the scale of the logic pass, no technique.
        let shape = Shape::new(4, 4).unwrap();
        let sixteen = Generator::new(GenerateOptions::new(shape)).generate(1, 0);
        let rating = rater.rate(&sixteen.unwrap().puzzle).unwrap();
        assert_eq!(rating.hardest, None);
        assert_eq!(
            rating.difficulty,
            Difficulty::of(rating.strongest_step, rating.guesses)
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
