//! Building a [`SparseCover`]: options are gathered first, then every item's region of the
//! set array is laid out once their lengths are known.

use super::{search, Cell, SparseCover, DONE, SPACER};
use crate::exact_cover::{BuildError, Stats};

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
        for (item, color) in entries {
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
        let mut search = search::State::default();
        search.reset(primary, cells.len() + items);
        Ok(SparseCover {
            cells,
            option_start,
            colors,
            set,
            base,
            size: lengths.clone(),
            initial: lengths,
            primary: primary as u32,
            items: items as u32,
            search,
            stats: Stats::default(),
        })
    }
}
