//! Appending many options of one width in a row, for callers inside the crate that build a
//! fresh matrix from options valid by construction.
//!
//! [`ExactCover::add_option`] checks each option in full and grows the buffers as it goes;
//! a solver that builds a new matrix for every puzzle spends more on that than on linking.
//! An [`OptionLinker`] reserves the room for every option once, keeps the next free node and
//! option number in locals, and links each option with one range check on its items.

use super::{reciprocal, write_option, ExactCover, MIXED};

/// Links options of `W` items each into a matrix, up to the number it was made for. The
/// matrix's lengths are brought up to date when the linker is dropped.
pub(crate) struct OptionLinker<'a, const W: usize> {
    matrix: &'a mut ExactCover,
    /// The node after the last spacer written: the first entry of the next option.
    next_node: u32,
    /// The number of the next option.
    next_option: u32,
    /// The options the room was made for.
    capacity: u32,
}

impl ExactCover {
    /// A linker for up to `options` more options of `W` items each: the room for them is
    /// made now, once.
    ///
    /// # Panics
    /// If a search is under way or options are selected, if `W` is 0, or if the options would
    /// take the matrix past its node limit.
    pub(crate) fn link_options<const W: usize>(&mut self, options: usize) -> OptionLinker<'_, W> {
        assert!(W > 0, "an option needs an item");
        assert!(
            !self.search.is_dirty() && !self.colored,
            "options are linked in bulk into a fresh, uncolored matrix only"
        );
        let nodes = options
            .checked_mul(W + 1)
            .and_then(|entries| entries.checked_add(self.nodes.len()));
        assert!(
            nodes.is_some_and(|nodes| nodes <= self.max_nodes),
            "too many nodes for 32-bit node numbers"
        );
        self.nodes.reserve(options * (W + 1));
        self.option_start.reserve(options);
        if options > 0 {
            let width = W as u32;
            if self.option_start.is_empty() {
                self.option_width = width;
                self.option_divisor = reciprocal(u64::from(width) + 1);
            } else if self.option_width != width {
                self.option_width = MIXED;
            }
        }
        // Below `max_nodes` (at most 2³¹), so these conversions are exact.
        OptionLinker {
            next_node: self.nodes.len() as u32,
            next_option: self.option_start.len() as u32,
            capacity: (self.option_start.len() + options) as u32,
            matrix: self,
        }
    }
}

impl<const W: usize> OptionLinker<'_, W> {
    /// Appends the option of `items` (distinct, one of them primary: checked in debug
    /// builds) and returns its number.
    ///
    /// # Panics
    /// If an item is not an item of the matrix, or every option the linker was made for is
    /// already linked.
    #[inline(always)]
    pub(crate) fn push(&mut self, items: [u32; W]) -> u32 {
        let matrix = &mut *self.matrix;
        let highest = items.iter().fold(0, |highest, &item| highest.max(item));
        assert!(highest < matrix.items, "no such item");
        assert!(
            self.next_option < self.capacity,
            "more options than reserved"
        );
        debug_assert_eq!(
            matrix.check_option(&items.map(|item| item as usize)),
            Ok(())
        );
        let first = self.next_node;
        let option = self.next_option;
        let nodes = matrix.nodes.as_mut_ptr();
        let lengths = matrix.lengths.as_mut_ptr();
        // SAFETY: every item is below `matrix.items` (checked above). The new nodes and the
        // option's slot in `option_start` lie inside the room `link_options` reserved for
        // `capacity` options (checked above); the vectors' lengths are set on drop.
        unsafe {
            let spacer = write_option(nodes, lengths, first, option, items);
            matrix
                .option_start
                .as_mut_ptr()
                .add(option as usize)
                .write(first);
            self.next_node = spacer + 1;
        }
        self.next_option = option + 1;
        option
    }
}

impl<const W: usize> Drop for OptionLinker<'_, W> {
    fn drop(&mut self) {
        // SAFETY: every node and option slot below these lengths was written by `push`,
        // inside the capacity reserved by `link_options`.
        unsafe {
            self.matrix.nodes.set_len(self.next_node as usize);
            self.matrix.option_start.set_len(self.next_option as usize);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::exact_cover::ExactCover;

    /// Options linked in bulk make the same matrix, node for node, as the same options
    /// added one by one.
    #[test]
    fn bulk_linking_builds_the_matrix_add_option_builds() {
        let options: [[u32; 3]; 5] = [[0, 2, 5], [1, 3, 4], [0, 3, 5], [2, 4, 6], [1, 5, 6]];
        let mut one_by_one = ExactCover::new(5, 2);
        for option in options {
            one_by_one
                .add_option(&option.map(|item| item as usize))
                .unwrap();
        }
        let mut bulk = ExactCover::new(5, 2);
        {
            let mut linker = bulk.link_options::<3>(options.len());
            for (k, option) in options.into_iter().enumerate() {
                assert_eq!(linker.push(option), k as u32);
            }
        }
        assert_eq!(bulk.nodes, one_by_one.nodes);
        assert_eq!(bulk.lengths, one_by_one.lengths);
        assert_eq!(bulk.option_start, one_by_one.option_start);
        assert_eq!(bulk.option_width, one_by_one.option_width);
        bulk.sanity();
        assert_eq!(bulk.count(None).solutions, one_by_one.count(None).solutions);
    }

    #[test]
    #[should_panic(expected = "more options than reserved")]
    fn a_linker_refuses_options_beyond_its_room() {
        let mut matrix = ExactCover::new(2, 0);
        let mut linker = matrix.link_options::<1>(1);
        linker.push([0]);
        linker.push([1]);
    }

    #[test]
    #[should_panic(expected = "no such item")]
    fn a_linker_refuses_an_item_outside_the_matrix() {
        let mut matrix = ExactCover::new(2, 0);
        matrix.link_options::<2>(1).push([0, 2]);
    }
}
