//! The variant search's propagator: at each branch point, the digits each cell may still
//! hold are read off the live options, narrowed by the tables that leave cells sets of
//! digits (a cell can only hold a digit that some live option of each such table leaves
//! it) or share a hidden value (it can only take a value that every table naming it still
//! gives it), to arc consistency on the ban graph (see [`arcs`](super::arcs)) and, once per
//! branch point, by pointing through the bans (see [`pointing`](super::pointing)); then the
//! options that place a digit no longer possible go, and the table options that leave a
//! cell no digit it can still hold, until nothing changes. The groups of distinct digits
//! (renban lines, killer cages: see [`groups`](super::groups)), the skyscraper lines (see
//! [`skylines`](super::skylines)), the between and lockout lines (see [`ends`](super::ends)),
//! the segments that make one total (region-sum and zipper lines, see
//! [`totals`](super::totals)) and the sums kept by bounds (see [`sums`](super::sums)) narrow
//! with the arcs, the last four only where their cells changed (see [`narrow_seen`]), and
//! those four are checked again on each solution the search reaches; the groups only where
//! their cells changed since the branch point above (see [`Work::groups_since`]). The
//! search then looks again for a forced item before it guesses. Removals go on the
//! matrix's trail and are undone on backtracking.
//!
//! What a branch point reads is mostly what changed since the last: the options chosen are
//! read from the first one that is not the last call's, and an open cell whose item has as
//! many options left as at the branch point above keeps the digits it had there (see
//! [`frames`](super::frames)); arc consistency starts from the cells whose digits changed
//! since that branch point, whose digits were arc consistent (or, in a later round of the
//! same branch point, since the round before), and pointing skips the
//! units whose placements are the same as when it pointed there. Where every option places
//! one cell, one round of removals is all there is: the digits read after it would be those
//! it narrowed to.

use super::arcs::{empty_queue, Arcs};
use super::ends::Ends;
use super::flat::Flat;
use super::frames::Frames;
use super::groups::Groups;
use super::model::Model;
use super::pointing::Pointing;
use super::skylines::Skylines;
use super::sums::Sums;
use super::totals::Totals;
use crate::exact_cover::{Propagator, Pruning};
use std::sync::Arc;

mod seen;
mod tables;

pub(crate) use seen::{narrow_changed, narrow_seen};

pub(crate) use tables::{leaves_nothing, mask_of};

/// Why the rules cannot be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// This cell is left with no digit.
    Cell(usize),
    /// This sum cannot be made.
    Sum(usize),
    /// This group has no set of digits left.
    Group(usize),
    /// No walk along this skyscraper line shows its count.
    Skyline(usize),
    /// No pair of digits of this line's ends leaves its other cells a digit.
    Ends(usize),
    /// The segments of this rule make no total together.
    Totals(usize),
}

/// The rules that narrow the cells' digits beside the matrix: the pairwise rules as arcs,
/// the sums kept by bounds, the skyscraper lines, the lines on their ends, the segments
/// that make one total, the groups and the pointing through the bans.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Narrowing<'a> {
    pub arcs: &'a Arcs,
    pub sums: &'a Sums,
    pub skylines: &'a Skylines,
    pub ends: &'a Ends,
    pub totals: &'a Totals,
    pub groups: &'a Groups,
    /// `None` where pointing does not pay (see [`Model::pointing`]).
    pub pointing: Option<&'a Pointing>,
    /// Every cell's digits as pointing found them at a branch point above, whose removals
    /// still hold (see [`Pointing::narrow`]); `None` for none.
    pub pointed_above: Option<&'a [u64]>,
}

