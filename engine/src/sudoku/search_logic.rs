//! Logic inside the search: locked candidates (or, on the classic grid, triads) at every
//! branch point, through the exact-cover core's [`Propagator`] hook.
//!
//! The search over the compact matrix already applies the singles at every node: a cell
//! item with one option left is a naked single, a unit-digit item with one option left a
//! hidden single, and either is taken as a forced move. What the matrix cannot see is a
//! box-line interaction: when a digit's places in a box all lie on one line, the digit
//! leaves the rest of that line (and the other way round). Where the search would guess,
//! this propagator works out the live candidates, sweeps locked candidates (or the triads of
//! [`triads`](super::triads), which find more) over them bit-parallel, and removes the
//! options of the candidates struck. The search then takes the singles those removals made,
//! and guesses only when neither finds anything more.

use super::logic::Candidates;
use super::sets::{ClassicBoards, ClassicCells, DigitSet};
use super::shape::{Geometry, Shape};
use super::{bands, triads};
use crate::exact_cover::{Propagator, Pruning};

/// The propagator's buffers, kept by the solver from puzzle to puzzle.
#[derive(Clone, Debug, Default)]
pub(super) struct SearchLogic {
    /// For each candidate `cell * n + digit` of the current matrix, its option number. Only
    /// the entries of the matrix's own options are meaningful: they are written when it is
    /// built, and only live candidates, which have options, are ever looked up.
    option_at: Vec<u32>,
    /// The candidates of the matrix as built, `words` words per digit.
    initial: Vec<u64>,
    /// The live candidates, and a copy from before the sweep.
    boards: Vec<u64>,
    before: Vec<u64>,
    /// The sweep for shapes other than the classic one.
    sweep: Candidates,
    /// Sweeps made in the current search, and how many of them struck something.
    sweeps: u32,
    strikes: u32,
    /// Whether a sweep before the search's first dead end struck nothing.
    missed_early: bool,
}

/// Sweeps after which an unproductive propagator gives up for the rest of a search.
const TRIAL_SWEEPS: u32 = 64;

/// A search keeps sweeping while at least one sweep in this many strikes something.
const STRIKE_RATE: u32 = 32;

/// A cell and a digit (from 0): what an option of the solver's matrix places.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Candidate {
    pub(super) cell: u16,
    pub(super) digit: u16,
}

impl SearchLogic {
    /// Starts a new matrix on a grid of side `n`, whose candidates are `initial`: the open
    /// cells of each digit in turn, as boards of equal width.
    pub(super) fn start(&mut self, n: usize, initial: impl Iterator<Item = u64>) {
        if self.option_at.len() < n * n * n {
            self.option_at.resize(n * n * n, 0);
        }
        self.sweeps = 0;
        self.strikes = 0;
        self.missed_early = false;
        self.initial.clear();
        self.initial.extend(initial);
    }

    /// Notes that `option` of the matrix being built places `digit` (from 0) in `cell`, on
    /// a grid of side `n`.
    #[inline(always)]
    pub(super) fn note_option(&mut self, option: u32, cell: usize, digit: usize, n: usize) {
        self.option_at[cell * n + digit] = option;
    }
}

/// The propagator of one search: the buffers, and what it needs to read the matrix.
pub(super) struct BranchLogic<'a> {
    pub(super) logic: &'a mut SearchLogic,
    pub(super) geometry: &'a Geometry,
    /// What each option of the matrix places.
    pub(super) placements: &'a [Candidate],
    /// Sweep triads rather than locked candidates on the classic grid.
    pub(super) triads: bool,
}

impl Propagator for BranchLogic<'_> {
    fn propagate(&mut self, pruning: &mut Pruning<'_>) {
        // Until the first dead end the search may be heading straight for a solution, and
        // only the triads, which solve many puzzles outright, sweep there (until one such
        // sweep misses); in a search where sweeps seldom strike (enumerating a nearly empty
        // grid, say), they cost more than they save.
        let logic = &*self.logic;
        let classic = self.geometry.shape == Shape::CLASSIC;
        let early = !pruning.met_dead_end();
        if (early && !(self.triads && classic && !logic.missed_early))
            || (logic.sweeps >= TRIAL_SWEEPS && logic.strikes * STRIKE_RATE < logic.sweeps)
        {
            return;
        }
        let struck = if classic {
            self.propagate_classic(pruning)
        } else {
            self.propagate_any(pruning)
        };
        self.logic.sweeps += 1;
        self.logic.strikes += u32::from(struck);
        self.logic.missed_early |= early && !struck;
    }
}

