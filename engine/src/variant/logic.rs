//! The variant solver's logic pass before the search. It works on the options of the
//! exact-cover matrix, not on a grid of candidates, so it sees every unit and ban the rules
//! compiled (jigsaw regions, diagonals, extra regions, windows, disjoint groups, pairwise
//! bans, cage assignments) without knowing which rule made them.
//!
//! The three levels of [`Logic`] read as on the classic grid:
//! - naked singles: a cell whose item has one option left takes it;
//! - hidden singles: any primary item (a row, column, region or extra unit's digit) with one
//!   option left takes it;
//! - locked candidates, generalised: when every option left of an item also covers another
//!   item, that other item's options that do not cover the first go (a digit's places in a
//!   region that all lie in one row leave the rest of the row, and the same for a diagonal, a
//!   window or a ban shared by all of a cell's candidates);
//! - with locked candidates, the arc consistency of the pairwise rules (see
//!   [`arcs`](super::arcs)): a cell's digit that no digit left in a related cell goes with
//!   goes, as the search's propagator does at its branch points, with the sets of the
//!   groups (see [`groups`](super::groups)), the bounds of the sums not enumerated (see
//!   [`sums`](super::sums)) and the tables that leave cells sets of digits or share a
//!   hidden value (each cell and value narrowed to what every open table's live options
//!   give it, and the table options that give one what it can no longer hold gone).
//!
//! [`Logic::LockedCandidates`] runs the same pass as
//! [`Logic::LockedCandidatesBeforeSearch`]; the variant search's own propagator (arc
//! consistency, and pointing through the bans: see [`pointing`](super::pointing)) runs at
//! its branch points at every level. The pass points through the bans too, at locked
//! candidates, but only once it is stuck without (the solver resumes it with pointing):
//! on the puzzles it solves alone, building the clashes cost more than the pass.
//!
//! Taking an option removes every option that shares an item with it. Every step is sound, so
//! the options it leaves hold every solution, and a pass that covers every primary item has
//! found the one solution.

use super::propagate::{digit_placed, leaves_nothing, mask_of, narrow_rules, Narrowing, Work};
use crate::Logic;

/// Where the pass left the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LogicEnd {
    /// Some primary item has no option left: no solution.
    Contradiction,
    /// Every primary item is covered by a taken option: the one solution.
    Solved,
    /// Items remain open.
    Stuck,
}

/// The options of a matrix as the pass sees them: option `k` covers
/// `items[start[k]..start[k + 1]]` and places `placements[at[k]..at[k + 1]]` (`cell * n + d`,
/// digit `d` from 0); items `0..cells` are the cells, `0..primary` the primary items,
/// `0..total` all; `rules` narrow the cells' digits beside the matrix.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Options<'a> {
    pub start: &'a [u32],
    pub items: &'a [u32],
    pub at: &'a [u32],
    pub placements: &'a [u32],
    pub tables: Tables<'a>,
    pub rules: Narrowing<'a>,
    pub n: usize,
    pub cells: usize,
    pub primary: usize,
    pub total: usize,
}

/// The tables whose options leave cells sets of digits or give shared hidden values, as
/// the search's propagator reads them (see `propagate::tables`): for each, an item that
/// all its options cover (`anchors`), and per option its sets
/// (`sets[set_at[k]..set_at[k + 1]]`, a cell or a hidden value numbered after the cells,
/// and its digits or the bit of its value), and whether its cells hold distinct digits
/// (`distinct`, beside `anchors`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tables<'a> {
    pub anchors: &'a [u32],
    pub distinct: &'a [bool],
    pub set_at: &'a [u32],
    pub sets: &'a [(u32, u64)],
}

impl Tables<'_> {
    /// How many hidden values the sets name, on a grid of `cells` cells.
    fn hidden(&self, cells: usize) -> usize {
        let last = self.sets.iter().map(|&(at, _)| at as usize + 1).max();
        last.unwrap_or(0).saturating_sub(cells)
    }

    /// The sets of `option`.
    fn of(&self, option: usize) -> &[(u32, u64)] {
        &self.sets[self.set_at[option] as usize..self.set_at[option + 1] as usize]
    }
}