impl<'a> Narrowing<'a> {
    /// The rules of `model`, pointing through its bans with `pointing`.
    pub(crate) fn of(model: &'a Model, pointing: Option<&'a Pointing>) -> Narrowing<'a> {
        Narrowing {
            arcs: &model.arcs,
            sums: &model.sums,
            skylines: &model.skylines,
            ends: &model.ends,
            totals: &model.totals,
            groups: &model.groups,
            pointing,
            pointed_above: None,
        }
    }

    /// True when there is nothing to narrow by.
    pub(crate) fn is_empty(&self) -> bool {
        self.arcs.is_empty()
            && self.sums.is_empty()
            && self.skylines.is_empty()
            && self.ends.is_empty()
            && self.totals.is_empty()
            && self.groups.is_empty()
            && self.pointing.is_none()
    }

    /// True when some rule is checked again on each solution the search reaches: the sums
    /// kept by bounds, the skyscraper lines, the lines on their ends and the segments that
    /// make one total, which the matrix's items do not keep.
    pub(crate) fn checks_solutions(&self) -> bool {
        !self.sums.is_empty()
            || !self.skylines.is_empty()
            || !self.ends.is_empty()
            || !self.totals.is_empty()
    }

    /// True when the cells' digits (from 1, `digit(cell)`) keep every rule checked on
    /// solutions (see [`checks_solutions`](Self::checks_solutions)).
    pub(crate) fn hold(&self, digit: impl Fn(usize) -> u32 + Copy) -> bool {
        self.sums.hold(digit)
            && self.skylines.hold(digit)
            && self.ends.hold(digit)
            && self.totals.hold(digit)
    }

    /// The cells a failure is about: the emptied cell, or the cells of the sum or group.
    fn cells(&self, failure: Failure) -> impl Iterator<Item = usize> + '_ {
        let (line, ends, totals) = match failure {
            Failure::Skyline(line) => (Some(line), None, None),
            Failure::Ends(line) => (None, Some(line), None),
            Failure::Totals(rule) => (None, None, Some(rule)),
            _ => (None, None, None),
        };
        let lines = line.into_iter().flat_map(|s| self.skylines.cells(s));
        let lines = lines.chain(ends.into_iter().flat_map(|k| self.ends.cells(k)));
        let lines = lines.chain(totals.into_iter().flat_map(|k| self.totals.cells(k)));
        let (cell, sum, group) = match failure {
            Failure::Cell(cell) => (Some(cell), None, None),
            Failure::Sum(sum) => (None, Some(sum), None),
            Failure::Group(group) => (None, None, Some(group)),
            Failure::Skyline(_) | Failure::Ends(_) | Failure::Totals(_) => (None, None, None),
        };
        let sums = sum.into_iter().flat_map(|s| self.sums.cells(s));
        let groups = group.into_iter().flat_map(|g| self.groups.cells(g));
        cell.into_iter().chain(sums).chain(groups).chain(lines)
    }
}

/// The buffers of [`narrow_rules`]: the cells whose arcs are to be read (`queue`, each
/// marked in `queued`), the arcs' cache of supports (see [`Arcs::narrow`]) and the
/// pointing's sets of cells (the open ones, those that may hold each digit). Sized once per
/// puzzle, they allocate nothing after.
#[derive(Clone, Debug, Default)]
pub(crate) struct Work {
    queue: Vec<u32>,
    queued: Vec<bool>,
    supports: Vec<(u64, u64)>,
    open: Vec<u64>,
    /// Every cell's digits as pointing found them (see [`Pointing::narrow`]).
    read: Vec<u64>,
    /// Per cell, the digits on which every sum, and every skyscraper line, was last at its
    /// fixpoint (see [`narrow_seen`]).
    seen_sums: Vec<u64>,
    seen_skylines: Vec<u64>,
    seen_ends: Vec<u64>,
    seen_totals: Vec<u64>,
    /// Per cell, the digits on which every group was last at its fixpoint down the path
    /// to this branch point (see [`Work::groups_since`]).
    seen_groups: Vec<u64>,
}

