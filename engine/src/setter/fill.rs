//! Random solution grids of any shape, by randomized backtracking: always the open cell with
//! the fewest candidates (ties to the first in reading order), its candidates in a random
//! order. The grid depends only on the random stream, not on the solver's search order, so
//! a seed gives the same grids in every version; a try that runs long starts over with the
//! stream where it is.

use super::random::SetterRng;
use crate::{Grid, Shape};

/// A random solution grid of `shape`.
pub fn random_solution(shape: Shape, rng: &mut SetterRng) -> Grid {
    let mut filler = Filler::new(shape);
    // Enough for nearly every try to finish; a try that needs more is abandoned.
    let budget = 20 * shape.cells() as u64 + 1000;
    loop {
        if let Some(grid) = filler.fill(rng, budget) {
            return grid;
        }
    }
}

/// The state of one try: the digits used in each row, column and box (bit `d - 1` for the
/// digit `d`), and the cells.
struct Filler {
    shape: Shape,
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
    cells: Vec<u8>,
    box_of: Vec<usize>,
    nodes: u64,
}

impl Filler {
    fn new(shape: Shape) -> Filler {
        let n = shape.size();
        Filler {
            shape,
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
            cells: vec![0; n * n],
            box_of: (0..n * n).map(|cell| shape.box_of(cell)).collect(),
            nodes: 0,
        }
    }

    fn fill(&mut self, rng: &mut SetterRng, budget: u64) -> Option<Grid> {
        self.rows.iter_mut().for_each(|m| *m = 0);
        self.cols.iter_mut().for_each(|m| *m = 0);
        self.boxes.iter_mut().for_each(|m| *m = 0);
        self.cells.iter_mut().for_each(|c| *c = 0);
        self.nodes = 0;
        if self.extend(rng, budget) {
            Some(Grid::from_cells(self.shape, self.cells.clone()).expect("digits of the shape"))
        } else {
            None
        }
    }

    fn candidates(&self, cell: usize) -> u64 {
        let n = self.shape.size();
        let full = (1u64 << n) - 1;
        full & !(self.rows[cell / n] | self.cols[cell % n] | self.boxes[self.box_of[cell]])
    }

    /// Fills the open cells; false on a dead end or when the budget is spent.
    fn extend(&mut self, rng: &mut SetterRng, budget: u64) -> bool {
        self.nodes += 1;
        if self.nodes > budget {
            return false;
        }
        let mut best: Option<(usize, u64)> = None;
        for cell in 0..self.cells.len() {
            if self.cells[cell] != 0 {
                continue;
            }
            let candidates = self.candidates(cell);
            if best.is_none_or(|(_, b)| candidates.count_ones() < b.count_ones()) {
                best = Some((cell, candidates));
                if candidates.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, candidates)) = best else {
            return true;
        };
        // The candidates' bit numbers (each digit minus one), in a random order.
        let mut bit_numbers = [0u8; 64];
        let mut count = 0;
        let mut rest = candidates;
        while rest != 0 {
            bit_numbers[count] = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            count += 1;
        }
        rng.shuffle(&mut bit_numbers[..count]);
        let n = self.shape.size();
        let (row, col, bx) = (cell / n, cell % n, self.box_of[cell]);
        for &bit_number in &bit_numbers[..count] {
            let bit = 1u64 << bit_number;
            self.rows[row] |= bit;
            self.cols[col] |= bit;
            self.boxes[bx] |= bit;
            self.cells[cell] = bit_number + 1;
            if self.extend(rng, budget) {
                return true;
            }
            self.rows[row] &= !bit;
            self.cols[col] &= !bit;
            self.boxes[bx] &= !bit;
            self.cells[cell] = 0;
            if self.nodes > budget {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_are_solved_and_differ() {
        for shape in [
            "1x1", "2x2", "2x3", "3x2", "3x3", "3x4", "4x4", "5x5", "5x7",
        ] {
            let shape: Shape = shape.parse().unwrap();
            let mut rng = SetterRng::for_puzzle(5, 0);
            let first = random_solution(shape, &mut rng);
            assert!(first.is_solved(), "{shape}");
            if shape.size() >= 4 {
                let second = random_solution(shape, &mut rng);
                assert!(second.is_solved());
                assert_ne!(first, second, "{shape}");
            }
        }
    }

    #[test]
    fn a_stream_gives_the_same_grid_in_every_version() {
        let grid = random_solution(Shape::CLASSIC, &mut SetterRng::for_puzzle(1, 0));
        assert_eq!(grid.to_string(), PINNED_GRID);
    }

    const PINNED_GRID: &str =
        "948213675176594328325678149452386917783951462691742583269137854837465291514829736";
}
