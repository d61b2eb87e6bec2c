//! Exact cover with **multiplicities**: each primary item covered between a lower and an
//! upper bound of times (Knuth's `dlx3`, TAOCP 7.2.2.1), secondary items at most once or in
//! one color, as before. The bounds are written `u:v|name` (or `v|name` for exactly `v`) on
//! the item line of Knuth's format; [`Multiplicity`] is one item's pair, and
//! [`MultiCover`] the search, on dancing links, written for this crate from the
//! description of `dlx3`'s algorithm.
//!
//! The search branches on the primary item of smallest *branching degree*: an item with
//! `l` options left, `b` more options allowed and a slack `s` (its upper bound minus its
//! lower, at most `b`) can be continued in `l + s - b + 1` ways (the options, one at a
//! time, and when `s > 0` the null move that leaves the item as it is). Ties go to the
//! smaller slack, then to the longer item, then to the first in item order, as in `dlx3`.
//! When the item may still take more than one option, each option taken is also
//! *tweaked* out of the item for the branches after it, so that every set of options is
//! found once, in one order. The nodes and updates (`Stats::knuth_updates`) are `dlx3`'s.
//!
//! ```
//! use sudoku_dlx::exact_cover::knuth_format::Problem;
//! use sudoku_dlx::exact_cover::multiplicity::Multiplicity;
//! use sudoku_dlx::exact_cover::{Cover, Found};
//!
//! // Knuth's example in dlx3: C covered two or three times.
//! let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
//! let problem = Problem::parse(text)?.problem;
//! assert_eq!(problem.multiplicities[2], Multiplicity { low: 2, high: 3 });
//! let mut cover = problem.multi()?;
//! let solution: Vec<usize> = cover.first_solution().unwrap().options().collect();
//! assert_eq!(solution, [1, 3, 4]);
//! assert_eq!(cover.count(None).solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dance;
mod search;
mod sparse;
#[cfg(test)]
mod tests;

use super::knuth_format::{Problem, Reason};
use super::{BuildError, Count, Stats};
pub use search::MultiSolution;
pub use sparse::{SparseMultiCover, SparseMultiSolution};

/// How many times a primary item must be covered: from `low` to `high`, both included
/// (`high` at least 1 and at least `low`). Knuth's `dlx3` writes it `low:high|name`, or
/// `high|name` when both are equal; a plain name is [`Multiplicity::ONCE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Multiplicity {
    /// The fewest times.
    pub low: u32,
    /// The most times.
    pub high: u32,
}

impl Multiplicity {
    /// Exactly once: the plain exact-cover item.
    pub const ONCE: Multiplicity = Multiplicity { low: 1, high: 1 };

    /// The largest bound accepted, so that the search's sums stay within 32 bits.
    pub const MAX: u32 = i32::MAX as u32 / 2;

    /// Splits an item word of Knuth's format into its multiplicity and its name: `2:3|a`
    /// gives `(2..=3, "a")`, `2|a` `(2..=2, "a")`, and a word without a `|` after its
    /// first character is a plain name, [`Multiplicity::ONCE`]. Refused: bounds that are
    /// not one or two decimal numbers up to [`MAX`](Self::MAX) with an item name after
    /// them ([`Reason::BadMultiplicity`]), an upper bound of zero
    /// ([`Reason::ZeroMultiplicity`]), a lower bound above the upper one
    /// ([`Reason::ReversedMultiplicity`]).
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::multiplicity::Multiplicity;
    ///
    /// assert_eq!(Multiplicity::split("0:2|a"), Ok((Multiplicity { low: 0, high: 2 }, "a")));
    /// assert_eq!(Multiplicity::split("b"), Ok((Multiplicity::ONCE, "b")));
    /// assert!(Multiplicity::split("3:2|a").is_err());
    /// ```
    pub fn split(word: &str) -> Result<(Multiplicity, &str), Reason> {
        let Some(bar) = word
            .get(1..)
            .and_then(|rest| rest.find('|'))
            .map(|at| at + 1)
        else {
            return Ok((Multiplicity::ONCE, word));
        };
        let (bounds, name) = (&word[..bar], &word[bar + 1..]);
        let bad = || Reason::BadMultiplicity(word.to_string());
        let number = |text: &str| -> Result<u32, Reason> {
            if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            text.parse::<u32>()
                .ok()
                .filter(|&n| n <= Multiplicity::MAX)
                .ok_or_else(bad)
        };
        let (low, high) = match bounds.split_once(':') {
            Some((low, high)) => (number(low)?, number(high)?),
            None => {
                let high = number(bounds)?;
                (high, high)
            }
        };
        if name.is_empty() {
            return Err(bad());
        }
        if high == 0 {
            return Err(Reason::ZeroMultiplicity(word.to_string()));
        }
        if low > high {
            return Err(Reason::ReversedMultiplicity(word.to_string()));
        }
        Ok((Multiplicity { low, high }, name))
    }
}