impl Work {
    /// Sized for `cells` cells of `n` digits and `arcs`, the cache of supports emptied.
    pub(crate) fn prepare(&mut self, cells: usize, n: usize, arcs: &Arcs) {
        self.queue.clear();
        self.queue.reserve(cells);
        self.queued.clear();
        self.queued.resize(cells, false);
        self.supports.clear();
        self.supports.resize(arcs.len(), (0, 0));
        // The open cells, then the cells holding each digit (see `Pointing::narrow`).
        self.open.clear();
        self.open.reserve(cells.div_ceil(64) * (n + 1));
        self.read.clear();
        self.read.resize(cells, 0);
        for seen in [
            &mut self.seen_sums,
            &mut self.seen_skylines,
            &mut self.seen_ends,
            &mut self.seen_totals,
            &mut self.seen_groups,
        ] {
            seen.clear();
            seen.resize(cells, u64::MAX);
        }
    }

    /// Makes the groups narrow again only where their cells' digits differ from `above`,
    /// the digits of a branch point above on the path to this one (every group without
    /// it). A group reads its cells and takes digits from its peers; down the path no cell
    /// gains a digit and the removals above still hold, so a group whose cells are as
    /// they were there, where it was at its fixpoint, has nothing to take. Elsewhere in the
    /// tree its peers' digits may be back: unlike the sums' (see [`narrow_seen`]), the
    /// groups' digits seen are only those of the path.
    pub(crate) fn groups_since(&mut self, above: Option<&[u64]>) {
        match above {
            Some(above) => self.seen_groups.copy_from_slice(above),
            None => self.seen_groups.fill(u64::MAX),
        }
    }

    /// Queues every cell with arcs, for a narrowing from scratch.
    pub(crate) fn queue_arcs(&mut self, arcs: &Arcs) {
        for cell in (0..self.queued.len()).filter(|&cell| arcs.has_arcs(cell)) {
            if !self.queued[cell] {
                self.queued[cell] = true;
                self.queue.push(cell as u32);
            }
        }
    }

    /// Queues the cells with arcs whose digits `masks` differ from `above`, digits that
    /// were arc consistent: arc consistency is reached from them alone, as from every
    /// cell (the same fixpoint), since the arcs of the others were read on `above`.
    pub(crate) fn queue_changed(&mut self, arcs: &Arcs, masks: &[u64], above: &[u64]) {
        for (cell, (mask, was)) in masks.iter().zip(above).enumerate() {
            if mask != was && arcs.has_arcs(cell) && !self.queued[cell] {
                self.queued[cell] = true;
                self.queue.push(cell as u32);
            }
        }
    }
}

/// Narrows `masks` to arc consistency on the arcs from the cells queued in `work` (see
/// [`Arcs::narrow`]), to the bounds of the sums and to the sets of the groups, until none
/// narrows; then points through the bans once (the costliest, as it reads every unit) and
/// narrows again by the rest. `Err` when a cell is left with no digit, a sum cannot be
/// made or a group has no set; the queue is then left empty and unmarked.
pub(crate) fn narrow_rules(
    rules: Narrowing<'_>,
    masks: &mut [u64],
    work: &mut Work,
) -> Result<(), Failure> {
    let arcs = rules.arcs;
    let mut pointed = rules.pointing.is_none();
    let Work {
        queue,
        queued,
        supports,
        open,
        read,
        seen_sums,
        seen_skylines,
        seen_ends,
        seen_totals,
        seen_groups,
    } = work;
    loop {
        arcs.narrow(masks, queue, queued, supports)
            .map_err(Failure::Cell)?;
        let changed = std::cell::Cell::new(false);
        let mut requeue = |cell: usize| {
            changed.set(true);
            if arcs.has_arcs(cell) && !queued[cell] {
                queued[cell] = true;
                queue.push(cell as u32);
            }
        };
        let narrowed = match narrow_seen(rules.sums, masks, seen_sums, &mut requeue) {
            Ok(()) => match rules.groups.narrow_since(masks, seen_groups, &mut requeue) {
                Ok(()) => match narrow_seen(rules.skylines, masks, seen_skylines, &mut requeue) {
                    Ok(()) => match narrow_seen(rules.ends, masks, seen_ends, &mut requeue) {
                        Ok(()) => narrow_seen(rules.totals, masks, seen_totals, &mut requeue)
                            .map_err(Failure::Totals),
                        Err(line) => Err(Failure::Ends(line)),
                    },
                    Err(line) => Err(Failure::Skyline(line)),
                },
                Err(group) => Err(Failure::Group(group)),
            },
            Err(sum) => Err(Failure::Sum(sum)),
        };
        let narrowed = match (narrowed, rules.pointing) {
            (Ok(()), Some(pointing)) if !changed.get() && !pointed => {
                pointed = true;
                let units = (read.as_mut_slice(), rules.pointed_above);
                pointing
                    .narrow(masks, open, units, &mut requeue)
                    .map_err(Failure::Cell)
            }
            (narrowed, _) => narrowed,
        };
        let changed = changed.get();
        if let Err(failure) = narrowed {
            empty_queue(queue, queued);
            return Err(failure);
        }
        if !changed {
            return Ok(());
        }
    }
}

