//! Unavoidable sets of a solution grid: sets of cells whose digits can be rearranged into
//! another valid grid, so every puzzle with that solution needs a given in each.
//!
//! Two cheap families are found. Two digits `a` and `b` can trade places in a group of the
//! cells holding them that is closed under "the other one of the pair in the same row,
//! column or box". Two rows of one band (or columns of one stack) can trade their digits in
//! a set of columns where both hold the same digits: the cycles of the map "digit in one row
//! to digit in the other, column by column".
//!
//! Generation uses them to see at once that a removal breaks uniqueness: when a set's only
//! given is the one being removed, the rearranged grid is a second solution. Late in
//! generation most removals fail, and this spares many of the searches that would find out.
//! The variant generator keeps the sets whose rearranged grid ([`UnavoidableSets::rearranged`])
//! also keeps its rules.

use crate::{Grid, Shape};

/// A set of cells as bits, `words` 64-bit words per set.
pub(crate) type Bits = [u64];

/// The number of 64-bit words a set of cells of `shape` takes.
pub(crate) fn words_for(shape: Shape) -> usize {
    shape.cells().div_ceil(64)
}

/// Adds or takes away `cell` in a set of cells.
pub(crate) fn flip_bit(bits: &mut Bits, cell: usize) {
    bits[cell / 64] ^= 1 << (cell % 64);
}

/// The unavoidable sets of one solution, indexed by cell.
#[derive(Clone, Debug, Default)]
pub(crate) struct UnavoidableSets {
    words: usize,
    /// Every set as bits, one after another.
    bits: Vec<u64>,
    /// For each cell, the sets that contain it.
    by_cell: Vec<Vec<u32>>,
    /// The cells holding each digit, in reading order: the digit `d` at index `d - 1`.
    cells_of_digit: Vec<Vec<u16>>,
    /// For each unit (rows, columns, boxes) and digit, the cell holding it: unit `u` and
    /// digit `d` at `u * n + d - 1`.
    where_digit: Vec<u16>,
}

impl UnavoidableSets {
    /// Finds the sets of `solution`, a solved grid.
    pub(crate) fn find(&mut self, solution: &Grid) {
        let shape = solution.shape();
        let n = shape.size();
        let cells = solution.cells();
        self.words = words_for(shape);
        self.bits.clear();
        self.by_cell.resize_with(n * n, Vec::new);
        self.by_cell.iter_mut().for_each(Vec::clear);
        self.cells_of_digit.resize_with(n, Vec::new);
        self.cells_of_digit.iter_mut().for_each(Vec::clear);
        self.where_digit.clear();
        self.where_digit.resize(3 * n * n, 0);
        for (cell, &digit) in cells.iter().enumerate() {
            let index = digit as usize - 1;
            self.cells_of_digit[index].push(cell as u16);
            for unit in shape.unit_numbers(cell) {
                self.where_digit[unit * n + index] = cell as u16;
            }
        }
        for a in 0..n {
            for b in a + 1..n {
                self.digit_pair_sets(shape, a, b);
            }
        }
        for transpose in [false, true] {
            let block = if transpose {
                shape.box_cols()
            } else {
                shape.box_rows()
            };
            for first in 0..n {
                for second in first + 1..(first / block + 1) * block {
                    self.line_pair_sets(n, cells, transpose, first, second);
                }
            }
        }
    }

    /// A new, empty set; its id.
    fn open_set(&mut self) -> u32 {
        let id = self.bits.len() / self.words;
        self.bits.resize(self.bits.len() + self.words, 0);
        id as u32
    }

    fn add_cell(&mut self, id: u32, cell: usize) {
        let start = id as usize * self.words;
        flip_bit(&mut self.bits[start..start + self.words], cell);
        self.by_cell[cell].push(id);
    }

    /// The groups of the cells holding the digits of indexes `a` or `b` (each digit minus
    /// one). Every row, column and box holds one of
    /// each, and a group holding one cell of a line or box holds its partner there, so a
    /// group is a set of rows closed under "the rows of the pair in the columns and boxes
    /// it reaches": grown as bit masks from each row not yet grouped.
    fn digit_pair_sets(&mut self, shape: Shape, a: usize, b: usize) {
        let n = shape.size();
        // In each row, the cells holding a and b (cells of a digit are in reading order).
        let (cells_a, cells_b) = (&self.cells_of_digit[a], &self.cells_of_digit[b]);
        let mut groups = [0u64; 64];
        let mut count = 0;
        let mut grouped = 0u64;
        for start in 0..n {
            if grouped & (1 << start) != 0 {
                continue;
            }
            let mut rows = 1u64 << start;
            loop {
                let mut grown = rows;
                let mut rest = rows;
                while rest != 0 {
                    let row = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    for cell in [cells_a[row] as usize, cells_b[row] as usize] {
                        // Columns and boxes: the partners that the rows do not already give.
                        for unit in shape.unit_numbers(cell).into_iter().skip(1) {
                            for index in [a, b] {
                                let partner = self.where_digit[unit * n + index];
                                grown |= 1 << (partner as usize / n);
                            }
                        }
                    }
                }
                if grown == rows {
                    break;
                }
                rows = grown;
            }
            grouped |= rows;
            groups[count] = rows;
            count += 1;
        }
        for &rows in &groups[..count] {
            let id = self.open_set();
            let mut rest = rows;
            while rest != 0 {
                let row = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (cell_a, cell_b) = (self.cells_of_digit[a][row], self.cells_of_digit[b][row]);
                self.add_cell(id, cell_a as usize);
                self.add_cell(id, cell_b as usize);
            }
        }
    }

