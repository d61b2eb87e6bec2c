//! Unit tests of the logic pass: locked candidates on hand-made candidate boards.

use super::*;
use crate::sudoku::shape::Shape;

/// The candidates of an empty 9x9 grid, with nothing placed by logic.
fn empty_9x9() -> (Geometry, Candidates) {
    let geometry = Geometry::new(Shape::CLASSIC);
    let mut candidates = Candidates::default();
    candidates
        .run(&geometry, &[0; 81], Logic::Off, &[])
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
    assert_eq!(
        candidates.locked_candidates::<2, 0>(&geometry),
        DigitSet::EMPTY
    );
    assert_eq!(
        candidates.locked_candidates::<0, 0>(&geometry),
        DigitSet::EMPTY
    );
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
            candidates.locked_candidates::<0, 0>(&geometry)
        } else {
            candidates.locked_candidates::<2, 0>(&geometry)
        };
        assert_eq!(struck, DigitSet::first(2));
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
        assert_eq!(
            candidates.locked_candidates::<2, 0>(&geometry),
            DigitSet::EMPTY
        );
    }
}

/// A small deterministic generator: the tests need varied boards, not good randomness.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A solved 9x9 grid: the digit of row `r`, column `c` is `(3r + r/3 + c) mod 9`, plus one.
fn patterned_solution() -> Vec<u8> {
    (0..81)
        .map(|cell| ((3 * (cell / 9) + cell / 27 + cell % 9) % 9 + 1) as u8)
        .collect()
}

/// The band sweep of the classic grid against the general sweep, on the same boards.
/// The cells of `solution`, each kept as a given with odds one in `keep`.
fn random_givens(solution: &[u8], keep: u64, state: &mut u64) -> Vec<u8> {
    solution
        .iter()
        .map(|&digit| {
            if xorshift(state) % keep == 0 {
                digit
            } else {
                0
            }
        })
        .collect()
}

fn assert_sweeps_agree(geometry: &Geometry, candidates: &Candidates) {
    let mut general = candidates.clone();
    let mut banded = candidates.clone();
    let struck = general.locked_candidates::<2, 0>(geometry);
    let banded_struck = banded.locked_candidates_by_bands();
    assert_eq!(banded.boards, general.boards);
    assert_eq!(banded_struck, struck);
}

#[test]
fn the_band_sweep_strikes_what_the_general_sweep_strikes_on_random_boards() {
    let (geometry, empty) = empty_9x9();
    let mut state = 0x9e37_79b9_7f4a_7c15;
    let mut struck_some = 0;
    for round in 0..2000 {
        let mut candidates = empty.clone();
        // Sparse boards lock often, dense ones rarely: vary the density.
        let keep_one_in = 1 + round % 4;
        for word in candidates.boards.iter_mut() {
            let mut mask = u64::MAX;
            for _ in 1..keep_one_in {
                mask &= xorshift(&mut state);
            }
            *word &= mask | xorshift(&mut state) & xorshift(&mut state);
        }
        let mut general = candidates.clone();
        struck_some += !general.locked_candidates::<2, 0>(&geometry).is_empty() as u32;
        assert_sweeps_agree(&geometry, &candidates);
    }
    assert!(
        struck_some > 1000,
        "only {struck_some} boards locked anything"
    );
}

#[test]
fn the_band_sweep_agrees_with_placed_cells_on_the_board() {
    let geometry = Geometry::new(Shape::CLASSIC);
    let mut state = 0x2545_f491_4f6c_dd1d;
    // A solved grid with cells emptied at random.
    let solution = patterned_solution();
    for _ in 0..500 {
        let puzzle: Vec<u8> = solution
            .iter()
            .map(|&digit| {
                if xorshift(&mut state) % 3 == 0 {
                    digit
                } else {
                    0
                }
            })
            .collect();
        let mut candidates = Candidates::default();
        candidates.run(&geometry, &puzzle, Logic::Off, &[]).unwrap();
        // Strike candidates of open cells at random, never a solution digit.
        for cell in 0..81 {
            if puzzle[cell] == 0 {
                for digit in 0..9 {
                    if digit + 1 != solution[cell] as usize && xorshift(&mut state) % 2 == 0 {
                        strike(&mut candidates, digit, &[cell]);
                    }
                }
            }
        }
        assert_sweeps_agree(&geometry, &candidates);
    }
}

/// Hidden singles of one digit the plain way, unit by unit: the open cells alone in some
/// unit, or `None` when some unit has no cell for the digit.
fn plain_hidden_singles(geometry: &Geometry, board: [u64; 2], open: [u64; 2]) -> Option<[u64; 2]> {
    let mut singles = [0u64; 2];
    for unit in 0..27 {
        let mask = geometry.unit_mask_in(unit, 2);
        let here = [board[0] & mask[0], board[1] & mask[1]];
        match here[0].count_ones() + here[1].count_ones() {
            0 => return None,
            1 => {
                singles[0] |= here[0] & open[0];
                singles[1] |= here[1] & open[1];
            }
            _ => {}
        }
    }
    Some(singles)
}

