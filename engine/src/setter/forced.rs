//! The cheapest uniqueness argument there is: a removed given that the other givens force
//! back directly, as a naked single (its row, column and box see every other digit) or a
//! hidden single (some unit of it has no other place for its digit). Early in generation
//! most removals pass this test, and it costs a scan of the grid instead of a logic pass.

use crate::sudoku::Geometry;
use crate::Shape;

/// The units of a shape, and the digits each unit's givens hold, reused from check to check.
#[derive(Clone, Debug)]
pub(crate) struct ForcedTest {
    size: usize,
    geometry: Geometry,
    /// The cells of each row, then each column, then each box.
    unit_cells: Vec<u16>,
    /// Digits (bit `d - 1`) given in each row, then column, then box.
    seen: Vec<u64>,
}

impl ForcedTest {
    pub(crate) fn new(shape: Shape) -> ForcedTest {
        let n = shape.size();
        let mut unit_cells = Vec::with_capacity(3 * n * n);
        for unit in (0..n)
            .map(crate::sudoku::Unit::Row)
            .chain((0..n).map(crate::sudoku::Unit::Column))
            .chain((0..n).map(crate::sudoku::Unit::Box))
        {
            unit_cells.extend(shape.unit_cells(unit).map(|c| c as u16));
        }
        ForcedTest {
            size: n,
            geometry: Geometry::new(shape),
            unit_cells,
            seen: vec![0; 3 * n],
        }
    }

    /// Takes the givens of `cells` as the current puzzle.
    pub(crate) fn load(&mut self, cells: &[u8]) {
        self.seen.iter_mut().for_each(|s| *s = 0);
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                self.toggle(cell, digit);
            }
        }
    }

    /// Adds the given `digit` at `cell` to the current puzzle, or takes it away when it is
    /// there: a unit holds each digit at most once.
    pub(crate) fn toggle(&mut self, cell: usize, digit: u8) {
        let bit = 1u64 << (digit - 1);
        for unit in self.geometry.units_of(cell) {
            self.seen[unit] ^= bit;
        }
    }

    /// True when the current puzzle, whose givens are `cells` and in which `cell` is empty,
    /// forces `digit` into `cell` directly. False says nothing: a longer argument may still
    /// force it.
    pub(crate) fn forced(&self, cells: &[u8], cell: usize, digit: u8) -> bool {
        let n = self.size;
        let units = self.geometry.units_of(cell);
        let seen_by_cell = units.iter().fold(0, |m, &u| m | self.seen[u]);
        let others = ((1u64 << n) - 1) & !(1u64 << (digit - 1));
        if seen_by_cell & others == others {
            return true;
        }
        let bit = 1u64 << (digit - 1);
        units.iter().any(|&unit| {
            self.unit_cells[unit * n..(unit + 1) * n]
                .iter()
                .map(|&c| c as usize)
                .all(|c| {
                    c == cell
                        || cells[c] != 0
                        || self
                            .geometry
                            .units_of(c)
                            .iter()
                            .any(|&u| self.seen[u] & bit != 0)
                })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn naked_and_hidden_singles_from_the_givens() {
        let shape = Shape::new(2, 2).unwrap();
        let mut test = ForcedTest::new(shape);
        let mut forced = |grid: &Grid, cell, digit| {
            test.load(grid.cells());
            test.forced(grid.cells(), cell, digit)
        };
        // r1c1 sees 2, 3 and 4: a naked single 1.
        let naked: Grid = ".23.4...........".parse().unwrap();
        assert!(forced(&naked, 0, 1));
        // r1c1 sees only 1s, but in box 1 the 1s of r2c3 and r3c2 leave it the only place
        // for a 1: a hidden single; nothing forces a 2 there.
        let hidden: Grid = "......1..1......".parse().unwrap();
        assert!(forced(&hidden, 0, 1));
        assert!(!forced(&hidden, 0, 2));
        // With r3c2 emptied, r1c2 and r2c2 could still take the 1.
        let loose: Grid = "......1.........".parse().unwrap();
        assert!(!forced(&loose, 0, 1));
        let empty = Grid::empty(shape);
        assert!(!forced(&empty, 5, 3));
    }
}