impl Options<'_> {
    fn count(&self) -> usize {
        self.start.len() - 1
    }

    fn of(&self, option: usize) -> &[u32] {
        &self.items[self.start[option] as usize..self.start[option + 1] as usize]
    }

    /// The placements of `option`.
    fn placed(&self, option: usize) -> &[u32] {
        &self.placements[self.at[option] as usize..self.at[option + 1] as usize]
    }

    /// The digit (from 0) that `option`, an option on `cell`'s item, gives the cell.
    fn digit_of(&self, option: usize, cell: usize) -> u32 {
        digit_placed(self.placed(option), self.n, cell)
    }
}

/// The pass's buffers, kept from puzzle to puzzle.
#[derive(Clone, Debug, Default)]
pub(crate) struct OptionLogic {
    /// `item_options[item_start[i]..item_start[i + 1]]`: the options of item `i`.
    item_start: Vec<u32>,
    item_options: Vec<u32>,
    /// Per option: still possible.
    pub alive: Vec<bool>,
    /// Per option: taken by the pass.
    pub taken: Vec<bool>,
    /// Per item: its options still possible.
    live: Vec<u32>,
    /// Per item, its `live` when locked candidates last read it (`u32::MAX`: never): an
    /// item whose options are the same as then has nothing new to give.
    examined: Vec<u32>,
    /// Under test: locked candidates read every item in each sweep, as without `examined`.
    #[cfg(test)]
    pub reread: bool,
    covered: Vec<bool>,
    common: Vec<u32>,
    /// Per item, the last `stamp` it was marked with: the items of one option, so that an
    /// intersection with them reads each item once.
    marks: Vec<u32>,
    stamp: u32,
    /// Per cell, the digits its options left place, before and after arc consistency.
    masks: Vec<u64>,
    before: Vec<u64>,
    /// Per hidden value the tables share, the values every open table still gives it.
    hidden: Vec<u64>,
    /// The unions of one table's live options, in the order of its sets.
    unions: Vec<u64>,
    /// The buffers of the narrowing.
    work: Work,
}

impl OptionLogic {
    /// Runs the pass of `logic` on `options`; afterwards [`alive`](Self::alive) says which
    /// options are left and [`taken`](Self::taken) which of them the pass took.
    pub(crate) fn run(&mut self, options: Options<'_>, logic: Logic) -> LogicEnd {
        self.index(options);
        self.resume(options, logic)
    }

    /// Goes on with the pass of `logic` from where the last one stopped, on the same
    /// options with other `rules` (pointing through the bans added: see
    /// [`pointing`](super::pointing)).
    pub(crate) fn resume(&mut self, options: Options<'_>, logic: Logic) -> LogicEnd {
        let singles_up_to = match logic {
            Logic::Off => return self.end(options),
            Logic::NakedSingles => options.cells,
            // Nothing runs inside the variant search: both locked-candidates levels are the
            // pass before it.
            Logic::HiddenSingles
            | Logic::LockedCandidatesBeforeSearch
            | Logic::LockedCandidates
            | Logic::Triads => options.primary,
        };
        loop {
            match self.singles(options, singles_up_to) {
                Err(()) => return LogicEnd::Contradiction,
                Ok(true) => continue,
                Ok(false) => {}
            }
            if logic < Logic::LockedCandidatesBeforeSearch {
                return self.end(options);
            }
            if self.locked(options) {
                continue;
            }
            match self.arc_consistency(options) {
                Err(()) => return LogicEnd::Contradiction,
                Ok(true) => {}
                Ok(false) => return self.end(options),
            }
        }
    }

    /// Builds the item-to-options index; every option alive, none taken.
    fn index(&mut self, options: Options<'_>) {
        let count = options.count();
        self.hidden.clear();
        self.hidden
            .resize(options.tables.hidden(options.cells), u64::MAX);
        self.alive.clear();
        self.alive.resize(count, true);
        self.taken.clear();
        self.taken.resize(count, false);
        self.covered.clear();
        self.covered.resize(options.total, false);
        self.marks.clear();
        self.marks.resize(options.total, 0);
        self.stamp = 0;
        self.live.clear();
        self.live.resize(options.total, 0);
        self.examined.clear();
        self.examined.resize(options.total, u32::MAX);
        for &item in options.items {
            self.live[item as usize] += 1;
        }
        self.item_start.clear();
        let mut at = 0;
        for &live in &self.live {
            self.item_start.push(at);
            at += live;
        }
        self.item_start.push(at);
        self.item_options.clear();
        self.item_options.resize(at as usize, 0);
        // `common` serves as the fill cursor of each item here.
        self.common.clear();
        self.common
            .extend_from_slice(&self.item_start[..options.total]);
        for option in 0..count {
            for &item in options.of(option) {
                let slot = &mut self.common[item as usize];
                self.item_options[*slot as usize] = option as u32;
                *slot += 1;
            }
        }
    }