/// Checks a round's narrowing (`got`, from `start`: the arcs queued from the cells changed
/// since the frame above or the round before, the groups read where their cells changed
/// since the frame above) against one from scratch: every cell with arcs queued, every
/// rule read. The rules narrow monotonically, so both reach one fixpoint.
#[cfg(test)]
fn narrows_as_from_scratch(
    rules: Narrowing<'_>,
    start: &[u64],
    got: &[u64],
    narrowed: Result<(), Failure>,
    n: usize,
) {
    let mut work = Work::default();
    work.prepare(start.len(), n, rules.arcs);
    work.queue_arcs(rules.arcs);
    let mut masks = start.to_vec();
    let scratch = narrow_rules(rules, &mut masks, &mut work);
    assert_eq!(scratch.is_ok(), narrowed.is_ok(), "a round's narrowing");
    if narrowed.is_ok() {
        assert_eq!(masks, got, "a round's narrowing");
    }
}

/// Narrows `cell` of `masks` to the digits of `keep`: true when it lost some (`narrowed`
/// then hears of it), `Err` when it has none left.
pub(crate) fn keep_only(
    masks: &mut [u64],
    cell: usize,
    keep: u64,
    narrowed: &mut impl FnMut(usize),
) -> Result<bool, ()> {
    let mask = masks[cell];
    if mask & !keep == 0 {
        return Ok(false);
    }
    if mask & keep == 0 {
        return Err(());
    }
    masks[cell] = mask & keep;
    narrowed(cell);
    Ok(true)
}

/// Rules that narrow the cells' digits one at a time (the sums kept by bounds, the groups,
/// the skyscraper lines), each until none narrows.
pub(crate) trait Narrows {
    /// The number of rules.
    fn len(&self) -> usize;

