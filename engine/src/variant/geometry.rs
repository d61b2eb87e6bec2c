//! The cell sets and neighbour pairs that the grid-wide rules are made of, shared by the
//! encodings and by the check of a solved grid.

use super::rule::Diagonal;
use crate::Shape;

/// The cells of a diagonal of a grid of side `n`, from the top row down.
pub(crate) fn diagonal_cells(n: usize, diagonal: Diagonal) -> Vec<usize> {
    (0..n)
        .map(|row| match diagonal {
            Diagonal::Main => row * n + row,
            Diagonal::Anti => row * n + (n - 1 - row),
        })
        .collect()
}

/// Windoku windows: boxes of the grid's box shape, one line in from the top and left edges
/// and one line apart, as many as fit (four on the 9×9 grid: rows and columns 2-4 and 6-8).
pub(crate) fn windoku_windows(shape: Shape) -> Vec<Vec<usize>> {
    let n = shape.size();
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    let tops: Vec<usize> = (0..)
        .map(|k| 1 + k * (rows + 1))
        .take_while(|top| top + rows < n)
        .collect();
    let lefts: Vec<usize> = (0..)
        .map(|k| 1 + k * (cols + 1))
        .take_while(|left| left + cols < n)
        .collect();
    let mut windows = Vec::new();
    for &top in &tops {
        for &left in &lefts {
            windows.push(
                (0..rows)
                    .flat_map(|r| (0..cols).map(move |c| (top + r) * n + left + c))
                    .collect(),
            );
        }
    }
    windows
}

/// Disjoint groups: for each position inside a box, the cells at that position in every box.
pub(crate) fn disjoint_groups(shape: Shape) -> Vec<Vec<usize>> {
    let n = shape.size();
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    (0..n)
        .map(|position| {
            let (r, c) = (position / cols, position % cols);
            (0..n)
                .map(|b| {
                    let top = (b / (n / cols)) * rows;
                    let left = (b % (n / cols)) * cols;
                    (top + r) * n + left + c
                })
                .collect()
        })
        .collect()
}

/// Every pair of cells a knight's move apart, each pair once (first cell earlier).
pub(crate) fn knight_pairs(n: usize) -> Vec<[usize; 2]> {
    let moves = [(1, -2), (1, 2), (2, -1), (2, 1)];
    offset_pairs(n, &moves)
}

/// Every pair of orthogonal neighbours, each pair once (first cell earlier).
pub(crate) fn orthogonal_pairs(n: usize) -> Vec<[usize; 2]> {
    offset_pairs(n, &[(0, 1), (1, 0)])
}

/// The orthogonal neighbours of `cell` in a grid of side `n` (two to four of them).
pub(crate) fn orthogonal_neighbours(n: usize, cell: usize) -> Vec<usize> {
    let (row, col) = (cell / n, cell % n);
    let mut neighbours = Vec::with_capacity(4);
    if row > 0 {
        neighbours.push(cell - n);
    }
    if col > 0 {
        neighbours.push(cell - 1);
    }
    if col + 1 < n {
        neighbours.push(cell + 1);
    }
    if row + 1 < n {
        neighbours.push(cell + n);
    }
    neighbours
}

/// The 2×2 squares of the grid: two cells a king's move apart always share one, so "no
/// digit twice in any 2×2 square" is exactly the anti-king rule.
pub(crate) fn king_squares(n: usize) -> Vec<Vec<usize>> {
    let mut squares = Vec::new();
    for row in 0..n.saturating_sub(1) {
        for col in 0..n - 1 {
            let top = row * n + col;
            squares.push(vec![top, top + 1, top + n, top + n + 1]);
        }
    }
    squares
}

/// Pairs of cells `(dr, dc)` apart (with `dr >= 0`), inside the grid.
fn offset_pairs(n: usize, moves: &[(isize, isize)]) -> Vec<[usize; 2]> {
    let mut pairs = Vec::new();
    for row in 0..n {
        for col in 0..n {
            for &(dr, dc) in moves {
                let (r, c) = (row as isize + dr, col as isize + dc);
                if r < n as isize && c >= 0 && c < n as isize {
                    pairs.push([row * n + col, r as usize * n + c as usize]);
                }
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_windoku_has_four_windows_inside() {
        let windows = windoku_windows(Shape::CLASSIC);
        assert_eq!(windows.len(), 4);
        assert_eq!(windows[0], vec![10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(windows[3][8], 7 * 9 + 7);
    }

    #[test]
    fn groups_and_pairs_have_the_expected_sizes() {
        let groups = disjoint_groups(Shape::CLASSIC);
        assert_eq!(groups[0], vec![0, 3, 6, 27, 30, 33, 54, 57, 60]);
        assert_eq!(knight_pairs(9).len(), 2 * (8 * 7 + 7 * 8));
        assert_eq!(orthogonal_pairs(4).len(), 24);
        assert_eq!(king_squares(4).len(), 9);
        assert_eq!(diagonal_cells(4, Diagonal::Anti), vec![3, 6, 9, 12]);
        assert_eq!(orthogonal_neighbours(4, 0), vec![1, 4]);
        assert_eq!(orthogonal_neighbours(4, 6), vec![2, 5, 7, 10]);
        assert_eq!(orthogonal_neighbours(4, 15), vec![11, 14]);
    }
}
