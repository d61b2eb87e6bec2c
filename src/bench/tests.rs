use super::*;
use sudoku_dlx::samples::FAMOUS;
use sudoku_dlx::Shape;

fn famous() -> Vec<Grid> {
    FAMOUS.iter().map(|s| s.puzzle.parse().unwrap()).collect()
}

fn quick(mode: Mode) -> Settings {
    Settings {
        mode,
        min_time: Duration::ZERO,
        runs: 3,
        ..Settings::default()
    }
}

/// r1c3 sees 1 and 2 in its row and 3 and 4 in its column: no solution, yet no clash.
const NO_SOLUTION_4X4: &str = "12........3...4.";

#[test]
fn famous_puzzles_are_measured_in_both_modes() {
    let puzzles = famous();
    let bench = Bench::new(&puzzles).unwrap();
    assert_eq!(bench.verified, vec![1; puzzles.len()]);
    for mode in Mode::ALL {
        let report = bench.measure(&quick(mode)).unwrap();
        assert_eq!(report.mode, mode);
        assert_eq!(report.puzzles, puzzles.len());
        assert_eq!(report.run_rates.len(), 3);
        assert_eq!(report.run_passes, vec![1, 1, 1]);
        assert!(report.puzzles_per_sec > 0.0 && report.puzzles_per_sec.is_finite());
        assert!((report.usec_per_puzzle * report.puzzles_per_sec - 1e6).abs() < 1e-3);
        // The tallies are the solver's own, puzzle by puzzle.
        let mut solver = Solver::new();
        let guesses: Vec<u64> = puzzles
            .iter()
            .map(|puzzle| {
                match mode {
                    Mode::Solve => assert!(solver.solve(puzzle).is_some()),
                    Mode::Count2 => assert_eq!(solver.count(puzzle, Some(2)).solutions, 1),
                }
                solver.stats().search.guesses
            })
            .collect();
        let no_guess = guesses.iter().filter(|&&g| g == 0).count();
        assert_eq!(
            report.no_guess_pct,
            100.0 * no_guess as f64 / puzzles.len() as f64
        );
        assert_eq!(
            report.guesses_per_puzzle,
            guesses.iter().sum::<u64>() as f64 / puzzles.len() as f64
        );
    }
}

#[test]
fn puzzles_with_several_or_no_solutions_are_verified_as_such() {
    let puzzles: Vec<Grid> = vec![
        Grid::empty(Shape::new(2, 2).unwrap()),
        NO_SOLUTION_4X4.parse().unwrap(),
        FAMOUS[0].puzzle.parse().unwrap(),
    ];
    let bench = Bench::new(&puzzles).unwrap();
    assert_eq!(bench.verified, vec![2, 0, 1]);
    for mode in Mode::ALL {
        bench.measure(&quick(mode)).unwrap();
    }
}

#[test]
fn a_solvable_puzzle_with_no_guess_counts_as_such() {
    let solution = sudoku_dlx::Solver::new()
        .solve(&FAMOUS[0].puzzle.parse().unwrap())
        .unwrap();
    let mut easy = solution.clone();
    easy.set(0, 0, 0);
    let puzzles = vec![easy];
    let report = Bench::new(&puzzles)
        .unwrap()
        .measure(&quick(Mode::Solve))
        .unwrap();
    assert_eq!(report.no_guess_pct, 100.0);
    assert_eq!(report.guesses_per_puzzle, 0.0);
}

#[test]
fn an_answer_that_disagrees_with_the_verification_names_the_puzzle() {
    let puzzles = vec![
        FAMOUS[0].puzzle.parse().unwrap(),
        FAMOUS[1].puzzle.parse().unwrap(),
        NO_SOLUTION_4X4.parse().unwrap(),
    ];
    let honest = Bench::new(&puzzles).unwrap();
    // Pretend the verification pass had found other counts.
    let mut lied = honest.clone();
    lied.verified[1] = 0;
    assert_eq!(
        lied.measure(&quick(Mode::Solve)),
        Err(BenchError::WrongAnswer {
            position: 1,
            mode: Some(Mode::Solve),
            problem: Problem::UnverifiedSolution,
        })
    );
    let error = lied.measure(&quick(Mode::Count2)).unwrap_err();
    assert_eq!(
        error,
        BenchError::WrongAnswer {
            position: 1,
            mode: Some(Mode::Count2),
            problem: Problem::WrongCount {
                expected: 0,
                found: 1
            },
        }
    );
    assert_eq!(
        error.to_string(),
        "wrong answer to puzzle 2 (the count2 pass): counted 1 solution(s) up to 2, \
         but the verification pass found 0"
    );
    let mut lied = honest.clone();
    lied.verified[2] = 1;
    assert_eq!(
        lied.measure(&quick(Mode::Solve)),
        Err(BenchError::WrongAnswer {
            position: 2,
            mode: Some(Mode::Solve),
            problem: Problem::MissedSolution,
        })
    );
}

#[test]
fn nothing_to_measure_is_an_error() {
    assert_eq!(Bench::new(&[]).unwrap_err(), BenchError::NoPuzzles);
    let puzzles = famous();
    let settings = Settings {
        runs: 0,
        ..Settings::default()
    };
    assert_eq!(
        Bench::new(&puzzles).unwrap().measure(&settings),
        Err(BenchError::NoRuns)
    );
}

#[test]
fn modes_read_and_print_their_names() {
    for mode in Mode::ALL {
        assert_eq!(mode.name().parse::<Mode>(), Ok(mode));
        assert_eq!(mode.to_string(), mode.name());
    }
    assert_eq!(
        "count".parse::<Mode>().unwrap_err().to_string(),
        "unknown mode 'count': choose one of solve, count2"
    );
}
