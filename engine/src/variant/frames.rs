//! What the propagator left at the branch points above the current one: for each, the
//! digits each cell could still hold once its removals were made, and how many options each
//! cell's item had left then.
//!
//! Going down the search tree options only go, so a cell whose item has as many options
//! left as at a branch point above has the same options, and so the same digits: reading
//! them again off the matrix can be skipped. A branch point lies above the current one
//! when the search has not started again since ([`Pruning::run`]) and the options chosen
//! there are the first chosen now ([`Pruning::chosen_keys`]); the propagator is called at
//! most once per branch point, so a frame's path is always shorter than a later call's
//! below it.
//!
//! [`Pruning::run`]: crate::exact_cover::Pruning::run
//! [`Pruning::chosen_keys`]: crate::exact_cover::Pruning::chosen_keys

/// The frames of the branch points above the current one (and of the last one, until the
/// next call tells whether it lies above), deepest last. Sized once per puzzle: past
/// `capacity` frames, deeper ones are not kept (a search then reads what a frame would
/// have told it, which only costs time).
#[derive(Clone, Debug, Default)]
pub(crate) struct Frames {
    cells: usize,
    /// The search the frames belong to.
    run: u32,
    /// Per frame, how many options were chosen at its branch point.
    depth: Vec<u32>,
    /// `masks[f * cells..(f + 1) * cells]`: frame `f`'s digits per cell (bit `d - 1` for
    /// digit `d`), those of its live options for an open cell.
    masks: Vec<u64>,
    /// `lens[f * cells..(f + 1) * cells]`: frame `f`'s live options per cell's item.
    lens: Vec<u32>,
    /// `read[f * cells..(f + 1) * cells]`: the digits each cell's own unit was pointed
    /// with at frame `f`'s branch point (0 where it was not; see [`Pointing::narrow`]).
    ///
    /// [`Pointing::narrow`]: super::pointing::Pointing::narrow
    read: Vec<u64>,
    capacity: usize,
}

impl Frames {
    /// Empty, with room for `capacity` frames of `cells` cells.
    pub(crate) fn prepare(&mut self, cells: usize, capacity: usize) {
        self.cells = cells;
        self.capacity = capacity;
        self.depth.clear();
        self.depth.reserve(capacity);
        self.masks.clear();
        self.masks.reserve(capacity * cells);
        self.lens.clear();
        self.lens.reserve(capacity * cells);
        self.read.clear();
        self.read.reserve(capacity * cells);
    }

    /// Keeps only the frames above a branch point of search `run` whose first `kept` chosen
    /// options are those of the last call's, of `depth` in all.
    pub(crate) fn unwind(&mut self, run: u32, kept: usize, depth: usize) {
        if run != self.run {
            self.run = run;
            self.depth.clear();
        }
        let kept = kept.min(depth.saturating_sub(1));
        while self.depth.last().is_some_and(|&d| d as usize > kept) {
            self.depth.pop();
        }
        self.masks.truncate(self.depth.len() * self.cells);
        self.lens.truncate(self.depth.len() * self.cells);
        self.read.truncate(self.depth.len() * self.cells);
    }

    /// The deepest frame above: its digits and options per cell, and the digits each
    /// cell's unit was pointed with.
    pub(crate) fn last(&self) -> Option<(&[u64], &[u32], &[u64])> {
        let f = self.depth.len().checked_sub(1)?;
        let (at, end) = (f * self.cells, (f + 1) * self.cells);
        Some((
            &self.masks[at..end],
            &self.lens[at..end],
            &self.read[at..end],
        ))
    }

    /// Records the branch point of `depth` chosen options: the digits `masks`, those each
    /// cell's unit was pointed with (`read`) and the live options of each cell's item, by
    /// `len`. Nothing is kept past the capacity.
    pub(crate) fn push(
        &mut self,
        depth: usize,
        [masks, read]: [&[u64]; 2],
        len: impl Fn(usize) -> usize,
    ) {
        if self.depth.len() == self.capacity {
            return;
        }
        self.depth.push(depth as u32);
        self.masks.extend_from_slice(masks);
        self.read.extend_from_slice(read);
        self.lens
            .extend((0..self.cells).map(|cell| len(cell) as u32));
    }
}