// The live candidates are not read off the item lists (a walk of every live option, which
// costs more than the sweep itself) but worked out from the path: the matrix's candidates,
// less the cells chosen so far and every peer of a chosen cell for its digit (the options
// that the covers hid), less the candidates removed by earlier sweeps.

impl BranchLogic<'_> {
    /// The classic grid: the boards on the stack, swept by bands. Returns whether the sweep
    /// struck a candidate.
    fn propagate_classic(&mut self, pruning: &mut Pruning<'_>) -> bool {
        let geometry = self.geometry;
        let logic = &*self.logic;
        // 9 boards in use; 16 so that an index masked to 4 bits needs no bounds check.
        let mut all = [ClassicCells::default(); 16];
        for (board, words) in all.iter_mut().zip(logic.initial[..18].chunks_exact(2)) {
            *board = ClassicCells::from_words([words[0], words[1]]);
        }
        // The cells open when the matrix was built are those with candidates in it.
        let mut open = all
            .iter()
            .fold(ClassicCells::default(), |open, &b| open | b);
        for option in pruning.chosen() {
            let Candidate { cell, digit } = self.placements[option];
            let (cell, digit) = (cell as usize, digit as usize);
            open.remove(cell);
            let peers = geometry.peers_mask_in(cell, 2);
            all[digit % 16] =
                all[digit % 16].without(ClassicCells::from_words([peers[0], peers[1]]));
        }
        for option in pruning.removed() {
            let Candidate { cell, digit } = self.placements[option];
            all[digit as usize % 16].remove(cell as usize);
        }
        let before: ClassicBoards = std::array::from_fn(|digit| all[digit] & open);
        let mut boards = before;
        let changed = if self.triads {
            triads::triads(&mut boards, open)
        } else {
            bands::locked_candidates(&mut boards)
        };
        if !changed.is_empty() {
            self.remove_struck(pruning, changed, 2, |digit, word| {
                before[digit].without(boards[digit]).words()[word % 2]
            });
        }
        !changed.is_empty()
    }

    /// Any other shape: the general sweep. Returns whether it struck a candidate.
    fn propagate_any(&mut self, pruning: &mut Pruning<'_>) -> bool {
        let geometry = self.geometry;
        let words = geometry.words;
        let logic = &mut *self.logic;
        logic.boards.clone_from(&logic.initial);
        logic.before.clear();
        logic.before.extend_from_slice(&geometry.all_cells);
        let open = &mut logic.before;
        for option in pruning.chosen() {
            let Candidate { cell, digit } = self.placements[option];
            let (cell, digit) = (cell as usize, digit as usize);
            open[cell / 64] &= !(1 << (cell % 64));
            let board = &mut logic.boards[digit * words..(digit + 1) * words];
            for (cells, &peers) in board.iter_mut().zip(geometry.peers_mask_in(cell, words)) {
                *cells &= !peers;
            }
        }
        for option in pruning.removed() {
            let Candidate { cell, digit } = self.placements[option];
            let (cell, digit) = (cell as usize, digit as usize);
            logic.boards[digit * words + cell / 64] &= !(1 << (cell % 64));
        }
        for board in logic.boards.chunks_exact_mut(words) {
            for (cells, &open) in board.iter_mut().zip(open.iter()) {
                *cells &= open;
            }
        }
        logic.before.clone_from(&logic.boards);
        let changed = logic
            .sweep
            .sweep_locked_candidates(geometry, &mut logic.boards);
        if !changed.is_empty() {
            let (before, after) = (
                std::mem::take(&mut logic.before),
                std::mem::take(&mut logic.boards),
            );
            self.remove_struck(pruning, changed, words, |digit, word| {
                let index = digit * words + word;
                before[index] & !after[index]
            });
            (self.logic.before, self.logic.boards) = (before, after);
        }
        !changed.is_empty()
    }
    /// Removes the options of the candidates the sweep struck, for the digits in `changed`:
    /// `struck(digit, word)` is word `word` (of `words`) of the cells struck from `digit`.
    fn remove_struck(
        &self,
        pruning: &mut Pruning<'_>,
        changed: DigitSet,
        words: usize,
        struck: impl Fn(usize, usize) -> u64,
    ) {
        let n = self.geometry.size;
        for digit in changed {
            for word in 0..words {
                let mut struck = struck(digit, word);
                while struck != 0 {
                    let cell = word * 64 + struck.trailing_zeros() as usize;
                    struck &= struck - 1;
                    pruning.remove(self.logic.option_at[cell * n + digit] as usize);
                }
            }
        }
    }
}
