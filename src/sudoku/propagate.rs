//! The singles pass: candidates as bitsets, naked singles (a cell with one candidate left)
//! and, optionally, hidden singles (a digit with one place left in a unit), to a fixpoint.

use super::shape::Geometry;

/// How much logic runs on the candidates before any search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Propagation {
    /// None: the givens go straight into the exact-cover matrix.
    Off,
    /// Fill every cell that has one candidate left, to a fixpoint.
    NakedSingles,
    /// Naked singles, and also place a digit that has one cell left in a row, column or box.
    #[default]
    HiddenSingles,
}

/// The candidates and placements of one puzzle, reused from puzzle to puzzle.
#[derive(Clone, Debug, Default)]
pub(crate) struct Candidates {
    /// For each cell, bit `d` set while digit `d + 1` is still possible.
    pub(crate) mask: Vec<u64>,
    /// For each cell, its digit once placed, else 0.
    pub(crate) value: Vec<u8>,
    /// Cells found with one candidate, waiting to be placed.
    queue: Vec<u32>,
    /// Cells placed by the pass, givens not counted.
    pub(crate) filled: usize,
    /// Cells placed in all, givens included.
    pub(crate) placed: usize,
}

/// Some cell or some digit of a unit has no possibility left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

impl Candidates {
    /// Places the givens of `puzzle` and runs the pass at `strength`. On success every
    /// placed cell is in `value`, and `mask` holds the candidates of the others.
    ///
    /// Each `(cell, digit)` of `excluded` (digit from 1) is struck from the candidates first.
    pub(crate) fn run(
        &mut self,
        geometry: &Geometry,
        puzzle: &[u8],
        strength: Propagation,
        excluded: &[(usize, u8)],
    ) -> Result<(), Contradiction> {
        let full = full_mask(geometry.size);
        self.mask.clear();
        self.mask.resize(puzzle.len(), full);
        for &(cell, digit) in excluded {
            self.mask[cell] &= !(1u64 << (digit - 1));
        }
        self.value.clear();
        self.value.resize(puzzle.len(), 0);
        self.queue.clear();
        self.filled = 0;
        self.placed = 0;
        for (cell, &digit) in puzzle.iter().enumerate() {
            if digit != 0 {
                self.place(geometry, cell, digit - 1, strength)?;
            }
        }
        self.filled = 0;
        if strength == Propagation::Off {
            return Ok(());
        }
        // Exclusions (and a 1x1 grid) can leave a cell with one candidate or none before any
        // placement has touched it.
        if !excluded.is_empty() || geometry.size == 1 {
            for (cell, &mask) in self.mask.iter().enumerate() {
                if self.value[cell] == 0 && mask & mask.wrapping_sub(1) == 0 {
                    if mask == 0 {
                        return Err(Contradiction);
                    }
                    self.queue.push(cell as u32);
                }
            }
        }
        loop {
            self.drain_queue(geometry, strength)?;
            if strength < Propagation::HiddenSingles || !self.hidden_singles(geometry, strength)? {
                return Ok(());
            }
        }
    }

    /// True when every cell is placed.
    pub(crate) fn is_complete(&self) -> bool {
        self.placed == self.value.len()
    }

    fn place(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        digit: u8,
        strength: Propagation,
    ) -> Result<(), Contradiction> {
        let bit = 1u64 << digit;
        if self.mask[cell] & bit == 0 {
            return Err(Contradiction);
        }
        self.mask[cell] = bit;
        self.value[cell] = digit + 1;
        self.placed += 1;
        self.filled += 1;
        let track_singles = strength != Propagation::Off;
        let masks = &mut self.mask[..geometry.shape.cells()];
        for &peer in geometry.peers_of(cell) {
            debug_assert!((peer as usize) < masks.len());
            // SAFETY: peers are cells of the geometry's grid, and `masks` has one per cell.
            let mask = unsafe { masks.get_unchecked_mut(peer as usize) };
            let before = *mask;
            let after = before & !bit;
            *mask = after;
            if before != after {
                if after == 0 {
                    return Err(Contradiction);
                }
                if track_singles && after & (after - 1) == 0 {
                    self.queue.push(peer);
                }
            }
        }
        Ok(())
    }

    fn drain_queue(
        &mut self,
        geometry: &Geometry,
        strength: Propagation,
    ) -> Result<(), Contradiction> {
        while let Some(cell) = self.queue.pop() {
            let cell = cell as usize;
            if self.value[cell] == 0 {
                let digit = self.mask[cell].trailing_zeros() as u8;
                self.place(geometry, cell, digit, strength)?;
            }
        }
        Ok(())
    }

    /// One sweep over every unit; returns whether anything was placed.
    fn hidden_singles(
        &mut self,
        geometry: &Geometry,
        strength: Propagation,
    ) -> Result<bool, Contradiction> {
        let full = full_mask(geometry.size);
        let mut progress = false;
        for unit in 0..3 * geometry.size {
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &cell in geometry.unit(unit) {
                let mask = self.mask[cell as usize];
                twice |= once & mask;
                once |= mask;
                if self.value[cell as usize] != 0 {
                    placed |= mask;
                }
            }
            if once != full {
                return Err(Contradiction);
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let digit = hidden.trailing_zeros() as u8;
                hidden &= hidden - 1;
                let bit = 1u64 << digit;
                let cell = geometry
                    .unit(unit)
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.mask[c] & bit != 0);
                // The digit's only cell may have been given another digit by an earlier
                // hidden single of this sweep.
                let cell = cell.ok_or(Contradiction)?;
                self.place(geometry, cell, digit, strength)?;
                progress = true;
            }
            self.drain_queue(geometry, strength)?;
        }
        Ok(progress)
    }
}

/// Every digit of a side-`size` grid possible.
pub(crate) fn full_mask(size: usize) -> u64 {
    (1u64 << size) - 1
}
