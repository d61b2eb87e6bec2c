//! The logic pass before any search, bit-parallel: one bitboard of cells per digit, so that
//! placing a digit, finding naked and hidden singles, and locked candidates are a few word
//! operations per digit rather than a loop over cells.

use super::shape::Geometry;

/// How much logic runs on the candidates before any search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Propagation {
    /// No logic: the givens are placed (their digits leave their peers' candidates) and
    /// everything else is left to the search.
    Off,
    /// Fill every cell that has one candidate left, to a fixpoint.
    NakedSingles,
    /// Naked singles, and also place a digit that has one cell left in a row, column or box.
    HiddenSingles,
    /// Singles, and locked candidates: when a digit's places in a box all lie in one row or
    /// column, it leaves the rest of that line, and when its places in a line all lie in one
    /// box, it leaves the rest of that box.
    #[default]
    LockedCandidates,
}

/// The candidates and placements of one puzzle, reused from puzzle to puzzle.
#[derive(Clone, Debug, Default)]
pub(crate) struct Candidates {
    /// `words` words per digit: bit `c` of digit `d`'s board is set while `d + 1` is possible
    /// in cell `c`. A placed cell keeps the bit of its own digit only.
    boards: Vec<u64>,
    /// The cells not placed yet.
    open: Vec<u64>,
    /// For each unit, bit `d` set once digit `d + 1` is placed in it.
    unit_done: Vec<u64>,
    words: usize,
    size: usize,
    /// For each cell, its digit once placed, else 0.
    pub(crate) value: Vec<u8>,
    /// Cells placed by the pass, givens not counted.
    pub(crate) filled: usize,
    /// Cells placed in all, givens included.
    pub(crate) placed: usize,
}

/// Some cell or some digit of a unit has no possibility left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

