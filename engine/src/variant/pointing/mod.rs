//! Pointing through the bans: a unit (a cell, or a digit of a row, column, region or other
//! full unit) takes exactly one of its placements, so a placement that clashes with every
//! placement the unit has left can go. Two placements clash when they share an item of the
//! matrix: the same cell, the same digit in one unit, or a forbidden pair of a rule
//! (non-consecutive neighbours, a knight's move, a kropki dot...).
//!
//! This is locked candidates (a digit of a box confined to one row leaves the rest of the
//! row), and with the bans it sees more: the two places left for a 5 in a row, side by
//! side, leave neither a 4 nor a 6 under non-consecutive; a knight's move from every place
//! left for a digit in a box takes the digit; a cell left `{4, 6}` takes the 5 from its
//! non-consecutive neighbours.
//!
//! The search's propagator points once per branch point, after the arcs, sums and runs
//! (see [`propagate`](super::propagate)); the logic pass before the search, once it is stuck
//! without. The search points only where pairwise rules relate as many pairs of cells as
//! the grid has side by side (`Model::points`: non-consecutive, anti-knight, the negative
//! constraints; docs/lab/variant-search.md, third and thirty-first rounds), and where the
//! rules are houses alone and an extra house meets a line twice (windows, disjoint groups:
//! see `Model::houses_only`), tenth round, or units alone with some unit of fewer cells
//! (anti-king, small extra regions: `Model::units_only`, built as [`units`] says),
//! thirty-fifth round. A rating's logic pass points wherever pairwise rules relate cells or
//! cells must hold a digit (`Model::logic_points`).
//!
//! Where no placement clashes with another digit of another cell (houses, anti-knight,
//! anti-king) on a grid of at most 128 cells, the pass runs on bitboards (see [`boards`]).

use super::model::Model;
use boards::Boards;

mod boards;
mod units;

pub(crate) use boards::MAX_BOARD_CELLS;

/// Units with at most this many placements left are read: more rarely clash in common,
/// and each costs an intersection of that many sets (two were measured slower).
const MAX_PLACES: usize = 3;
// The cells' own units are counted to three without `count_ones` (`Pointing::narrow`).
const _: () = assert!(MAX_PLACES == 3);

/// Grids of at most this many cells keep each placement's clashes per cell (`direct`): 118
/// KB on a 9x9 grid.
const MAX_DIRECT: usize = 128;

/// The house and digit whose places are read, if the unit is a house's digit.
type House = Option<(usize, usize)>;

/// For each placement, the placements it clashes with; the houses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pointing {
    n: usize,
    /// Words of a set of cells.
    words: usize,
    /// `cells[p * words..(p + 1) * words]`: the cells (bit `c % 64` of word `c / 64`) with a
    /// digit that clashes with placement `p = cell * n + d`.
    cells: Vec<u64>,
    /// `bans[at[p * words + w] + k]`: the digits (bit `d` for digit `d + 1`) of the `k`-th
    /// cell of word `w` of `p`'s cells that clash with `p`.
    at: Vec<u32>,
    bans: Vec<u64>,
    /// `direct[p * cells + c]`: the digits of cell `c` that clash with placement `p`, where
    /// a grid of at most [`MAX_DIRECT`] cells has at most 16 digits (else empty): found
    /// without ranking the cell among `p`'s, which takes a dozen instructions a word
    /// without the `popcnt` instruction (see [`boards`]).
    direct: Vec<u16>,
    /// As `cells`, the cells with a digit other than `p`'s that clashes with `p` (its own
    /// cell among them): the clashes that two digits of one cell can have in common.
    others: Vec<u64>,
    /// `houses[house_start[h]..house_start[h + 1]]`: the `n` cells of house `h` (a row,
    /// column, region or other full unit), each of which holds every digit once.
    house_start: Vec<u32>,
    houses: Vec<u32>,
    /// `house_cells[h * words..(h + 1) * words]`: the cells of house `h` as a set.
    house_cells: Vec<u64>,
    /// Whether a placement clashes with another digit of another cell (a pairwise rule
    /// that is more than two cells differing): else the digits of one cell clash in
    /// nothing common, and only the houses are read.
    cells_point: bool,
    /// Where no placement clashes with another digit of another cell, and every digit of a
    /// cell clashes with that digit in the same cells (of those that may hold it): per
    /// cell, those cells (`sees[c * words..(c + 1) * words]`), a ninth of `cells`, which
    /// stays in the nearest cache (anti-knight, anti-king). Else empty.
    sees: Vec<u64>,
    /// The houses and `sees` as bitboards, where there are `sees` and the grid is small
    /// enough: the pass then reads them alone (see [`boards`]).
    boards: Option<Boards>,
}

