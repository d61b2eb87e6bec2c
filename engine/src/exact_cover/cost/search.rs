//! The search of [`CostCover`]: Knuth's `dlx5` steps (forward, advance, recover, back up,
//! back down) as a loop over an explicit state, with the `k` best costs in a heap whose
//! largest is the cutoff, the choice of the item to branch on and the lower bound; the
//! dances are in `dance.rs`.

use super::super::interrupt::Watch;
use super::{Best, CostCover, Priced, LOOKAHEAD, SORTED_AT_MOST};
use std::collections::BinaryHeap;

/// A cost no solution reaches: the cutoff until `k` solutions are known.
const INFINITE: u64 = u64::MAX;

/// At most this many of the `k` best are given room before the search starts; more grow
/// as they come.
const RESERVED: usize = 1 << 12;

/// Where the search goes on from (`dlx5`'s labels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A new branch point.
    Forward,
    /// Taking the option at the current node, for the other items it has.
    Advance,
    /// Putting the current option back and moving to the next one of its item.
    Recover,
    /// Every option of the item was tried: the item is put back.
    Backup,
    /// Back to the level before.
    Backdown,
}

/// The search's buffers, kept between searches so that a search allocates only where it
/// keeps a solution in a place that had none.
#[derive(Clone, Debug)]
pub(super) struct State {
    /// The node taken at each level.
    choice: Vec<u32>,
    /// The net cost of the options chosen before each level.
    partial: Vec<u64>,
    /// At each level, the threshold the branch item was covered with, and the one the
    /// chosen option's other items were.
    item_threshold: Vec<u64>,
    option_threshold: Vec<u64>,
    /// The best solutions so far: (net cost, order found, place in `kept`), dearest on top.
    heap: BinaryHeap<(u64, u64, usize)>,
    /// The nodes chosen by each solution kept.
    kept: Vec<Vec<u32>>,
    /// Where a search stopped by the interrupt stands, to resume from; `None` when no
    /// search is under way.
    place: Option<Place>,
    /// The solutions met by the last search.
    last_improvements: u64,
    pub(super) watch: Watch,
}

/// Which solutions a search keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keep {
    /// The `k` cheapest (`dlx5`'s `k`): the cutoff is the dearest of them once there are
    /// `k`.
    Best(usize),
    /// Every solution of the least cost: the cutoff is one above the least cost so far
    /// (costs are integers), so that ties go on being searched.
    Ties,
}

/// The registers of the search loop, saved when the interrupt stops it.
#[derive(Clone, Copy, Debug)]
struct Place {
    k: Keep,
    step: Step,
    level: usize,
    cutoff: u64,
    current: u64,
    next: u64,
    item: u32,
    node: u32,
    improvements: u64,
}

impl State {
    /// A search for at most `levels - 1` levels.
    pub(super) fn new(levels: usize) -> State {
        State {
            choice: vec![0; levels],
            partial: vec![0; levels],
            item_threshold: vec![0; levels],
            option_threshold: vec![0; levels],
            heap: BinaryHeap::new(),
            kept: Vec::new(),
            place: None,
            last_improvements: 0,
            watch: Watch::default(),
        }
    }
}

impl CostCover {
    /// The `k` cheapest solutions (all of them if there are fewer; none for `k` = 0), found
    /// as `dlx5` finds them: see [`Best`]. A search stopped by the interrupt returns the best
    /// found so far, marked incomplete, and [`resume`](Self::resume) goes on with it.
    pub fn best(&mut self, k: usize) -> Best {
        if k == 0 {
            self.restart();
            self.search.heap.clear();
            return Best {
                complete: true,
                ..Best::default()
            };
        }
        self.start(Keep::Best(k), k)
    }

