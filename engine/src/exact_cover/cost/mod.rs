//! Exact cover at **minimum cost**: each option has a cost, a solution costs the sum of its
//! options' costs, and the search finds the cheapest solution, or the `k` cheapest (Knuth's
//! `dlx5`, TAOCP 7.2.2.1). Costs are written `|n` after an option's items in Knuth's format
//! ([`knuth_format`](super::knuth_format)); [`CostCover`] is the search, on dancing links,
//! written for this crate from the description of `dlx5`'s algorithm.
//!
//! As in `dlx5`, each primary item is first *taxed* the cost of its cheapest option, and
//! that tax taken off every option with the item: the *net* costs that remain are what the
//! search compares, and every solution's cost is its net cost plus the total tax. Each
//! item's options are sorted by net cost, cheapest first, so that the options too dear to
//! beat the `k`-th best solution found so far are a tail of each list that covering,
//! choosing and trying all stop at. The search branches on the item with the fewest
//! options still cheap enough (counting at most ten, then the item's length), ties to the
//! larger cheapest net cost, then to the first item. When every option has the same number
//! `z` of primary items, it also backs off when the cheapest way to cover the items left
//! (the cheapest net costs of the items, sorted, one in every `z` from the dearest) cannot
//! beat the `k`-th best, as `dlx5` does when told `z` (for `z` > 1, with at most 32 items
//! left). The nodes, and the solutions found on the way (each cheaper than the `k`-th best
//! so far), are `dlx5`'s.
//!
//! ```
//! use sudoku_dlx::exact_cover::knuth_format::Problem;
//!
//! // Three items; covering them costs 5 with {a b}, {c} or 4 with {a}, {b c}.
//! let text = "a b c\na b |3\nc |2\na |1\nb c |3\n";
//! let problem = Problem::parse(text)?.problem;
//! let mut search = problem.costed()?;
//! let best = search.best(2);
//! assert_eq!(best.costs().collect::<Vec<_>>(), [4, 5]);
//! assert_eq!(best.solutions[0].options, [2, 3]);
//! assert_eq!(search.min_cost(), Some(4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dance;
mod search;
#[cfg(test)]
mod tests;

use super::knuth_format::{Problem, Reason, MAX_COST};
use super::names::{NamesError, Place};
use super::{BuildError, Interrupt, Stats};

/// The most items a node number leaves room for (as in the search with multiplicities).
const MAX_NODES: usize = i32::MAX as usize / 2;

/// At most this many options are counted in an item's list when choosing where to branch;
/// past them, the item's length stands for the count (`dlx5`'s `lenthresh`).
const LOOKAHEAD: u32 = 10;

/// The lower bound for options of `z` > 1 primary items sorts the items' cheapest costs,
/// and is skipped while more items than this are left (`dlx5`'s `sortbufsize`).
const SORTED_AT_MOST: usize = 32;

/// One node of the dancing links, as in `dlx5`: the links of its item's list, its item (in
/// a primary item's header: the list's length; in a spacer: minus the number of options up
/// to it), its color (0 for none, the caller's color plus one, -1 once purified away) and
/// the net cost of its option (in an item's header: its tax). Costs fit 32 bits
/// ([`MAX_COST`]), which keeps a node at 20 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    item: i32,
    color: i32,
    cost: u32,
}

/// One of the cheapest solutions: its cost and its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Priced {
    /// The sum of the costs of its options.
    pub cost: u64,
    /// Its options, in increasing order (of input).
    pub options: Vec<usize>,
}

/// What [`CostCover::best`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Best {
    /// The `k` cheapest solutions (fewer if the problem has fewer), cheapest first; among
    /// equal costs, in the order found (and when more than `k` solutions tie for the last
    /// places, the first found of them are kept).
    pub solutions: Vec<Priced>,
    /// The solutions the search met on its way, each cheaper than the `k`-th best found
    /// before it (those `dlx5` prints, and counts as "solutions").
    pub improvements: u64,
    /// False when the interrupt stopped the search: the solutions are then only the best
    /// found so far.
    pub complete: bool,
}

impl Best {
    /// The costs of [`solutions`](Self::solutions), cheapest first: `dlx5`'s list of the
    /// optimum costs.
    pub fn costs(&self) -> impl Iterator<Item = u64> + '_ {
        self.solutions.iter().map(|solution| solution.cost)
    }
}

/// An exact-cover problem with costs on its options and the state of a search for its
/// cheapest solutions (see the [module](self)): built by [`CostCover::new`] or
/// [`Problem::costed`], then asked for [`best`](Self::best) or [`min_cost`](Self::min_cost).
#[derive(Clone, Debug)]
pub struct CostCover {
    /// The item headers (node `k` for item `k`, item 0 the root), then a spacer, then each
    /// option's nodes followed by a spacer.
    nodes: Vec<Node>,
    /// The neighbours of each primary item in the list of active ones (item 0 its head).
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The first secondary item (items are numbered from 1 here).
    second: u32,
    /// The first node of each option.
    option_start: Vec<u32>,
    /// True when some option has a color: the dances then skip purified entries.
    colored: bool,
    /// The sum of the taxes: a solution costs its net cost plus this.
    total_tax: u64,
    /// The number of primary items of every option when it is the same for all (the `z`
    /// of the lower bound), else 0.
    width: usize,
    search: search::State,
    stats: Stats,
}