    /// Narrows `masks` (bit `d` for digit `d + 1`) by rule `k` once, calling `narrowed`
    /// with each cell that loses a digit; true when one did, `Err` when the rule cannot be
    /// kept.
    fn narrow_one(
        &self,
        k: usize,
        masks: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<bool, ()>;

    /// `of_cell.get(cell)`: the rules whose narrowing reads `cell`, for a kind whose rules
    /// read their own cells alone (see [`narrow_seen`]; an index not yet built, empty,
    /// narrows every rule); `None` for the others.
    fn of_cell(&self) -> Option<&Flat<u32>> {
        None
    }

    /// Narrows `masks` by every rule, again until none narrows; `Err` with the first rule
    /// that cannot be kept.
    fn narrow(&self, masks: &mut [u64], narrowed: impl FnMut(usize)) -> Result<(), usize> {
        narrow_every(self, masks, narrowed)
    }
}

/// Narrows `masks` by every rule of `rules`, again until none narrows: what
/// [`Narrows::narrow`] does unless a kind of rule knows which of its rules a change concerns.
pub(crate) fn narrow_every<N: Narrows + ?Sized>(
    rules: &N,
    masks: &mut [u64],
    mut narrowed: impl FnMut(usize),
) -> Result<(), usize> {
    loop {
        let mut changed = false;
        for k in 0..rules.len() {
            changed |= rules.narrow_one(k, masks, &mut narrowed).map_err(|()| k)?;
        }
        if !changed {
            return Ok(());
        }
    }
}

/// The digit (from 0) that the placements `placed` (`cell * n + d`) give `cell`, 0 when they
/// do not place it: a cell's own option places it alone, a table's among others.
pub(crate) fn digit_placed(placed: &[u32], n: usize, cell: usize) -> u32 {
    let n = n as u32;
    // A range, not a division: the logic pass runs this for every live option (the search's
    // propagator reads the digit off its table of entries instead).
    let first = cell as u32 * n;
    let found = placed.iter().find(|&&p| p >= first && p < first + n);
    found.map_or(0, |&p| p - first)
}

/// The propagator's buffers, sized once per puzzle so that propagating allocates nothing,
/// with a copy of the puzzle's arcs (so that a search continued without the puzzle at hand
/// can still propagate).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    n: usize,
    /// False when the search runs without narrowing: the sums are then only checked on
    /// each solution.
    narrowing: bool,
    arcs: Arcs,
    sums: Sums,
    skylines: Skylines,
    ends: Ends,
    totals: Totals,
    groups: Groups,
    pointing: Option<Arc<Pointing>>,
    /// The digits each cell may hold, bit `d` for digit `d + 1`.
    masks: Vec<u64>,
    /// The masks before narrowing.
    before: Vec<u64>,
    /// The masks a round of this branch point narrowed to, arc consistent: the next round
    /// queues the cells whose digits differ.
    last_round: Vec<u64>,
    /// The keys (see [`Pruning::chosen_keys`]) and options of the options chosen at the
    /// last branch point, and per cell the digit they place (0 for a cell they leave open):
    /// what a branch point reads of the chosen options is what changed since the last.
    chosen_keys: Vec<u32>,
    chosen: Vec<u32>,
    placed: Vec<u64>,
    /// True when every option places one cell and leaves no cell a set of digits: the
    /// masks read again after a round of removals are then those the round narrowed to,
    /// and one round is all there is (see [`VariantPropagator::propagate`]).
    one_round: bool,
    /// Per placement `cell * n + d`: its cell and its digit's bit, read without a division.
    split: Vec<(u32, u64)>,
    /// What the branch points above this one left (see [`frames`](super::frames)).
    frames: Frames,
    work: Work,
    /// The options to remove.
    doomed: Vec<u32>,
    /// For each table with free cells, an item all its options cover.
    anchors: Vec<u32>,
    /// Beside `anchors`: whether the table's cells hold distinct digits (see
    /// `TableOptions::distinct`).
    distinct: Vec<bool>,
    /// `table_cells[table_at[t]..table_at[t + 1]]`: the cells table `t` does not place
    /// (every option of a table lists the same, in the same order), written when its
    /// unions are first read.
    table_at: Vec<u32>,
    table_cells: Vec<u32>,
    /// Beside `table_cells`, the digits the table's live options leave each cell (0 for
    /// none), read off `table_lens[t]` live options (`u32::MAX` when not read): a table
    /// with as many live options as then has the same ones (options only go down the
    /// search tree), so the same unions. Taken from the frame above at each branch point.
    table_lens: Vec<u32>,
    table_unions: Vec<u64>,
    /// The values each hidden value the tables share may still take (bit `i` for its
    /// `i`-th value), numbered after the cells in the tables' sets: every value at each
    /// round, narrowed by the unions of the open tables that name it.
    hidden: Vec<u64>,
}