impl Pointing {
    /// The clashes and units of `model`'s matrix: from the items alone where the rules are
    /// units alone (see [`units`]), else by placement.
    pub(crate) fn new(model: &Model) -> Pointing {
        let units = model
            .units_only
            .then(|| Pointing::of_units(model))
            .flatten();
        units.unwrap_or_else(|| Pointing::of_clashes(model))
    }

    /// The clashes of every placement, with their digits, and the units of `model`'s matrix.
    fn of_clashes(model: &Model) -> Pointing {
        let n = model.n;
        let cells = model.allowed.len();
        let placements = cells * n;
        // Which placements cover each item.
        let items = model.primary + model.secondary;
        let mut count = vec![0u32; items + 1];
        for p in 0..placements {
            for &item in model.placement_items(p) {
                count[item as usize + 1] += 1;
            }
        }
        for i in 0..items {
            count[i + 1] += count[i];
        }
        let mut at = count.clone();
        // As cell and digit bit; a digit the cell may not hold is in no clash.
        let mut covering = vec![(u32::MAX, 0u64); count[items] as usize];
        for p in 0..placements {
            let (cell, d) = (p / n, p % n);
            let allowed = model.allowed[cell] & 1 << d != 0;
            for &item in model.placement_items(p) {
                if allowed {
                    covering[at[item as usize] as usize] = (cell as u32, 1 << d);
                }
                at[item as usize] += 1;
            }
        }
        let covers = |item: usize| &covering[count[item] as usize..count[item + 1] as usize];
        // Every placement of each unit, for its cells.
        let mut covering_all = vec![0u32; count[model.primary] as usize];
        let mut next = count[..model.primary].to_vec();
        for p in 0..placements {
            for &item in model.placement_items(p) {
                if (item as usize) < model.primary {
                    covering_all[next[item as usize] as usize] = p as u32;
                    next[item as usize] += 1;
                }
            }
        }
        let words = cells.div_ceil(64);
        let mut pointing = Pointing {
            n,
            words,
            cells: vec![0; placements * words],
            at: vec![0; placements * words],
            others: vec![0; placements * words],
            ..Pointing::default()
        };
        let mut masks = vec![0u64; cells];
        let mut seen = vec![0u64; words];
        for p in 0..placements {
            if model.allowed[p / n] & 1 << (p % n) == 0 {
                continue;
            }
            for &item in model.placement_items(p) {
                for &(cell, bit) in covers(item as usize) {
                    let cell = cell as usize;
                    if cell < cells {
                        seen[cell / 64] |= 1 << (cell % 64);
                        masks[cell] |= bit;
                    }
                }
            }
            // Not itself.
            masks[p / n] &= !(1 << (p % n));
            if masks[p / n] == 0 {
                seen[p / n / 64] &= !(1 << (p / n % 64));
            }
            // The cells in increasing order, word by word.
            for (w, bits) in seen.iter_mut().enumerate() {
                pointing.at[p * words + w] = pointing.bans.len() as u32;
                pointing.cells[p * words + w] = *bits;
                while *bits != 0 {
                    let cell = w * 64 + bits.trailing_zeros() as usize;
                    *bits &= *bits - 1;
                    pointing.bans.push(masks[cell]);
                    if masks[cell] & !(1 << (p % n)) != 0 {
                        pointing.others[p * words + w] |= 1 << (cell % 64);
                        pointing.cells_point |= cell != p / n;
                    }
                    masks[cell] = 0;
                }
            }
        }
        // The houses: the cells of the units of one digit (a cell's own unit is its mask).
        let mut house: Vec<u32> = Vec::new();
        for unit in cells..model.primary {
            house.clear();
            let places = &covering_all[count[unit] as usize..count[unit + 1] as usize];
            house.extend(places.iter().map(|&p| p / n as u32));
            house.dedup();
            let last = pointing.house_start.last().map_or(0, |&s| s as usize);
            if house.len() != n
                || pointing.houses[last..] == house[..] && !pointing.houses.is_empty()
            {
                continue;
            }
            pointing.house_start.push(pointing.houses.len() as u32);
            pointing.houses.extend_from_slice(&house);
            let at = pointing.house_cells.len();
            pointing.house_cells.resize(at + words, 0);
            for &cell in &house {
                pointing.house_cells[at + cell as usize / 64] |= 1 << (cell % 64);
            }
        }
        pointing.house_start.push(pointing.houses.len() as u32);
        if pointing.cells_point && cells <= MAX_DIRECT && n <= u16::BITS as usize {
            pointing.direct = pointing.direct(cells);
        }
        pointing.sees = pointing.sees(model);
        pointing.boards = pointing.boards(cells);
        pointing
    }

