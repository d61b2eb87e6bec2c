//! Logic inside the search: locked candidates at every branch point, through the
//! exact-cover core's [`Propagator`] hook.
//!
//! The search over the compact matrix already applies the singles at every node: a cell
//! item with one option left is a naked single, a unit-digit item with one option left a
//! hidden single, and either is taken as a forced move. What the matrix cannot see is a
//! box-line interaction: when a digit's places in a box all lie on one line, the digit
//! leaves the rest of that line (and the other way round). Where the search would guess,
//! this propagator reads the live candidates off the matrix (the options of the open cell
//! items), sweeps locked candidates over them bit-parallel, and removes the options of the
//! candidates struck. The search then takes the singles those removals made, and guesses
//! only when neither finds anything more.

use super::bands;
use super::logic::Candidates;
use super::shape::{Geometry, Shape};
use crate::exact_cover::{Propagator, Pruning};

/// The propagator's buffers, kept by the solver from puzzle to puzzle.
#[derive(Clone, Debug, Default)]
pub(super) struct SearchLogic {
    /// For each candidate `cell * n + digit` of the current matrix, its option number. Only
    /// the entries of the matrix's own options are meaningful: they are written when it is
    /// built, and only live candidates, which have options, are ever looked up.
    option_at: Vec<u32>,
    /// For each option of the current matrix, where its candidate lies on the boards: the
    /// board word (`digit * words + cell / 64`) times 64 plus the bit (`cell % 64`).
    spot: Vec<u32>,
    /// Live candidates, `words` words per digit, and a copy from before the sweep.
    boards: Vec<u64>,
    before: Vec<u64>,
    /// The sweep for shapes other than the classic one.
    sweep: Candidates,
}

impl SearchLogic {
    /// Makes room for the candidates of a grid of side `n`, for a new matrix.
    pub(super) fn start(&mut self, n: usize) {
        if self.option_at.len() < n * n * n {
            self.option_at.resize(n * n * n, 0);
        }
        self.spot.clear();
    }

    /// Notes the next option of the matrix being built: the candidate `digit` (from 0) in
    /// `cell` of a grid of side `n` whose boards take `words` words.
    #[inline(always)]
    pub(super) fn note_option(&mut self, cell: usize, digit: usize, n: usize, words: usize) {
        self.option_at[cell * n + digit] = self.spot.len() as u32;
        self.spot
            .push(((digit * words + cell / 64) * 64 + cell % 64) as u32);
    }
}

/// The propagator of one search: the buffers, and what it needs to read the matrix.
pub(super) struct LockedCandidates<'a> {
    pub(super) logic: &'a mut SearchLogic,
    pub(super) geometry: &'a Geometry,
    /// The cell items are the matrix's first items, one per open cell.
    pub(super) open_cells: usize,
}

impl Propagator for LockedCandidates<'_> {
    fn propagate(&mut self, pruning: &mut Pruning<'_>) {
        if self.geometry.shape == Shape::CLASSIC {
            self.propagate_classic(pruning);
        } else {
            self.propagate_any(pruning);
        }
    }
}

impl LockedCandidates<'_> {
    /// The classic grid: the boards on the stack, swept by bands.
    fn propagate_classic(&mut self, pruning: &mut Pruning<'_>) {
        // 18 words in use; 32 so that an index masked to 5 bits needs no bounds check.
        let mut boards = [0u64; 32];
        for item in 0..self.open_cells {
            for option in pruning.options_of(item) {
                let spot = self.logic.spot[option];
                boards[(spot / 64 % 32) as usize] |= 1 << (spot % 64);
            }
        }
        let before = boards;
        let changed = bands::locked_candidates(&mut boards[..18]);
        if changed != 0 {
            self.remove_struck(pruning, changed, 2, &before, &boards);
        }
    }

    /// Any other shape: the general sweep.
    fn propagate_any(&mut self, pruning: &mut Pruning<'_>) {
        let (n, words) = (self.geometry.size, self.geometry.words);
        let logic = &mut *self.logic;
        logic.boards.clear();
        logic.boards.resize(n * words, 0);
        for item in 0..self.open_cells {
            for option in pruning.options_of(item) {
                let spot = logic.spot[option] as usize;
                logic.boards[spot / 64] |= 1 << (spot % 64);
            }
        }
        logic.before.clone_from(&logic.boards);
        let changed = logic
            .sweep
            .sweep_locked_candidates(self.geometry, &mut logic.boards);
        if changed != 0 {
            let (before, after) = (
                std::mem::take(&mut logic.before),
                std::mem::take(&mut logic.boards),
            );
            self.remove_struck(pruning, changed, words, &before, &after);
            (self.logic.before, self.logic.boards) = (before, after);
        }
    }

    /// Removes the options of the candidates in `before` but not in `after`, for the
    /// digits in `changed`.
    fn remove_struck(
        &self,
        pruning: &mut Pruning<'_>,
        changed: u64,
        words: usize,
        before: &[u64],
        after: &[u64],
    ) {
        let n = self.geometry.size;
        let mut digits = changed;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            for word in 0..words {
                let index = digit * words + word;
                let mut struck = before[index] & !after[index];
                while struck != 0 {
                    let cell = word * 64 + struck.trailing_zeros() as usize;
                    struck &= struck - 1;
                    pruning.remove(self.logic.option_at[cell * n + digit] as usize);
                }
            }
        }
    }
}
