//! Ratings of a collection added up: how many puzzles of each difficulty, and the mean score
//! and guesses, to compare collections.

use super::rate::{Difficulty, Rating};
use super::NotUnique;
use std::fmt;

/// The ratings of one collection of puzzles, added up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RatingSummary {
    /// Puzzles rated.
    pub rated: u64,
    /// Puzzles of each difficulty, in the order of [`Difficulty::ALL`] (`levels` in JSON).
    pub by_difficulty: [u64; 5],
    /// Sum of the scores.
    pub score_sum: f64,
    /// Sum of the median guesses.
    pub guesses_sum: f64,
    /// Puzzles with several solutions or none (not rated).
    pub not_unique: u64,
    /// Records that could not be read.
    pub bad: u64,
}

impl RatingSummary {
    /// Adds one puzzle's rating, or the reason it has none.
    pub fn add(&mut self, rating: &Result<Rating, NotUnique>) {
        match rating {
            Ok(rating) => {
                self.rated += 1;
                self.by_difficulty[rating.difficulty as usize] += 1;
                self.score_sum += rating.score;
                self.guesses_sum += rating.guesses;
            }
            Err(_) => self.not_unique += 1,
        }
    }

    /// The mean score of the rated puzzles (0 when none was).
    pub fn mean_score(&self) -> f64 {
        self.score_sum / self.rated.max(1) as f64
    }

    /// The mean of the median guesses of the rated puzzles.
    pub fn mean_guesses(&self) -> f64 {
        self.guesses_sum / self.rated.max(1) as f64
    }
}

impl fmt::Display for RatingSummary {
    /// `1465 rated, mean score 7.64, mean guesses 35.04; easy 0, medium 0, hard 7, ...`,
    /// with the puzzles not rated and bad records when there are any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} rated, mean score {:.2}, mean guesses {:.2}",
            self.rated,
            self.mean_score(),
            self.mean_guesses()
        )?;
        for (k, difficulty) in Difficulty::ALL.iter().enumerate() {
            let separator = if k == 0 { ";" } else { "," };
            write!(f, "{separator} {difficulty} {}", self.by_difficulty[k])?;
        }
        if self.not_unique > 0 {
            write!(f, "; {} not unique", self.not_unique)?;
        }
        if self.bad > 0 {
            write!(f, "; {} bad records", self.bad)?;
        }
        Ok(())
    }
}
