//! The logic pass before any search, bit-parallel: one bitboard of cells per digit, so that
//! placing a digit, finding naked and hidden singles, and locked candidates are a few word
//! operations per digit rather than a loop over cells.
//!
//! Digits are counted from 0 here, as in all the bit-parallel code: digit `d` is board `d`
//! and bit `d` of a [`DigitSet`], and stands for the value `d + 1` of a grid. What comes in
//! from a grid (the givens, the exclusions) and goes back (each cell's `value`) is a value,
//! from 1, and is named so.

use super::sets::{classic_boards, store_classic_boards, ClassicCells, DigitSet};
use super::shape::{Geometry, Shape};

/// How much logic runs on the candidates before any search: the level of the logic pass.
///
/// ```
/// use sudoku_dlx::Logic;
/// assert_eq!("hidden-singles".parse::<Logic>(), Ok(Logic::HiddenSingles));
/// assert_eq!(Logic::default().name(), "triads");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Logic {
    /// No logic: the givens are placed (their digits leave their peers' candidates) and
    /// everything else is left to the search.
    Off,
    /// Fill every cell that has one candidate left, to a fixpoint.
    NakedSingles,
    /// Naked singles, and also place a digit that has one cell left in a row, column or box.
    HiddenSingles,
    /// Singles, and locked candidates: when a digit's places in a box all lie in one row or
    /// column, it leaves the rest of that line, and when its places in a line all lie in one
    /// box, it leaves the rest of that box. Before the search only.
    LockedCandidatesBeforeSearch,
    /// Singles and locked candidates before the search, and locked candidates again at the
    /// search's branch points (once it has met a dead end), on the candidates still live
    /// there; the search itself takes the singles at every node.
    LockedCandidates,
    /// As [`LockedCandidates`](Logic::LockedCandidates), but on the classic 9x9 grid the
    /// sweeps before the search and at its branch points work on mini-lines (the three cells where a line crosses
    /// a box): besides locked candidates, a mini-line that can hold only as many digits as it
    /// has open cells takes them all, and one that must take as many digits as it has open
    /// cells takes no other. Other shapes sweep locked candidates.
    #[default]
    Triads,
}

impl Logic {
    /// Every level, weakest first.
    pub const ALL: [Logic; 6] = [
        Logic::Off,
        Logic::NakedSingles,
        Logic::HiddenSingles,
        Logic::LockedCandidatesBeforeSearch,
        Logic::LockedCandidates,
        Logic::Triads,
    ];

    /// The level's name on the command line: `off`, `naked-singles`, `hidden-singles`,
    /// `locked-candidates-before-search`, `locked-candidates` or `triads`.
    pub fn name(self) -> &'static str {
        match self {
            Logic::Off => "off",
            Logic::NakedSingles => "naked-singles",
            Logic::HiddenSingles => "hidden-singles",
            Logic::LockedCandidatesBeforeSearch => "locked-candidates-before-search",
            Logic::LockedCandidates => "locked-candidates",
            Logic::Triads => "triads",
        }
    }
}

impl std::fmt::Display for Logic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Logic {
    type Err = crate::UnknownName;

    fn from_str(text: &str) -> Result<Logic, crate::UnknownName> {
        crate::UnknownName::parse("logic level", text, &Logic::ALL, Logic::name)
    }
}

/// The candidates and placements of one puzzle, reused from puzzle to puzzle.
#[derive(Clone, Debug, Default)]
pub(crate) struct Candidates {
    /// `words` words per digit: bit `c` of digit `d`'s board is set while `d` (the value
    /// `d + 1`) is possible in cell `c`. A placed cell keeps the bit of its own digit only.
    boards: Vec<u64>,
    /// The cells not placed yet.
    open: Vec<u64>,
    /// For each unit, bit `d` set once digit `d` is placed in it.
    unit_done: Vec<u64>,
    words: usize,
    size: usize,
    /// For each cell, its value (its digit plus one) once placed, else 0: a grid's cells.
    pub(crate) value: Vec<u8>,
    /// Cells placed by the pass, givens not counted.
    pub(crate) filled: usize,
    /// Cells placed in all, givens included.
    pub(crate) placed: usize,
    /// The digits whose boards a placement changed since the hidden singles last took
    /// them.
    touched: DigitSet,
    /// Scratch of the locked-candidates sweep: each cell's candidates, each segment's
    /// digits, and for each group of segments the digits seen in one and in two or more.
    cell_digits: Vec<u64>,
    segment_digits: Vec<u64>,
    group_once: Vec<u64>,
    group_twice: Vec<u64>,
}

