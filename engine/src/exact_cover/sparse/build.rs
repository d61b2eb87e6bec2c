//! Building a [`SparseCover`]: options are gathered first, then every item's region of the
//! set array is laid out once their lengths are known.

use super::{search, Cell, SparseCover, DONE, SPACER};
use crate::exact_cover::{BuildError, Stats};

/// The most sizes the snapshots (one size per item at each level) may hold, 64 MiB of them;
/// a problem that would need more keeps a trail. See [`trails`].
const MAX_SNAPSHOT: usize = 1 << 24;

/// Gathers the options of a [`SparseCover`].
#[derive(Clone, Debug)]
pub struct SparseBuilder {
    primary: usize,
    items: usize,
    /// Each option's items then a spacer (`SPACER`, with the first node in `loc`).
    cells: Vec<Cell>,
    option_start: Vec<u32>,
    colors: Vec<u32>,
    colored: bool,
    /// How many options each item is in.
    lengths: Vec<u32>,
    /// The fewest primary items an option has (`usize::MAX` before the first).
    fewest_primary: usize,
}

impl SparseBuilder {
    /// See [`SparseCover::builder`].
    pub fn new(primary: usize, secondary: usize) -> SparseBuilder {
        let items = primary.saturating_add(secondary);
        SparseBuilder {
            primary,
            items,
            cells: Vec::new(),
            option_start: Vec::new(),
            colors: Vec::new(),
            colored: false,
            lengths: vec![0; items.min(DONE as usize)],
            fewest_primary: usize::MAX,
        }
    }

    /// Makes room for `options` more options of `entries` items in all.
    pub fn reserve(&mut self, options: usize, entries: usize) {
        self.cells.reserve(options + entries);
        self.option_start.reserve(options);
    }

