//! The solving path: at each point the easiest step that applies, as Sudoku Explainer
//! takes it, until the grid is solved or logic runs out.

use super::board::Board;
use super::forcing::{forcing, Mode};
use super::step::{Step, Technique};
use super::{chains, fish, singles, subsets, uniqueness, wings};
use crate::Grid;

/// How a path ended.
#[derive(Clone, Debug, PartialEq)]
pub enum PathEnd {
    /// Every cell holds a value: the solution.
    Solved(Grid),
    /// No technique of the repertoire applies: the board where logic ran out.
    Stuck(Board),
    /// The board contradicts itself (the puzzle has no solution): where, in words.
    Contradiction(String),
}

/// A solving path: the steps, each the easiest that applied, and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How the path ended.
    pub end: PathEnd,
}

impl Path {
    /// The difficulty of the hardest step, on Sudoku Explainer's scale: the puzzle's
    /// rating when the path solved it (0 for a path of no step).
    pub fn difficulty(&self) -> f32 {
        self.steps.iter().map(|s| s.difficulty).fold(0.0, f32::max)
    }

    /// The hardest step (the first of the hardest, when several tie).
    pub fn hardest(&self) -> Option<&Step> {
        self.steps
            .iter()
            .fold(None, |best: Option<&Step>, s| match best {
                Some(b) if b.difficulty >= s.difficulty => Some(b),
                _ => Some(s),
            })
    }

    /// True when the path solved the puzzle.
    pub fn is_solved(&self) -> bool {
        matches!(self.end, PathEnd::Solved(_))
    }
}

/// Finds solving paths and hints with the human repertoire.
///
/// ```
/// use sudoku_dlx::human::{Explainer, Technique};
/// use sudoku_dlx::Grid;
///
/// // Sudoku Explainer rates it 3.4: its hardest step is a hidden pair.
/// let puzzle: Grid =
///     "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6....."
///         .parse()?;
/// let path = Explainer::new().explain(&puzzle);
/// assert!(path.is_solved());
/// assert_eq!(path.difficulty(), 3.4);
/// assert_eq!(path.hardest().unwrap().technique, Technique::HiddenPair);
/// assert_eq!(path.steps[0].technique, Technique::HiddenSingleBox);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Explainer {
    uniqueness: bool,
    extended: bool,
    nested: bool,
    ceiling: f32,
}

impl Default for Explainer {
    fn default() -> Self {
        Explainer::new()
    }
}

impl Explainer {
    /// An explainer with the whole repertoire, uniqueness techniques included.
    pub fn new() -> Explainer {
        Explainer {
            uniqueness: true,
            extended: true,
            nested: true,
            ceiling: f32::INFINITY,
        }
    }

    /// Leaves out the techniques whose difficulty ([`Technique::difficulty`]) is above
    /// `ceiling`: the path then ends stuck where only they would go on. A step of a
    /// technique within the ceiling may still rate above it (a longer chain); the path's
    /// [`Path::difficulty`] says so. Levels of `rate` and `generate --difficulty` use it,
    /// since a path that needs more than a level allows need not be found in full.
    pub fn ceiling(mut self, ceiling: f32) -> Explainer {
        self.ceiling = ceiling;
        self
    }

    /// Whether nested forcing chains (forcing chains inside forcing chains, Sudoku
    /// Explainer's 9.5 and up) may be used: they take seconds a step. Without them the
    /// hardest puzzles end stuck.
    pub fn nested(mut self, allowed: bool) -> Explainer {
        self.nested = allowed;
        self
    }

    /// Whether the techniques that Sudoku Explainer does not have (finned fish, W-wings,
    /// AICs with grouped nodes) may be used. Without them the path is the one Sudoku
    /// Explainer takes, as near as our techniques follow its, and its difficulty is the
    /// one to compare with SE's ratings (`rate --scale se`); with them (the default) a
    /// path may be easier to follow, and its difficulty lower.
    pub fn extended(mut self, allowed: bool) -> Explainer {
        self.extended = allowed;
        self
    }

    /// Whether the uniqueness techniques (unique rectangles, BUG+1) may be used: they
    /// assume the puzzle has one solution.
    pub fn uniqueness(mut self, allowed: bool) -> Explainer {
        self.uniqueness = allowed;
        self
    }

    /// The solving path of `puzzle`.
    pub fn explain(&self, puzzle: &Grid) -> Path {
        self.explain_board(Board::new(puzzle))
    }