    /// Two rows of one band (or two columns of one stack, when `transpose`) whose digits
    /// agree as sets on some columns can trade them there.
    fn line_pair_sets(
        &mut self,
        n: usize,
        cells: &[u8],
        transpose: bool,
        first: usize,
        second: usize,
    ) {
        let at = |line: usize, k: usize| {
            if transpose {
                k * n + line
            } else {
                line * n + k
            }
        };
        // Where along `first` each digit is.
        let mut position = [0u8; 64];
        for k in 0..n {
            position[cells[at(first, k)] as usize - 1] = k as u8;
        }
        let next = |k: usize| position[cells[at(second, k)] as usize - 1] as usize;
        let mut visited = 0u64;
        for start in 0..n {
            if visited & (1 << start) != 0 {
                continue;
            }
            let mut length = 0;
            let mut k = start;
            while visited & (1 << k) == 0 {
                visited |= 1 << k;
                length += 1;
                k = next(k);
            }
            // The whole line is a set too, but too large to ever be left with one given.
            if length == n {
                continue;
            }
            let id = self.open_set();
            let mut k = start;
            for _ in 0..length {
                self.add_cell(id, at(first, k));
                self.add_cell(id, at(second, k));
                k = next(k);
            }
        }
    }

    /// The grid that `set`, one of the sets of `solution`, rearranges it into: its two
    /// digits swapped, or (a set of more digits, on two rows or two columns) its two lines'
    /// digits traded in each column (or row) it spans.
    pub(crate) fn rearranged(solution: &Grid, set: &[usize]) -> Grid {
        let n = solution.shape().size();
        let cells = solution.cells();
        let mut grid = cells.to_vec();
        let mut digits: Vec<u8> = set.iter().map(|&cell| cells[cell]).collect();
        digits.sort_unstable();
        digits.dedup();
        if let [a, b] = digits[..] {
            for &cell in set {
                grid[cell] = a + b - cells[cell];
            }
        } else {
            // Two rows trading digits when each cell has its partner in its column, two
            // columns otherwise.
            let partners = |same: &dyn Fn(usize, usize) -> bool| -> Option<Vec<usize>> {
                set.iter()
                    .map(|&cell| {
                        let mut others = set.iter().filter(|&&o| o != cell && same(o, cell));
                        match (others.next(), others.next()) {
                            (Some(&partner), None) => Some(partner),
                            _ => None,
                        }
                    })
                    .collect()
            };
            let found =
                partners(&|a, b| a % n == b % n).or_else(|| partners(&|a, b| a / n == b / n));
            for (&cell, partner) in set.iter().zip(found.unwrap_or_default()) {
                grid[cell] = cells[partner];
            }
        }
        Grid::from_cells(solution.shape(), grid).expect("digits of the grid")
    }

    /// True when some set holding `cell` has no other given than (perhaps) `cell`, the
    /// givens being the bits of `givens`: without `cell` the puzzle has a second solution.
    pub(crate) fn only_given(&self, givens: &Bits, cell: usize) -> bool {
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        self.by_cell[cell].iter().any(|&id| {
            let set = &self.bits[id as usize * self.words..(id as usize + 1) * self.words];
            set.iter()
                .zip(givens)
                .enumerate()
                .all(|(w, (&s, &g))| s & g & if w == word { !bit } else { !0 } == 0)
        })
    }

    /// The sets found, as cell lists.
    pub(crate) fn sets(&self) -> Vec<Vec<usize>> {
        self.bits
            .chunks(self.words)
            .map(|set| {
                (0..self.words * 64)
                    .filter(|&c| set[c / 64] & (1 << (c % 64)) != 0)
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::FAMOUS;
    use crate::Solver;

    fn bits_of(grid: &Grid) -> Vec<u64> {
        let mut bits = vec![0; words_for(grid.shape())];
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                flip_bit(&mut bits, cell);
            }
        }
        bits
    }

    #[test]
    fn emptying_a_set_gives_a_second_solution() {
        let mut solver = Solver::new();
        let mut sets = UnavoidableSets::default();
        for (sample, shape) in [(FAMOUS[0].puzzle, "3x3"), ("", "2x3"), ("", "3x4")] {
            let shape: Shape = shape.parse().unwrap();
            let puzzle = if sample.is_empty() {
                Grid::empty(shape)
            } else {
                sample.parse().unwrap()
            };
            let solution = solver.solve(&puzzle).unwrap();
            sets.find(&solution);
            let found = sets.sets();
            assert!(found.len() >= shape.size() * (shape.size() - 1) / 2);
            let n = shape.size();
            for set in found {
                let mut holed = solution.clone();
                for &cell in &set {
                    holed.set(cell / n, cell % n, 0);
                }
                assert!(solver.count(&holed, Some(3)).solutions >= 2, "set {set:?}");
                // The rearranged grid is that second solution: valid, and another grid
                // only inside the set.
                let other = UnavoidableSets::rearranged(&solution, &set);
                assert!(other.is_solved() && other.solves(&holed), "set {set:?}");
                let differing: Vec<usize> = solution.differences(&other).collect();
                assert!(!differing.is_empty() && differing.iter().all(|c| set.contains(c)));
                assert!(sets.only_given(&bits_of(&holed), set[0]));
                holed.set(set[0] / n, set[0] % n, solution.cells()[set[0]]);
                assert!(sets.only_given(&bits_of(&holed), set[0]));
                assert!(!sets.only_given(&bits_of(&solution), set[0]));
            }
        }
    }
}
