//! The dances of [`CostCover`]'s search, as in `dlx5`: covering an item, purifying a
//! secondary one to a color, and taking an option for the other items it has, with their
//! inverses; each walks an item's list only as far as the first option too dear for the
//! threshold it is given (the lists are sorted by net cost), and its inverse is given the
//! same threshold.

use super::{CostCover, Node};

impl CostCover {
    /// Takes the item `c` out of the active list and hides its options cheaper than
    /// `threshold` from the other items' lists.
    pub(super) fn cover(&mut self, c: u32, threshold: u64) {
        self.stats.covers += 1;
        if c < self.second {
            let (prev, next) = (self.prev[c as usize], self.next[c as usize]);
            self.next[prev as usize] = next;
            self.prev[next as usize] = prev;
        }
        let mut row = self.nodes[c as usize].down;
        while row != c {
            if u64::from(self.nodes[row as usize].cost) >= threshold {
                break;
            }
            self.hide(row);
            row = self.nodes[row as usize].down;
        }
    }

    /// Undoes [`cover`](Self::cover) with the same threshold.
    pub(super) fn uncover(&mut self, c: u32, threshold: u64) {
        let mut row = self.nodes[c as usize].down;
        while row != c {
            if u64::from(self.nodes[row as usize].cost) >= threshold {
                break;
            }
            self.unhide(row);
            row = self.nodes[row as usize].down;
        }
        if c < self.second {
            let (prev, next) = (self.prev[c as usize], self.next[c as usize]);
            self.next[prev as usize] = c;
            self.prev[next as usize] = c;
        }
    }

    /// Takes the entries of the option of `row`, other than `row`, out of their lists
    /// (purified ones stay). The busiest loop of the search: unchecked, and without the
    /// color test when no option has colors.
    #[inline(always)]
    fn hide(&mut self, row: u32) {
        let nodes = self.nodes.as_mut_ptr();
        let mut updates = 0;
        let mut at = row + 1;
        // SAFETY: every link, every item of an entry and every spacer's `up` was made by
        // `link` as the number of a node of `nodes`, and the dances only ever store such
        // numbers; `row` is an entry, so the walk stays within its option.
        unsafe {
            while at != row {
                let Node {
                    up,
                    down,
                    item,
                    color,
                    ..
                } = *nodes.add(at as usize);
                if self.colored && color < 0 {
                    at += 1;
                    continue;
                }
                if item <= 0 {
                    at = up;
                    continue;
                }
                (*nodes.add(up as usize)).down = down;
                (*nodes.add(down as usize)).up = up;
                (*nodes.add(item as usize)).item -= 1;
                updates += 1;
                at += 1;
            }
        }
        self.stats.updates += updates;
    }

    /// Undoes [`hide`](Self::hide).
    #[inline(always)]
    fn unhide(&mut self, row: u32) {
        let nodes = self.nodes.as_mut_ptr();
        let mut at = row + 1;
        // SAFETY: as in `hide`.
        unsafe {
            while at != row {
                let Node {
                    up,
                    down,
                    item,
                    color,
                    ..
                } = *nodes.add(at as usize);
                if self.colored && color < 0 {
                    at += 1;
                    continue;
                }
                if item <= 0 {
                    at = up;
                    continue;
                }
                (*nodes.add(up as usize)).down = at;
                (*nodes.add(down as usize)).up = at;
                (*nodes.add(item as usize)).item += 1;
                at += 1;
            }
        }
    }

    /// Gives the secondary item of the entry `p` the color of `p`: hides the options
    /// cheaper than `threshold` that want another color, and marks those that want the
    /// same one as purified.
    fn purify(&mut self, p: u32, threshold: u64) {
        let Node { item, color, .. } = self.nodes[p as usize];
        let c = item as u32;
        let mut row = self.nodes[c as usize].down;
        while row != c {
            if u64::from(self.nodes[row as usize].cost) >= threshold {
                break;
            }
            if self.nodes[row as usize].color != color {
                self.hide(row);
            } else if row != p {
                self.nodes[row as usize].color = -1;
            }
            row = self.nodes[row as usize].down;
        }
    }

    /// Undoes [`purify`](Self::purify) with the same threshold.
    fn unpurify(&mut self, p: u32, threshold: u64) {
        let Node { item, color, .. } = self.nodes[p as usize];
        let c = item as u32;
        let mut row = self.nodes[c as usize].down;
        while row != c {
            if u64::from(self.nodes[row as usize].cost) >= threshold {
                break;
            }
            if self.nodes[row as usize].color < 0 {
                self.nodes[row as usize].color = color;
            } else if row != p {
                self.unhide(row);
            }
            row = self.nodes[row as usize].down;
        }
    }

    /// Covers or purifies the items of the option of `node` other than its own, left to
    /// right.
    pub(super) fn commit(&mut self, node: u32, threshold: u64) {
        let mut at = node + 1;
        while at != node {
            let Node {
                up, item, color, ..
            } = self.nodes[at as usize];
            if item <= 0 {
                at = up;
                continue;
            }
            if color == 0 {
                self.cover(item as u32, threshold);
            } else if color > 0 {
                self.purify(at, threshold);
            }
            at += 1;
        }
    }

    /// Undoes [`commit`](Self::commit), right to left.
    pub(super) fn uncommit(&mut self, node: u32, threshold: u64) {
        let mut at = node - 1;
        while at != node {
            let Node {
                down, item, color, ..
            } = self.nodes[at as usize];
            if item <= 0 {
                at = down;
                continue;
            }
            if color == 0 {
                self.uncover(item as u32, threshold);
            } else if color > 0 {
                self.unpurify(at, threshold);
            }
            at -= 1;
        }
    }
}
