//! The moves of [`SparseMultiCover`]'s search: taking an option (one more use of each of
//! its primary items, covering those that may take no more and purifying its secondary
//! items) and removing one, each refused as soon as it would leave a primary item with
//! fewer options than it must still take. Neither is ever undone step by step: the search
//! restores the saved sizes and bounds instead.

use super::super::super::unchecked::{get, get_mut};
use super::{Item, Node, SparseMultiCover, SPACER};

impl SparseMultiCover {
    // The hot loops index through these accessors without bounds checks. Every node's
    // `item` (but a spacer's, which is tested first), `loc` and `first`, every entry of
    // `set` and `list`, every item's `base + size` and `pos` are written by
    // `SparseMultiCover::new` as indices of existing items, nodes and places, and only ever
    // replaced by another such value (a swap within an item's region, or within `list`;
    // a size that only shrinks below the region's length and is restored). The node
    // numbers the search keeps (`choice`) are read from `set`. So every index is in range;
    // the debug assertions check it in the tests.

    #[inline(always)]
    pub(super) fn node(&self, index: u32) -> Node {
        unsafe { get(&self.nodes, index) } // SAFETY: a node number (see above).
    }

    #[inline(always)]
    fn node_mut(&mut self, index: u32) -> &mut Node {
        unsafe { get_mut(&mut self.nodes, index) } // SAFETY: a node number (see above).
    }

    #[inline(always)]
    pub(super) fn item(&self, index: u32) -> Item {
        unsafe { get(&self.items, index) } // SAFETY: an item number (see above).
    }

    #[inline(always)]
    pub(super) fn item_mut(&mut self, index: u32) -> &mut Item {
        unsafe { get_mut(&mut self.items, index) } // SAFETY: an item number (see above).
    }

    #[inline(always)]
    pub(super) fn set_at(&self, at: u32) -> u32 {
        unsafe { get(&self.set, at) } // SAFETY: a place in `set` (see above).
    }

    #[inline(always)]
    fn set_at_mut(&mut self, at: u32) -> &mut u32 {
        unsafe { get_mut(&mut self.set, at) } // SAFETY: a place in `set` (see above).
    }

    #[inline(always)]
    pub(super) fn listed(&self, at: u32) -> u32 {
        unsafe { get(&self.list, at) } // SAFETY: a position in `list` (see above).
    }

    #[inline(always)]
    fn listed_mut(&mut self, at: u32) -> &mut u32 {
        unsafe { get_mut(&mut self.list, at) } // SAFETY: a position in `list` (see above).
    }

    /// True while `item` is active (not covered, purified, or out of options).
    #[inline(always)]
    pub(super) fn is_active(&self, item: u32) -> bool {
        self.item(item).pos < self.active
    }

    /// Moves `item` out of the active part of the list.
    #[inline(always)]
    fn deactivate(&mut self, item: u32) {
        self.active -= 1;
        let last = self.listed(self.active);
        let at = self.item(item).pos;
        *self.listed_mut(self.active) = item;
        *self.listed_mut(at) = last;
        self.item_mut(item).pos = self.active;
        self.item_mut(last).pos = at;
    }

    /// Swaps `node`, at `loc` in the region of its item, with the last live node there,
    /// whose place `live - 1` becomes the region's end: `node` is no longer live.
    #[inline(always)]
    fn swap_out(&mut self, node: u32, loc: u32, item: u32, live: u32) {
        let end = self.item(item).base + live - 1;
        let other = self.set_at(end);
        *self.set_at_mut(end) = node;
        *self.set_at_mut(loc) = other;
        self.node_mut(node).loc = end;
        self.node_mut(other).loc = loc;
        self.item_mut(item).size = live - 1;
    }

    /// Takes the option of `chosen` (any of its nodes) into the solution; false when that
    /// would leave some primary item unable to reach its lower bound (the state is then
    /// half changed, for the search to restore).
    pub(super) fn take(&mut self, chosen: u32) -> bool {
        let mut at = self.node(chosen).first;
        let mut updates = 0;
        let taken = loop {
            let Node {
                item, loc, color, ..
            } = self.node(at);
            if item == SPACER {
                break true;
            }
            at += 1;
            let primary = item < self.primary;
            if !self.is_active(item) {
                // A secondary item already purified to this option's color.
                debug_assert!(!primary);
                continue;
            }
            if primary {
                self.item_mut(item).bound -= 1;
            }
            let Item {
                base,
                size,
                bound,
                slack,
                ..
            } = self.item(item);
            if !primary || bound == 0 {
                // Cover (or purify to `color`): remove every other option that disagrees.
                let color = if primary { 0 } else { color };
                let mut place = base + size;
                while place > base {
                    place -= 1;
                    if place == loc {
                        continue;
                    }
                    let other = self.set_at(place);
                    if (color == 0 || self.node(other).color != color)
                        && !self.remove(other, &mut updates)
                    {
                        self.stats.updates += updates;
                        return false;
                    }
                }
                self.deactivate(item);
            } else {
                let left = size - 1;
                if (left as i32) < bound - slack {
                    break false;
                }
                if left == 0 {
                    self.deactivate(item);
                } else {
                    self.swap_out(at - 1, loc, item, size);
                    updates += 1;
                }
            }
        };
        self.stats.updates += updates;
        taken
    }

    /// Removes the option of `node` from the sets of its items (but purified ones); false
    /// when that would leave some primary item unable to reach its lower bound.
    #[inline]
    pub(super) fn remove(&mut self, node: u32, updates: &mut u64) -> bool {
        let mut at = self.node(node).first;
        loop {
            let Node { item, loc, .. } = self.node(at);
            if item == SPACER {
                return true;
            }
            at += 1;
            let primary = item < self.primary;
            if !primary && !self.is_active(item) {
                continue;
            }
            let Item {
                size, bound, slack, ..
            } = self.item(item);
            let left = size - 1;
            if primary {
                if (left as i32) < bound - slack {
                    return false;
                }
                if left == 0 {
                    self.deactivate(item);
                }
            }
            if left > 0 {
                self.swap_out(at - 1, loc, item, size);
                *updates += 1;
            }
        }
    }
}