    /// Every solution of the least cost (none if there is no solution), in the order
    /// found: the search of [`best`](Self::best) with its cutoff one above the least cost
    /// found so far, so that it prunes only what costs more. Its nodes are not `dlx5`'s,
    /// which has no such mode. Interrupted, resumed and restarted as `best` is.
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::knuth_format::Problem;
    ///
    /// // Covering a and b costs 1 two ways ({a b}, and {a} with the free {b}), more others.
    /// let text = "a b\na b |1\na |1\nb |0\na |2\nb |1\n";
    /// let mut search = Problem::parse(text)?.problem.costed()?;
    /// let cheapest = search.cheapest();
    /// assert_eq!(cheapest.costs().collect::<Vec<_>>(), [1, 1]);
    /// let mut ways: Vec<Vec<usize>> = cheapest.solutions.into_iter().map(|s| s.options).collect();
    /// ways.sort();
    /// assert_eq!(ways, [vec![0], vec![1, 2]]);
    /// assert_eq!(search.best(1).solutions.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cheapest(&mut self) -> Best {
        self.start(Keep::Ties, 1)
    }

    /// Starts a search from the top that keeps `keep`, making room for `room` solutions.
    fn start(&mut self, keep: Keep, room: usize) -> Best {
        self.restart();
        self.search.heap.clear();
        let reserve = room.min(RESERVED);
        self.search.heap.reserve(reserve);
        if self.search.kept.len() < reserve {
            self.search.kept.resize(reserve, Vec::new());
        }
        let place = Place {
            k: keep,
            step: Step::Forward,
            level: 0,
            cutoff: INFINITE,
            current: 0,
            next: 0,
            item: 0,
            node: 0,
            improvements: 0,
        };
        self.go_on(place)
    }

    /// Goes on with the search the interrupt stopped, to the end or the next interrupt;
    /// after a search that ended, the same answer again.
    pub fn resume(&mut self) -> Best {
        match self.search.place.take() {
            Some(place) => self.go_on(place),
            None => {
                self.search.watch.stopped = false;
                self.answer(self.search.last_improvements)
            }
        }
    }

    /// Abandons a search that the interrupt stopped, putting the links back as they were.
    pub fn restart(&mut self) {
        if let Some(place) = self.search.place.take() {
            self.unwind(place.level);
        }
    }

    /// Runs the search from `place`, and reads the answer.
    fn go_on(&mut self, place: Place) -> Best {
        self.search.watch.stopped = false;
        let improvements = self.run(place);
        self.search.last_improvements = improvements;
        self.answer(improvements)
    }

    /// The solutions kept, cheapest first.
    fn answer(&self, improvements: u64) -> Best {
        let mut found: Vec<(u64, u64, usize)> = self.search.heap.iter().copied().collect();
        found.sort_unstable();
        let solutions = found
            .into_iter()
            .map(|(cost, _, slot)| {
                let mut options: Vec<usize> = self.search.kept[slot]
                    .iter()
                    .map(|&node| self.option_of(node))
                    .collect();
                options.sort_unstable();
                Priced {
                    cost: cost + self.total_tax,
                    options,
                }
            })
            .collect();
        Best {
            solutions,
            improvements,
            complete: self.search.place.is_none(),
        }
    }

    /// The least cost of a solution, `None` if there is none (or if the interrupt stopped
    /// the search before it found one).
    pub fn min_cost(&mut self) -> Option<u64> {
        self.best(1).solutions.first().map(|solution| solution.cost)
    }

    /// The option of the entry `node`: the number in the spacer after it.
    fn option_of(&self, mut node: u32) -> usize {
        while self.nodes[node as usize].item > 0 {
            node += 1;
        }
        (-self.nodes[node as usize].item) as usize - 1
    }

    /// Runs the search for the `k` best from `place` to its end or the interrupt (which
    /// leaves the place to resume from), leaving them in the heap; the number of solutions
    /// met.
    fn run(&mut self, place: Place) -> u64 {
        let Place {
            k,
            mut step,
            mut level,
            mut cutoff,
            mut current,
            mut next,
            mut item,
            mut node,
            mut improvements,
        } = place;
        loop {
            match step {
                Step::Forward => {
                    if self.search.watch.must_stop() {
                        self.search.place = Some(Place {
                            k,
                            step,
                            level,
                            cutoff,
                            current,
                            next,
                            item,
                            node,
                            improvements,
                        });
                        return improvements;
                    }
                    self.stats.nodes += 1;
                    self.stats.max_depth = self.stats.max_depth.max(level as u32);
                    if self.next[0] == 0 {
                        // No primary item at all: the empty solution.
                        self.stats.nodes += 1;
                        self.keep(k, 0, 0, &mut improvements);
                        return improvements;
                    }
                    if cutoff != INFINITE && self.too_dear(level, current, cutoff) {
                        step = Step::Backdown;
                        continue;
                    }
                    let options;
                    (item, options) = self.choose(cutoff - current);
                    if options == 0 {
                        self.stats.dead_ends += 1;
                        step = Step::Backdown;
                        continue;
                    }
                    if options == 1 {
                        self.stats.forced += 1;
                    } else {
                        self.stats.guesses += 1;
                    }
                    self.search.partial[level] = current;
                    node = self.nodes[item as usize].down;
                    self.search.choice[level] = node;
                    next = current + u64::from(self.nodes[node as usize].cost);
                    self.search.item_threshold[level] = cutoff - next;
                    self.cover(item, cutoff - next);
                    step = Step::Advance;
                }
                Step::Advance => {
                    self.search.option_threshold[level] = cutoff - next;
                    self.commit(node, cutoff - next);
                    if self.next[0] == 0 {
                        self.stats.nodes += 1;
                        self.stats.max_depth = self.stats.max_depth.max(level as u32 + 1);
                        cutoff = self.keep(k, level + 1, next, &mut improvements);
                        step = Step::Recover;
                    } else {
                        level += 1;
                        current = next;
                        step = Step::Forward;
                    }
                }
                Step::Recover => {
                    self.uncommit(node, self.search.option_threshold[level]);
                    node = self.nodes[node as usize].down;
                    self.search.choice[level] = node;
                    step = Step::Backup;
                    if node != item {
                        next = current + u64::from(self.nodes[node as usize].cost);
                        if next < cutoff {
                            step = Step::Advance;
                        }
                    }
                }
                Step::Backup => {
                    self.uncover(item, self.search.item_threshold[level]);
                    step = Step::Backdown;
                }
                Step::Backdown => {
                    if level == 0 {
                        return improvements;
                    }
                    level -= 1;
                    node = self.search.choice[level];
                    item = self.nodes[node as usize].item as u32;
                    current = self.search.partial[level];
                    step = Step::Recover;
                }
            }
        }
    }

    /// Keeps the solution of the first `levels` choices, of net cost `cost` (below the
    /// cutoff), as `keep` says: among the `k` best, putting out the dearest (the last found
    /// of equal ones) when there are `k` already; or among the ties for the least cost,
    /// dropping those kept before when it is cheaper. The new cutoff.
    fn keep(&mut self, keep: Keep, levels: usize, cost: u64, improvements: &mut u64) -> u64 {
        *improvements += 1;
        self.stats.solutions += 1;
        let search = &mut self.search;
        let slot = match keep {
            Keep::Best(k) if search.heap.len() == k => {
                search.heap.pop().map_or(0, |(_, _, slot)| slot)
            }
            Keep::Ties
                if search
                    .heap
                    .peek()
                    .is_some_and(|&(least, _, _)| cost < least) =>
            {
                search.heap.clear();
                0
            }
            _ => search.heap.len(),
        };
        if slot == search.kept.len() {
            search.kept.push(Vec::new());
        }
        let kept = &mut search.kept[slot];
        kept.clear();
        kept.extend_from_slice(&search.choice[..levels]);
        search.heap.push((cost, *improvements, slot));
        match keep {
            Keep::Best(k) if search.heap.len() == k => {
                search.heap.peek().map_or(INFINITE, |&(cost, _, _)| cost)
            }
            Keep::Best(_) => INFINITE,
            Keep::Ties => cost + 1,
        }
    }

    /// Undoes every level below `level`, for a search the interrupt stopped: the links as
    /// they were before the search.
    fn unwind(&mut self, level: usize) {
        for level in (0..level).rev() {
            let node = self.search.choice[level];
            self.uncommit(node, self.search.option_threshold[level]);
            let item = self.nodes[node as usize].item as u32;
            self.uncover(item, self.search.item_threshold[level]);
        }
    }

    /// The item to branch on, for options of net cost below `limit`, and how many options
    /// it has under it (0: the search must back off): the fewest such options (counting
    /// ten at most, then taking the item's length), ties to the larger cheapest cost, then
    /// to the first item, as `dlx5` chooses.
    #[inline]
    fn choose(&self, limit: u64) -> (u32, u32) {
        let (mut best, mut fewest, mut best_least) = (0, u32::MAX, 0);
        let mut k = self.next[0];
        while k != 0 {
            let first = self.nodes[k as usize].down;
            if first == k {
                return (k, 0);
            }
            let least = u64::from(self.nodes[first as usize].cost);
            if least >= limit {
                return (k, 0);
            }
            let mut count = 1;
            let mut p = self.nodes[first as usize].down;
            let counted = loop {
                if p == k || u64::from(self.nodes[p as usize].cost) >= limit {
                    break Some(count);
                }
                if count == fewest {
                    break None;
                }
                if count >= LOOKAHEAD {
                    break Some(self.nodes[k as usize].item as u32);
                }
                p = self.nodes[p as usize].down;
                count += 1;
            };
            if let Some(count) = counted {
                if count < fewest || (count == fewest && least > best_least) {
                    (best, fewest, best_least) = (k, count, least);
                }
            }
            k = self.next[k as usize];
        }
        (best, fewest)
    }

    /// True when the items left cannot be covered for less than `cutoff`, the options so
    /// far costing `current`: the lower bound of options of `width` primary items each
    /// (see the [module](super)), or an item left without options.
    fn too_dear(&self, level: usize, current: u64, cutoff: u64) -> bool {
        let width = self.width;
        if width == 0 {
            return false;
        }
        let mut total = current;
        if width == 1 {
            let mut k = self.next[0];
            while k != 0 {
                let first = self.nodes[k as usize].down;
                if first == k {
                    return true;
                }
                total += u64::from(self.nodes[first as usize].cost);
                if total >= cutoff {
                    return true;
                }
                k = self.next[k as usize];
            }
            return false;
        }
        let left = (self.second as usize - 1).saturating_sub(level * width);
        if left > SORTED_AT_MOST {
            return false;
        }
        let mut least = [0u64; SORTED_AT_MOST];
        let mut n = 0;
        let mut k = self.next[0];
        while k != 0 && n < SORTED_AT_MOST {
            let first = self.nodes[k as usize].down;
            if first == k {
                return true;
            }
            least[n] = u64::from(self.nodes[first as usize].cost);
            n += 1;
            k = self.next[k as usize];
        }
        let least = &mut least[..n];
        least.sort_unstable_by(|a, b| b.cmp(a));
        for cost in least.iter().step_by(width) {
            total += cost;
        }
        total >= cutoff
    }
}
