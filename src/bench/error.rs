//! What can stop a benchmark: nothing to measure, or a wrong answer.

use super::{Flaw, Mode};
use std::fmt;

/// What was wrong with an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The answer is not a solution of the puzzle.
    NotASolution(Flaw),
    /// The verification solver gave the same solution twice.
    RepeatedSolution,
    /// The solver found no solution, but the verification pass found one.
    MissedSolution,
    /// The solver returned a solution where the verification pass found none: one of the
    /// two is wrong.
    UnverifiedSolution,
    /// A variant puzzle's answer is not a complete grid that keeps its givens and every one
    /// of its rules.
    BreaksRules,
    /// The count up to 2 differs from the verification pass's.
    WrongCount {
        /// Solutions the verification pass found, up to 2.
        expected: u8,
        /// What the count said.
        found: u128,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotASolution(flaw) => write!(f, "the answer is not a solution: {flaw}"),
            Problem::RepeatedSolution => f.write_str("the same solution was found twice"),
            Problem::BreaksRules => {
                f.write_str("the answer does not keep the givens and the puzzle's rules")
            }
            Problem::MissedSolution => {
                f.write_str("no solution found, but the verification pass found one")
            }
            Problem::UnverifiedSolution => f.write_str(
                "a solution was found, but the verification pass found none: one of them is wrong",
            ),
            Problem::WrongCount { expected, found } => write!(
                f,
                "counted {found} solution(s) up to 2, but the verification pass found {expected}"
            ),
        }
    }
}

/// Why a benchmark stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchError {
    /// The set of puzzles is empty: there is nothing to time.
    NoPuzzles,
    /// The settings ask for 0 runs.
    NoRuns,
    /// An answer was wrong.
    WrongAnswer {
        /// The puzzle's position in the set, from 0.
        position: usize,
        /// The mode of the timed pass that gave the answer, or `None` for the verification
        /// pass.
        mode: Option<Mode>,
        /// What was wrong.
        problem: Problem,
    },
}

impl BenchError {
    /// A wrong answer of the untimed verification pass, for the puzzle at `position`.
    pub(crate) fn in_verification(position: usize, problem: Problem) -> BenchError {
        BenchError::WrongAnswer {
            position,
            mode: None,
            problem,
        }
    }
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchError::NoPuzzles => f.write_str("no puzzles to measure"),
            BenchError::NoRuns => f.write_str("the number of runs must be at least 1"),
            BenchError::WrongAnswer {
                position,
                mode,
                problem,
            } => {
                let pass = match mode {
                    Some(mode) => mode.name(),
                    None => "verification",
                };
                write!(
                    f,
                    "wrong answer to puzzle {} (the {pass} pass): {problem}",
                    position + 1
                )
            }
        }
    }
}

impl std::error::Error for BenchError {}
