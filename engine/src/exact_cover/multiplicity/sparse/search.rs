//! The search of [`SparseMultiCover`]: `ssmcc`'s binary branching (take the chosen item's
//! first option, or remove it and choose again) as a loop over an explicit state, so that
//! it stops at a solution and goes on from there.

use super::super::super::interrupt::Watch;
use super::super::super::unchecked::get;
use super::super::super::{Count, Cover, Found, Interrupt, Stats};
use super::{Item, SparseMultiCover};

/// The branching degree of an item with nothing left to decide: no item has one as large.
const SETTLED: u32 = u32::MAX;

/// Where the search goes on from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A new node at `level`.
    Forward,
    /// Back to the branch point of the stage before (a solution just reported, or a
    /// stage exhausted once its saved state is dropped).
    Backup,
    /// Every solution was reported.
    Done,
}

/// One active item's size and bound at a branch point.
#[derive(Clone, Copy, Debug, Default)]
struct Saved {
    item: u32,
    size: u32,
    bound: i32,
}

/// The search's state between calls.
#[derive(Clone, Debug)]
pub(super) struct State {
    /// The node tried at each level (its item's first live option then).
    choice: Vec<u32>,
    /// The branching degree at each level (1 for a forced move).
    degree: Vec<u32>,
    /// The level of each stage's option (a stage is an option taken).
    stage_level: Vec<u32>,
    /// Where each stage's saved sizes start on `saved`.
    stage_saved: Vec<u32>,
    saved: Vec<Saved>,
    /// Items that must take all their options, once for each option still to take.
    forced: Vec<u32>,
    level: usize,
    stage: usize,
    step: Step,
    pub(super) watch: Watch,
}

impl State {
    /// A search not started, for at most `levels - 1` levels and `stages - 1` options in a
    /// solution over `items` items, and `entries` nodes.
    pub(super) fn new(levels: usize, stages: usize, items: usize, entries: usize) -> State {
        // Each stage saves at most every item once; beyond a few million entries the stack
        // grows when it must rather than up front.
        let saved = stages.saturating_mul(items).min(1 << 22);
        State {
            choice: vec![0; levels],
            degree: vec![0; levels],
            stage_level: vec![0; stages + 1],
            stage_saved: vec![0; stages + 1],
            saved: Vec::with_capacity(saved),
            forced: Vec::with_capacity(entries),
            level: 0,
            stage: 0,
            step: Step::Forward,
            watch: Watch::default(),
        }
    }
}

/// A solution just found: the options it is made of. It borrows the problem, so the next
/// call to [`Cover::next_solution`] waits until it is dropped.
#[derive(Debug)]
pub struct SparseMultiSolution<'a> {
    cover: &'a SparseMultiCover,
}