/// Some cell or some digit of a unit has no possibility left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

impl Candidates {
    /// Places the givens of `puzzle` and runs the pass at `logic`. On success every placed
    /// cell is in `value`, and [`open_candidates`](Self::open_candidates) gives, digit by
    /// digit, the cells still open to it.
    ///
    /// Each `(cell, value)` of `excluded` (a value from 1, as in a grid) is struck from the
    /// candidates first.
    pub(crate) fn run(
        &mut self,
        geometry: &Geometry,
        puzzle: &[u8],
        logic: Logic,
        excluded: &[(usize, u8)],
    ) -> Result<(), Contradiction> {
        // The common widths get their own copy of the pass, with every board a fixed number
        // of words: the word loops unroll and the slicing checks fold away.
        // The classic grid also gets a copy with its nine digits fixed, so that the loops
        // over digits unroll as well.
        match geometry.words {
            2 if geometry.shape == Shape::CLASSIC => {
                self.run_in::<2, 9>(geometry, puzzle, logic, excluded)
            }
            1 => self.run_in::<1, 0>(geometry, puzzle, logic, excluded),
            2 => self.run_in::<2, 0>(geometry, puzzle, logic, excluded),
            4 => self.run_in::<4, 0>(geometry, puzzle, logic, excluded),
            _ => self.run_in::<0, 0>(geometry, puzzle, logic, excluded),
        }
    }

    /// The number of digits: `N`, or the grid's own when `N` is 0.
    #[inline(always)]
    fn digits<const N: usize>(&self) -> usize {
        if N == 0 {
            self.size
        } else {
            N
        }
    }

    /// The width of a board in words: `W`, or the geometry's own when `W` is 0.
    #[inline(always)]
    fn width<const W: usize>(&self) -> usize {
        if W == 0 {
            self.words
        } else {
            W
        }
    }

    #[inline(always)]
    fn run_in<const W: usize, const N: usize>(
        &mut self,
        geometry: &Geometry,
        puzzle: &[u8],
        logic: Logic,
        excluded: &[(usize, u8)],
    ) -> Result<(), Contradiction> {
        let size = geometry.size;
        self.words = geometry.words;
        let words = self.width::<W>();
        self.size = size;
        self.boards.clear();
        for _ in 0..size {
            self.boards.extend_from_slice(&geometry.all_cells);
        }
        self.open.clear();
        self.open.extend_from_slice(&geometry.all_cells);
        self.unit_done.clear();
        self.unit_done.resize(3 * size, 0);
        self.value.clear();
        self.value.resize(puzzle.len(), 0);
        self.placed = 0;
        for &(cell, value) in excluded {
            self.boards[(value as usize - 1) * words + cell / 64] &= !(1 << (cell % 64));
        }
        for (cell, &value) in puzzle.iter().enumerate() {
            if value != 0 {
                self.place::<W, N>(geometry, cell, value as usize - 1)?;
            }
        }
        self.filled = 0;
        self.touched = DigitSet::EMPTY;
        if logic == Logic::Off {
            return Ok(());
        }
        let classic = W == 2 && N == 9 && geometry.shape == Shape::CLASSIC;
        // Placements made since the last locked-candidates sweep: a sweep whose eliminations
        // lead to no placement ends the pass, since sweeping again finds little and costs a lot.
        let mut placed_since_sweep = true;
        // The digits that may have a new hidden single: those whose boards changed since
        // they were last scanned. A placement changes the board of its digit (the peers lose
        // it) and of every other digit the cell still had; a naked single's cell had no other,
        // so the late rounds, mostly naked singles, rescan one digit each instead of all.
        let mut hidden_digits = DigitSet::first(size);
        loop {
            let before = self.placed;
            self.naked_singles::<W, N>(geometry)?;
            hidden_digits |= std::mem::take(&mut self.touched);
            if logic >= Logic::HiddenSingles
                && !hidden_digits.is_empty()
                && if classic {
                    self.hidden_singles_by_bands::<N>(geometry, std::mem::take(&mut hidden_digits))?
                } else {
                    self.hidden_singles::<W, N>(geometry, std::mem::take(&mut hidden_digits))?
                }
            {
                placed_since_sweep = true;
                continue;
            }
            placed_since_sweep |= self.placed != before;
            if logic >= Logic::LockedCandidatesBeforeSearch && placed_since_sweep {
                hidden_digits = if classic && logic == Logic::Triads {
                    self.triads()
                } else if classic {
                    self.locked_candidates_by_bands()
                } else {
                    self.locked_candidates::<W, N>(geometry)
                };
                if !hidden_digits.is_empty() {
                    placed_since_sweep = false;
                    continue;
                }
            }
            return Ok(());
        }
    }

