//! Tests of the techniques: paths replayed against the solution, every finder on planted
//! boards (a known solution, candidates narrowed around it), and ratings that Sudoku
//! Explainer's `serate` gives.

use super::board::Board;
use super::forcing::Mode;
use super::*;
use crate::samples::{Sample, FAMOUS};
use crate::setter::{GenerateOptions, Generator};
use crate::{Grid, Shape, Solver};
use proptest::prelude::*;

/// Panics unless `step` keeps `solution`: it places only the solution's values and never
/// eliminates one.
fn assert_sound(step: &Step, solution: &Grid, context: &str) {
    let shape = solution.shape();
    for c in &step.placed {
        let want = solution.cells()[c.cell.index(shape)];
        assert_eq!(c.value, want, "{context}: places a wrong value: {step}");
    }
    for c in &step.eliminated {
        let want = solution.cells()[c.cell.index(shape)];
        assert_ne!(
            c.value, want,
            "{context}: removes the solution's value: {step}"
        );
    }
}

/// The path of `puzzle`, every step checked against its solution.
fn replay(puzzle: &Grid, explainer: &Explainer) -> Path {
    let solution = Solver::new().solve(puzzle).expect("a solution");
    let path = explainer.explain(puzzle);
    for (i, step) in path.steps.iter().enumerate() {
        assert_sound(step, &solution, &format!("{puzzle} step {i}"));
    }
    if let PathEnd::Solved(found) = &path.end {
        assert_eq!(found, &solution);
    }
    path
}

#[test]
fn the_famous_puzzles_paths_keep_the_solution() {
    // The whole path of the first two; the first steps of the others, which need nested
    // forcing chains (seconds a step).
    let (easy, hard): (Vec<&Sample>, Vec<&Sample>) =
        FAMOUS.iter().partition(|s| s.name.starts_with("norvig"));
    for sample in easy {
        replay(&sample.puzzle.parse().unwrap(), &Explainer::new());
    }
    for sample in hard {
        let puzzle: Grid = sample.puzzle.parse().unwrap();
        let solution = Solver::new().solve(&puzzle).unwrap();
        let mut board = Board::new(&puzzle);
        for i in 0..2 {
            let step = Explainer::new().hint(&board).expect("a step");
            assert_sound(&step, &solution, &format!("{} step {i}", sample.name));
            apply(&mut board, &step);
        }
    }
}

#[test]
fn generated_puzzles_of_every_shape_are_solved_soundly() {
    for (rows, cols, count) in [(2, 2, 10), (2, 3, 10), (3, 3, 25)] {
        let shape = Shape::new(rows, cols).unwrap();
        let mut generator = Generator::new(GenerateOptions::new(shape));
        for index in 0..count {
            let made = generator.generate(7, index).unwrap();
            let path = replay(&made.puzzle, &Explainer::new());
            assert!(path.is_solved(), "{}: {:?}", made.puzzle, path.end);
        }
    }
}

#[test]
fn ratings_agree_with_sudoku_explainer_on_known_puzzles() {
    // serate 2023.3.16 (SukakuExplainer) rates these 3.4 (a hidden pair) and 1.2.
    for (puzzle, se) in [
        (
            "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
            3.4,
        ),
        (
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            1.2,
        ),
    ] {
        let path = Explainer::new().explain(&puzzle.parse().unwrap());
        assert!(path.is_solved());
        assert_eq!(path.difficulty(), se, "{puzzle}");
    }
}

#[test]
fn chain_length_adds_as_sudoku_explainer_adds() {
    let table = [
        (4, 0.0),
        (5, 0.1),
        (6, 0.1),
        (7, 0.2),
        (8, 0.2),
        (9, 0.3),
        (12, 0.3),
    ];
    for (length, added) in
        table
            .into_iter()
            .chain([(13, 0.4), (16, 0.4), (17, 0.5), (24, 0.5), (25, 0.6)])
    {
        let got = chains::length_difficulty(length);
        assert!(
            (got - added).abs() < 1e-4,
            "length {length}: {got}, not {added}"
        );
    }
}

#[test]
fn a_ceiling_leaves_out_the_techniques_above_it() {
    // The ceiling skips the chain tier below the difficulty of its easiest technique: every
    // technique after BUG+1 (finned fish, W-wings, chains, forcing chains) rates as much.
    let after_bug = Technique::ALL
        .iter()
        .skip_while(|t| **t != Technique::BugPlusOne);
    for technique in after_bug.skip(1) {
        assert!(technique.difficulty() >= super::path::CHAINS_FROM.difficulty());
    }
    for sample in FAMOUS {
        let puzzle: Grid = sample.puzzle.parse().unwrap();
        let capped = Explainer::new().ceiling(6.0).explain(&puzzle);
        assert!(capped.difficulty() <= 6.0, "{}", sample.name);
        let whole = Explainer::new().nested(false).explain(&puzzle);
        // The same path as far as the capped one goes.
        assert_eq!(whole.steps[..capped.steps.len()], capped.steps[..]);
        if let PathEnd::Stuck(board) = &capped.end {
            let next = Explainer::new().nested(false).hint(board);
            assert!(
                next.is_none_or(|step| step.difficulty > 6.0),
                "{}",
                sample.name
            );
        }
    }
}