impl Scratch {
    /// Its rules, for what is checked on each solution (no pointing).
    fn checked(&self) -> Narrowing<'_> {
        Narrowing {
            arcs: &self.arcs,
            sums: &self.sums,
            skylines: &self.skylines,
            ends: &self.ends,
            totals: &self.totals,
            groups: &self.groups,
            pointing: None,
            pointed_above: None,
        }
    }

    /// Takes the arcs and sums of `model` and the `anchors` of its tables with free cells
    /// (with how many cells each table does not place, `free`, and whether its cells hold
    /// distinct digits, `distinct`), and sizes the buffers for its cells and `options`
    /// options. Without `narrowing` the propagator removes nothing
    /// and only checks the sums on each solution.
    pub(crate) fn prepare(
        &mut self,
        model: &Model,
        pointing: Option<Arc<Pointing>>,
        (anchors, free, distinct): (&[u32], &[u32], &[bool]),
        (options, one_round): (usize, bool),
        narrowing: bool,
    ) {
        self.n = model.n;
        self.narrowing = narrowing;
        self.arcs.copy_from(&model.arcs);
        self.sums.copy_from(&model.sums);
        self.skylines.copy_from(&model.skylines);
        self.ends.copy_from(&model.ends);
        self.totals.copy_from(&model.totals);
        self.groups.copy_from(&model.groups);
        self.pointing = pointing;
        self.anchors.clear();
        self.anchors.extend_from_slice(anchors);
        self.distinct.clear();
        self.distinct.extend_from_slice(distinct);
        debug_assert_eq!(anchors.len(), free.len());
        debug_assert_eq!(anchors.len(), distinct.len());
        self.table_at.clear();
        self.table_at.push(0);
        for &f in free {
            self.table_at
                .push(self.table_at[self.table_at.len() - 1] + f);
        }
        let unions = self.table_at[self.table_at.len() - 1] as usize;
        self.table_cells.clear();
        self.table_cells.resize(unions, 0);
        self.table_unions.clear();
        self.table_unions.resize(unions, 0);
        self.table_lens.clear();
        self.table_lens.resize(anchors.len(), u32::MAX);
        let cells = model.allowed.len();
        let hidden = model.tables.iter().flat_map(|t| t.narrowed_hidden());
        let hidden = hidden.map(|&h| h as usize + 1 - cells).max().unwrap_or(0);
        self.hidden.clear();
        self.hidden.resize(hidden, u64::MAX);
        self.masks.clear();
        self.masks.resize(cells, 0);
        self.before.clear();
        self.before.resize(cells, 0);
        self.last_round.clear();
        self.last_round.resize(cells, 0);
        self.chosen_keys.clear();
        self.chosen_keys.reserve(cells);
        self.chosen.clear();
        self.chosen.reserve(cells);
        self.placed.clear();
        self.placed.resize(cells, 0);
        self.one_round = one_round;
        // A frame per branch point down one path: a path places each cell once.
        let tables = [anchors.len(), unions];
        self.frames.prepare(cells, cells + 1, tables);
        let n = model.n;
        self.split.clear();
        self.split
            .extend((0..cells * n).map(|p| ((p / n) as u32, 1 << (p % n))));
        self.work.prepare(cells, model.n, &self.arcs);
        self.doomed.clear();
        self.doomed.reserve(options);
    }
}

/// The propagator of one search: the model's arcs, what each option of the matrix places
/// (`placements[option_start[k]..option_start[k + 1]]`, as `cell * n + d`) and the sets of
/// digits it leaves cells it does not place (`sets[set_at[k]..set_at[k + 1]]`).
pub(crate) struct VariantPropagator<'a> {
    n: usize,
    option_start: &'a [u32],
    placements: &'a [u32],
    /// `entry_digits[entry]`: the digit (from 0) that an entry of the matrix (numbered as
    /// [`ExactCover::entry`](crate::exact_cover::ExactCover::entry) numbers them) places
    /// in its item, where that is a cell's.
    entry_digits: &'a [u8],
    set_at: &'a [u32],
    sets: &'a [(u32, u64)],
    scratch: &'a mut Scratch,
}