/// One node of the dancing links, as in `dlx3`: the links of its item's list, its item (in
/// an item's header node: 0, the length being kept in [`Item`]; in a spacer: minus one minus
/// the number of the option before it), and its color (0 for none, the caller's color plus
/// one, -1 once purified away).
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    item: i32,
    color: i32,
}

/// One item: its neighbours in the list of active primary items (item 0 is that list's
/// head), the options it may still take (`bound`), its slack (upper bound minus lower) and
/// the length of its list, all that the choice of an item reads, in one place.
#[derive(Clone, Copy, Debug, Default)]
struct Item {
    prev: u32,
    next: u32,
    bound: i32,
    slack: i32,
    len: i32,
}

/// An exact-cover problem with multiplicities and the state of a search over it (see the
/// [module](self)): built by [`MultiCover::new`] or [`Problem::multi`], then asked for
/// solutions, counts and statistics through [`Cover`](super::Cover), the interface of the
/// other engines.
#[derive(Clone, Debug)]
pub struct MultiCover {
    /// The item headers (node `k` for item `k`, item 0 the root), then a spacer, then each
    /// option's nodes followed by a spacer.
    nodes: Vec<Node>,
    items: Vec<Item>,
    /// The first node of each option.
    option_start: Vec<u32>,
    /// The first secondary item (items are numbered from 1 here).
    second: u32,
    search: search::State,
    stats: Stats,
}

impl MultiCover {
    /// The problem with primary items of the given `multiplicities` (item `k` from 0 is
    /// primary when `k < multiplicities.len()`), `secondary` secondary items, and `options`
    /// as `(item, color)` lists, each with a primary item.
    pub fn new<'a>(
        multiplicities: &[Multiplicity],
        secondary: usize,
        options: impl IntoIterator<Item = &'a [(usize, Option<u32>)]>,
    ) -> Result<MultiCover, BuildError> {
        let primary = multiplicities.len();
        let items = primary + secondary;
        if items >= Multiplicity::MAX as usize {
            return Err(BuildError::TooLarge);
        }
        let heads = items as u32 + 1;
        let mut nodes: Vec<Node> = (0..=heads)
            .map(|k| Node {
                up: k,
                down: k,
                ..Node::default()
            })
            .collect();
        let mut item_list = vec![Item::default(); items + 1];
        for (k, item) in item_list.iter_mut().enumerate() {
            let k = k as u32;
            (item.prev, item.next) = if k as usize <= primary {
                (
                    if k == 0 { primary as u32 } else { k - 1 },
                    if k as usize == primary { 0 } else { k + 1 },
                )
            } else {
                (k, k)
            };
        }
        for (item, m) in item_list[1..].iter_mut().zip(multiplicities) {
            if m.high == 0 || m.low > m.high || m.high > Multiplicity::MAX {
                return Err(BuildError::TooLarge);
            }
            item.bound = m.high as i32;
            item.slack = (m.high - m.low) as i32;
        }
        let mut option_start = Vec::new();
        for entries in options {
            let spacer = nodes.len() - 1;
            if entries.is_empty() {
                return Err(BuildError::EmptyOption);
            }
            if !entries.iter().any(|&(item, _)| item < primary) {
                return Err(BuildError::NoPrimaryItem);
            }
            option_start.push(nodes.len() as u32);
            for &(item, color) in entries {
                if item >= items {
                    return Err(BuildError::NoSuchItem { item, items });
                }
                if color.is_some() && item < primary {
                    return Err(BuildError::ColoredPrimary { item });
                }
                let at = nodes.len() as u32;
                let head = item + 1;
                if nodes[spacer + 1..].iter().any(|n| n.item == head as i32) {
                    return Err(BuildError::RepeatedItem { item });
                }
                let color = match color {
                    Some(c) if c >= Multiplicity::MAX => return Err(BuildError::TooLarge),
                    Some(c) => c as i32 + 1,
                    None => 0,
                };
                let last = nodes[head].up;
                nodes[last as usize].down = at;
                nodes[head].up = at;
                item_list[head].len += 1;
                nodes.push(Node {
                    up: last,
                    down: head as u32,
                    item: head as i32,
                    color,
                });
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            nodes.push(Node {
                up: spacer as u32 + 1,
                down: 0,
                item: -(option_start.len() as i32),
                color: 0,
            });
            if nodes.len() >= Multiplicity::MAX as usize {
                return Err(BuildError::TooLarge);
            }
        }
        // The most levels a search can reach: each takes an option or settles an item.
        let levels = option_start.len() + primary + 1;
        Ok(MultiCover {
            nodes,
            items: item_list,
            option_start,
            second: primary as u32 + 1,
            search: search::State::new(levels),
            stats: Stats::default(),
        })
    }

    /// The option that the node `node` belongs to.
    fn option_of(&self, node: u32) -> usize {
        self.option_start.partition_point(|&start| start <= node) - 1
    }
}

