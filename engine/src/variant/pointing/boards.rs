//! Pointing on bitboards: where no placement clashes with another digit of another cell
//! (houses alone, anti-knight, anti-king: [`Pointing::sees`](super::Pointing) is per
//! cell) and the grid has at most 128 cells and 64 houses, each digit's open cells are one
//! `u128`, and each house's places of a digit one `and`. A pass then reads every house's
//! places of every digit not placed in it, for the cost of the old pass's counts alone:
//! a hidden single takes its cell and the digit from the cells that see it, and two or
//! three places take the digit from the open cells outside the house that see them all
//! (locked candidates between any two houses, and through the bans; more places rarely
//! have any, as in [`MAX_PLACES`](super::MAX_PLACES)). At a branch point below one that
//! passed, only the houses where a cell lost the digit since are read for it.
//!
//! No `count_ones` or `is_power_of_two` here: without the `popcnt` instruction in the
//! target they take a dozen instructions a word (measured in docs/lab/variant-search.md,
//! "Tenth round").

/// The most cells a grid's bitboards hold: a set of cells is one `u128`.
pub(crate) const MAX_BOARD_CELLS: usize = u128::BITS as usize;

/// The houses and what each cell sees, as sets of at most 128 cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Boards {
    n: usize,
    /// Per house, its cells.
    houses: Vec<u128>,
    /// Per cell, the cells whose placement of a digit clashes with its own (itself among
    /// them).
    sees: Vec<u128>,
    /// Per cell, the houses through it (bit `h` for house `h`).
    through: Vec<u64>,
}

impl Boards {
    /// The boards of the houses (house `h`'s cells are `houses[house_start[h]..house_start[h +
    /// 1]]`) and `sees` (per cell, the cells it sees, in words of 64) on `cells` cells of `n`
    /// digits; `None` past 128 cells or 64 houses, or without `sees`.
    pub(crate) fn new(
        n: usize,
        cells: usize,
        (house_start, houses): (&[u32], &[u32]),
        sees: &[u64],
    ) -> Option<Self> {
        let count = house_start.len().saturating_sub(1);
        if cells > MAX_BOARD_CELLS || count > 64 || sees.len() < cells {
            return None;
        }
        let houses = house_start
            .windows(2)
            .map(|w| &houses[w[0] as usize..w[1] as usize]);
        let words = sees.len() / cells;
        let mut boards = Boards {
            n,
            houses: Vec::with_capacity(count),
            sees: Vec::with_capacity(cells),
            through: vec![0; cells],
        };
        for (h, house) in houses.enumerate() {
            let mut set = 0u128;
            for &cell in house {
                set |= 1 << cell;
                boards.through[cell as usize] |= 1 << h;
            }
            boards.houses.push(set);
        }
        for cell in 0..cells {
            let words = &sees[cell * words..][..words];
            let low = words[0] as u128;
            let high = words.get(1).map_or(0, |&w| (w as u128) << 64);
            boards.sees.push(low | high);
        }
        Some(boards)
    }

    /// Takes from `masks` (bit `d` for digit `d + 1`) what the houses' places of each digit
    /// take, once over the houses of each digit (see the module's doc), calling `narrowed`
    /// for each cell that lost a digit. `Err` with a cell left no digit, or with an open
    /// cell of a house (else its first) that has no place left for a digit.
    ///
    /// `read` gets every cell's digits as the pass finds them; `above`, the same of a pass
    /// at a branch point above whose removals still hold: a house is read for a digit only
    /// where one of its cells lost the digit since (pointing only removes, so skipping is
    /// always sound).
    pub(crate) fn narrow(
        &self,
        masks: &mut [u64],
        (read, above): (&mut [u64], Option<&[u64]>),
        mut narrowed: impl FnMut(usize),
    ) -> Result<(), usize> {
        let n = self.n;
        // The digits as the pass finds them: a house whose places of a digit are the same
        // at the pass below was read with them (its places when it was read lie between).
        read.copy_from_slice(masks);
        // Per digit, the open cells that may hold it, and the houses where it is placed.
        let mut open = [0u128; 64];
        let mut done = [0u64; 64];
        // Per digit, the houses with a cell that lost it since the pass above, if any:
        // what the places of the others take is gone already (their places are the same).
        let every = match self.houses.len() {
            64 => u64::MAX,
            h => (1 << h) - 1,
        };
        let mut touched = [every; 64];
        if above.is_some() {
            touched[..n].fill(0);
        }
        for (cell, &mask) in masks.iter().enumerate() {
            if mask == 0 {
                return Err(cell);
            }
            if let Some(above) = above {
                let mut lost = above[cell] & !mask;
                while lost != 0 {
                    touched[lost.trailing_zeros() as usize] |= self.through[cell];
                    lost &= lost - 1;
                }
            }
            if mask & (mask - 1) == 0 {
                done[mask.trailing_zeros() as usize] |= self.through[cell];
                continue;
            }
            let mut digits = mask;
            while digits != 0 {
                open[digits.trailing_zeros() as usize] |= 1 << cell;
                digits &= digits - 1;
            }
        }
        for d in 0..n {
            let digit = 1u64 << d;
            let mut todo = touched[d] & !done[d];
            while todo != 0 {
                let h = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let house = self.houses[h];
                let places = open[d] & house;
                // The places beyond the first, the second and the third.
                let second = places & places.wrapping_sub(1);
                let third = second & second.wrapping_sub(1);
                let fourth = third & third.wrapping_sub(1);
                let taken = match (places, second, fourth) {
                    (0, _, _) => return Err(self.blamed(house, masks)),
                    (_, 0, _) => {
                        // A hidden single: its cell keeps the digit alone, and the cells
                        // that see it lose it.
                        let cell = places.trailing_zeros() as usize;
                        let mut others = masks[cell] & !digit;
                        masks[cell] = digit;
                        while others != 0 {
                            open[others.trailing_zeros() as usize] &= !places;
                            others &= others - 1;
                        }
                        narrowed(cell);
                        open[d] &= !places;
                        done[d] |= self.through[cell];
                        todo &= !self.through[cell];
                        open[d] & self.sees[cell]
                    }
                    (_, _, 0) => {
                        let mut common = open[d] & !house;
                        let mut rest = places;
                        while rest != 0 && common != 0 {
                            common &= self.sees[rest.trailing_zeros() as usize];
                            rest &= rest - 1;
                        }
                        common
                    }
                    _ => 0,
                };
                open[d] &= !taken;
                let mut taken = taken;
                while taken != 0 {
                    let cell = taken.trailing_zeros() as usize;
                    taken &= taken - 1;
                    masks[cell] &= !digit;
                    if masks[cell] == 0 {
                        return Err(cell);
                    }
                    narrowed(cell);
                }
            }
        }
        Ok(())
    }

    /// The cell blamed for a house with no place left for a digit: an open one, where the
    /// search's weights learn most (as for an emptied cell), else its first.
    fn blamed(&self, house: u128, masks: &[u64]) -> usize {
        let mut cells = house;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            if masks[cell] & (masks[cell] - 1) != 0 {
                return cell;
            }
            cells &= cells - 1;
        }
        house.trailing_zeros() as usize
    }
}