impl<'a> VariantPropagator<'a> {
    /// The propagator for the matrix with these placements, its arcs in `scratch` (see
    /// [`Scratch::prepare`]).
    pub(crate) fn new(
        [option_start, placements]: [&'a [u32]; 2],
        entry_digits: &'a [u8],
        (set_at, sets): (&'a [u32], &'a [(u32, u64)]),
        scratch: &'a mut Scratch,
    ) -> Self {
        VariantPropagator {
            n: scratch.n,
            option_start,
            placements,
            entry_digits,
            set_at,
            sets,
            scratch,
        }
    }

    /// The digit's bit that `entry`, an entry on a cell's item (see
    /// [`Pruning::live_entries_of`]), places there: every option on a cell's item places it.
    #[inline(always)]
    fn bit_of(&self, entry: usize) -> u64 {
        let digit = self.entry_digits[entry];
        debug_assert!((digit as usize) < self.n);
        1 << digit
    }

    /// Brings the digits the chosen options place (`placed`) up to date: the options
    /// chosen since the last call are read, and those no longer chosen unread. Returns how
    /// many were chosen at the last call and still are, and how many are chosen in all.
    fn read_chosen(&mut self, pruning: &Pruning<'_>) -> (usize, usize) {
        let scratch = &mut *self.scratch;
        let kept = pruning
            .chosen_keys()
            .zip(&scratch.chosen_keys)
            .take_while(|(key, kept)| key == *kept)
            .count();
        for &option in &scratch.chosen[kept..] {
            let start = self.option_start[option as usize] as usize;
            let end = self.option_start[option as usize + 1] as usize;
            for &p in &self.placements[start..end] {
                scratch.placed[scratch.split[p as usize].0 as usize] = 0;
            }
        }
        scratch.chosen_keys.truncate(kept);
        scratch.chosen.truncate(kept);
        for key in pruning.chosen_keys().skip(kept) {
            let option = pruning.chosen_option(key);
            scratch.chosen_keys.push(key);
            scratch.chosen.push(option as u32);
            let start = self.option_start[option] as usize;
            let end = self.option_start[option + 1] as usize;
            for &p in &self.placements[start..end] {
                let (cell, bit) = scratch.split[p as usize];
                scratch.placed[cell as usize] = bit;
            }
        }
        (kept, scratch.chosen.len())
    }

    /// Reads each cell's digits off the options: those of the chosen options, and for each
    /// open cell those of its live options (or, where its item has as many left as at the
    /// branch point above, those it had there). Returns how many options are chosen.
    fn read_masks(&mut self, pruning: &Pruning<'_>) -> usize {
        let (kept, depth) = self.read_chosen(pruning);
        let scratch = &mut *self.scratch;
        scratch.frames.unwind(pruning.run(), kept, depth);
        scratch.masks.copy_from_slice(&scratch.placed);
        let above = scratch.frames.last();
        for cell in 0..scratch.masks.len() {
            if pruning.is_active(cell) {
                if let Some((masks, lens, _)) = above {
                    if pruning.len(cell) == lens[cell] as usize {
                        scratch.masks[cell] = masks[cell];
                        continue;
                    }
                }
                let mut mask = 0;
                for entry in pruning.live_entries_of(cell) {
                    let digit = self.entry_digits[entry];
                    debug_assert!((digit as usize) < self.n);
                    mask |= 1 << digit;
                }
                scratch.masks[cell] = mask;
            }
        }
        depth
    }
}

impl Propagator for VariantPropagator<'_> {
    fn accept(&mut self, pruning: &mut Pruning<'_>) -> bool {
        if !self.scratch.checked().checks_solutions() {
            return true;
        }
        // Every cell is placed: its mask is its digit.
        let n = self.n as u32;
        let masks = &mut self.scratch.masks;
        masks.fill(0);
        for option in pruning.chosen() {
            let start = self.option_start[option] as usize;
            let end = self.option_start[option + 1] as usize;
            for &p in &self.placements[start..end] {
                masks[(p / n) as usize] = 1 << (p % n);
            }
        }
        let masks = &self.scratch.masks;
        let digit = |cell: usize| 64 - masks[cell].leading_zeros();
        self.scratch.checked().hold(digit)
    }