/// The count of [`Cover::count_while`](super::Cover::count_while) for both searches: `run`
/// runs a search from the top, calling what it is given at each solution (true: go on),
/// and returns true when it stopped at a solution; the caller adds whether the interrupt
/// stopped it.
fn count_through(
    cap: Option<u128>,
    mut keep_going: impl FnMut(u128) -> bool,
    run: impl FnOnce(&mut dyn FnMut() -> bool) -> bool,
) -> Count {
    let mut count = Count::default();
    if cap == Some(0) {
        count.capped = true;
        return count;
    }
    let solutions = &mut count.solutions;
    let stopped = run(&mut || {
        *solutions += 1;
        cap != Some(*solutions) && keep_going(*solutions)
    });
    count.capped = stopped;
    count
}

impl Problem {
    /// True when the search with multiplicities on dancing links ([`Problem::multi`],
    /// `dlx3`'s) is likely the faster one here, false for the one on sparse sets
    /// ([`Problem::multi_sparse`], `ssmcc`'s), by the problem's shape: options of fewer
    /// than four items on average. At each branch point the sparse search scans and saves
    /// every active item, which the removals of options of three items or fewer do not
    /// repay (Langford pairs); from four items on (queens, polyomino packings) it is the
    /// faster, measured with `scripts/xc-mult-vs-knuth` (docs/lab/performance-notes.md).
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::knuth_format::Problem;
    ///
    /// assert!(Problem::parse("0:2|a b c\na b c\n")?.problem.multi_prefers_links());
    /// assert!(!Problem::parse("0:2|a b c d\na b c d\n")?.problem.multi_prefers_links());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn multi_prefers_links(&self) -> bool {
        let entries: usize = self.options.iter().map(|o| o.entries.len()).sum();
        entries < 4 * self.options.len()
    }

    /// True when some primary item has a multiplicity other than exactly once.
    pub fn has_multiplicities(&self) -> bool {
        self.multiplicities.iter().any(|&m| m != Multiplicity::ONCE)
    }

    /// The problem for the search with multiplicities ([`MultiCover`], Knuth's `dlx3`),
    /// which takes every problem, with multiplicities or not;
    /// [`BuildError::TooLarge`] if it outgrows that structure's bounds.
    pub fn multi(&self) -> Result<MultiCover, BuildError> {
        MultiCover::new(
            &self.multiplicities,
            self.items.len() - self.primary,
            self.options.iter().map(|option| &option.entries[..]),
        )
    }
}