impl CostCover {
    /// The problem with `primary` primary items (items `0..primary`), `secondary` secondary
    /// ones after them, and `options` as `(item, color)` lists, each with a primary item,
    /// with their costs.
    pub fn new<'a>(
        primary: usize,
        secondary: usize,
        options: impl IntoIterator<Item = (&'a [(usize, Option<u32>)], u64)>,
    ) -> Result<CostCover, BuildError> {
        let items = primary + secondary;
        if items >= MAX_NODES {
            return Err(BuildError::TooLarge);
        }
        let mut entries: Vec<(u32, i32)> = Vec::new();
        let mut bounds = vec![0usize];
        let mut costs = Vec::new();
        for (option, cost) in options {
            if cost > MAX_COST {
                return Err(BuildError::CostTooLarge {
                    option: costs.len(),
                });
            }
            if option.is_empty() {
                return Err(BuildError::EmptyOption);
            }
            let start = entries.len();
            for &(item, color) in option {
                if item >= items {
                    return Err(BuildError::NoSuchItem { item, items });
                }
                if color.is_some() && item < primary {
                    return Err(BuildError::ColoredPrimary { item });
                }
                if entries[start..]
                    .iter()
                    .any(|&(i, _)| i as usize == item + 1)
                {
                    return Err(BuildError::RepeatedItem { item });
                }
                let color = match color {
                    Some(c) if c as usize >= MAX_NODES => return Err(BuildError::TooLarge),
                    Some(c) => c as i32 + 1,
                    None => 0,
                };
                entries.push((item as u32 + 1, color));
            }
            if !option.iter().any(|&(item, _)| item < primary) {
                return Err(BuildError::NoPrimaryItem);
            }
            if entries.len() + bounds.len() + items >= MAX_NODES {
                return Err(BuildError::TooLarge);
            }
            bounds.push(entries.len());
            costs.push(cost);
        }
        let second = primary as u32 + 1;
        let (costs, taxes) = taxed(&entries, &bounds, costs, second);
        Ok(Self::link(items, second, &entries, &bounds, &costs, &taxes))
    }

    /// Lays out the nodes: option after option, each followed by a spacer, and each item's
    /// list in increasing net cost (options of equal cost in input order).
    fn link(
        items: usize,
        second: u32,
        entries: &[(u32, i32)],
        bounds: &[usize],
        costs: &[u64],
        taxes: &[u64],
    ) -> CostCover {
        let heads = items as u32 + 1;
        let mut nodes: Vec<Node> = (0..heads)
            .map(|k| Node {
                up: k,
                down: k,
                ..Node::default()
            })
            .collect();
        nodes.push(Node::default()); // the first spacer
        let mut option_start = Vec::with_capacity(costs.len());
        let colored = entries.iter().any(|&(_, color)| color != 0);
        let mut width = None;
        for (option, window) in bounds.windows(2).enumerate() {
            let spacer = nodes.len() - 1;
            option_start.push(nodes.len() as u32);
            let option_entries = &entries[window[0]..window[1]];
            for &(item, color) in option_entries {
                nodes.push(Node {
                    up: 0,
                    down: 0,
                    item: item as i32,
                    color,
                    cost: costs[option] as u32,
                });
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            nodes.push(Node {
                up: spacer as u32 + 1,
                down: 0,
                item: -(option as i32 + 1),
                color: 0,
                cost: 0,
            });
            let primaries = option_entries.iter().filter(|e| e.0 < second).count();
            width = match width {
                None => Some(primaries),
                Some(w) if w == primaries => Some(w),
                Some(_) => Some(0),
            };
        }
        // Each item's entries, stably sorted by cost, linked from the header down.
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); heads as usize];
        for (node, n) in nodes.iter().enumerate().skip(heads as usize) {
            if n.item > 0 {
                lists[n.item as usize].push(node as u32);
            }
        }
        for (item, list) in lists.iter_mut().enumerate().skip(1) {
            list.sort_by_key(|&node| nodes[node as usize].cost);
            let mut last = item as u32;
            for &node in list.iter() {
                nodes[last as usize].down = node;
                nodes[node as usize].up = last;
                last = node;
            }
            nodes[last as usize].down = item as u32;
            nodes[item].up = last;
            // Secondary items keep their lengths too, unread: the dances then need no test.
            nodes[item].item = list.len() as i32;
            if (item as u32) < second {
                nodes[item].cost = taxes[item] as u32;
            }
        }
        let primary = second as usize - 1;
        let prev = (0..=primary as u32)
            .map(|k| if k == 0 { primary as u32 } else { k - 1 })
            .collect();
        let next = (0..=primary as u32)
            .map(|k| if k as usize == primary { 0 } else { k + 1 })
            .collect();
        let levels = primary + 1;
        CostCover {
            nodes,
            prev,
            next,
            second,
            option_start,
            colored,
            total_tax: taxes.iter().sum(),
            width: width.unwrap_or(0),
            search: search::State::new(levels),
            stats: Stats::default(),
        }
    }

    /// The number of primary items.
    pub fn primary_items(&self) -> usize {
        self.second as usize - 1
    }

    /// The number of options.
    pub fn options(&self) -> usize {
        self.option_start.len()
    }

    /// The cost of `option`, as given.
    ///
    /// # Panics
    /// If `option` is not an option of the problem.
    pub fn option_cost(&self, option: usize) -> u64 {
        let start = self.option_start[option] as usize;
        let mut tax = 0;
        let mut at = start;
        while self.nodes[at].item > 0 {
            let item = self.nodes[at].item as u32;
            if item < self.second {
                tax += u64::from(self.nodes[item as usize].cost);
            }
            at += 1;
        }
        u64::from(self.nodes[start].cost) + tax
    }

    /// The work done since the statistics were last reset, counted as `dlx5` counts it:
    /// `nodes` the branch points entered and the solutions met
    /// ([`Best::improvements`], also `solutions` here), `covers` the items covered,
    /// `updates` the entries taken out of an item's list; [`Stats::knuth_updates`] is
    /// `dlx5`'s "updates".
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Sets the statistics back to zero.
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// Makes later searches watch `interrupt` (none with `None`): once it is set, a search
    /// stops within a few thousand nodes, with what it found so far.
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.search.watch.set_interrupt(interrupt);
    }

    /// True when the last search was stopped by the interrupt.
    pub fn was_interrupted(&self) -> bool {
        self.search.watch.stopped
    }
}