    fn propagate(&mut self, pruning: &mut Pruning<'_>) {
        if !self.scratch.narrowing {
            return;
        }
        let cells = self.scratch.masks.len();
        let mut first = true;
        loop {
            let depth = self.read_masks(pruning);
            if first {
                self.scratch.take_tables_above();
            }
            self.scratch.before.copy_from_slice(&self.scratch.masks);
            let tables_agree = self.narrow_by_tables(pruning);
            let scratch = &mut *self.scratch;
            // The frame above, on the first round: its digits were narrowed to arc
            // consistency (see `Frames::push` below), so only the cells changed since queue.
            let above = match first {
                true => scratch.frames.last().map(|(masks, _, read)| (masks, read)),
                false => None,
            };
            let rules = Narrowing {
                arcs: &scratch.arcs,
                sums: &scratch.sums,
                skylines: &scratch.skylines,
                ends: &scratch.ends,
                totals: &scratch.totals,
                groups: &scratch.groups,
                // Once per branch point: measured best (docs/lab/variant-search.md).
                pointing: scratch.pointing.as_deref().filter(|_| first),
                pointed_above: above.map(|(_, read)| read),
            };
            if first {
                scratch.work.groups_since(above.map(|(masks, _)| masks));
            }
            let round_one = first;
            first = false;
            let narrowed = match tables_agree {
                true => {
                    match (rules.arcs.is_empty(), above) {
                        (true, _) => {}
                        (false, Some((above, _))) => {
                            scratch
                                .work
                                .queue_changed(rules.arcs, &scratch.masks, above)
                        }
                        (false, None) if !round_one => scratch.work.queue_changed(
                            rules.arcs,
                            &scratch.masks,
                            &scratch.last_round,
                        ),
                        (false, None) => scratch.work.queue_arcs(rules.arcs),
                    }
                    #[cfg(test)]
                    let start = scratch.masks.clone();
                    let narrowed = narrow_rules(rules, &mut scratch.masks, &mut scratch.work);
                    // Pointing reads its units by the frame above, which a narrowing from scratch
                    // has not: the rounds without it are checked.
                    #[cfg(test)]
                    if rules.pointing.is_none() {
                        narrows_as_from_scratch(rules, &start, &scratch.masks, narrowed, self.n);
                    }
                    narrowed
                }
                false => Err(Failure::Cell(usize::MAX)),
            };
            scratch.doomed.clear();
            if let Err(failure) = narrowed {
                // No solution extends the options chosen: every option of an open cell goes,
                // and the search backs up from the empty cell. The cell blamed is the one
                // left without a digit, or an open cell of the sum or group that cannot be
                // kept (the search's weights then learn where the knot is); else the first
                // open cell (see docs/lab/variant-search.md for what each rule measured).
                let blamed = match failure {
                    Failure::Cell(cell) if cell < cells && pruning.is_active(cell) => Some(cell),
                    Failure::Cell(_) => None,
                    _ => rules.cells(failure).find(|&c| pruning.is_active(c)),
                };
                let open = blamed.or_else(|| (0..cells).find(|&cell| pruning.is_active(cell)));
                if let Some(cell) = open {
                    scratch
                        .doomed
                        .extend(pruning.options_of(cell).map(|o| o as u32));
                }
            } else {
                for cell in 0..cells {
                    let mask = self.scratch.masks[cell];
                    if mask == self.scratch.before[cell] || !pruning.is_active(cell) {
                        continue;
                    }
                    for entry in pruning.live_entries_of(cell) {
                        if mask & self.bit_of(entry) == 0 {
                            let option = pruning.entry_option(entry);
                            self.scratch.doomed.push(option as u32);
                        }
                    }
                }
                self.doom_table_options(pruning);
            }
            let scratch = &mut *self.scratch;
            if narrowed.is_ok() && (scratch.doomed.is_empty() || scratch.one_round) {
                // The masks are the digits of the options left once the doomed go (see
                // `one_round`): the branch points below may read them here.
                for &option in &scratch.doomed {
                    pruning.remove(option as usize);
                }
                let len = |cell| pruning.len(cell);
                let read = &scratch.work.read;
                let unions = [&scratch.masks[..], read, &scratch.table_unions];
                scratch.frames.push(depth, unions, &scratch.table_lens, len);
                return;
            }
            for &option in &scratch.doomed {
                pruning.remove(option as usize);
            }
            if narrowed.is_err() {
                return;
            }
            scratch.last_round.copy_from_slice(&scratch.masks);
        }
    }
}