impl SparseMultiSolution<'_> {
    /// The options of the solution, in the order the search took them.
    pub fn options(&self) -> impl Iterator<Item = usize> + '_ {
        let cover = self.cover;
        let search = &cover.search;
        search.stage_level[..search.stage]
            .iter()
            .map(move |&level| cover.option_of(search.choice[level as usize]))
    }

    /// How many options the solution has.
    pub fn len(&self) -> usize {
        self.cover.search.stage
    }

    /// True for a solution made of no option.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl SparseMultiCover {
    /// Runs the search, calling `go_on` at each solution, until `go_on` returns false (true:
    /// the search stands at that solution) or the end or the interrupt (false).
    fn run(&mut self, mut go_on: impl FnMut() -> bool) -> bool {
        self.search.watch.stopped = false;
        let mut level = self.search.level;
        let mut stage = self.search.stage;
        let mut step = self.search.step;
        loop {
            match step {
                Step::Done => return false,
                Step::Forward => {
                    if self.search.watch.must_stop() {
                        (self.search.level, self.search.stage) = (level, stage);
                        self.search.step = Step::Forward;
                        return false;
                    }
                    self.stats.nodes += 1;
                    let (mut best, mut score) = (SETTLED, 1);
                    while let Some(item) = self.search.forced.pop() {
                        if self.is_active(item) {
                            best = item;
                            break;
                        }
                    }
                    let mark = self.search.saved.len();
                    self.search.stage_saved[stage] = mark as u32;
                    if best == SETTLED {
                        (best, score) = self.choose_and_save();
                        if let Some(item) = self.search.forced.pop() {
                            (best, score) = (item, 1);
                        }
                        if score == 1 || score == SETTLED {
                            self.search.saved.truncate(mark);
                        }
                    }
                    if score == SETTLED {
                        self.stats.solutions += 1;
                        (self.search.level, self.search.stage) = (level, stage);
                        self.search.step = Step::Backup;
                        if !go_on() {
                            return true;
                        }
                        step = Step::Backup;
                        continue;
                    }
                    if score == 1 {
                        self.stats.forced += 1;
                    } else {
                        self.stats.guesses += 1;
                    }
                    let node = self.set_at(self.item(best).base);
                    self.search.choice[level] = node;
                    self.search.degree[level] = score;
                    if self.take(node) {
                        stage += 1;
                        level += 1;
                        self.search.stage_level[stage] = level as u32;
                        continue;
                    }
                    self.stats.dead_ends += 1;
                    self.search.forced.clear();
                    if score == 1 {
                        self.drop_stage(stage);
                        step = Step::Backup;
                        continue;
                    }
                }
                Step::Backup => {
                    if stage == 0 {
                        (self.search.level, self.search.stage) = (0, 0);
                        self.search.step = Step::Done;
                        return false;
                    }
                    stage -= 1;
                    level = self.search.stage_level[stage] as usize;
                    if self.search.degree[level] == 1 {
                        self.drop_stage(stage);
                        continue;
                    }
                }
            }
            // The right branch at `level`: the state of the branch point, less its option.
            self.restore(stage);
            let mut updates = 0;
            let removed = self.remove(self.search.choice[level], &mut updates);
            self.stats.updates += updates;
            if !removed {
                self.stats.dead_ends += 1;
                self.drop_stage(stage);
                step = Step::Backup;
                continue;
            }
            level += 1;
            self.search.stage_level[stage] = level as u32;
            step = Step::Forward;
        }
    }

    /// The active primary item of smallest branching degree (ties: the smaller slack, then
    /// the longer item, then the first), with that degree; [`SETTLED`] when none is left
    /// to branch on. Items of degree 1 go on the forced stack instead, once for each option
    /// they must still take. On the way, every active item's size and bound is saved for
    /// a branch point at the current stage (which the caller drops if there is none): one
    /// pass over the items rather than two.
    #[inline]
    fn choose_and_save(&mut self) -> (u32, u32) {
        let (mut best, mut score, mut best_slack, mut best_size) = (SETTLED, SETTLED, 0, 0);
        let SparseMultiCover {
            items,
            list,
            active,
            primary,
            search,
            ..
        } = self;
        let forced = &mut search.forced;
        let each = |&k: &u32| {
            // SAFETY: `list` holds item numbers (see `dance`).
            let Item {
                size, bound, slack, ..
            } = unsafe { get(items, k) };
            if k < *primary {
                let slack_now = slack.min(bound);
                // Never below 1: no item is left with fewer options than it must take.
                let degree = (size as i32 + slack_now - bound + 1) as u32;
                debug_assert!(degree >= 1);
                if degree == 1 {
                    for _ in 0..bound - slack {
                        forced.push(k);
                    }
                } else if degree < score
                    || (degree == score
                        && (slack_now < best_slack
                            || (slack_now == best_slack
                                && (size > best_size || (size == best_size && k < best)))))
                {
                    (best, score, best_slack, best_size) = (k, degree, slack_now, size);
                }
            }
            Saved {
                item: k,
                size,
                bound,
            }
        };
        search
            .saved
            .extend(list[..*active as usize].iter().map(each));
        (best, score)
    }

    /// Restores the items saved by the branch point of `stage`, and forgets them (the
    /// next node at that stage saves its own).
    fn restore(&mut self, stage: usize) {
        let from = self.search.stage_saved[stage] as usize;
        self.active = (self.search.saved.len() - from) as u32;
        for k in from..self.search.saved.len() {
            let Saved { item, size, bound } = self.search.saved[k];
            let it = self.item_mut(item);
            it.size = size;
            it.bound = bound;
        }
        self.search.saved.truncate(from);
    }

    /// Forgets what the branch point of `stage` saved.
    fn drop_stage(&mut self, stage: usize) {
        let from = self.search.stage_saved[stage] as usize;
        self.search.saved.truncate(from);
    }
}

impl Found for SparseMultiSolution<'_> {
    fn options(&self) -> impl Iterator<Item = usize> + '_ {
        SparseMultiSolution::options(self)
    }

    fn len(&self) -> usize {
        SparseMultiSolution::len(self)
    }
}

/// The search with multiplicities on sparse sets through the engines' common interface,
/// which is its only one: `use sudoku_dlx::exact_cover::Cover` to call these.
impl Cover for SparseMultiCover {
    type Solution<'a> = SparseMultiSolution<'a>;

    fn primary_items(&self) -> usize {
        self.primary as usize
    }

    fn items(&self) -> usize {
        self.items.len()
    }

    fn options(&self) -> usize {
        self.option_start.len()
    }

    fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        self.nodes[self.option_start[option] as usize..]
            .iter()
            .take_while(|node| node.item != super::SPACER)
            .map(|node| node.item as usize)
    }

    fn restart(&mut self) {
        self.set.copy_from_slice(&self.initial.set);
        self.items.copy_from_slice(&self.initial.items);
        self.list.copy_from_slice(&self.initial.list);
        self.active = self.initial.active;
        for (at, &node) in self.set.iter().enumerate() {
            self.nodes[node as usize].loc = at as u32;
        }
        let search = &mut self.search;
        search.saved.clear();
        search.forced.clear();
        (search.level, search.stage) = (0, 0);
        search.stage_level[0] = 0;
        search.step = if self.hopeless {
            Step::Done
        } else {
            Step::Forward
        };
    }

    fn next_solution(&mut self) -> Option<SparseMultiSolution<'_>> {
        let found = self.run(|| false);
        found.then_some(SparseMultiSolution { cover: self })
    }

    fn count_while(&mut self, cap: Option<u128>, keep_going: impl FnMut(u128) -> bool) -> Count {
        self.restart();
        let mut count = super::super::count_through(cap, keep_going, |found| self.run(found));
        count.capped |= self.search.watch.stopped;
        count
    }

    /// Counted as `ssmcc` counts them: `nodes` the nodes of its binary search tree (a
    /// solution included), `updates` the options taken out of an item's set; `forced`
    /// the moves on an item of degree 1, `guesses` the branch points, `dead_ends` the
    /// moves refused, `solutions` the solutions.
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