#[test]
fn a_hint_is_the_first_step_of_the_path() {
    let puzzle: Grid = FAMOUS[0].puzzle.parse().unwrap();
    let explainer = Explainer::new();
    let path = explainer.explain(&puzzle);
    assert_eq!(
        explainer.hint(&Board::new(&puzzle)).as_ref(),
        path.steps.first()
    );
}

#[test]
fn pencil_marks_read_back() {
    let puzzle: Grid = FAMOUS[1].puzzle.parse().unwrap();
    let board = Board::new(&puzzle);
    let text = board.marks_text();
    assert_eq!(text.len(), 729);
    let again = Board::from_marks_text(Shape::CLASSIC, &text).unwrap();
    assert_eq!(again, board);
    assert!(Board::from_marks_text(Shape::CLASSIC, &text[1..]).is_none());
    let misplaced = text.replacen('1', "2", 1);
    assert!(Board::from_marks_text(Shape::CLASSIC, &misplaced).is_none());
}

#[test]
fn a_contradiction_is_said_where() {
    // r1c4 can hold nothing: 1, 2 and 3 in its row, 4 in its column.
    let puzzle: Grid = "123. .... ...4 ....".parse().unwrap();
    let path = Explainer::new().explain(&puzzle);
    assert!(
        matches!(&path.end, PathEnd::Contradiction(why) if why.contains("r1c4")),
        "{:?}",
        path.end
    );
}

/// A technique's finder.
type Finder = Box<dyn Fn(&Board) -> Option<Step>>;

/// Every finder of the repertoire, by name.
fn finders() -> Vec<(&'static str, Finder)> {
    vec![
        ("full house", Box::new(singles::full_house)),
        (
            "hidden single",
            Box::new(|b| {
                singles::hidden_single(b, true).or_else(|| singles::hidden_single(b, false))
            }),
        ),
        ("naked single", Box::new(singles::naked_single)),
        (
            "locked",
            Box::new(|b| {
                subsets::locked_candidates(b, true, false)
                    .or_else(|| subsets::locked_candidates(b, false, false))
            }),
        ),
        (
            "direct",
            Box::new(|b| {
                subsets::locked_candidates(b, true, true)
                    .or_else(|| subsets::hidden_subset(b, 2, true))
            }),
        ),
        (
            "naked",
            Box::new(|b| (2..=4).find_map(|k| subsets::naked_subset(b, k))),
        ),
        (
            "hidden",
            Box::new(|b| (2..=4).find_map(|k| subsets::hidden_subset(b, k, false))),
        ),
        (
            "fish",
            Box::new(|b| (2..=4).find_map(|k| fish::fish(b, k, false))),
        ),
        (
            "finned fish",
            Box::new(|b| (2..=4).find_map(|k| fish::fish(b, k, true))),
        ),
        (
            "wings",
            Box::new(|b| {
                wings::xy_wing(b, false)
                    .or_else(|| wings::xy_wing(b, true))
                    .or_else(|| wings::w_wing(b))
            }),
        ),
        ("chains", Box::new(|b| chains::chain(b, true))),
        (
            "nishio",
            Box::new(|b| forcing::forcing(b, Mode::Nishio, Technique::Nishio)),
        ),
        (
            "static forcing",
            Box::new(|b| forcing::forcing(b, Mode::Static, Technique::ForcingChains)),
        ),
        (
            "dynamic forcing",
            Box::new(|b| forcing::forcing(b, Mode::Dynamic, Technique::DynamicForcingChains)),
        ),
        (
            "dynamic+ forcing",
            Box::new(|b| {
                forcing::forcing(b, Mode::DynamicPlus, Technique::DynamicForcingChainsPlus)
            }),
        ),
    ]
}

/// A solution grid drawn from `seed`, and a board around it: the givens `keep` chose,
/// and of the other candidates that the givens leave, those `drop` chose removed (never
/// the solution's value).
fn planted(seed: u64, keep: &[bool], drop: &[bool]) -> (Grid, Board) {
    let mut generator = Generator::new(GenerateOptions::new(Shape::CLASSIC));
    let solution = generator.generate(seed, 0).unwrap().solution;
    let cells: Vec<u8> = solution
        .cells()
        .iter()
        .zip(keep)
        .map(|(&v, &k)| if k { v } else { 0 })
        .collect();
    let mut board = Board::new(&Grid::from_cells(Shape::CLASSIC, cells).unwrap());
    for cell in 0..81 {
        for d in 0..9u8 {
            if drop[cell * 9 + d as usize] && d + 1 != solution.cells()[cell] {
                board.eliminate(cell, d + 1);
            }
        }
    }
    (solution, board)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On a board whose candidates all keep one planted solution, no technique but the
    /// uniqueness ones (which assume the solution is the only one) ever removes it.
    #[test]
    fn no_technique_removes_a_planted_solution(
        seed in 0u64..1000,
        keep in proptest::collection::vec(proptest::bool::weighted(0.3), 81),
        drop in proptest::collection::vec(proptest::bool::weighted(0.25), 729),
    ) {
        let (solution, board) = planted(seed, &keep, &drop);
        for (name, find) in finders() {
            if let Some(step) = find(&board) {
                assert_sound(&step, &solution, name);
            }
        }
    }
}