impl Candidates {
    /// Places the givens of `puzzle` and runs the pass at `strength`. On success every placed
    /// cell is in `value`, and [`cell_candidates`](Self::cell_candidates) gives the others'.
    ///
    /// Each `(cell, digit)` of `excluded` (digit from 1) is struck from the candidates first.
    pub(crate) fn run(
        &mut self,
        geometry: &Geometry,
        puzzle: &[u8],
        strength: Propagation,
        excluded: &[(usize, u8)],
    ) -> Result<(), Contradiction> {
        // The common widths get their own copy of the pass, with every board a fixed number
        // of words: the word loops unroll and the slicing checks fold away.
        match geometry.words {
            1 => self.run_in::<1>(geometry, puzzle, strength, excluded),
            2 => self.run_in::<2>(geometry, puzzle, strength, excluded),
            4 => self.run_in::<4>(geometry, puzzle, strength, excluded),
            _ => self.run_in::<0>(geometry, puzzle, strength, excluded),
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
    fn run_in<const W: usize>(
        &mut self,
        geometry: &Geometry,
        puzzle: &[u8],
        strength: Propagation,
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
        for &(cell, digit) in excluded {
            self.boards[(digit as usize - 1) * words + cell / 64] &= !(1 << (cell % 64));
        }
        for (cell, &digit) in puzzle.iter().enumerate() {
            if digit != 0 {
                self.place::<W>(geometry, cell, digit as usize - 1)?;
            }
        }
        self.filled = 0;
        if strength == Propagation::Off {
            return Ok(());
        }
        // Placements made since the last locked-candidates sweep: a sweep whose eliminations
        // lead to no placement ends the pass, since sweeping again finds little and costs a lot.
        let mut placed_since_sweep = true;
        loop {
            let before = self.placed;
            self.naked_singles::<W>(geometry)?;
            if strength >= Propagation::HiddenSingles && self.hidden_singles::<W>(geometry)? {
                placed_since_sweep = true;
                continue;
            }
            placed_since_sweep |= self.placed != before;
            if strength >= Propagation::LockedCandidates
                && placed_since_sweep
                && self.locked_candidates::<W>(geometry)
            {
                placed_since_sweep = false;
                continue;
            }
            return Ok(());
        }
    }

    /// The digits placed in `unit` (rows, then columns, then boxes): bit `d` for digit `d + 1`.
    pub(crate) fn unit_done(&self, unit: usize) -> u64 {
        self.unit_done[unit]
    }

    /// True when every cell is placed.
    pub(crate) fn is_complete(&self) -> bool {
        self.placed == self.value.len()
    }

    /// Fills `masks` with each cell's candidates (bit `d` set while digit `d + 1` is
    /// possible), 0 for placed cells.
    pub(crate) fn candidate_masks(&self, masks: &mut Vec<u64>) {
        masks.clear();
        masks.resize(self.value.len(), 0);
        for digit in 0..self.size {
            for (word, (&cells, &open)) in self.board(digit).iter().zip(&self.open).enumerate() {
                let mut cells = cells & open;
                while cells != 0 {
                    masks[word * 64 + cells.trailing_zeros() as usize] |= 1 << digit;
                    cells &= cells - 1;
                }
            }
        }
    }

    fn board(&self, digit: usize) -> &[u64] {
        &self.boards[digit * self.words..(digit + 1) * self.words]
    }

    #[inline]
    fn place<const W: usize>(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        digit: usize,
    ) -> Result<(), Contradiction> {
        let words = self.width::<W>();
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let boards = &mut self.boards[..];
        if boards[digit * words + word] & bit == 0 {
            return Err(Contradiction);
        }
        // The cell leaves every digit's board (its own digit's bit comes back below).
        let mut index = word;
        while index < boards.len() {
            boards[index] &= !bit;
            index += words;
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
    fn naked_singles<const W: usize>(&mut self, geometry: &Geometry) -> Result<(), Contradiction> {
        let words = self.width::<W>();
        loop {
            let mut progress = false;
            for word in 0..words {
                let (mut once, mut twice) = (0u64, 0u64);
                for digit in 0..self.size {
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
                    let digit = (0..self.size)
                        .find(|&d| self.boards[d * words + word] & (1 << (cell % 64)) != 0)
                        .ok_or(Contradiction)?;
                    self.place::<W>(geometry, cell, digit)?;
                    progress = true;
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    /// One sweep placing every digit that has one cell left in some unit; a digit with no
    /// cell left in a unit is a contradiction. Returns whether anything was placed.
    fn hidden_singles<const W: usize>(
        &mut self,
        geometry: &Geometry,
    ) -> Result<bool, Contradiction> {
        let words = self.width::<W>();
        let full = (1u64 << self.size) - 1;
        let mut progress = false;
        for unit in 0..3 * self.size {
            let mut todo = full & !self.unit_done[unit];
            while todo != 0 {
                let digit = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                match single_cell(
                    &self.boards[digit * words..(digit + 1) * words],
                    geometry.unit_mask_in(unit, words),
                ) {
                    Cells::None => return Err(Contradiction),
                    Cells::One(cell) => {
                        self.place::<W>(geometry, cell, digit)?;
                        progress = true;
                    }
                    Cells::Several => {}
                }
            }
        }
        Ok(progress)
    }

    /// One sweep of locked candidates (pointing and claiming) over every digit, box and
    /// line crossing it. Returns whether any candidate was removed.
    fn locked_candidates<const W: usize>(&mut self, geometry: &Geometry) -> bool {
        let words = self.width::<W>();
        let full = (1u64 << self.size) - 1;
        let mut progress = false;
        for &(box_unit, line_unit) in &geometry.box_lines {
            // A digit placed in the box or on the line has nothing left to lock there.
            let mut todo = full & !(self.unit_done[box_unit] | self.unit_done[line_unit]);
            let (box_cells, line_cells) = (
                geometry.unit_mask_in(box_unit, words),
                geometry.unit_mask_in(line_unit, words),
            );
            while todo != 0 {
                let digit = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let board = &mut self.boards[digit * words..(digit + 1) * words];
                let (mut crossing, mut box_outside_line, mut line_outside_box) = (0u64, 0u64, 0u64);
                for word in 0..words {
                    let (b, l, cells) = (box_cells[word], line_cells[word], board[word]);
                    crossing |= cells & b & l;
                    box_outside_line |= cells & b & !l;
                    line_outside_box |= cells & l & !b;
                }
                // Without branches, which would be mispredicted about as often as taken.
                // Pointing: in the box the digit lies only on the line, so it leaves the rest of
                // the line. Claiming: on the line it lies only in the box, so it leaves the rest
                // of the box. Neither applies when the crossing is empty.
                let all_ones = |condition: bool| (condition as u64).wrapping_neg();
                let live = all_ones(crossing != 0);
                let pointing = live & all_ones(box_outside_line == 0);
                let claiming = live & all_ones(line_outside_box == 0);
                let mut changed = 0;
                for word in 0..words {
                    let (b, l) = (box_cells[word], line_cells[word]);
                    let remove = board[word] & ((pointing & l & !b) | (claiming & b & !l));
                    board[word] &= !remove;
                    changed |= remove;
                }
                progress |= changed != 0;
            }
        }
        progress
    }
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