    /// Takes the option of every open item below `limit` that has one left; `Ok(true)` when
    /// any was taken, `Err` on an open primary item with none.
    fn singles(&mut self, options: Options<'_>, limit: usize) -> Result<bool, ()> {
        let mut progress = false;
        for item in 0..limit {
            if self.covered[item] {
                continue;
            }
            match self.live[item] {
                0 => return Err(()),
                1 => {
                    let option = self.options_of(item).find(|&o| self.alive[o]);
                    // `live` counts the alive options, so there is one.
                    if let Some(option) = option {
                        self.take(options, option);
                        progress = true;
                    }
                }
                _ => {}
            }
        }
        if progress {
            // A contradiction among the items not scanned again is found by the next sweep.
            return Ok(true);
        }
        let open_without = (limit..options.primary).any(|i| !self.covered[i] && self.live[i] == 0);
        if open_without {
            return Err(());
        }
        Ok(false)
    }

    /// Generalised locked candidates over the open primary items; true when an option went.
    fn locked(&mut self, options: Options<'_>) -> bool {
        let mut progress = false;
        for item in 0..options.primary {
            // Options only go, and reading an item kills none of its own: one whose options
            // are those it was read with kills nothing more (its common items can only have
            // been covered since).
            let unchanged = self.live[item] == self.examined[item];
            #[cfg(test)]
            let unchanged = unchanged && !self.reread;
            if self.covered[item] || self.live[item] < 2 || unchanged {
                continue;
            }
            self.examined[item] = self.live[item];
            // The items every option left of `item` covers, besides `item`.
            self.common.clear();
            let mut first = true;
            let (start, end) = self.range(item);
            for k in start..end {
                let option = self.item_options[k] as usize;
                if !self.alive[option] {
                    continue;
                }
                let items = options.of(option);
                if first {
                    let covered = &self.covered;
                    self.common.extend(
                        items
                            .iter()
                            .filter(|&&i| i as usize != item && !covered[i as usize]),
                    );
                    first = false;
                } else {
                    if self.stamp == u32::MAX {
                        self.marks.fill(0);
                        self.stamp = 0;
                    }
                    self.stamp += 1;
                    for &i in items {
                        self.marks[i as usize] = self.stamp;
                    }
                    let (marks, stamp) = (&self.marks, self.stamp);
                    self.common.retain(|&i| marks[i as usize] == stamp);
                }
                if self.common.is_empty() {
                    break;
                }
            }
            for c in 0..self.common.len() {
                let other = self.common[c] as usize;
                let (start, end) = self.range(other);
                for k in start..end {
                    let option = self.item_options[k] as usize;
                    if self.alive[option] && !options.of(option).contains(&(item as u32)) {
                        self.kill(options, option);
                        progress = true;
                    }
                }
            }
        }
        progress
    }

    /// Narrows the cells' digits to arc consistency on the pairwise rules and removes the
    /// options that place a digit gone; `Ok(true)` when any went, `Err` when a cell is left
    /// with no digit.
    fn arc_consistency(&mut self, options: Options<'_>) -> Result<bool, ()> {
        if options.rules.is_empty() && options.tables.anchors.is_empty() {
            return Ok(false);
        }
        let cells = options.cells;
        self.masks.clear();
        for cell in 0..cells {
            let mask = self
                .options_of(cell)
                .filter(|&option| self.alive[option])
                .fold(0, |mask, option| mask | 1 << options.digit_of(option, cell));
            self.masks.push(mask);
        }
        self.before.clear();
        self.before.extend_from_slice(&self.masks);
        self.narrow_by_tables(options)?;
        self.work.prepare(cells, options.n, options.rules.arcs);
        self.work.queue_arcs(options.rules.arcs);
        let narrowed = narrow_rules(options.rules, &mut self.masks, &mut self.work);
        if narrowed.is_err() {
            return Err(());
        }
        let mut progress = false;
        for cell in 0..cells {
            let mask = self.masks[cell];
            if mask == self.before[cell] {
                continue;
            }
            let (start, end) = self.range(cell);
            for k in start..end {
                let option = self.item_options[k] as usize;
                if self.alive[option] && mask & 1 << options.digit_of(option, cell) == 0 {
                    self.kill(options, option);
                    progress = true;
                }
            }
        }
        // The table options that leave a cell no digit it can still hold (or a table's
        // distinct cells too few digits), or give a hidden value one it can no longer take.
        let tables = options.tables.anchors.iter().zip(options.tables.distinct);
        for (&anchor, &distinct) in tables {
            let anchor = anchor as usize;
            if self.covered[anchor] {
                continue;
            }
            let (start, end) = self.range(anchor);
            for k in start..end {
                let option = self.item_options[k] as usize;
                if !self.alive[option] {
                    continue;
                }
                let (masks, hidden) = (&mut self.masks, &mut self.hidden);
                let sets = options.tables.of(option);
                let mask = |at| *mask_of(masks, hidden, at);
                if leaves_nothing(sets, cells as u32, distinct, mask) {
                    self.kill(options, option);
                    progress = true;
                }
            }
        }
        Ok(progress)
    }