#[test]
fn the_band_hidden_singles_are_the_plain_ones_on_random_boards() {
    let geometry = Geometry::new(Shape::CLASSIC);
    let all = geometry.all_cells.clone();
    let mut state = 0x51_7cc1_b727_220a;
    let (mut found, mut contradictions) = (0, 0);
    for round in 0..20_000 {
        // From nearly empty boards to nearly full ones, so that every outcome comes up.
        let mut board = [all[0], all[1]];
        for word in &mut board {
            for _ in 0..round % 7 {
                *word &= xorshift(&mut state) | xorshift(&mut state);
            }
        }
        let open = [
            all[0] & (xorshift(&mut state) | xorshift(&mut state)),
            all[1] & (xorshift(&mut state) | xorshift(&mut state)),
        ];
        let expected = plain_hidden_singles(&geometry, board, open);
        assert_eq!(
            crate::sudoku::bands::hidden_singles(
                ClassicCells::from_words(board),
                ClassicCells::from_words(open)
            )
            .map(ClassicCells::words),
            expected,
            "board {board:x?} open {open:x?}"
        );
        match expected {
            None => contradictions += 1,
            Some(singles) => found += (singles != [0, 0]) as u32,
        }
    }
    assert!(
        found > 2000 && contradictions > 2000,
        "{found} with singles, {contradictions} contradictions"
    );
}

/// The whole pass on the classic grid, with its band sweeps and nine fixed digits, against
/// the general copy for two-word boards, on random puzzles: same outcome, same candidates,
/// same placements. Some puzzles have givens that contradict each other after a while.
#[test]
fn the_classic_pass_ends_where_the_general_pass_ends() {
    let geometry = Geometry::new(Shape::CLASSIC);
    let mut state = 0x6a09_e667_f3bc_c909;
    let solution = patterned_solution();
    let (mut contradictions, mut searched) = (0, 0);
    for round in 0..3000 {
        let mut puzzle = random_givens(&solution, [2, 3, 4][round % 3], &mut state);
        if round % 5 == 0 {
            // A wrong given somewhere: the passes must agree on where that leads too.
            let cell = (xorshift(&mut state) % 81) as usize;
            puzzle[cell] = (xorshift(&mut state) % 9 + 1) as u8;
        }
        for logic in [Logic::HiddenSingles, Logic::LockedCandidates] {
            let mut classic = Candidates::default();
            let mut general = Candidates::default();
            let banded = classic.run_in::<2, 9>(&geometry, &puzzle, logic, &[]);
            let plain = general.run_in::<2, 0>(&geometry, &puzzle, logic, &[]);
            assert_eq!(banded, plain, "outcome of {puzzle:?}");
            if plain.is_ok() {
                assert_eq!(classic.boards, general.boards, "candidates of {puzzle:?}");
                assert_eq!(classic.value, general.value);
                assert_eq!(
                    (classic.placed, classic.filled),
                    (general.placed, general.filled)
                );
                searched += !general.is_complete() as u32;
            } else {
                contradictions += 1;
            }
        }
    }
    assert!(
        contradictions > 100 && searched > 100,
        "{contradictions} contradictions, {searched} left for search"
    );
}

/// The pass rescans for hidden singles only the digits whose boards changed since their
/// last scan. Whatever it skipped, it must end at the singles' fixpoint: no open cell with
/// one candidate, and no digit alone in some unit among the open cells.
#[test]
fn the_pass_leaves_no_single_behind() {
    let geometry = Geometry::new(Shape::CLASSIC);
    let mut state = 0x3c6e_f372_fe94_f82b;
    let solution = patterned_solution();
    let mut stuck = 0;
    for round in 0..3000 {
        let puzzle = random_givens(&solution, [2, 3, 4, 5][round % 4], &mut state);
        for logic in [Logic::HiddenSingles, Logic::Triads] {
            let mut candidates = Candidates::default();
            assert!(candidates
                .run_in::<2, 9>(&geometry, &puzzle, logic, &[])
                .is_ok());
            let open = [candidates.open[0], candidates.open[1]];
            let (mut once, mut twice) = ([0u64; 2], [0u64; 2]);
            for digit in 0..9 {
                let board = [
                    candidates.boards[2 * digit],
                    candidates.boards[2 * digit + 1],
                ];
                for word in 0..2 {
                    twice[word] |= once[word] & board[word];
                    once[word] |= board[word];
                }
                assert_eq!(
                    plain_hidden_singles(&geometry, board, open),
                    Some([0, 0]),
                    "a hidden single of {} left in {puzzle:?} at {logic}",
                    digit + 1
                );
            }
            assert_eq!(
                [open[0] & !twice[0], open[1] & !twice[1]],
                [0, 0],
                "a naked single left in {puzzle:?} at {logic}"
            );
            stuck += (open != [0, 0]) as u32;
        }
    }
    assert!(
        stuck > 500,
        "only {stuck} passes stopped short of a solution"
    );
}