    /// One sweep of the triads (see `triads`) over the open cells of the classic grid.
    /// Returns the digits that lost a candidate.
    fn triads(&mut self) -> DigitSet {
        // Placed cells keep their digit's bit, which the sweep would count as a digit that
        // must go in the cell's mini-line: the sweep sees the open cells only.
        let open = ClassicCells::from_words([self.open[0], self.open[1]]);
        let all = classic_boards(&self.boards);
        let mut live = all.map(|board| board & open);
        let changed = super::triads::triads(&mut live, open);
        let kept = std::array::from_fn(|digit| all[digit].without(open) | live[digit]);
        store_classic_boards(&kept, &mut self.boards);
        changed
    }

    /// One sweep of locked candidates over the boards of the classic grid, by bands.
    /// Returns the digits that lost a candidate.
    fn locked_candidates_by_bands(&mut self) -> DigitSet {
        let mut boards = classic_boards(&self.boards);
        let changed = super::bands::locked_candidates(&mut boards);
        store_classic_boards(&boards, &mut self.boards);
        changed
    }

    /// One sweep of locked candidates on `boards` (`geometry.words` words per digit, the
    /// live candidates of the open cells only), in place. Returns the digits that lost a
    /// candidate. The search's propagator uses it on shapes other than the classic one.
    pub(crate) fn sweep_locked_candidates(
        &mut self,
        geometry: &Geometry,
        boards: &mut Vec<u64>,
    ) -> DigitSet {
        self.size = geometry.size;
        self.words = geometry.words;
        std::mem::swap(&mut self.boards, boards);
        self.open.clear();
        self.open.extend_from_slice(&geometry.all_cells);
        self.value.resize(geometry.size * geometry.size, 0);
        let changed = match geometry.words {
            1 => self.locked_candidates::<1, 0>(geometry),
            2 => self.locked_candidates::<2, 0>(geometry),
            4 => self.locked_candidates::<4, 0>(geometry),
            _ => self.locked_candidates::<0, 0>(geometry),
        };
        std::mem::swap(&mut self.boards, boards);
        changed
    }

    /// The digits placed in `unit` (rows, then columns, then boxes): bit `d` for digit `d`
    /// (the value `d + 1`).
    pub(crate) fn unit_done(&self, unit: usize) -> u64 {
        self.unit_done[unit]
    }

    /// True when every cell is placed.
    pub(crate) fn is_complete(&self) -> bool {
        self.placed == self.value.len()
    }