    /// Adds an option covering `items` and returns its number (from 0, in the order added).
    /// An option needs at least one primary item, distinct items, and only items of the
    /// problem.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, BuildError> {
        self.check(items.iter().copied())?;
        self.push(items.iter().map(|&item| (item, None)))
    }

    /// Adds an option whose entries are `(item, color)` pairs and returns its number; only
    /// secondary items take a color ([`BuildError::ColoredPrimary`] otherwise). Colors are
    /// any numbers below 2³¹ − 1, compared for equality only.
    pub fn add_colored_option(
        &mut self,
        entries: &[(usize, Option<u32>)],
    ) -> Result<usize, BuildError> {
        self.check(entries.iter().map(|&(item, _)| item))?;
        for &(item, color) in entries {
            match color {
                Some(_) if item < self.primary => return Err(BuildError::ColoredPrimary { item }),
                Some(color) if color >= DONE - 1 => return Err(BuildError::TooLarge),
                _ => {}
            }
        }
        self.push(entries.iter().copied())
    }

    fn check(&self, items: impl Iterator<Item = usize> + Clone) -> Result<(), BuildError> {
        let mut has_primary = false;
        let mut empty = true;
        for (k, item) in items.clone().enumerate() {
            empty = false;
            if item >= self.items {
                return Err(BuildError::NoSuchItem {
                    item,
                    items: self.items,
                });
            }
            if items.clone().take(k).any(|other| other == item) {
                return Err(BuildError::RepeatedItem { item });
            }
            has_primary |= item < self.primary;
        }
        match (empty, has_primary) {
            (true, _) => Err(BuildError::EmptyOption),
            (false, false) => Err(BuildError::NoPrimaryItem),
            (false, true) => Ok(()),
        }
    }

    /// Appends a checked option and its spacer.
    fn push(
        &mut self,
        entries: impl ExactSizeIterator<Item = (usize, Option<u32>)>,
    ) -> Result<usize, BuildError> {
        let first = self.cells.len();
        // Node numbers, and a region's positions, stay below the mark.
        if first + entries.len() + 1 >= DONE as usize || self.items >= DONE as usize {
            return Err(BuildError::TooLarge);
        }
        let first = first as u32;
        let mut primary = 0;
        for (item, color) in entries {
            primary += usize::from(item < self.primary);
            self.cells.push(Cell {
                item: item as u32,
                loc: 0,
            });
            self.lengths[item] += 1;
            if color.is_some() && !self.colored {
                self.colored = true;
                self.colors.resize(self.cells.len() - 1, 0);
            }
            if self.colored {
                self.colors.push(color.map_or(0, |color| color + 1));
            }
        }
        self.cells.push(Cell {
            item: SPACER,
            loc: first,
        });
        if self.colored {
            self.colors.push(0);
        }
        self.option_start.push(first);
        self.fewest_primary = self.fewest_primary.min(primary);
        Ok(self.option_start.len() - 1)
    }

    /// The problem, ready to search.
    pub fn build(self) -> Result<SparseCover, BuildError> {
        let SparseBuilder {
            primary,
            items,
            mut cells,
            option_start,
            colors,
            colored: _,
            lengths,
            fewest_primary,
        } = self;
        if items >= DONE as usize {
            return Err(BuildError::TooLarge);
        }
        let mut base = Vec::with_capacity(items);
        let mut next = 0u32;
        for &length in &lengths {
            base.push(next);
            next += length;
        }
        let mut set = vec![0; next as usize];
        let mut fill = base.clone();
        for (node, cell) in cells.iter_mut().enumerate() {
            if cell.item != SPACER {
                let at = &mut fill[cell.item as usize];
                set[*at as usize] = node as u32;
                cell.loc = *at;
                *at += 1;
            }
        }
        let depth = depth(primary, fewest_primary);
        let trailing = trails(
            depth,
            items,
            option_start.len(),
            cells.len() - option_start.len(),
        );
        let mut search = search::State::default();
        search.reset(depth, items, cells.len() + items, trailing);
        search.start_left = primary as u32;
        Ok(SparseCover {
            cells,
            option_start,
            colors,
            set,
            base,
            size: lengths.clone(),
            start: lengths.clone(),
            initial: lengths,
            primary: primary as u32,
            items: items as u32,
            fewest_primary: fewest_primary.min(primary) as u32,
            search,
            stats: Stats::default(),
        })
    }
}

/// How many levels a search can enter (set a branching item at): every option of a
/// solution covers at least `fewest_primary` primary items, so a solution has at most
/// `primary / fewest_primary` options; and a level is set only with an option still live,
/// whose `fewest_primary` or more primary items are all uncovered, which leaves room for
/// one more option. With no option, `fewest_primary` is `usize::MAX`: no level.
fn depth(primary: usize, fewest_primary: usize) -> usize {
    primary / fewest_primary
}

/// Whether the search puts sizes back from a trail of their changes rather than from
/// snapshots, for a problem of `depth` levels, `items` items, `options` options and `entries`
/// entries. A snapshot costs a copy of every size on entering a level and another for each
/// option tried there, eight sizes to a 32-byte move; the trail costs a store at every
/// removal and a step back for each. The removals of a level are estimated as an option's
/// length squared times an item's, and the trail is kept when eight times that estimate is
/// below the items (or when the snapshots would pass [`MAX_SNAPSHOT`]). Measured in
/// docs/lab/performance-notes.md, "The sparse engine's snapshots and trail": on every input
/// of `../shared/data/xc` (estimates 0.9 to 86 times the items) and the 6x8 domino tiling
/// (0.28) the snapshots search as fast or faster, on larger domino tilings (0.04 and less)
/// the trail.
fn trails(depth: usize, items: usize, options: usize, entries: usize) -> bool {
    if depth.saturating_mul(items) > MAX_SNAPSHOT {
        return true;
    }
    let (entries, options, items) = (entries as u128, options as u128, items as u128);
    // 8 × (entries / options)² × (entries / items) < items, without the divisions.
    8 * entries * entries * entries < options * options * items * items
}
