//! A handful of famous puzzles the crate carries, so that examples, tests and benchmarks run
//! anywhere, with or without the public benchmark collections.

/// A named puzzle with what is known about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The name the puzzle is known by.
    pub name: &'static str,
    /// The puzzle in one-line notation.
    pub puzzle: &'static str,
    /// How many solutions it has.
    pub solutions: u64,
}

/// Famous hard 9x9 puzzles, each with exactly one solution.
pub const FAMOUS: &[Sample] = &[
    Sample {
        name: "norvig-hard1",
        puzzle: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        solutions: 1,
    },
    Sample {
        name: "inkala-2012",
        puzzle: "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        solutions: 1,
    },
    Sample {
        name: "norvig-slow",
        puzzle: "850002400720000009004000000000107002305000900040000000000080070017000000000036040",
        solutions: 1,
    },
    Sample {
        name: "easter-monster",
        puzzle: "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        solutions: 1,
    },
    Sample {
        name: "ai-escargot",
        puzzle: "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        solutions: 1,
    },
];

/// The puzzle the examples use: Norvig's hard puzzle.
pub const EXAMPLE: &str = FAMOUS[0].puzzle;