    /// Narrows each cell's digits (`masks`) and each shared hidden value to what every open
    /// table's live options leave it, as the search's propagator does; `Err` when one is
    /// left with none. A table whose option is taken is passed over: its items ruled out
    /// the rest.
    fn narrow_by_tables(&mut self, options: Options<'_>) -> Result<(), ()> {
        self.hidden.fill(u64::MAX);
        for &anchor in options.tables.anchors {
            let anchor = anchor as usize;
            if self.covered[anchor] {
                continue;
            }
            let (start, end) = self.range(anchor);
            let (alive, unions) = (&self.alive, &mut self.unions);
            let mut live = self.item_options[start..end]
                .iter()
                .map(|&o| o as usize)
                .filter(|&o| alive[o]);
            let Some(first) = live.next() else {
                return Err(());
            };
            // The unions, in the place of the first option's sets (every option of a table
            // lists the same cells and values in the same order).
            let sets = options.tables.of(first);
            unions.clear();
            unions.extend(sets.iter().map(|&(_, set)| set));
            for option in live {
                for (union, &(_, set)) in unions.iter_mut().zip(options.tables.of(option)) {
                    *union |= set;
                }
            }
            for (&(at, _), &union) in sets.iter().zip(&self.unions) {
                let mask = mask_of(&mut self.masks, &mut self.hidden, at);
                *mask &= union;
                if *mask == 0 {
                    return Err(());
                }
            }
        }
        Ok(())
    }

    /// Takes `option`: its items are covered, and every other option on them goes.
    fn take(&mut self, options: Options<'_>, option: usize) {
        self.taken[option] = true;
        for &item in options.of(option) {
            let item = item as usize;
            self.covered[item] = true;
            let (start, end) = self.range(item);
            for k in start..end {
                let other = self.item_options[k] as usize;
                if other != option && self.alive[other] {
                    self.kill(options, other);
                }
            }
        }
    }

    fn kill(&mut self, options: Options<'_>, option: usize) {
        self.alive[option] = false;
        for &item in options.of(option) {
            self.live[item as usize] -= 1;
        }
    }

    fn range(&self, item: usize) -> (usize, usize) {
        (
            self.item_start[item] as usize,
            self.item_start[item + 1] as usize,
        )
    }

    fn options_of(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        let (start, end) = self.range(item);
        self.item_options[start..end].iter().map(|&o| o as usize)
    }

    /// Where the pass stands. Once every cell is placed, the items still open are the
    /// guards of tables that place no cell: each must have one option left, which is taken
    /// (two tables that disagree then show it), else the pass is stuck. So naked singles
    /// solve a puzzle whose cells they fill, whatever its little killers or pill arrows.
    fn end(&mut self, options: Options<'_>) -> LogicEnd {
        let mut open = false;
        for item in (0..options.primary).filter(|&i| !self.covered[i]) {
            if self.live[item] == 0 {
                return LogicEnd::Contradiction;
            }
            open = true;
        }
        if !open {
            return self.solved_if_sums_hold(options);
        }
        if (0..options.cells).any(|cell| !self.covered[cell]) {
            return LogicEnd::Stuck;
        }
        for item in options.cells..options.primary {
            if self.covered[item] {
                continue;
            }
            match self.live[item] {
                0 => return LogicEnd::Contradiction,
                1 => {
                    let option = self.options_of(item).find(|&o| self.alive[o]);
                    if let Some(option) = option {
                        self.take(options, option);
                    }
                }
                _ => return LogicEnd::Stuck,
            }
        }
        let clash = (0..options.count()).any(|o| self.taken[o] && !self.alive[o]);
        let empty = (0..options.primary).any(|i| !self.covered[i] && self.live[i] == 0);
        if clash || empty {
            return LogicEnd::Contradiction;
        }
        self.solved_if_sums_hold(options)
    }