    /// [`explain`](Self::explain), telling `progress(filled, cells)` after each step how
    /// many cells of the grid hold a digit.
    pub fn explain_with_progress(
        &self,
        puzzle: &Grid,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Path {
        self.explain_board_with_progress(Board::new(puzzle), progress)
    }

    /// The solving path from `board` (a puzzle in progress, or pencil marks).
    pub fn explain_board(&self, board: Board) -> Path {
        self.explain_board_with_progress(board, &mut |_, _| {})
    }

    /// [`explain_board`](Self::explain_board), telling `progress(filled, cells)` after each
    /// step how many cells hold a digit.
    pub fn explain_board_with_progress(
        &self,
        mut board: Board,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Path {
        let cells = board.shape().cells();
        let mut steps = Vec::new();
        loop {
            if let Some(wrong) = board.contradiction() {
                let end = PathEnd::Contradiction(wrong.describe(&board.layout));
                return Path { steps, end };
            }
            if board.is_solved() {
                let end = PathEnd::Solved(board.grid());
                return Path { steps, end };
            }
            match self.hint(&board) {
                Some(step) => {
                    apply(&mut board, &step);
                    steps.push(step);
                    let filled = (0..cells)
                        .filter(|&cell| board.value(cell).is_some())
                        .count();
                    progress(filled, cells);
                }
                None => {
                    return Path {
                        steps,
                        end: PathEnd::Stuck(board),
                    }
                }
            }
        }
    }

    /// The easiest step on `board`, if any technique applies.
    pub fn hint(&self, board: &Board) -> Option<Step> {
        type Finder = fn(&Board) -> Option<Step>;
        let simple: [(Technique, Finder); 23] = [
            (Technique::FullHouse, singles::full_house),
            (Technique::HiddenSingleBox, |b| {
                singles::hidden_single(b, true)
            }),
            (Technique::HiddenSingleLine, |b| {
                singles::hidden_single(b, false)
            }),
            (Technique::DirectPointing, |b| {
                subsets::locked_candidates(b, true, true)
            }),
            (Technique::DirectClaiming, |b| {
                subsets::locked_candidates(b, false, true)
            }),
            (Technique::DirectHiddenPair, |b| {
                subsets::hidden_subset(b, 2, true)
            }),
            (Technique::NakedSingle, singles::naked_single),
            (Technique::DirectHiddenTriple, |b| {
                subsets::hidden_subset(b, 3, true)
            }),
            (Technique::Pointing, |b| {
                subsets::locked_candidates(b, true, false)
            }),
            (Technique::Claiming, |b| {
                subsets::locked_candidates(b, false, false)
            }),
            (Technique::NakedPair, |b| subsets::naked_subset(b, 2)),
            (Technique::XWing, |b| fish::fish(b, 2, false)),
            (Technique::HiddenPair, |b| {
                subsets::hidden_subset(b, 2, false)
            }),
            (Technique::NakedTriple, |b| subsets::naked_subset(b, 3)),
            (Technique::Swordfish, |b| fish::fish(b, 3, false)),
            (Technique::HiddenTriple, |b| {
                subsets::hidden_subset(b, 3, false)
            }),
            (Technique::XyWing, |b| wings::xy_wing(b, false)),
            (Technique::XyzWing, |b| wings::xy_wing(b, true)),
            (Technique::UniqueRectangle1, |b| {
                (1..=4).find_map(|k| uniqueness::unique_rectangle(b, k))
            }),
            (Technique::NakedQuad, |b| subsets::naked_subset(b, 4)),
            (Technique::Jellyfish, |b| fish::fish(b, 4, false)),
            (Technique::HiddenQuad, |b| {
                subsets::hidden_subset(b, 4, false)
            }),
            (Technique::BugPlusOne, uniqueness::bug_plus_one),
        ];
        for (technique, find) in simple {
            if technique.assumes_uniqueness() && !self.uniqueness
                || technique.difficulty() > self.ceiling
            {
                continue;
            }
            if let Some(step) = find(board) {
                return Some(step);
            }
        }
        // Then the chains, whose difficulty grows with their length: as in Sudoku
        // Explainer, the first kind that finds any, its easiest.
        let within = |technique: Technique| technique.difficulty() <= self.ceiling;
        if !within(CHAINS_FROM) {
            return None;
        }
        let extended = self.extended;
        let chain_tier = move |b: &Board| {
            if !extended {
                return chains::chain(b, false);
            }
            let found = [
                fish::fish(b, 2, true),
                fish::fish(b, 3, true),
                fish::fish(b, 4, true),
                wings::w_wing(b),
                chains::chain(b, true),
            ];
            easiest(found.into_iter().flatten())
        };
        let forcing_tier = |mode: Mode, technique: Technique| {
            within(technique)
                .then(|| forcing(board, mode, technique))
                .flatten()
        };
        chain_tier(board)
            .or_else(|| forcing_tier(Mode::Nishio, Technique::Nishio))
            .or_else(|| forcing_tier(Mode::Static, Technique::ForcingChains))
            .or_else(|| forcing_tier(Mode::Dynamic, Technique::DynamicForcingChains))
            .or_else(|| forcing_tier(Mode::DynamicPlus, Technique::DynamicForcingChainsPlus))
            .or_else(|| {
                self.nested
                    .then(|| forcing_tier(Mode::Nested, Technique::NestedForcingChains))
                    .flatten()
            })
    }
}

/// The easiest technique of the chain tier (X-chains, XY-chains, AICs, and the finned fish
/// and W-wings that [`Explainer::extended`] adds), below which the ceiling leaves it out.
pub(super) const CHAINS_FROM: Technique = Technique::XChain;

/// The easiest of `steps`, ties to the one that does more (then the first).
fn easiest(steps: impl Iterator<Item = Step>) -> Option<Step> {
    steps.fold(None, |best, step| match best {
        Some(b)
            if (
                b.difficulty,
                usize::MAX - b.placed.len() - b.eliminated.len(),
            ) <= (
                step.difficulty,
                usize::MAX - step.placed.len() - step.eliminated.len(),
            ) =>
        {
            Some(b)
        }
        _ => Some(step),
    })
}

/// Applies `step` to `board`: its placements, then its eliminations.
pub fn apply(board: &mut Board, step: &Step) {
    let shape = board.shape();
    for c in &step.placed {
        board.place(c.cell.index(shape), c.value);
    }
    for c in &step.eliminated {
        let cell = c.cell.index(shape);
        if board.values[cell] == 0 {
            board.eliminate(cell, c.value);
        }
    }
}
