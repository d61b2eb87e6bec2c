//! Colors on secondary items, with Knuth's `dlx2` semantics.
//!
//! An entry of a secondary item may carry a color. Two options can both be chosen when
//! every secondary item they share has the same color in both; an uncolored entry of a
//! secondary item is exclusive, as in a matrix without colors. Choosing an option
//! *commits* its other items: an uncolored one is covered; a colored one is *purified*,
//! that is every option giving that item another color is hidden, and every entry of the
//! same color is marked `PURIFIED`, which tells later commits that nothing is left to do
//! and later hides to leave that entry in its list. The item itself stays active, so more
//! options of its color may follow. Backtracking undoes all this in exactly the reverse
//! order, allocating nothing.
//!
//! A matrix gets these paths only once a colored option has been added (`colored`): the
//! uncolored search never reads a color.

use super::{BuildError, ExactCover, Node, COVERED, PURIFIED};

impl ExactCover {
    /// Adds an option whose entries are `(item, color)` pairs and returns its number, like
    /// [`add_option`](Self::add_option). A color may be given to secondary items only
    /// ([`BuildError::ColoredPrimary`] otherwise); colors are any numbers below
    /// 2³¹ − 1, compared for equality only.
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::ExactCover;
    /// // Two primary items and one secondary item `x`: both options can be chosen
    /// // together when they give `x` the same color.
    /// let mut matrix = ExactCover::new(2, 1);
    /// matrix.add_colored_option(&[(0, None), (2, Some(7))]).unwrap();
    /// matrix.add_colored_option(&[(1, None), (2, Some(7))]).unwrap();
    /// assert_eq!(matrix.count(None).solutions, 1);
    /// ```
    pub fn add_colored_option(
        &mut self,
        entries: &[(usize, Option<u32>)],
    ) -> Result<usize, BuildError> {
        let items: Vec<usize> = entries.iter().map(|&(item, _)| item).collect();
        self.check_option(&items)?;
        for &(item, color) in entries {
            match color {
                Some(_) if item < self.primary as usize => {
                    return Err(BuildError::ColoredPrimary { item })
                }
                Some(color) if color >= PURIFIED - 1 => return Err(BuildError::TooLarge),
                _ => {}
            }
        }
        self.make_room(items.len())?;
        let first = self.nodes.len();
        self.link_option(&items);
        if entries.iter().any(|(_, color)| color.is_some()) {
            self.colored = true;
        }
        if self.colored {
            self.colors.resize(self.nodes.len(), 0);
            for (k, &(_, color)) in entries.iter().enumerate() {
                self.colors[first + k] = color.map_or(0, |color| color + 1);
            }
        }
        Ok(self.option_start.len() - 1)
    }

    /// The color given to the `k`-th item of `option` ([`option_items`](Self::option_items)
    /// order), or `None` if that entry has no color.
    ///
    /// # Panics
    /// If `option` is not an option of the matrix or has fewer than `k + 1` items.
    pub fn option_color(&self, option: usize, k: usize) -> Option<u32> {
        let node = self.option_start[option] as usize + k;
        assert!(
            self.nodes[node].top != super::SPACER,
            "option {option} has no item {k}"
        );
        match self.colors.get(node).map_or(0, |&color| color & !PURIFIED) {
            0 => None,
            color => Some(color - 1),
        }
    }

    #[inline(always)]
    fn color(&self, node: u32) -> u32 {
        debug_assert!((node as usize) < self.colors.len());
        // SAFETY: `colors` has one slot per node once the matrix is colored, and node
        // numbers from links are always in range (see `search`).
        unsafe { *self.colors.get_unchecked(node as usize) }
    }

    #[inline(always)]
    fn set_color(&mut self, node: u32, color: u32) {
        debug_assert!((node as usize) < self.colors.len());
        // SAFETY: as in `color`.
        unsafe { *self.colors.get_unchecked_mut(node as usize) = color }
    }

