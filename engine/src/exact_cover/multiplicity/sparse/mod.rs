//! The search with multiplicities on sparse sets rather than dancing links, written for
//! this crate from the description of Knuth's `ssmcc` (Stappers's extension of
//! `ssxcc-binary` to `dlx3`'s multiplicities): [`SparseMultiCover`].
//!
//! Each item keeps the options that still contain it as a sparse set (a region of one flat
//! array of node numbers, the first `size` of them live, each node knowing where it sits),
//! as [`SparseCover`](crate::exact_cover::sparse::SparseCover) does; the active items are a
//! sparse set too. Nothing is unlinked and relinked: a branch point saves the size and the
//! bound of every active item on a stack, and backing up restores them, which puts every
//! set back, since removals only permute the live part of a region.
//!
//! The branching is binary: at a branch point on item `i` and its first live option `o`,
//! the left branch takes `o`, the right one removes `o` and chooses again. The item is
//! chosen by `dlx3`'s branching degree `l + s - b + 1` (ties to the smaller slack, then the
//! longer item, then the first); an item of degree 1 must take all of its options, which
//! are taken as *forced* moves without saving anything. Taking or removing an option is
//! abandoned as soon as it would leave some primary item with fewer options than it must
//! still take. The nodes therefore are `ssmcc`'s, not `dlx3`'s; the solutions are the same.
//!
//! ```
//! use sudoku_dlx::exact_cover::knuth_format::Problem;
//! use sudoku_dlx::exact_cover::{Cover, Found};
//!
//! // Knuth's example in dlx3: C covered two or three times.
//! let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
//! let problem = Problem::parse(text)?.problem;
//! let mut cover = problem.multi_sparse()?;
//! let mut solution: Vec<usize> = cover.first_solution().unwrap().options().collect();
//! solution.sort();
//! assert_eq!(solution, [1, 3, 4]);
//! assert_eq!(cover.count(None).solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dance;
mod search;

use super::super::knuth_format::Problem;
use super::super::{BuildError, Cover, Stats};
use super::Multiplicity;
pub use search::SparseMultiSolution;

/// The item of a spacer node (one stands before the first option and after each option).
const SPACER: u32 = u32::MAX;

/// One node: an option's entry for one item. `loc` is where the node sits in its item's
/// region of `set`, `color` its color (0 for none, the caller's color plus one), and
/// `first` the first node of its option.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    item: u32,
    loc: u32,
    color: u32,
    first: u32,
}

/// One item: where its region of `set` starts, how many of it are live, where the item sits
/// in the list of items (active below `active`), and for a primary item the options it may
/// still take (`bound`) and its slack (upper bound minus lower, fixed).
#[derive(Clone, Copy, Debug, Default)]
struct Item {
    base: u32,
    size: u32,
    pos: u32,
    bound: i32,
    slack: i32,
}

/// An exact-cover problem with multiplicities on sparse sets (Knuth's `ssmcc`), and the
/// state of a search over it: built by [`SparseMultiCover::new`] or
/// [`Problem::multi_sparse`], then asked for solutions, counts and statistics through
/// [`Cover`](super::super::Cover), the interface of the other engines.
#[derive(Clone, Debug)]
pub struct SparseMultiCover {
    nodes: Vec<Node>,
    /// Each item's region: the node numbers of the options that contain it.
    set: Vec<u32>,
    items: Vec<Item>,
    /// The items, the active ones first (Knuth's `item` array).
    list: Vec<u32>,
    /// How many items are active.
    active: u32,
    /// Items below this one are primary.
    primary: u32,
    /// The first node of each option.
    option_start: Vec<u32>,
    /// The state to start from: `set`, `items` and `list` as built, and `active`.
    initial: Initial,
    /// True when some primary item has fewer options than its lower bound: no solution.
    hopeless: bool,
    search: search::State,
    stats: Stats,
}

/// What [`Cover::restart`](super::super::Cover::restart) puts back.
#[derive(Clone, Debug)]
struct Initial {
    set: Vec<u32>,
    items: Vec<Item>,
    list: Vec<u32>,
    active: u32,
}

