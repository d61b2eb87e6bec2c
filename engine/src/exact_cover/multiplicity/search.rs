//! The search of [`MultiCover`]: Knuth's `dlx3` steps (forward, advance, back up, back
//! down) as a loop over an explicit state, so that it stops at a solution and goes on from
//! there; and the dances it needs (cover, purify, tweak and their inverses).

use super::super::interrupt::Watch;
use super::super::{Count, Cover, Found, Interrupt, Stats};
use super::{MultiCover, Node};

/// The branching degree of an item with nothing left to decide: no item has one as large.
const SETTLED: i32 = i32::MAX;

/// Where the search goes on from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A new branch point at `level` (nothing done there yet).
    Forward,
    /// Backing down from `level` (nothing done there, or a solution just reported).
    Backdown,
    /// Every solution was reported.
    Done,
}

/// The search's state between calls.
#[derive(Clone, Debug)]
pub(super) struct State {
    /// The options chosen so far: the node taken at each level (an item's header node for
    /// the null move that leaves the item as it is).
    choice: Vec<u32>,
    /// At each level where the chosen item is tweaked, its first option before tweaking.
    first_tweak: Vec<u32>,
    level: usize,
    step: Step,
    pub(super) watch: Watch,
}

impl State {
    /// A search not started, for at most `levels - 1` levels.
    pub(super) fn new(levels: usize) -> State {
        State {
            choice: vec![0; levels],
            first_tweak: vec![0; levels],
            level: 0,
            step: Step::Forward,
            watch: Watch::default(),
        }
    }
}

/// A solution just found: the options it is made of. It borrows the problem, so the next
/// call to [`Cover::next_solution`] waits until it is dropped.
#[derive(Debug)]
pub struct MultiSolution<'a> {
    cover: &'a MultiCover,
}

impl MultiSolution<'_> {
    /// The options of the solution, in the order the search chose them.
    pub fn options(&self) -> impl Iterator<Item = usize> + '_ {
        let cover = self.cover;
        let heads = cover.items.len() as u32;
        cover.search.choice[..cover.search.level]
            .iter()
            .filter(move |&&node| node > heads)
            .map(move |&node| cover.option_of(node))
    }

    /// How many options the solution has.
    pub fn len(&self) -> usize {
        self.options().count()
    }

    /// True for a solution made of no option (every primary item may be covered zero
    /// times, or there is none).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl MultiCover {
    /// Runs the search, calling `go_on` at each solution, until `go_on` returns false (true:
    /// the search stands at that solution) or the end or the interrupt (false).
    fn run(&mut self, mut go_on: impl FnMut() -> bool) -> bool {
        self.search.watch.stopped = false;
        let heads = self.items.len() as u32;
        let mut level = self.search.level;
        let mut step = self.search.step;
        // The item branched on at `level`, and the node tried there.
        let (mut best, mut node);
        loop {
            match step {
                Step::Done => return false,
                Step::Forward => {
                    if self.search.watch.must_stop() {
                        self.search.level = level;
                        self.search.step = Step::Forward;
                        return false;
                    }
                    self.stats.nodes += 1;
                    let score;
                    (best, score) = self.choose();
                    if score == SETTLED {
                        self.stats.solutions += 1;
                        self.search.level = level;
                        self.search.step = Step::Backdown;
                        if !go_on() {
                            return true;
                        }
                        step = Step::Backdown;
                        continue;
                    }
                    if score <= 0 {
                        self.stats.dead_ends += 1;
                        step = Step::Backdown;
                        continue;
                    }
                    node = self.node(best).down;
                    self.search.choice[level] = node;
                    let item = self.item_mut(best);
                    item.bound -= 1;
                    let (bound, slack) = (item.bound, item.slack);
                    if bound != 0 || slack != 0 {
                        self.search.first_tweak[level] = node;
                    }
                    if bound == 0 {
                        self.cover(best, true);
                    }
                }
                Step::Backdown => {
                    if level == 0 {
                        self.search.level = 0;
                        self.search.step = Step::Done;
                        return false;
                    }
                    level -= 1;
                    let chosen = self.search.choice[level];
                    best = self.back_out_of(chosen);
                    if chosen < heads {
                        self.restore(best, level);
                        step = Step::Backdown;
                        continue;
                    }
                    node = self.node(chosen).down;
                    self.search.choice[level] = node;
                }
            }
            // Advance: try `node` for `best` at `level`, or back up.
            let item = self.item(best);
            if item.slack == 0 && item.bound == 0 {
                if node == best {
                    self.restore(best, level);
                    step = Step::Backdown;
                    continue;
                }
            } else if item.len <= item.bound - item.slack {
                self.restore(best, level);
                step = Step::Backdown;
                continue;
            } else if node != best {
                self.tweak(node, item.bound != 0);
            } else if item.bound != 0 {
                self.deactivate(best);
            }
            if node > heads {
                self.take_option(node);
            }
            level += 1;
            step = Step::Forward;
        }
    }

    /// The active primary item of smallest branching degree (ties: the smaller slack, then
    /// the longer item, then the first), with that degree; [`SETTLED`] when none is left.
    #[inline]
    fn choose(&self) -> (u32, i32) {
        let (mut best, mut score, mut best_slack, mut best_length) = (0, SETTLED, 0, 0);
        let mut k = self.item(0).next;
        while k != 0 {
            let item = self.item(k);
            let slack = item.slack.min(item.bound);
            let length = item.len;
            let degree = length + slack - item.bound + 1;
            if degree < score
                || (degree == score
                    && (slack < best_slack || (slack == best_slack && length > best_length)))
            {
                (best, score, best_slack, best_length) = (k, degree, slack, length);
            }
            k = item.next;
        }
        (best, score)
    }

    /// Undoes what choosing `chosen` did to the other items (an option's node, or an
    /// item's header for the null move, which reactivates it); its item.
    fn back_out_of(&mut self, chosen: u32) -> u32 {
        if chosen < self.items.len() as u32 {
            self.activate(chosen);
            chosen
        } else {
            self.put_back_option(chosen);
            self.node(chosen).item as u32
        }
    }

    /// Puts `best`, branched on at `level`, back as it was before that branch point.
    fn restore(&mut self, best: u32, level: usize) {
        let item = self.item(best);
        if item.bound == 0 && item.slack == 0 {
            self.uncover(best, true);
        } else {
            self.untweak(best, self.search.first_tweak[level], item.bound != 0);
        }
        self.item_mut(best).bound += 1;
    }

    /// Takes the option of `node` for the other items it has: one more use of each
    /// primary item (covered when it may take no more), each secondary one covered or
    /// purified to its color.
    fn take_option(&mut self, node: u32) {
        let mut at = node + 1;
        while at != node {
            let Node {
                up, item, color, ..
            } = self.node(at);
            if item <= 0 {
                at = up;
                continue;
            }
            let item = item as u32;
            if item < self.second {
                self.item_mut(item).bound -= 1;
                if self.item(item).bound == 0 {
                    self.cover(item, true);
                }
            } else if color == 0 {
                self.cover(item, true);
            } else if color > 0 {
                self.purify(at);
            }
            at += 1;
        }
    }

    /// Undoes [`take_option`](Self::take_option), right to left.
    fn put_back_option(&mut self, node: u32) {
        let mut at = node - 1;
        while at != node {
            let Node {
                down, item, color, ..
            } = self.node(at);
            if item <= 0 {
                at = down;
                continue;
            }
            let item = item as u32;
            if item < self.second {
                if self.item(item).bound == 0 {
                    self.uncover(item, true);
                }
                self.item_mut(item).bound += 1;
            } else if color == 0 {
                self.uncover(item, true);
            } else if color > 0 {
                self.unpurify(at);
            }
            at -= 1;
        }
    }
}