    /// The pointing of a model whose rules are houses alone (see [`Model::houses_only`]),
    /// as [`Pointing::new`] builds it but for the clashes of each placement, which it does
    /// not read there: the houses, and per cell the cells of its houses (itself among
    /// them). Built from the placements of the first digit, which cover one item of each
    /// unit of the cell, in a fraction of the time.
    pub(crate) fn of_houses(model: &Model) -> Pointing {
        let n = model.n;
        let cells = model.allowed.len();
        let words = cells.div_ceil(64);
        debug_assert!(model.houses_only);
        // The cells of each unit (its item of the first digit, `cells + u * n`).
        let units = (model.primary - cells) / n;
        let unit_of = |item: u32| (item as usize).checked_sub(cells).map(|u| u / n);
        let mut unit_cells = vec![0u64; units * words];
        for cell in 0..cells {
            for unit in model
                .placement_items(cell * n)
                .iter()
                .filter_map(|&i| unit_of(i))
            {
                unit_cells[unit * words + cell / 64] |= 1 << (cell % 64);
            }
        }
        let mut pointing = Pointing {
            n,
            words,
            sees: vec![0; cells * words],
            ..Pointing::default()
        };
        for cell in 0..cells {
            pointing.sees[cell * words + cell / 64] |= 1 << (cell % 64);
            for unit in model
                .placement_items(cell * n)
                .iter()
                .filter_map(|&i| unit_of(i))
            {
                let unit = &unit_cells[unit * words..][..words];
                for (seen, &bits) in pointing.sees[cell * words..][..words].iter_mut().zip(unit) {
                    *seen |= bits;
                }
            }
        }
        // The houses in the order of their units (rows, columns, regions, extra units),
        // each once.
        for set in unit_cells.chunks_exact(words) {
            let last = pointing.house_cells.len().checked_sub(words);
            if last.is_some_and(|at| pointing.house_cells[at..] == *set) {
                continue;
            }
            pointing.house_start.push(pointing.houses.len() as u32);
            for (w, &bits) in set.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    pointing
                        .houses
                        .push((w * 64) as u32 + bits.trailing_zeros());
                    bits &= bits - 1;
                }
            }
            pointing.house_cells.extend_from_slice(set);
        }
        pointing.house_start.push(pointing.houses.len() as u32);
        pointing.boards = pointing.boards(cells);
        pointing
    }

    /// Per placement and cell, the cell's digits that clash with the placement (see
    /// [`Pointing::direct`]), read off `cells`, `at` and `bans`.
    fn direct(&self, cells: usize) -> Vec<u16> {
        let (n, words) = (self.n, self.words);
        let mut direct = vec![0u16; cells * n * cells];
        for p in 0..cells * n {
            for w in 0..words {
                let mut bits = self.cells[p * words + w];
                let mut at = self.at[p * words + w] as usize;
                while bits != 0 {
                    let cell = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    direct[p * cells + cell] = self.bans[at] as u16;
                    at += 1;
                }
            }
        }
        direct
    }

    /// The bitboards of the houses and `sees` (see [`boards`]), where they serve.
    fn boards(&self, cells: usize) -> Option<Boards> {
        let houses = (&self.house_start[..], &self.houses[..]);
        Boards::new(self.n, cells, houses, &self.sees)
    }

    /// The cells each cell's placements clash with (see [`Pointing::sees`]), if they are
    /// the same for every digit of the cell; else none.
    fn sees(&self, model: &Model) -> Vec<u64> {
        let (n, words) = (self.n, self.words);
        let cells = model.allowed.len();
        if self.cells_point {
            return Vec::new();
        }
        let mut sees = vec![0u64; cells * words];
        for p in 0..cells * n {
            for w in 0..words {
                sees[p / n * words + w] |= self.cells[p * words + w];
            }
        }
        let mut allowing = vec![0u64; n * words];
        for (cell, &allowed) in model.allowed.iter().enumerate() {
            for d in (0..n).filter(|&d| allowed & 1 << d != 0) {
                allowing[d * words + cell / 64] |= 1 << (cell % 64);
            }
        }
        // Placements a cell may not hold clash with nothing, and a cell's own is no matter
        // (the places of a house are in it, and only the cells outside are read).
        let uniform = (0..cells * n).all(|p| {
            let (cell, d) = (p / n, p % n);
            model.allowed[cell] & 1 << d == 0
                || (0..words).all(|w| {
                    let own = if cell / 64 == w { 1 << (cell % 64) } else { 0 };
                    let those = allowing[d * words + w] & !own;
                    self.cells[p * words + w] & those == sees[cell * words + w] & those
                })
        });
        if uniform {
            sees
        } else {
            Vec::new()
        }
    }

    /// Takes from `masks` what clashes with every placement of `live` (one to three).
    /// Only the open cells are read (`open`, see [`narrow`](Self::narrow), kept up to
    /// date); with the places of digit `d` in house `h` (`house`), the house's cells (which
    /// lack it) only where other digits clash, and the others where other digits clash or
    /// that may hold it.
    fn take_common(
        &self,
        (live, house): (&[usize], House),
        masks: &mut [u64],
        open: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<(), usize> {
        let words = self.words;
        for w in 0..words {
            let within = open[w];
            let (mut cells, mut others) = (u64::MAX, u64::MAX);
            for &p in live {
                cells &= self.cells[p * words + w];
                others &= self.others[p * words + w];
            }
            let mut common = within
                & match house {
                    Some((h, d)) => {
                        cells & !self.house_cells[h * words + w] & open[(1 + d) * words + w]
                            | others
                    }
                    None => others,
                };
            while common != 0 {
                let bit = common.trailing_zeros() as usize;
                common &= common - 1;
                let cell = w * 64 + bit;
                let mut banned = u64::MAX;
                if self.direct.is_empty() {
                    for &p in live {
                        // The rank of the cell among `p`'s finds its bans.
                        let below = self.cells[p * words + w] & ((1 << bit) - 1);
                        let at = self.at[p * words + w] as usize + below.count_ones() as usize;
                        banned &= self.bans[at];
                    }
                } else {
                    let cells = masks.len();
                    for &p in live {
                        banned &= self.direct[p * cells + cell] as u64;
                    }
                }
                let mask = &mut masks[cell];
                let taken = *mask & banned;
                if taken != 0 {
                    *mask &= !banned;
                    if *mask == 0 {
                        return Err(cell);
                    }
                    let mut digits = taken;
                    while digits != 0 {
                        let d = digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        open[(1 + d) * words + w] &= !(1 << bit);
                    }
                    narrowed(cell);
                }
            }
        }
        Ok(())
    }

    /// [`take_common`](Self::take_common) for the cells `places` of digit `d` in house `h`
    /// where no placement clashes with another digit of another cell (anti-knight,
    /// anti-king: `cells_point` false): the open cells outside the house that clash with
    /// every place lose the digit, and a place left alone keeps only the digit. The bans
    /// need not be read, and the cells that lose the digit are found a word at a time.
    fn take_digit(
        &self,
        (places, (h, d)): (&[usize], (usize, usize)),
        masks: &mut [u64],
        open: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<(), usize> {
        let words = self.words;
        let digit = 1u64 << d;
        if let [cell] = *places {
            // A hidden single: every other digit of its cell clashes with it.
            let mut others = masks[cell] & !digit;
            if others != 0 {
                masks[cell] = digit;
                while others != 0 {
                    let other = others.trailing_zeros() as usize;
                    others &= others - 1;
                    open[(1 + other) * words + cell / 64] &= !(1 << (cell % 64));
                }
                narrowed(cell);
            }
        }
        for w in 0..words {
            // The open cells that may hold the digit (they are outside the house but for
            // the places), and clash with every place.
            let holding = &mut open[(1 + d) * words + w];
            let mut common = *holding & !self.house_cells[h * words + w];
            if self.sees.is_empty() {
                for &cell in places {
                    common &= self.cells[(cell * self.n + d) * words + w];
                }
            } else {
                for &cell in places {
                    common &= self.sees[cell * words + w];
                }
            }
            *holding &= !common;
            while common != 0 {
                let cell = w * 64 + common.trailing_zeros() as usize;
                common &= common - 1;
                masks[cell] &= !digit;
                if masks[cell] == 0 {
                    return Err(cell);
                }
                narrowed(cell);
            }
        }
        Ok(())
    }

    /// Takes from `masks` (the digits each cell may hold) the digits that clash with every
    /// placement some unit has left, once over the units, calling `narrowed` for each cell
    /// that lost a digit. `Err` with a cell when a house has no place left for a digit (an
    /// open cell of the house) or a cell no digit (that cell). `open` is a buffer: with room
    /// for `n + 1` sets of cells, nothing is allocated.
    ///
    /// `read` gets every cell's digits as the pass finds them; `above`, the same of a pass
    /// at a branch point above whose removals still hold. A unit whose placements are the
    /// same as there is skipped, since what clashes with every one of them is gone already
    /// (the same removals; docs/lab/variant-search.md, fifth and twenty-first rounds): a
    /// cell with the digits it had there, and a house's digit that none of the house's
    /// cells lost since (its places are the same, or it is placed and not read).
    pub(crate) fn narrow(
        &self,
        masks: &mut [u64],
        open: &mut Vec<u64>,
        (read, above): (&mut [u64], Option<&[u64]>),
        mut narrowed: impl FnMut(usize),
    ) -> Result<(), usize> {
        if let Some(boards) = &self.boards {
            return boards.narrow(masks, (read, above), narrowed);
        }
        let n = self.n;
        // The digits as the pass finds them: a unit whose placements are the same at the
        // pass below was read with them (its placements when it was read lie between).
        read.copy_from_slice(masks);
        // The cells left more than one digit: those worth narrowing.
        // And after them, per digit, those of them that may still hold it (a cell left one
        // digit holds a digit placed in each of its houses, whose places are not read).
        let words = self.words;
        open.clear();
        open.resize(words * (n + 1), 0);
        // With a pass above, the cells narrowed since, as the pass goes (on grids of at
        // most 4096 cells): a house none of whose cells changed is neither read nor checked,
        // since it was there (and held every digit).
        let changed = [const { std::cell::Cell::new(0u64) }; 64];
        let since = above.filter(|_| words <= changed.len());
        let mut narrowed = |cell: usize| {
            if since.is_some() {
                let word = &changed[cell / 64];
                word.set(word.get() | 1 << (cell % 64));
            }
            narrowed(cell);
        };
        for (cell, &mask) in masks.iter().enumerate() {
            if mask == 0 {
                return Err(cell);
            }
            if since.is_some_and(|above| above[cell] != mask) {
                let word = &changed[cell / 64];
                word.set(word.get() | 1 << (cell % 64));
            }
            if mask & (mask - 1) == 0 {
                continue;
            }
            let (w, bit) = (cell / 64, cell % 64);
            open[w] |= 1 << bit;
            let mut digits = mask;
            while digits != 0 {
                open[words * (1 + digits.trailing_zeros() as usize) + w] |= 1 << bit;
                digits &= digits - 1;
            }
        }
        // A cell's own unit: its two or three digits.
        let cells = if self.cells_point { masks.len() } else { 0 };
        for cell in 0..cells {
            let mut digits = masks[cell];
            // One digit, or past the third (`MAX_PLACES`): no `count_ones` (see [`boards`]).
            let second = digits & digits.wrapping_sub(1);
            let third = second & second.wrapping_sub(1);
            if second == 0 || third & third.wrapping_sub(1) != 0 {
                continue;
            }
            let k = 2 + (third != 0) as usize;
            if above.is_some_and(|above| above[cell] == digits) {
                // Read with these digits above: what clashes with them is gone already.
                continue;
            }
            let mut live = [0usize; MAX_PLACES];
            for place in &mut live[..k] {
                *place = cell * n + digits.trailing_zeros() as usize;
                digits &= digits - 1;
            }
            self.take_common((&live[..k], None), masks, open, &mut narrowed)?;
        }
        let all = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        for h in 0..self.house_start.len() - 1 {
            let cells = &self.house_cells[h * words..][..words];
            if since.is_some() && cells.iter().zip(&changed).all(|(&c, w)| c & w.get() == 0) {
                continue;
            }
            let house =
                &self.houses[self.house_start[h] as usize..self.house_start[h + 1] as usize];
            // Bit-sliced counts of each digit's places: at least one, two, three, four.
            // And the digits placed: theirs is the one place left, and the search has taken
            // (or will take at once) what clashes with it.
            let (mut one, mut two, mut three, mut four) = (0u64, 0u64, 0u64, 0u64);
            let mut placed = 0;
            // The digits some cell of the house lost since the pass above (all without one).
            let mut lost = if above.is_some() { 0 } else { all };
            for &cell in house {
                let m = masks[cell as usize];
                if let Some(above) = above {
                    lost |= above[cell as usize] & !m;
                }
                four |= three & m;
                three |= two & m;
                two |= one & m;
                one |= m;
                // No cell is left without a digit (`take_common` stops there).
                if m & m.wrapping_sub(1) == 0 {
                    placed |= m;
                }
            }
            // A digit with no place: blame a cell of the house still open, where the
            // search's weights learn most (as for an emptied cell).
            let blamed = |masks: &[u64]| {
                let open = house
                    .iter()
                    .find(|&&c| !masks[c as usize].is_power_of_two());
                *open.unwrap_or(&house[0]) as usize
            };
            if one != all {
                return Err(blamed(masks));
            }
            let mut digits = !four & !placed & all;
            // Removals by this house's units so far, and as many when `lost` was read: a
            // unit of the house may take a place of a later digit.
            let (mut removals, mut read_at) = (0u32, 0u32);
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                if lost & 1 << d == 0 {
                    let Some(above) = above.filter(|_| removals != read_at) else {
                        continue;
                    };
                    read_at = removals;
                    for &cell in house {
                        lost |= above[cell as usize] & !masks[cell as usize];
                    }
                    if lost & 1 << d == 0 {
                        continue;
                    }
                }
                // The places left, off the open cells that hold the digit (none is placed).
                // As cells, then as placements where the bans are read.
                let mut live = [0usize; MAX_PLACES];
                let mut k = 0;
                for w in 0..words {
                    let mut places = open[(1 + d) * words + w] & self.house_cells[h * words + w];
                    while places != 0 && k < MAX_PLACES {
                        live[k] = w * 64 + places.trailing_zeros() as usize;
                        places &= places - 1;
                        k += 1;
                    }
                }
                if k == 0 {
                    // The places of another digit took this digit's last.
                    return Err(blamed(masks));
                }
                let mut noted = |cell| {
                    removals += 1;
                    narrowed(cell);
                };
                if self.cells_point {
                    for place in &mut live[..k] {
                        *place = *place * n + d;
                    }
                    let unit = (&live[..k], Some((h, d)));
                    self.take_common(unit, masks, open, &mut noted)?;
                } else {
                    self.take_digit((&live[..k], (h, d)), masks, open, &mut noted)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::tests::mask;
    use crate::variant::{Rule, Variant};
    use crate::{Grid, Shape};

    /// The empty 9x9 grid's pointing under `rules`, and every cell's digits.
    fn empty(rules: Vec<Rule>) -> (Pointing, Vec<u64>) {
        let variant = Variant::new(Grid::empty(Shape::CLASSIC), None, rules).unwrap();
        let pointing = Pointing::new(variant.model());
        (pointing, vec![mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]); 81])
    }

    fn narrowed(pointing: &Pointing, masks: &mut [u64]) -> Result<Vec<usize>, usize> {
        let mut touched = Vec::new();
        let read = &mut vec![0; masks.len()];
        pointing.narrow(masks, &mut Vec::new(), (read, None), |cell| {
            touched.push(cell)
        })?;
        touched.sort_unstable();
        touched.dedup();
        Ok(touched)
    }

    #[test]
    fn two_places_side_by_side_take_the_neighbouring_digits_under_non_consecutive() {
        let (pointing, mut masks) = empty(vec![Rule::NonConsecutive]);
        // A 5 in row 1 only at r1c1 or r1c2.
        for digits in &mut masks[2..9] {
            *digits &= !mask(&[5]);
        }
        narrowed(&pointing, &mut masks).unwrap();
        let no_4_6 = mask(&[1, 2, 3, 5, 7, 8, 9]);
        assert_eq!((masks[0], masks[1]), (no_4_6, no_4_6));
        // Locked candidates: the rest of box 1 has no 5.
        for cell in [9, 10, 11, 18, 19, 20] {
            assert_eq!(masks[cell] & mask(&[5]), 0, "cell {cell}");
        }
        // Outside the box and the row, nothing: r2c4 is next to neither place.
        assert_eq!(masks[12], mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]));
    }

    #[test]
    fn a_cell_left_4_and_6_takes_the_5_from_its_non_consecutive_neighbours() {
        let (pointing, mut masks) = empty(vec![Rule::NonConsecutive]);
        masks[40] = mask(&[4, 6]);
        let touched = narrowed(&pointing, &mut masks).unwrap();
        assert_eq!(touched, vec![31, 39, 41, 49]);
        for cell in [31, 39, 41, 49] {
            assert_eq!(masks[cell], mask(&[1, 2, 3, 4, 6, 7, 8, 9]), "cell {cell}");
        }
    }

    #[test]
    fn a_knights_move_from_every_place_of_a_digit_takes_it() {
        let (pointing, mut masks) = empty(vec![Rule::AntiKnight]);
        // Every digit of a cell sees the same cells: the per-cell table serves.
        assert!(!pointing.sees.is_empty());
        // A 1 in box 1 only at r2c1 or r2c3: r4c2 is a knight's move from both.
        for cell in [0, 1, 2, 10, 18, 19, 20] {
            masks[cell] &= !mask(&[1]);
        }
        narrowed(&pointing, &mut masks).unwrap();
        assert_eq!(masks[28] & mask(&[1]), 0);
        // Locked candidates: the rest of row 2 loses the 1.
        assert!(masks[12..18].iter().all(|&digits| digits & mask(&[1]) == 0));
        // r4c1 sees r2c1 (one column) but is no knight's move from r2c3.
        assert_ne!(masks[27] & mask(&[1]), 0);
    }

    #[test]
    fn the_houses_alone_build_as_the_clashes_do() {
        use crate::variant::Diagonal;
        // The boxes, but for r1c3 and r1c4, swapped.
        let mut regions: Vec<usize> = (0..81).map(|c| Shape::CLASSIC.box_of(c)).collect();
        regions.swap(2, 3);
        // An extra region: the first box, one column to the right.
        let shifted = vec![1, 2, 3, 10, 11, 12, 19, 20, 21];
        let cases = [
            (None, vec![Rule::Windoku]),
            (
                None,
                vec![Rule::DisjointGroups, Rule::Diagonal(Diagonal::Main)],
            ),
            (
                Some(regions.clone()),
                vec![Rule::ExtraRegion(shifted.clone())],
            ),
            (
                Some(regions.clone()),
                vec![Rule::ExtraRegion(shifted), Rule::Diagonal(Diagonal::Anti)],
            ),
        ];
        for (regions, rules) in cases {
            let variant = Variant::new(Grid::empty(Shape::CLASSIC), regions, rules).unwrap();
            let model = variant.model();
            assert!(model.houses_only, "{:?}", variant.rules());
            let (houses, clashes) = (Pointing::of_houses(model), Pointing::new(model));
            assert_eq!(houses.house_start, clashes.house_start);
            assert_eq!(houses.houses, clashes.houses);
            assert_eq!(houses.house_cells, clashes.house_cells);
            assert_eq!(houses.sees, clashes.sees);
            assert!(houses.boards.is_some());
            assert_eq!(houses.boards, clashes.boards);
        }
        // Diagonals meet each row and column once, and jigsaw regions alone did not pay:
        // the search does not point.
        let x = vec![
            Rule::Diagonal(Diagonal::Main),
            Rule::Diagonal(Diagonal::Anti),
        ];
        for (regions, rules) in [(None, x.clone()), (Some(regions), x)] {
            let variant = Variant::new(Grid::empty(Shape::CLASSIC), regions, rules).unwrap();
            assert!(!variant.model().houses_only && variant.model().pointing().is_none());
        }
    }

    #[test]
    fn a_windows_digit_in_one_row_leaves_the_rest_of_the_row() {
        let (pointing, mut masks) = empty(vec![Rule::Windoku]);
        assert!(pointing.boards.is_some());
        // The window at r2-r4 c2-c4 has its 1 only in r2 (cells 10, 11, 12).
        for cell in [19, 20, 21, 28, 29, 30] {
            masks[cell] &= !mask(&[1]);
        }
        let touched = narrowed(&pointing, &mut masks).unwrap();
        for cell in [9, 13, 14, 15, 16, 17] {
            assert_eq!(masks[cell] & mask(&[1]), 0, "cell {cell}");
            assert!(touched.contains(&cell));
        }
        // And a hidden single: a 2 with one place left in row 1 takes its cell.
        for digits in &mut masks[1..9] {
            *digits &= !mask(&[2]);
        }
        narrowed(&pointing, &mut masks).unwrap();
        assert_eq!(masks[0], mask(&[2]));
        for cell in [9, 10, 18, 27] {
            assert_eq!(masks[cell] & mask(&[2]), 0, "cell {cell}");
        }
    }

    /// A pass that reads only what changed since a pass above finds what a pass from scratch
    /// finds: the digits, or the contradiction. Around a solution, as a search meets them:
    /// each other digit taken at random, a first pass, then more taken (now and then a digit
    /// of the solution), and both passes.
    #[test]
    fn a_pass_below_one_above_narrows_as_a_pass_from_scratch() {
        use crate::variant::{Diagonal, VariantSolver};
        let cases = [
            (Shape::CLASSIC, vec![Rule::NonConsecutive]),
            (Shape::CLASSIC, vec![Rule::NonConsecutive, Rule::AntiKnight]),
            // Past 128 cells: no table per cell, nor bitboards (whose skipping is only
            // sound: a hidden single's other digits are not followed into other houses).
            (Shape::new(3, 4).unwrap(), vec![Rule::NonConsecutive]),
            (Shape::new(3, 4).unwrap(), vec![Rule::AntiKnight]),
            (
                Shape::new(3, 4).unwrap(),
                vec![Rule::AntiKing, Rule::Diagonal(Diagonal::Main)],
            ),
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        let (mut agreed, mut failed) = (0, 0);
        for (shape, rules) in cases {
            let variant = Variant::new(Grid::empty(shape), None, rules).unwrap();
            let solution = VariantSolver::new().solve(&variant).unwrap();
            let pointing = Pointing::new(variant.model());
            let cells = variant.model().allowed.len();
            let kept = |cell: usize| 1u64 << (solution.cells()[cell] - 1);
            for _ in 0..200 {
                let mut masks = variant.model().allowed.clone();
                let (mut open, mut read) = (Vec::new(), vec![0; cells]);
                let share = 2 + random(6);
                for (cell, digits) in masks.iter_mut().enumerate() {
                    for d in 0..shape.size() {
                        if 1 << d != kept(cell) && random(8) < share {
                            *digits &= !(1 << d);
                        }
                    }
                }
                if pointing
                    .narrow(&mut masks, &mut open, (&mut read, None), |_| {})
                    .is_err()
                {
                    continue;
                }
                let above = read.clone();
                for _ in 0..1 + random(24) {
                    let cell = random(cells as u64) as usize;
                    let digits = masks[cell] & !kept(cell);
                    let digit = match random(16) {
                        0 => kept(cell),
                        _ => digits & digits.wrapping_neg(),
                    };
                    if masks[cell] != digit {
                        masks[cell] &= !digit;
                    }
                }
                let mut scratch = masks.clone();
                let mut below = vec![0; cells];
                let with = (&mut below[..], Some(&above[..]));
                let with = pointing.narrow(&mut masks, &mut open, with, |_| {});
                let without = pointing.narrow(&mut scratch, &mut open, (&mut read, None), |_| {});
                assert_eq!(with, without, "{:?}", variant.rules());
                if with.is_ok() {
                    assert_eq!(masks, scratch, "{:?}", variant.rules());
                    agreed += 1;
                } else {
                    failed += 1;
                }
            }
        }
        // Both outcomes were met.
        assert!(
            agreed > 100 && failed > 10,
            "{agreed} narrowed, {failed} failed"
        );
    }

    /// The table per cell holds what ranking the cell among a placement's clashes finds,
    /// and nothing where the cell does not clash.
    #[test]
    fn the_table_per_cell_reads_as_the_ranked_bans() {
        let dots = vec![
            Rule::Ratio {
                cells: [0, 1],
                value: 2,
            },
            Rule::Difference {
                cells: [40, 49],
                value: 3,
            },
            Rule::AntiKnight,
        ];
        for rules in [vec![Rule::NonConsecutive], dots] {
            let (pointing, masks) = empty(rules);
            let (n, words, cells) = (pointing.n, pointing.words, masks.len());
            assert_eq!(pointing.direct.len(), cells * n * cells);
            for p in 0..cells * n {
                for cell in 0..cells {
                    let (w, bit) = (cell / 64, cell % 64);
                    let set = pointing.cells[p * words + w];
                    let want = match set & 1 << bit {
                        0 => 0,
                        _ => {
                            let rank = (set & ((1 << bit) - 1)).count_ones() as usize;
                            pointing.bans[pointing.at[p * words + w] as usize + rank]
                        }
                    };
                    assert_eq!(pointing.direct[p * cells + cell] as u64, want, "{p} {cell}");
                }
            }
        }
    }

    #[test]
    fn a_digit_with_no_place_left_is_a_contradiction() {
        let (pointing, mut masks) = empty(Vec::new());
        for digits in &mut masks[..9] {
            *digits &= !mask(&[7]);
        }
        assert!(narrowed(&pointing, &mut masks).is_err());
        let (pointing, mut masks) = empty(Vec::new());
        masks[3] = 0;
        assert_eq!(narrowed(&pointing, &mut masks), Err(3));
    }
}