    /// [`cover`](Self::cover) of a colored matrix: its hides skip purified entries.
    #[inline(never)]
    pub(super) fn cover_colored(&mut self, item: u32) -> u64 {
        let mut updates = 0;
        let mut node = self.node(item).down;
        while node != item {
            updates += self.hide_colored(node);
            node = self.node(node).down;
        }
        self.unlink(item);
        *self.length_mut(item) |= COVERED;
        updates
    }

    /// Undoes [`cover_colored`](Self::cover_colored), in exactly the reverse order.
    #[inline(never)]
    pub(super) fn uncover_colored(&mut self, item: u32) {
        *self.length_mut(item) &= !COVERED;
        self.relink(item);
        let mut node = self.node(item).up;
        while node != item {
            self.unhide_colored(node);
            node = self.node(node).up;
        }
    }

    /// `hide` of a colored matrix: unlinks the other entries of `node`'s option, except
    /// purified ones, which stay in their item's list. Returns the links removed. Notes
    /// emptied and single-option items for the choice, as `hide` does.
    fn hide_colored(&mut self, node: u32) -> u64 {
        let mut updates = 0;
        let mut q = self.node(node).next;
        while q != node {
            let Node {
                top,
                up,
                down,
                next,
            } = self.node(q);
            if self.color(q) & PURIFIED == 0 {
                self.node_mut(up).down = down;
                self.node_mut(down).up = up;
                let length = self.length_mut(top);
                *length -= 1;
                let len = *length;
                self.note_short(top, len);
                updates += 1;
            }
            q = next;
        }
        updates
    }

    /// Undoes [`hide_colored`](Self::hide_colored).
    fn unhide_colored(&mut self, node: u32) {
        let mut q = self.node(node).next;
        while q != node {
            let Node {
                top,
                up,
                down,
                next,
            } = self.node(q);
            if self.color(q) & PURIFIED == 0 {
                self.node_mut(up).down = q;
                self.node_mut(down).up = q;
                *self.length_mut(top) += 1;
            }
            q = next;
        }
    }

    /// Commits the items of `node`'s option other than `node`'s own: covers the uncolored
    /// ones, purifies the colored ones, and leaves alone those already purified to their
    /// color. Returns the links removed and the items covered.
    pub(super) fn commit_rest_of_option(&mut self, node: u32) -> (u64, u64) {
        let (mut updates, mut covers) = (0, 0);
        let mut q = self.node(node).next;
        while q != node {
            let Node { top, next, .. } = self.node(q);
            match self.color(q) {
                0 => {
                    updates += self.cover_colored(top);
                    covers += 1;
                }
                color if color & PURIFIED != 0 => {}
                _ => updates += self.purify(q),
            }
            q = next;
        }
        (updates, covers)
    }

    /// Undoes [`commit_rest_of_option`](Self::commit_rest_of_option), in reverse order.
    pub(super) fn uncommit_rest_of_option(&mut self, node: u32) {
        let mut q = self.previous_in_option(node);
        while q != node {
            match self.color(q) {
                0 => self.uncover_colored(self.node(q).top),
                color if color & PURIFIED != 0 => {}
                _ => self.unpurify(q),
            }
            q = self.previous_in_option(q);
        }
    }

    /// Purifies the item of the colored entry `node`: hides every option in its list that
    /// gives it another color and marks those of the same color. The entry itself left the
    /// list when its option was chosen. Returns the links removed.
    fn purify(&mut self, node: u32) -> u64 {
        let item = self.node(node).top;
        let color = self.color(node);
        let mut updates = 0;
        let mut q = self.node(item).down;
        while q != item {
            if self.color(q) == color {
                self.set_color(q, color | PURIFIED);
            } else {
                updates += self.hide_colored(q);
            }
            q = self.node(q).down;
        }
        updates
    }

    /// Undoes [`purify`](Self::purify), in reverse order.
    fn unpurify(&mut self, node: u32) {
        let item = self.node(node).top;
        let color = self.color(node);
        let mut q = self.node(item).up;
        while q != item {
            if self.color(q) & PURIFIED != 0 {
                self.set_color(q, color);
            } else {
                self.unhide_colored(q);
            }
            q = self.node(q).up;
        }
    }
}