impl Found for MultiSolution<'_> {
    fn options(&self) -> impl Iterator<Item = usize> + '_ {
        MultiSolution::options(self)
    }

    fn len(&self) -> usize {
        MultiSolution::len(self)
    }
}

/// The search with multiplicities through the engines' common interface, which is its only
/// one: `use sudoku_dlx::exact_cover::Cover` to call these.
impl Cover for MultiCover {
    type Solution<'a> = MultiSolution<'a>;

    fn primary_items(&self) -> usize {
        self.second as usize - 1
    }

    fn items(&self) -> usize {
        self.items.len() - 1
    }

    fn options(&self) -> usize {
        self.option_start.len()
    }

    fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        self.nodes[self.option_start[option] as usize..]
            .iter()
            .take_while(|node| node.item > 0)
            .map(|node| node.item as usize - 1)
    }

    fn restart(&mut self) {
        if self.search.step != Step::Done {
            while self.search.level > 0 {
                self.search.level -= 1;
                let level = self.search.level;
                let chosen = self.search.choice[level];
                let best = self.back_out_of(chosen);
                let item = self.items[best as usize];
                if chosen >= self.items.len() as u32 && item.bound == 0 && item.slack != 0 {
                    // Covered when the branch point was entered, and reactivated only by
                    // the null move that ends its options, which the search did not reach.
                    self.activate(best);
                }
                self.restore(best, level);
            }
        }
        self.search.step = Step::Forward;
    }

    fn next_solution(&mut self) -> Option<MultiSolution<'_>> {
        let found = self.run(|| false);
        found.then_some(MultiSolution { cover: self })
    }

    fn count_while(&mut self, cap: Option<u128>, keep_going: impl FnMut(u128) -> bool) -> Count {
        self.restart();
        let mut count = super::count_through(cap, keep_going, |found| self.run(found));
        count.capped |= self.search.watch.stopped;
        count
    }

    /// Counted as `dlx3` counts them: `nodes` the branch points entered (a solution
    /// included), `updates` the entries taken out of an item's list (by covering,
    /// purifying or tweaking), `covers` the items covered; [`Stats::knuth_updates`] is
    /// `dlx3`'s "updates". `dead_ends` and `solutions` are kept too.
    fn stats(&self) -> Stats {
        self.stats
    }

    fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.search.watch.set_interrupt(interrupt);
    }

    fn set_node_limit(&mut self, limit: Option<u64>) {
        self.search.watch.set_node_limit(limit);
    }

    fn was_interrupted(&self) -> bool {
        self.search.watch.stopped
    }
}
