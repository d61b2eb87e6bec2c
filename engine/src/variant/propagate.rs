//! The variant search's propagator: at each branch point, the digits each cell may still
//! hold are read off the live options, narrowed to arc consistency on the ban graph (see
//! [`arcs`](super::arcs)), and the options that place a digit no longer possible are
//! removed, until nothing changes. The search then looks again for a forced item before it
//! guesses. Removals go on the matrix's trail and are undone on backtracking.

use super::arcs::Arcs;
use super::model::Model;
use crate::exact_cover::{Propagator, Pruning};

/// The propagator's buffers, sized once per puzzle so that propagating allocates nothing,
/// with a copy of the puzzle's arcs (so that a search continued without the puzzle at hand
/// can still propagate).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    n: usize,
    arcs: Arcs,
    /// The digits each cell may hold, bit `d` for digit `d + 1`.
    masks: Vec<u64>,
    /// The masks before narrowing.
    before: Vec<u64>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// The options to remove.
    doomed: Vec<u32>,
}

impl Scratch {
    /// Takes the arcs of `model` and sizes the buffers for its cells and `options` options.
    pub(crate) fn prepare(&mut self, model: &Model, options: usize) {
        self.n = model.n;
        self.arcs.copy_from(&model.arcs);
        let cells = model.allowed.len();
        self.masks.clear();
        self.masks.resize(cells, 0);
        self.before.clear();
        self.before.resize(cells, 0);
        self.queue.clear();
        self.queue.reserve(cells);
        self.queued.clear();
        self.queued.resize(cells, false);
        self.doomed.clear();
        self.doomed.reserve(options);
    }
}

/// The propagator of one search: the model's arcs, and what each option of the matrix
/// places (`placements[option_start[k]..option_start[k + 1]]`, as `cell * n + d`).
pub(crate) struct VariantPropagator<'a> {
    n: usize,
    option_start: &'a [u32],
    placements: &'a [u32],
    scratch: &'a mut Scratch,
}

impl<'a> VariantPropagator<'a> {
    /// The propagator for the matrix with these placements, its arcs in `scratch` (see
    /// [`Scratch::prepare`]).
    pub(crate) fn new(
        option_start: &'a [u32],
        placements: &'a [u32],
        scratch: &'a mut Scratch,
    ) -> Self {
        VariantPropagator {
            n: scratch.n,
            option_start,
            placements,
            scratch,
        }
    }

    /// The placements of `option`.
    fn placed(&self, option: usize) -> &'a [u32] {
        let start = self.option_start[option] as usize;
        let end = self.option_start[option + 1] as usize;
        &self.placements[start..end]
    }

    /// The digit (from 0) that `option` gives `cell`; every option on a cell's item places
    /// it.
    fn digit_of(&self, option: usize, cell: usize) -> u32 {
        let n = self.n as u32;
        let placed = self.placed(option);
        let cell = cell as u32;
        // A cell's own option places it alone; a table's places it among others.
        let found = placed.iter().find(|&&p| p / n == cell);
        found.map_or(0, |&p| p % n)
    }

    /// Reads each cell's digits off the options: those of the chosen options, and for each
    /// open cell those of its live options.
    fn read_masks(&mut self, pruning: &Pruning<'_>) {
        let n = self.n as u32;
        self.scratch.masks.fill(0);
        for option in pruning.chosen() {
            for &p in self.placed(option) {
                self.scratch.masks[(p / n) as usize] |= 1 << (p % n);
            }
        }
        for cell in 0..self.scratch.masks.len() {
            if pruning.is_active(cell) {
                let mut mask = 0;
                for option in pruning.options_of(cell) {
                    mask |= 1 << self.digit_of(option, cell);
                }
                self.scratch.masks[cell] = mask;
            }
        }
    }
}

impl Propagator for VariantPropagator<'_> {
    fn propagate(&mut self, pruning: &mut Pruning<'_>) {
        let cells = self.scratch.masks.len();
        loop {
            self.read_masks(pruning);
            let scratch = &mut *self.scratch;
            scratch.before.copy_from_slice(&scratch.masks);
            for cell in (0..cells).filter(|&cell| scratch.arcs.has_arcs(cell)) {
                scratch.queued[cell] = true;
                scratch.queue.push(cell as u32);
            }
            let narrowed =
                scratch
                    .arcs
                    .narrow(&mut scratch.masks, &mut scratch.queue, &mut scratch.queued);
            scratch.doomed.clear();
            if narrowed.is_err() {
                // No solution extends the options chosen: every option of an open cell goes,
                // and the search backs up from the empty cell.
                if let Some(cell) = (0..cells).find(|&cell| pruning.is_active(cell)) {
                    scratch
                        .doomed
                        .extend(pruning.options_of(cell).map(|o| o as u32));
                }
            } else {
                for cell in 0..cells {
                    let mask = self.scratch.masks[cell];
                    if mask == self.scratch.before[cell] || !pruning.is_active(cell) {
                        continue;
                    }
                    for option in pruning.options_of(cell) {
                        if mask & 1 << self.digit_of(option, cell) == 0 {
                            self.scratch.doomed.push(option as u32);
                        }
                    }
                }
            }
            let scratch = &mut *self.scratch;
            if scratch.doomed.is_empty() {
                return;
            }
            for &option in &scratch.doomed {
                pruning.remove(option as usize);
            }
            if narrowed.is_err() {
                return;
            }
        }
    }
}
