//! The search tree cut into pieces: [`split`] lists *prefixes*, the options chosen on the
//! way down to some nodes of the tree, in the search's own order and by its branching rule
//! (Knuth's: the first primary item with the fewest options), so that the subtrees under
//! them share out the whole search. Counting under each ([`Prefix::select_in`], then a
//! count) and adding the counts gives the count of the whole problem; the pieces can go to
//! threads or to machines, in any order. Every parallel exact-cover search in the wild
//! (Hadoop's DistributedPentomino, burr-tools, Knuth's XCCDC dump-and-resume) splits so.
//!
//! Each prefix also carries Knuth's estimate of its place in the tree (TAOCP 7.2.2, the
//! progress reports of `dlx1`): the share of the tree under it, `1/b₁ × … × 1/bₖ` for the
//! branches `bᵢ` at each level of its path, and the share before it, the sum over its
//! levels of `(index at the level) / bᵢ` times the product of `1/bⱼ` above. Summed over
//! the prefixes done, the shares estimate the fraction of the search done.
//!
//! ```
//! use sudoku_dlx::exact_cover::knuth_format::Problem;
//! use sudoku_dlx::exact_cover::{prefix, Cover};
//!
//! let mut cover = Problem::queens(8).sparse()?;
//! let pieces = prefix::split(&mut cover, 20);
//! let mut total = 0;
//! for piece in &pieces {
//!     piece.select_in(&mut cover)?;
//!     total += cover.count(None).solutions;
//! }
//! assert_eq!(total, 92);
//! let last = pieces.last().unwrap();
//! assert!((last.before + last.share - 1.0).abs() < 1e-12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::shortest::shortest;
use super::{ExactCover, SelectError, Split};

/// Where the search would go from its selections, as [`Split::branch`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// The selections cover every primary item: they are a solution, and the search finds
    /// that one alone.
    Solved,
    /// The search branches on an item, whose options were written out (none: a dead end).
    Options,
}

/// A node of the search tree, as the options chosen on the way down to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Prefix {
    /// The options chosen from the top, one per level.
    pub options: Vec<usize>,
    /// Knuth's estimate of the share of the search tree under this node: the product of
    /// one over the branches at each level above it.
    pub share: f64,
    /// Knuth's estimate of the share of the tree the search passes before it reaches this
    /// node: nondecreasing along the list [`split`] returns, 0 for the first prefix, and
    /// `before + share` is 1 (up to rounding) for the last.
    pub before: f64,
    /// True when the search ends here: the options cover every primary item (one solution)
    /// or leave one without options (none). [`split`] cuts no further.
    pub leaf: bool,
}

impl Prefix {
    /// Undoes every selection of `cover` and selects this prefix's options: the search
    /// that follows explores this prefix's subtree alone.
    pub fn select_in<C: Split>(&self, cover: &mut C) -> Result<(), SelectError> {
        cover.restart();
        for &option in &self.options {
            cover.select(option)?;
        }
        Ok(())
    }
}

/// Cuts the search tree of `cover` into at least `pieces` prefixes that are not leaves (or
/// fewer, when the tree ends first), in the order the search meets them; together their
/// subtrees hold every solution once. The largest by [`Prefix::share`] are cut first, a
/// round at a time (every prefix with at least half the largest share), so the pieces are
/// of comparable estimated size. The leaves met on the way stay in the list. Leaves `cover`
/// restarted (no selection).
pub fn split<C: Split>(cover: &mut C, pieces: usize) -> Vec<Prefix> {
    let mut prefixes = vec![Prefix {
        options: Vec::new(),
        share: 1.0,
        before: 0.0,
        leaf: false,
    }];
    let mut branch = Vec::new();
    loop {
        let open = prefixes.iter().filter(|prefix| !prefix.leaf);
        let (count, largest) = open.fold((0, 0.0f64), |(n, max), p| (n + 1, max.max(p.share)));
        if count == 0 || count >= pieces {
            break;
        }
        let mut next = Vec::with_capacity(prefixes.len() * 2);
        for mut prefix in prefixes {
            if prefix.leaf || prefix.share < largest / 2.0 {
                next.push(prefix);
                continue;
            }
            prefix
                .select_in(cover)
                .expect("the options of a branch are live");
            if cover.branch(&mut branch) == Branch::Solved || branch.is_empty() {
                prefix.leaf = true;
                next.push(prefix);
                continue;
            }
            let share = prefix.share / branch.len() as f64;
            next.extend(branch.iter().enumerate().map(|(index, &option)| {
                let mut options = Vec::with_capacity(prefix.options.len() + 1);
                options.extend_from_slice(&prefix.options);
                options.push(option);
                Prefix {
                    options,
                    share,
                    before: prefix.before + index as f64 * share,
                    leaf: false,
                }
            }));
        }
        prefixes = next;
    }
    cover.restart();
    prefixes
}

impl ExactCover {
    /// Where the search would branch first from the selections (abandoning any search in
    /// progress): [`Branch::Solved`] when they cover every primary item, else the options
    /// of the first primary item with the fewest options (Knuth's rule, whatever the
    /// [`Branching`](super::Branching)), top to bottom as the search tries them, written into
    /// `options` (emptied first; none when that item has no option left).
    pub fn branch(&mut self, options: &mut Vec<usize>) -> Branch {
        self.rewind_search();
        options.clear();
        if self.right[0] == 0 {
            return Branch::Solved;
        }
        let (_, first) = shortest(&self.lengths[1..=self.primary as usize]);
        let item = first as u32 + 1;
        let mut node = self.nodes[item as usize].down;
        while node != item {
            options.push(self.option_of(node));
            node = self.nodes[node as usize].down;
        }
        Branch::Options
    }
}
