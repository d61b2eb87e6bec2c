//! The dances of [`MultiCover`]'s search, as `dlx3` does them: covering an item (hiding
//! every option on it), purifying a secondary item to one color, tweaking one option out of
//! an item that may take more, and their inverses. An option's nodes are walked from one to
//! the next, the spacer at either end leading back to its first node (rightward) or its
//! last (leftward).

use super::{MultiCover, Node};

impl MultiCover {
    /// Takes `item` out of the list of active items.
    #[inline]
    pub(super) fn deactivate(&mut self, item: u32) {
        let super::Item { prev, next, .. } = self.items[item as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
    }

    /// Puts `item` back in the list of active items, where it was.
    #[inline]
    pub(super) fn activate(&mut self, item: u32) {
        let super::Item { prev, next, .. } = self.items[item as usize];
        self.items[prev as usize].next = item;
        self.items[next as usize].prev = item;
    }

    /// Takes the node `n` out of its item's list (its neighbours still point past it).
    #[inline(always)]
    fn unlink(&mut self, Node { up, down, item, .. }: Node) {
        self.nodes[up as usize].down = down;
        self.nodes[down as usize].up = up;
        self.nodes[item as usize].item -= 1;
        self.stats.updates += 1;
    }

    /// Puts `node` back in its item's list.
    #[inline(always)]
    fn relink(&mut self, node: u32, Node { up, down, item, .. }: Node) {
        self.nodes[up as usize].down = node;
        self.nodes[down as usize].up = node;
        self.nodes[item as usize].item += 1;
    }

    /// Hides the option of `node` from every item but `node`'s own (nodes already purified
    /// away stay where they are).
    #[inline(always)]
    fn hide(&mut self, node: u32) {
        self.walk::<true>(node);
    }

    /// Undoes [`hide`](Self::hide).
    #[inline(always)]
    fn unhide(&mut self, node: u32) {
        self.walk::<false>(node);
    }

    /// Takes out (`HIDE`) or puts back the other nodes of `node`'s option, left to right.
    #[inline(always)]
    fn walk<const HIDE: bool>(&mut self, node: u32) {
        let mut at = node + 1;
        while at != node {
            let n = self.nodes[at as usize];
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
            }
            at += 1;
        }
    }

    /// Covers `item`: hides every option left on it, and takes it out of the active list
    /// when `deactivate`.
    pub(super) fn cover(&mut self, item: u32, deactivate: bool) {
        if deactivate {
            self.deactivate(item);
        }
        self.stats.covers += 1;
        let heads = self.items.len() as u32;
        let mut at = self.nodes[item as usize].down;
        while at > heads {
            self.hide(at);
            at = self.nodes[at as usize].down;
        }
    }

    /// Undoes [`cover`](Self::cover) (the options in the same order: each puts back only
    /// links that no other changed since).
    pub(super) fn uncover(&mut self, item: u32, reactivate: bool) {
        let heads = self.items.len() as u32;
        let mut at = self.nodes[item as usize].down;
        while at > heads {
            self.unhide(at);
            at = self.nodes[at as usize].down;
        }
        if reactivate {
            self.activate(item);
        }
    }

    /// Purifies the secondary item of `node` to `node`'s color: hides every option that
    /// gives it another color or none, and marks those of the same color (but `node`) as
    /// agreeing (color -1) so that nothing more is done to them.
    pub(super) fn purify(&mut self, node: u32) {
        let Node { item, color, .. } = self.nodes[node as usize];
        let heads = self.items.len() as u32;
        let mut at = self.nodes[item as usize].down;
        while at > heads {
            if self.nodes[at as usize].color != color {
                self.hide(at);
            } else if at != node {
                self.nodes[at as usize].color = -1;
            }
            at = self.nodes[at as usize].down;
        }
    }

    /// Undoes [`purify`](Self::purify), bottom up.
    pub(super) fn unpurify(&mut self, node: u32) {
        let Node { item, color, .. } = self.nodes[node as usize];
        let heads = self.items.len() as u32;
        let mut at = self.nodes[item as usize].up;
        while at > heads {
            if self.nodes[at as usize].color < 0 {
                self.nodes[at as usize].color = color;
            } else if at != node {
                self.unhide_leftward(at);
            }
            at = self.nodes[at as usize].up;
        }
    }

    /// Undoes [`hide`](Self::hide), right to left.
    fn unhide_leftward(&mut self, node: u32) {
        let mut at = node - 1;
        while at != node {
            let n = self.nodes[at as usize];
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
        if block {
            self.hide(node);
        }
        let n = self.nodes[node as usize];
        self.unlink(n);
    }

    /// Undoes the tweaks of `item` since `first` was its first option: puts those options
    /// back at the top of its list (unhiding them when `unblock`), and uncovers the item
    /// (without reactivating it) when not.
    pub(super) fn untweak(&mut self, item: u32, first: u32, unblock: bool) {
        let last = self.nodes[item as usize].down;
        self.nodes[item as usize].down = first;
        let (mut at, mut above, mut count) = (first, item, 0);
        while at != last {
            self.nodes[at as usize].up = above;
            count += 1;
            if unblock {
                self.unhide(at);
            }
            above = at;
            at = self.nodes[at as usize].down;
        }
        self.nodes[at as usize].up = above;
        self.nodes[item as usize].item += count;
        if !unblock {
            self.uncover(item, false);
        }
    }
}