    /// The open cells where `digit` (from 0) is still possible, word by word.
    pub(crate) fn open_candidates(&self, digit: usize) -> impl Iterator<Item = u64> + '_ {
        self.board(digit)
            .iter()
            .zip(&self.open)
            .map(|(&cells, &open)| cells & open)
    }

    fn board(&self, digit: usize) -> &[u64] {
        &self.boards[digit * self.words..(digit + 1) * self.words]
    }

    /// The word of a board that holds `cell`. Taken modulo a fixed width, which changes
    /// nothing (a cell's word is always below the width) but lets the compiler see that
    /// indexes into the fixed-width boards stay in bounds, and drop the checks.
    #[inline(always)]
    fn word_of<const W: usize>(&self, cell: usize) -> usize {
        if W == 0 {
            cell / 64
        } else {
            cell / 64 % W
        }
    }

    /// The digits still possible in `cell`, bit `d` for digit `d`.
    #[inline(always)]
    fn digits_of<const W: usize, const N: usize>(&self, cell: usize) -> u64 {
        let words = self.width::<W>();
        let (word, shift) = (self.word_of::<W>(cell), cell % 64);
        let mut digits = 0;
        for digit in 0..self.digits::<N>() {
            digits |= (self.boards[digit * words + word] >> shift & 1) << digit;
        }
        digits
    }

    #[inline]
    fn place<const W: usize, const N: usize>(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        digit: usize,
    ) -> Result<(), Contradiction> {
        let words = self.width::<W>();
        let digits = self.digits::<N>();
        let (word, bit) = (self.word_of::<W>(cell), 1u64 << (cell % 64));
        let boards = &mut self.boards[..digits * words];
        if boards[digit * words + word] & bit == 0 {
            return Err(Contradiction);
        }
        // The cell leaves every digit's board (its own digit's bit comes back below).
        for other in 0..digits {
            boards[other * words + word] &= !bit;
        }
        let board = &mut boards[digit * words..(digit + 1) * words];
        for (cells, &peers) in board.iter_mut().zip(geometry.peers_mask_in(cell, words)) {
            *cells &= !peers;
        }
        board[word] |= bit;
        self.open[word] &= !bit;
        for unit in geometry.cell_units[cell] {
            self.unit_done[unit as usize] |= 1 << digit;
        }
        self.value[cell] = digit as u8 + 1;
        self.placed += 1;
        self.filled += 1;
        Ok(())
    }

    /// Places every open cell with one candidate, to a fixpoint; a cell with none is a
    /// contradiction.
    fn naked_singles<const W: usize, const N: usize>(
        &mut self,
        geometry: &Geometry,
    ) -> Result<(), Contradiction> {
        let words = self.width::<W>();
        loop {
            let mut progress = false;
            for word in 0..words {
                let (mut once, mut twice) = (0u64, 0u64);
                for digit in 0..self.digits::<N>() {
                    let cells = self.boards[digit * words + word];
                    twice |= once & cells;
                    once |= cells;
                }
                let open = self.open[word];
                if open & !once != 0 {
                    return Err(Contradiction);
                }
                let mut singles = open & once & !twice;
                while singles != 0 {
                    let cell = word * 64 + singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let digit = (0..self.digits::<N>())
                        .find(|&d| self.boards[d * words + word] & (1 << (cell % 64)) != 0)
                        .ok_or(Contradiction)?;
                    self.place::<W, N>(geometry, cell, digit)?;
                    // The cell had no other digit: only this one's board changed.
                    self.touched = self.touched.with(digit);
                    progress = true;
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    /// One sweep placing every digit of `digits` that has one cell left in some unit; a digit
    /// with no cell left in a unit is a contradiction. Returns whether anything was placed.
    fn hidden_singles<const W: usize, const N: usize>(
        &mut self,
        geometry: &Geometry,
        digits: DigitSet,
    ) -> Result<bool, Contradiction> {
        let words = self.width::<W>();
        let mut progress = false;
        for unit in 0..3 * self.digits::<N>() {
            for digit in digits.without(DigitSet::from_bits(self.unit_done[unit])) {
                match single_cell(
                    &self.boards[digit * words..(digit + 1) * words],
                    geometry.unit_mask_in(unit, words),
                ) {
                    Cells::None => return Err(Contradiction),
                    Cells::One(cell) => {
                        self.touched |= DigitSet::from_bits(self.digits_of::<W, N>(cell));
                        self.place::<W, N>(geometry, cell, digit)?;
                        progress = true;
                    }
                    Cells::Several => {}
                }
            }
        }
        Ok(progress)
    }

    /// [`hidden_singles`](Self::hidden_singles) on the classic grid, a digit at a time from
    /// its bands. The singles of a digit are placed before the next digit is looked at; the
    /// pass as a whole reaches the same fixpoint as the unit-by-unit sweep.
    fn hidden_singles_by_bands<const N: usize>(
        &mut self,
        geometry: &Geometry,
        digits: DigitSet,
    ) -> Result<bool, Contradiction> {
        let mut progress = false;
        let open = ClassicCells::from_words([self.open[0], self.open[1]]);
        for digit in digits {
            let board =
                ClassicCells::from_words([self.boards[2 * digit], self.boards[2 * digit + 1]]);
            let singles = super::bands::hidden_singles(board, open).ok_or(Contradiction)?;
            for (word, mut cells) in singles.words().into_iter().enumerate() {
                while cells != 0 {
                    let cell = word * 64 + cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    self.touched |= DigitSet::from_bits(self.digits_of::<2, N>(cell));
                    self.place::<2, N>(geometry, cell, digit)?;
                    progress = true;
                }
            }
        }
        Ok(progress)
    }

    /// One sweep of locked candidates (pointing and claiming) over every segment, where a
    /// box and a line cross. Returns the digits that lost a candidate.
    ///
    /// Digit-parallel: each segment's digits are the union of its cells' candidates, and each
    /// box and line notes which digits appear in two or more of its segments. A digit of a
    /// segment that appears in no other segment of its box but in another of its line leaves
    /// the rest of the line (pointing); one that appears in no other segment of its line but
    /// in another of its box leaves the rest of the box (claiming). The eliminations come
    /// from one snapshot of the candidates; since candidates only shrink, each stays valid.
    fn locked_candidates<const W: usize, const N: usize>(
        &mut self,
        geometry: &Geometry,
    ) -> DigitSet {
        let words = self.width::<W>();
        let n = self.digits::<N>();
        self.fill_cell_digits::<W, N>();
        // Groups: the boxes cut by rows, the boxes cut by columns (2n), then the lines (2n).
        self.group_once.clear();
        self.group_once.resize(4 * n, 0);
        self.group_twice.clear();
        self.group_twice.resize(4 * n, 0);
        self.segment_digits.clear();
        for (segment, &(box_unit, line_unit)) in geometry.box_lines.iter().enumerate() {
            let cells = &geometry.segment_cells[geometry.segment_starts[segment] as usize
                ..geometry.segment_starts[segment + 1] as usize];
            let digits = cells
                .iter()
                .fold(0, |digits, &cell| digits | self.cell_digits[cell as usize]);
            self.segment_digits.push(digits);
            for group in segment_groups(n, box_unit, line_unit) {
                self.group_twice[group] |= self.group_once[group] & digits;
                self.group_once[group] |= digits;
            }
        }
        let mut changed = 0;
        for (segment, &(box_unit, line_unit)) in geometry.box_lines.iter().enumerate() {
            let digits = self.segment_digits[segment];
            let [box_group, line_group] = segment_groups(n, box_unit, line_unit);
            let (in_box_elsewhere, on_line_elsewhere) =
                (self.group_twice[box_group], self.group_twice[line_group]);
            let pointing = digits & !in_box_elsewhere & on_line_elsewhere;
            let claiming = digits & !on_line_elsewhere & in_box_elsewhere;
            if pointing | claiming == 0 {
                continue;
            }
            changed |= pointing | claiming;
            let (box_cells, line_cells) = (
                geometry.unit_mask_in(box_unit, words),
                geometry.unit_mask_in(line_unit, words),
            );
            for (mut digits, keep_box) in [(pointing, true), (claiming, false)] {
                while digits != 0 {
                    let digit = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    let board = &mut self.boards[digit * words..(digit + 1) * words];
                    for word in 0..words {
                        let (b, l) = (box_cells[word], line_cells[word]);
                        board[word] &= if keep_box { !(l & !b) } else { !(b & !l) };
                    }
                }
            }
        }
        DigitSet::from_bits(changed)
    }

    /// Fills `cell_digits` with each open cell's candidates (bit `d` for digit `d`), 0 for
    /// placed cells.
    fn fill_cell_digits<const W: usize, const N: usize>(&mut self) {
        let words = self.width::<W>();
        self.cell_digits.clear();
        self.cell_digits.resize(self.value.len(), 0);
        for digit in 0..self.digits::<N>() {
            for word in 0..words {
                let mut cells = self.boards[digit * words + word] & self.open[word];
                while cells != 0 {
                    self.cell_digits[word * 64 + cells.trailing_zeros() as usize] |= 1 << digit;
                    cells &= cells - 1;
                }
            }
        }
    }
}

/// The two groups of the segment where `box_unit` crosses `line_unit`: the box as cut by
/// that kind of line, and the line.
#[inline]
fn segment_groups(n: usize, box_unit: usize, line_unit: usize) -> [usize; 2] {
    let by_columns = if line_unit >= n { n } else { 0 };
    [box_unit - 2 * n + by_columns, 2 * n + line_unit]
}

/// How many cells of a unit a digit still has.
enum Cells {
    None,
    One(usize),
    Several,
}

/// Where `board` meets `unit`: no cell, exactly one (which), or more.
#[inline]
fn single_cell(board: &[u64], unit: &[u64]) -> Cells {
    let mut found = Cells::None;
    for (word, (&cells, &unit_cells)) in board.iter().zip(unit).enumerate() {
        let here = cells & unit_cells;
        if here == 0 {
            continue;
        }
        if here & (here - 1) != 0 || !matches!(found, Cells::None) {
            return Cells::Several;
        }
        found = Cells::One(word * 64 + here.trailing_zeros() as usize);
    }
    found
}

#[cfg(test)]
#[path = "logic_tests.rs"]
mod tests;