impl SparseMultiCover {
    /// The problem with primary items of the given `multiplicities` (item `k` from 0 is
    /// primary when `k < multiplicities.len()`), `secondary` secondary items, and `options`
    /// as `(item, color)` lists, each with a primary item and no item twice.
    pub fn new<'a>(
        multiplicities: &[Multiplicity],
        secondary: usize,
        options: impl IntoIterator<Item = &'a [(usize, Option<u32>)]>,
    ) -> Result<SparseMultiCover, BuildError> {
        let primary = multiplicities.len();
        let count = primary + secondary;
        if count >= Multiplicity::MAX as usize {
            return Err(BuildError::TooLarge);
        }
        let mut items = vec![Item::default(); count];
        for (item, m) in items.iter_mut().zip(multiplicities) {
            if m.high == 0 || m.low > m.high || m.high > Multiplicity::MAX {
                return Err(BuildError::TooLarge);
            }
            item.bound = m.high as i32;
            item.slack = (m.high - m.low) as i32;
        }
        let mut nodes = vec![Node {
            item: SPACER,
            ..Node::default()
        }];
        let mut option_start = Vec::new();
        for entries in options {
            if entries.is_empty() {
                return Err(BuildError::EmptyOption);
            }
            if !entries.iter().any(|&(item, _)| item < primary) {
                return Err(BuildError::NoPrimaryItem);
            }
            let first = nodes.len() as u32;
            option_start.push(first);
            for &(item, color) in entries {
                if item >= count {
                    return Err(BuildError::NoSuchItem { item, items: count });
                }
                if color.is_some() && item < primary {
                    return Err(BuildError::ColoredPrimary { item });
                }
                if nodes[first as usize..]
                    .iter()
                    .any(|n| n.item == item as u32)
                {
                    return Err(BuildError::RepeatedItem { item });
                }
                let color = match color {
                    Some(c) if c >= Multiplicity::MAX => return Err(BuildError::TooLarge),
                    Some(c) => c + 1,
                    None => 0,
                };
                // `loc` counts the item's options so far until the regions are laid out.
                nodes.push(Node {
                    item: item as u32,
                    loc: items[item].size,
                    color,
                    first,
                });
                items[item].size += 1;
            }
            nodes.push(Node {
                item: SPACER,
                ..Node::default()
            });
            if nodes.len() >= Multiplicity::MAX as usize {
                return Err(BuildError::TooLarge);
            }
        }
        let mut base = 0;
        for item in &mut items {
            item.base = base;
            base += item.size;
        }
        let mut set = vec![0; base as usize];
        for (k, node) in nodes.iter_mut().enumerate() {
            if node.item != SPACER {
                node.loc += items[node.item as usize].base;
                set[node.loc as usize] = k as u32;
            }
        }
        let hopeless = items[..primary]
            .iter()
            .any(|item| (item.size as i32) < item.bound - item.slack);
        // The active items first, in item order; those without options are inactive.
        let (mut list, idle): (Vec<u32>, Vec<u32>) =
            (0..count as u32).partition(|&k| items[k as usize].size > 0);
        let active = list.len() as u32;
        list.extend(idle);
        for (at, &k) in list.iter().enumerate() {
            items[k as usize].pos = at as u32;
        }
        // A level takes or removes an option, each at most once along a path; a stage takes
        // one option, and each takes one use of some primary item.
        let levels = 2 * option_start.len() + 2;
        let uses: u64 = multiplicities.iter().map(|m| m.high as u64).sum();
        let stages = (option_start.len() as u64).min(uses) as usize + 1;
        let entries = nodes.len();
        let mut cover = SparseMultiCover {
            initial: Initial {
                set: set.clone(),
                items: items.clone(),
                list: list.clone(),
                active,
            },
            nodes,
            set,
            items,
            list,
            active,
            primary: primary as u32,
            option_start,
            hopeless,
            search: search::State::new(levels, stages, count, entries),
            stats: Stats::default(),
        };
        cover.restart();
        Ok(cover)
    }

    /// The option that the node `node` belongs to.
    fn option_of(&self, node: u32) -> usize {
        self.option_start.partition_point(|&start| start <= node) - 1
    }
}

impl Problem {
    /// The problem for the search with multiplicities on sparse sets
    /// ([`SparseMultiCover`], Knuth's `ssmcc`), which takes every problem, with
    /// multiplicities or not; [`BuildError::TooLarge`] if it outgrows that structure's
    /// bounds.
    pub fn multi_sparse(&self) -> Result<SparseMultiCover, BuildError> {
        SparseMultiCover::new(
            &self.multiplicities,
            self.items.len() - self.primary,
            self.options.iter().map(|option| &option.entries[..]),
        )
    }
}
