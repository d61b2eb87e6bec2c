//! Knuth's `sanity()`: a full check of the links, for tests and debugging.

use super::{ExactCover, COVERED, SPACER};

impl ExactCover {
    /// Checks every invariant of the links in the current state and panics with a description
    /// of the first one broken. It reads the whole matrix, so it is for tests and debugging,
    /// never for the search itself.
    ///
    /// Checked: both item lists are doubly linked; every active item's list is doubly linked,
    /// holds only entries of that item, and has the length `lengths` records; every entry
    /// of an active option lies in its item's list; spacers point at the ends of their
    /// neighbouring options; exactly the covered items carry the covered mark.
    pub fn sanity(&self) {
        let secondary_root = self.items + 1;
        for root in [0, secondary_root] {
            let mut item = self.right[root as usize];
            let mut steps = 0;
            while item != root {
                assert_eq!(
                    self.left[self.right[item as usize] as usize], item,
                    "item list broken after item {item}"
                );
                self.check_item_list(item);
                item = self.right[item as usize];
                steps += 1;
                assert!(
                    steps <= self.items,
                    "item list of root {root} does not close"
                );
            }
        }
        for item in 1..=self.items {
            let active = self.right[self.left[item as usize] as usize] == item;
            assert_eq!(
                self.lengths[item as usize] & COVERED == 0,
                active,
                "item {item} is marked otherwise than its list says"
            );
        }
        let mut spacer = self.items as usize + 1;
        for (option, &start) in self.option_start.iter().enumerate() {
            assert_eq!(
                self.nodes[spacer].top, SPACER,
                "no spacer before option {option}"
            );
            assert_eq!(
                self.nodes[spacer].next as usize, option,
                "spacer {spacer} numbers the option after it wrongly"
            );
            let mut end = start as usize;
            while self.nodes[end].top != SPACER {
                assert_eq!(
                    self.option_of(end as u32),
                    option,
                    "entry {end} mislabelled"
                );
                end += 1;
            }
            for entry in start as usize..end {
                let next = if entry + 1 == end {
                    start as usize
                } else {
                    entry + 1
                };
                assert_eq!(
                    self.nodes[entry].next as usize, next,
                    "entry {entry} next link"
                );
            }
            assert_eq!(
                self.nodes[spacer].down as usize,
                end - 1,
                "spacer {spacer} down link"
            );
            assert_eq!(self.nodes[end].up, start, "spacer {end} up link");
            spacer = end;
        }
    }

    fn check_item_list(&self, item: u32) {
        let mut len = 0;
        let mut node = self.nodes[item as usize].down;
        while node != item {
            let entry = self.nodes[node as usize];
            assert_eq!(entry.top, item, "node {node} in the list of item {item}");
            assert_eq!(
                self.nodes[entry.down as usize].up, node,
                "list of item {item} broken after node {node}"
            );
            len += 1;
            assert!(
                len as usize <= self.nodes.len(),
                "list of item {item} does not close"
            );
            node = entry.down;
        }
        assert_eq!(
            self.lengths[item as usize], len,
            "item {item} records a wrong length"
        );
    }
}
