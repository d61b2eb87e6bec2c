//! Options fixed before the search ([`SparseCover::select`]), and the branch the search
//! would take from them ([`SparseCover::branch`]): what splitting the search tree into
//! prefixes needs (see [`prefix`](crate::exact_cover::prefix)).

use super::search::Hot;
use super::{SparseCover, DONE, SPACER};
use crate::exact_cover::prefix::Branch;
use crate::exact_cover::shortest::shortest;
use crate::exact_cover::{Conflict, SelectError};

impl SparseCover {
    /// Fixes `option` as part of every solution before searching, as
    /// [`ExactCover::select`](crate::exact_cover::ExactCover::select) does: any search in
    /// progress is abandoned first, and the selections stay until
    /// [`restart`](Self::restart). An option that does not exist, or that an earlier
    /// selection rules out (an item already covered, or a secondary item given another
    /// color), is an error and changes nothing. A selection that leaves a primary item
    /// without options is made all the same: the search then finds no solution.
    pub fn select(&mut self, option: usize) -> Result<(), SelectError> {
        let Some(&first) = self.option_start.get(option) else {
            return Err(SelectError::NoSuchOption {
                option,
                options: self.option_start.len(),
            });
        };
        self.rewind();
        if let Some(item) = self.ruled_out_by(first) {
            return Err(SelectError::Conflict(Conflict {
                option,
                item: item as usize,
            }));
        }
        match (self.colors.is_empty(), self.search.trailing) {
            (true, false) => self.commit_selection::<false, false>(first),
            (true, true) => self.commit_selection::<false, true>(first),
            (false, false) => self.commit_selection::<true, false>(first),
            (false, true) => self.commit_selection::<true, true>(first),
        }
        self.start.copy_from_slice(&self.size);
        self.search.selected.push(option);
        Ok(())
    }

    /// The item of the option starting at node `first` that the selections rule out, if
    /// any: an item covered by them, else the item of a node no longer live (the option was
    /// hidden by a cover or a purification of another of its items).
    fn ruled_out_by(&self, first: u32) -> Option<u32> {
        let nodes = || {
            (first..)
                .map(|node| (node, self.cells[node as usize]))
                .take_while(|(_, cell)| cell.item != SPACER)
        };
        let colored = |node: u32| !self.colors.is_empty() && self.colors[node as usize] != 0;
        if let Some((_, cell)) = nodes()
            .find(|&(node, cell)| !colored(node) && self.size[cell.item as usize] & DONE != 0)
        {
            return Some(cell.item);
        }
        nodes()
            .find(|&(_, cell)| {
                let item = cell.item as usize;
                self.size[item] & DONE == 0 && cell.loc - self.base[item] >= self.size[item]
            })
            .map(|(_, cell)| cell.item)
    }

    /// Chooses the option of node `first` as the search chooses one at a branch point: its
    /// first primary item covered with every option on it hidden, then its other items
    /// covered or purified, all in full.
    fn commit_selection<const COLORED: bool, const TRAIL: bool>(&mut self, first: u32) {
        let mut node = first;
        while self.cells[node as usize].item >= self.primary {
            node += 1;
        }
        let item = self.cells[node as usize].item;
        let mut top = self.search.start_top;
        let mut left = self.search.start_left - 1;
        let mut stats = self.stats;
        // SAFETY: until the last use of `hot`, below, the arrays are touched through it
        // alone, and `TRAIL` is `search.trailing` (see `select`).
        let hot = unsafe { Hot::<TRAIL>::new(self) };
        let start = hot.base(item);
        let len = hot.size(item);
        hot.mark(item, &mut top);
        stats.covers += 1;
        for at in start..start + len {
            hot.hide::<false>(hot.set_at(at), &mut top, &mut stats.updates);
        }
        hot.commit::<COLORED, false>(node, &mut top, &mut left, &mut stats);
        self.stats = stats;
        self.search.start_top = top;
        self.search.start_left = left;
        self.search.top = top;
    }

    /// Undoes every selection: the sizes of the problem as built.
    pub(super) fn unselect_all(&mut self) {
        self.size.copy_from_slice(&self.initial);
        self.start.copy_from_slice(&self.initial);
        self.search.selected.clear();
        self.search.start_left = self.primary;
        self.search.start_top = 0;
        self.search.top = 0;
    }

    /// Where the search would branch first from the selections (abandoning any search in
    /// progress): [`Branch::Solved`] when they cover every primary item, else the options
    /// of the first primary item with the fewest live options (Knuth's rule, the search's),
    /// written into `options` (emptied first; none when that item has no option left).
    pub fn branch(&mut self, options: &mut Vec<usize>) -> Branch {
        self.rewind();
        options.clear();
        if self.search.start_left == 0 {
            return Branch::Solved;
        }
        let (len, item) = shortest(&self.size[..self.primary as usize]);
        let start = self.base[item] as usize;
        let set = &self.set[start..start + len as usize];
        options.extend(set.iter().map(|&node| self.option_of(node)));
        Branch::Options
    }
}