/// The net costs of the options and the tax of each item (from 1): each primary item in
/// turn is taxed the least net cost of its options so far, which is taken off each of them
/// (`dlx5`'s taxes; an item without options pays none).
fn taxed(
    entries: &[(u32, i32)],
    bounds: &[usize],
    mut costs: Vec<u64>,
    second: u32,
) -> (Vec<u64>, Vec<u64>) {
    let mut options_of: Vec<Vec<u32>> = vec![Vec::new(); second as usize];
    for (option, window) in bounds.windows(2).enumerate() {
        for &(item, _) in &entries[window[0]..window[1]] {
            if item < second {
                options_of[item as usize].push(option as u32);
            }
        }
    }
    let mut taxes = vec![0; second as usize];
    for (options, tax) in options_of.iter().zip(&mut taxes) {
        let Some(least) = options.iter().map(|&o| costs[o as usize]).min() else {
            continue;
        };
        *tax = least;
        for &o in options {
            costs[o as usize] -= least;
        }
    }
    (costs, taxes)
}

impl Problem {
    /// True when some option has a cost other than 0.
    pub fn has_costs(&self) -> bool {
        self.options.iter().any(|option| option.cost != 0)
    }

    /// Gives option `k` the cost `costs[k]`, for a problem made from lists of names
    /// ([`Problem::from_names`]): [`Reason::CostCount`] at [`Place::Costs`] unless there
    /// is one cost per option, [`Reason::CostTooLarge`] at [`Place::Cost`] past
    /// [`MAX_COST`]; the problem is left as it was on an error.
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::knuth_format::Problem;
    ///
    /// let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    /// let options = [names(&["a"]), names(&["a"])];
    /// let mut problem = Problem::from_names(&names(&["a"]), &[], &options)?;
    /// problem.set_costs(&[5, 2])?;
    /// assert_eq!(problem.costed()?.min_cost(), Some(2));
    /// assert_eq!(problem.set_costs(&[1]).unwrap_err().to_string(), "costs: 1 costs for 2 options");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_costs(&mut self, costs: &[u64]) -> Result<(), NamesError> {
        if costs.len() != self.options.len() {
            return Err(NamesError {
                place: Place::Costs,
                reason: Reason::CostCount {
                    costs: costs.len(),
                    options: self.options.len(),
                },
            });
        }
        if let Some(k) = costs.iter().position(|&cost| cost > MAX_COST) {
            return Err(NamesError {
                place: Place::Cost(k),
                reason: Reason::CostTooLarge(costs[k].to_string()),
            });
        }
        for (option, &cost) in self.options.iter_mut().zip(costs) {
            option.cost = cost;
        }
        Ok(())
    }

    /// The problem for the search at minimum cost ([`CostCover`], Knuth's `dlx5`), which
    /// takes every problem without multiplicities, with costs or not;
    /// [`BuildError::Multiplicities`] if it has some, [`BuildError::TooLarge`] if it
    /// outgrows that structure's bounds.
    pub fn costed(&self) -> Result<CostCover, BuildError> {
        if self.has_multiplicities() {
            return Err(BuildError::Multiplicities);
        }
        CostCover::new(
            self.primary,
            self.items.len() - self.primary,
            self.options
                .iter()
                .map(|option| (&option.entries[..], option.cost)),
        )
    }
}