    /// Solved when the taken options, which place every cell, make every sum kept by
    /// bounds and show every skyscraper line's count; else a contradiction.
    fn solved_if_sums_hold(&mut self, options: Options<'_>) -> LogicEnd {
        if !options.rules.checks_solutions() {
            return LogicEnd::Solved;
        }
        let n = options.n as u32;
        self.masks.clear();
        self.masks.resize(options.cells, 0);
        for option in (0..options.count()).filter(|&o| self.taken[o]) {
            for &p in options.placed(option) {
                self.masks[(p / n) as usize] = 1 << (p % n);
            }
        }
        let masks = &self.masks;
        let digit = |cell: usize| 64 - masks[cell].leading_zeros();
        match options.rules.hold(digit) {
            true => LogicEnd::Solved,
            false => LogicEnd::Contradiction,
        }
    }
}
#[cfg(test)]
mod tests {
    use crate::variant::{Rule, Variant, VariantSolver};
    use crate::{Grid, Logic, Shape};

    /// Locked candidates pass over an item whose options are those it was read with: the
    /// pass leaves the options that reading every item in every sweep leaves, on generated
    /// puzzles of several families (cages, regions, diagonals, windows). Reading each item
    /// once only would leave more on some of them.
    #[test]
    fn an_item_read_again_only_when_its_options_changed_gives_the_same_pass() {
        use crate::setter::GenerateOptions;
        use crate::variant::{RuleName, VariantGenerateOptions, VariantGenerator};
        let families: [(&[RuleName], bool); 5] = [
            (&[], false),
            (&[RuleName::Killer], false),
            (&[], true),
            (&[RuleName::X], false),
            (&[RuleName::Windoku], false),
        ];
        let mut reread = VariantSolver::new();
        reread.reread_locked(true);
        let mut solver = VariantSolver::new();
        let mut stuck_or_solved = [0; 2];
        for (names, jigsaw) in families {
            let base = GenerateOptions::new(Shape::CLASSIC);
            let options = VariantGenerateOptions::with_rule_names(base, names, jigsaw);
            let mut generator = VariantGenerator::new(options);
            for index in 0..6 {
                let puzzle = generator.generate(3, index).unwrap().puzzle;
                let solved = solver.solved_by_logic(&puzzle, Logic::LockedCandidates);
                assert_eq!(
                    solved,
                    reread.solved_by_logic(&puzzle, Logic::LockedCandidates),
                    "{names:?} {jigsaw} {index}"
                );
                let left =
                    |solver: &VariantSolver| solver.pass_alive().iter().filter(|&&a| a).count();
                assert_eq!(left(&solver), left(&reread), "{names:?} {jigsaw} {index}");
                assert_eq!(solver.pass_alive(), reread.pass_alive());
                assert_eq!(solver.rate(&puzzle), reread.rate(&puzzle));
                stuck_or_solved[solved as usize] += 1;
            }
        }
        assert!(
            stuck_or_solved.iter().all(|&n| n > 0),
            "{stuck_or_solved:?}"
        );
    }

    /// A region-sum line through r1c3, r2c1 and r3c2 on the 4x4 grid, each cell in its own
    /// box, so the three hold one digit; with r1c1 a 1, r3c4 a 3 and r4c4 a 2 it has one
    /// solution. The pass reads the tables' shared total as the search does (each segment's
    /// live options narrow it), and solves the puzzle without a guess; before it did, it was
    /// stuck.
    #[test]
    fn the_pass_narrows_a_total_the_tables_share() {
        let mut grid = Grid::empty(Shape::new(2, 2).unwrap());
        grid.set(0, 0, 1);
        grid.set(2, 3, 3);
        grid.set(3, 3, 2);
        let line = Rule::RegionSumLine(vec![2, 4, 9]);
        let variant = Variant::new(grid, None, vec![line]).unwrap();
        let mut solver = VariantSolver::new();
        assert_eq!(solver.count(&variant, None).solutions, 1);
        assert!(solver.solved_by_logic(&variant, Logic::LockedCandidates));
    }
}
