//! The dances of [`MultiCover`]'s search, as `dlx3` does them: covering an item (hiding
//! every option on it), purifying a secondary item to one color, tweaking one option out of
//! an item that may take more, and their inverses. An option's nodes are walked from one to
//! the next, the spacer at either end leading back to its first node (rightward) or its
//! last (leftward). Each dance adds the updates it made (entries taken out of a list) to
//! the statistics once, at its end, rather than once per entry.

use super::super::unchecked::{get, get_mut};
use super::{Item, MultiCover, Node};

impl MultiCover {
    // The hot loops index through these accessors without bounds checks. Every link (a
    // node's `up` and `down`, an option node's `item`, an item's `prev` and `next`) is
    // written by `MultiCover::new` as the index of an existing node or item and only ever
    // replaced by another such value; a spacer's `item` (zero or less) is tested before it
    // could be used as an index. The node numbers the search keeps (`choice`,
    // `first_tweak`) are read from links too. So every index is in range; the debug
    // assertions check it in the tests.

    #[inline(always)]
    pub(super) fn node(&self, index: u32) -> Node {
        unsafe { get(&self.nodes, index) } // SAFETY: a link (see above).
    }

    #[inline(always)]
    pub(super) fn node_mut(&mut self, index: u32) -> &mut Node {
        unsafe { get_mut(&mut self.nodes, index) } // SAFETY: a link (see above).
    }

    #[inline(always)]
    pub(super) fn item(&self, index: u32) -> Item {
        unsafe { get(&self.items, index) } // SAFETY: an item link (see above).
    }

    #[inline(always)]
    pub(super) fn item_mut(&mut self, index: u32) -> &mut Item {
        unsafe { get_mut(&mut self.items, index) } // SAFETY: an item link (see above).
    }

    /// Takes `item` out of the list of active items.
    #[inline]
    pub(super) fn deactivate(&mut self, item: u32) {
        let Item { prev, next, .. } = self.item(item);
        self.item_mut(prev).next = next;
        self.item_mut(next).prev = prev;
    }

    /// Puts `item` back in the list of active items, where it was.
    #[inline]
    pub(super) fn activate(&mut self, item: u32) {
        let Item { prev, next, .. } = self.item(item);
        self.item_mut(prev).next = item;
        self.item_mut(next).prev = item;
    }

    /// Takes the node `n` out of its item's list (its neighbours still point past it).
    #[inline(always)]
    fn unlink(&mut self, Node { up, down, item, .. }: Node) {
        self.node_mut(up).down = down;
        self.node_mut(down).up = up;
        self.item_mut(item as u32).len -= 1;
    }

    /// Puts `node` back in its item's list.
    #[inline(always)]
    fn relink(&mut self, node: u32, Node { up, down, item, .. }: Node) {
        self.node_mut(up).down = node;
        self.node_mut(down).up = node;
        self.item_mut(item as u32).len += 1;
    }

    /// Hides the option of `node` from every item but `node`'s own (nodes already purified
    /// away stay where they are); the updates.
    #[inline(always)]
    fn hide(&mut self, node: u32) -> u64 {
        self.walk::<true>(node)
    }

    /// Undoes [`hide`](Self::hide).
    #[inline(always)]
    fn unhide(&mut self, node: u32) {
        self.walk::<false>(node);
    }

    /// Takes out (`HIDE`) or puts back the other nodes of `node`'s option, left to right;
    /// how many.
    #[inline(always)]
    fn walk<const HIDE: bool>(&mut self, node: u32) -> u64 {
        let mut at = node + 1;
        let mut moved = 0;
        while at != node {
            let n = self.node(at);
            if n.color >= 0 {
                if n.item <= 0 {
                    at = n.up;
                    continue;
                }
                if HIDE {
                    self.unlink(n);
                } else {
                    self.relink(at, n);
                }
                moved += 1;
            }
            at += 1;
        }
        moved
    }

    /// Covers `item`: hides every option left on it, and takes it out of the active list
    /// when `deactivate`.
    pub(super) fn cover(&mut self, item: u32, deactivate: bool) {
        if deactivate {
            self.deactivate(item);
        }
        let heads = self.items.len() as u32;
        let mut updates = 0;
        let mut at = self.node(item).down;
        while at > heads {
            updates += self.hide(at);
            at = self.node(at).down;
        }
        self.stats.covers += 1;
        self.stats.updates += updates;
    }

    /// Undoes [`cover`](Self::cover) (the options in the same order: each puts back only
    /// links that no other changed since).
    pub(super) fn uncover(&mut self, item: u32, reactivate: bool) {
        let heads = self.items.len() as u32;
        let mut at = self.node(item).down;
        while at > heads {
            self.unhide(at);
            at = self.node(at).down;
        }
        if reactivate {
            self.activate(item);
        }
    }

    /// Purifies the secondary item of `node` to `node`'s color: hides every option that
    /// gives it another color or none, and marks those of the same color (but `node`) as
    /// agreeing (color -1) so that nothing more is done to them.
    pub(super) fn purify(&mut self, node: u32) {
        let Node { item, color, .. } = self.node(node);
        let heads = self.items.len() as u32;
        let mut updates = 0;
        let mut at = self.node(item as u32).down;
        while at > heads {
            if self.node(at).color != color {
                updates += self.hide(at);
            } else if at != node {
                self.node_mut(at).color = -1;
            }
            at = self.node(at).down;
        }
        self.stats.updates += updates;
    }

    /// Undoes [`purify`](Self::purify), bottom up.
    pub(super) fn unpurify(&mut self, node: u32) {
        let Node { item, color, .. } = self.node(node);
        let heads = self.items.len() as u32;
        let mut at = self.node(item as u32).up;
        while at > heads {
            if self.node(at).color < 0 {
                self.node_mut(at).color = color;
            } else if at != node {
                self.unhide_leftward(at);
            }
            at = self.node(at).up;
        }
    }

    /// Undoes [`hide`](Self::hide), right to left.
    fn unhide_leftward(&mut self, node: u32) {
        let mut at = node - 1;
        while at != node {
            let n = self.node(at);
            if n.item <= 0 {
                at = n.down;
                continue;
            }
            if n.color >= 0 {
                self.relink(at, n);
            }
            at -= 1;
        }
    }

    /// Tweaks `node`, the first option of its item: takes it out of the item's list, and
    /// when `block`, hides its option from every other item too.
    pub(super) fn tweak(&mut self, node: u32, block: bool) {
        let updates = if block { self.hide(node) } else { 0 };
        let n = self.node(node);
        self.unlink(n);
        self.stats.updates += updates + 1;
    }

    /// Undoes the tweaks of `item` since `first` was its first option: puts those options
    /// back at the top of its list (unhiding them when `unblock`), and uncovers the item
    /// (without reactivating it) when not.
    pub(super) fn untweak(&mut self, item: u32, first: u32, unblock: bool) {
        let last = self.node(item).down;
        self.node_mut(item).down = first;
        let (mut at, mut above, mut count) = (first, item, 0);
        while at != last {
            self.node_mut(at).up = above;
            count += 1;
            if unblock {
                self.unhide(at);
            }
            above = at;
            at = self.node(at).down;
        }
        self.node_mut(at).up = above;
        self.item_mut(item).len += count;
        if !unblock {
            self.uncover(item, false);
        }
    }
}
