//! Unit tests of the logic pass: locked candidates on hand-made candidate boards.

use super::*;
use crate::sudoku::shape::Shape;

/// The candidates of an empty 9x9 grid, with nothing propagated.
fn empty_9x9() -> (Geometry, Candidates) {
    let geometry = Geometry::new(Shape::CLASSIC);
    let mut candidates = Candidates::default();
    candidates
        .run(&geometry, &[0; 81], Propagation::Off, &[])
        .unwrap();
    (geometry, candidates)
}

fn strike(candidates: &mut Candidates, digit: usize, cells: &[usize]) {
    for &cell in cells {
        candidates.boards[digit * candidates.words + cell / 64] &= !(1 << (cell % 64));
    }
}

fn possible(candidates: &Candidates, digit: usize, cell: usize) -> bool {
    candidates.boards[digit * candidates.words + cell / 64] & (1 << (cell % 64)) != 0
}

#[test]
fn an_empty_grid_locks_nothing() {
    let (geometry, mut candidates) = empty_9x9();
    assert_eq!(candidates.locked_candidates::<2>(&geometry), 0);
    assert_eq!(candidates.locked_candidates::<0>(&geometry), 0);
}

#[test]
fn pointing_and_claiming_strike_the_rest_of_the_line_and_of_the_box() {
    for dynamic_width in [false, true] {
        let (geometry, mut candidates) = empty_9x9();
        // Digit 1 (index 0): in box 1 only on row 1, so it leaves the rest of row 1.
        strike(&mut candidates, 0, &[9, 10, 11, 18, 19, 20]);
        // Digit 2 (index 1): on row 5 only inside box 5, so it leaves the rest of box 5.
        strike(&mut candidates, 1, &[36, 37, 38, 42, 43, 44]);
        let struck = if dynamic_width {
            candidates.locked_candidates::<0>(&geometry)
        } else {
            candidates.locked_candidates::<2>(&geometry)
        };
        assert_eq!(struck, 0b11);
        for cell in 3..9 {
            assert!(
                !possible(&candidates, 0, cell),
                "digit 1 left r1c{}",
                cell + 1
            );
        }
        for cell in [0, 1, 2, 27, 80] {
            assert!(possible(&candidates, 0, cell));
        }
        for cell in [30, 31, 32, 48, 49, 50] {
            assert!(!possible(&candidates, 1, cell), "digit 2 left cell {cell}");
        }
        for cell in [39, 40, 41, 27, 33] {
            assert!(possible(&candidates, 1, cell));
        }
        // Nothing is left to lock.
        assert_eq!(candidates.locked_candidates::<2>(&geometry), 0);
    }
}
