//! What the propagator left at the branch points above the current one: for each, the
//! digits each cell could still hold once its removals were made, and how many options each
//! cell's item had left then, and what each open table's live options left the cells it
//! does not place, with how many options it had when they were read.
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
    /// `read[f * cells..(f + 1) * cells]`: every cell's digits as pointing found them at
    /// frame `f`'s branch point (see [`Pointing::narrow`]).
    ///
    /// [`Pointing::narrow`]: super::pointing::Pointing::narrow
    read: Vec<u64>,
    /// `table_lens[f * tables..(f + 1) * tables]` and `table_unions[f * unions..(f + 1) *
    /// unions]`: at frame `f`, per table the live options its unions were read off, and
    /// the unions (see `Scratch::table_unions` in [`propagate`](super::propagate)).
    tables: usize,
    unions: usize,
    table_lens: Vec<u32>,
    table_unions: Vec<u64>,
    capacity: usize,
}

impl Frames {
    /// Empty, with room for `capacity` frames of `cells` cells and `tables` tables of
    /// `unions` unions in all.
    pub(crate) fn prepare(&mut self, cells: usize, capacity: usize, [tables, unions]: [usize; 2]) {
        self.cells = cells;
        self.tables = tables;
        self.unions = unions;
        self.table_lens.clear();
        self.table_lens.reserve(capacity * tables);
        self.table_unions.clear();
        self.table_unions.reserve(capacity * unions);
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
        self.table_lens.truncate(self.depth.len() * self.tables);
        self.table_unions.truncate(self.depth.len() * self.unions);
    }

    /// The deepest frame above: its digits and options per cell, and every cell's digits
    /// as pointing found them there.
    pub(crate) fn last(&self) -> Option<(&[u64], &[u32], &[u64])> {
        let f = self.depth.len().checked_sub(1)?;
        let (at, end) = (f * self.cells, (f + 1) * self.cells);
        Some((
            &self.masks[at..end],
            &self.lens[at..end],
            &self.read[at..end],
        ))
    }

    /// The deepest frame above's tables: per table the live options its unions were read
    /// off, and the unions.
    pub(crate) fn last_tables(&self) -> Option<(&[u32], &[u64])> {
        let f = self.depth.len().checked_sub(1)?;
        Some((
            &self.table_lens[f * self.tables..(f + 1) * self.tables],
            &self.table_unions[f * self.unions..(f + 1) * self.unions],
        ))
    }

    /// Records the branch point of `depth` chosen options: the digits `masks`, those
    /// pointing found (`read`), the live options of each cell's item, by `len`, and the
    /// tables' unions with the live options they were read off (`table_lens`,
    /// `table_unions`). Nothing is kept past the capacity.
    pub(crate) fn push(
        &mut self,
        depth: usize,
        [masks, read, table_unions]: [&[u64]; 3],
        table_lens: &[u32],
        len: impl Fn(usize) -> usize,
    ) {
        if self.depth.len() == self.capacity {
            return;
        }
        self.depth.push(depth as u32);
        self.masks.extend_from_slice(masks);
        self.read.extend_from_slice(read);
        self.table_lens.extend_from_slice(table_lens);
        self.table_unions.extend_from_slice(table_unions);
        self.lens
            .extend((0..self.cells).map(|cell| len(cell) as u32));
    }
}
