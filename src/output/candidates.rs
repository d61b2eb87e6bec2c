//! The answer of `candidates`: the true candidates of each cell, and their counts when
//! asked, printable in every format.

use super::grid::write_pretty;
use super::Report;
use serde_json::{Map, Value};
use std::io::{self, Write};
use sudoku_dlx::sudoku::{cell_char, Grid, SolveStats};
use sudoku_dlx::TrueCandidates;

/// The true candidates of a puzzle (with their counts when a cap was given), and what
/// finding them cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// What the engine found.
    pub found: TrueCandidates,
    /// What finding it cost.
    pub stats: SolveStats,
}

impl Candidates {
    /// One cell's word of the line format: its candidates' characters (`249`), or with
    /// counts each character and its count, `+` when at the cap (`2:1,4:3+`).
    fn cell_word(&self, cell: usize) -> String {
        let found = &self.found;
        let words: Vec<String> = found
            .digits(cell)
            .map(|digit| match (found.count(cell, digit), found.cap()) {
                (Some(count), Some(cap)) => {
                    let plus = if count >= cap { "+" } else { "" };
                    format!("{}:{count}{plus}", cell_char(digit))
                }
                _ => cell_char(digit).to_string(),
            })
            .collect();
        words.join(if found.cap().is_some() { "," } else { "" })
    }

    /// The pencilmarks as lines: each cell a block of `R` lines of `C` characters (for boxes
    /// of `R×C`), digit `d` at line `(d - 1) / C`, column `(d - 1) % C` of its block, `.` when
    /// it is not a candidate; blocks spaced as the box-ruled grid spaces cells, a blank line
    /// between rows of cells and a `-+-` rule between bands.
    pub fn pencilmarks(&self) -> Vec<String> {
        let shape = self.found.shape();
        let (n, rows, cols) = (shape.size(), shape.box_rows(), shape.box_cols());
        let mut lines: Vec<String> = Vec::new();
        for row in 0..n {
            if row > 0 {
                let rule = if row % rows == 0 { '-' } else { ' ' };
                let cross = if row % rows == 0 { '+' } else { '|' };
                let template = &lines[lines.len() - 1];
                let between: String = template
                    .chars()
                    .map(|c| if c == '|' { cross } else { rule })
                    .collect();
                lines.push(between);
            }
            for mark_row in 0..rows {
                let mut line = String::new();
                for col in 0..n {
                    if col > 0 {
                        line.push_str(if col % cols == 0 { " | " } else { " " });
                    }
                    let mask = self.found.mask(row * n + col);
                    for d in mark_row * cols..(mark_row + 1) * cols {
                        line.push(if mask & (1 << d) != 0 {
                            cell_char(d as u8 + 1)
                        } else {
                            '.'
                        });
                    }
                }
                lines.push(line);
            }
        }
        lines
    }
}

impl Report for Candidates {
    /// The verdict (`none`, `unique` or `multiple`), then for a puzzle with a solution one
    /// word per cell in reading order: the cell's candidates (`249`), or with counts each
    /// candidate and its count, `+` at the cap (`2:1,4:3+`).
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.found.verdict_name().as_bytes())?;
        if self.found.has_solution() {
            for cell in 0..self.found.shape().cells() {
                write!(out, " {}", self.cell_word(cell))?;
            }
        }
        Ok(())
    }

    /// `# unique` (or `# multiple`, `# none`), the pencilmarks as `#` comment lines, then
    /// the puzzle's grid.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "# {}", self.found.verdict_name())?;
        if self.found.has_solution() {
            for line in self.pencilmarks() {
                writeln!(out, "# {}", line.trim_end())?;
            }
        }
        write_pretty(out, puzzle.shape(), puzzle.cells())
    }

    /// `verdict`, `candidates` (one array of digits per cell, in reading order, empty for
    /// every cell of a puzzle without solution), and with a cap `counts` (an array per cell,
    /// parallel to `candidates`: the solutions that place each candidate, at most the cap)
    /// and `cap`.
    fn add_json(&self, object: &mut Map<String, Value>) {
        let found = &self.found;
        let cells = 0..found.shape().cells();
        object.insert("verdict".into(), found.verdict_name().into());
        let candidates: Vec<Value> = cells
            .clone()
            .map(|cell| found.digits(cell).collect::<Vec<u8>>().into())
            .collect();
        object.insert("candidates".into(), candidates.into());
        if let Some(cap) = found.cap() {
            let counts: Vec<Value> = cells
                .map(|cell| {
                    let counts: Vec<u64> = found
                        .digits(cell)
                        .map(|digit| found.count(cell, digit).unwrap_or(0))
                        .collect();
                    counts.into()
                })
                .collect();
            object.insert("counts".into(), counts.into());
            object.insert("cap".into(), cap.into());
        }
    }

    /// False for a puzzle without solution.
    fn success(&self) -> bool {
        self.found.has_solution()
    }

    fn stats(&self) -> Option<SolveStats> {
        Some(self.stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_dlx::{Answerer, Solver};

    fn candidates(puzzle: &str, cap: Option<u64>) -> Candidates {
        let puzzle: Grid = puzzle.parse().unwrap();
        let mut solver = Solver::new();
        Candidates {
            found: solver.candidates(&puzzle, cap),
            stats: solver.stats(),
        }
    }

    fn line(answer: &Candidates) -> String {
        let mut text = Vec::new();
        answer.write_line(&mut text).unwrap();
        String::from_utf8(text).unwrap()
    }

    #[test]
    fn the_line_has_a_word_per_cell_and_counts_marked_at_the_cap() {
        let four = candidates("1234 3412 .... ....", None);
        assert_eq!(
            line(&four),
            "multiple 1 2 3 4 3 4 1 2 24 13 24 13 24 13 24 13"
        );
        let counted = candidates("1234 3412 .... ....", Some(3));
        let words: Vec<String> = line(&counted).split(' ').map(String::from).collect();
        assert_eq!(words[1], "1:3+");
        assert_eq!(words[9], "2:2,4:2");
        let mut none = Grid::empty(sudoku_dlx::Shape::new(2, 2).unwrap());
        none.set(0, 0, 1);
        none.set(1, 1, 1);
        let none = Candidates {
            found: Solver::new().candidates(&none, None),
            stats: SolveStats::default(),
        };
        assert_eq!(line(&none), "none");
        assert!(!none.success());
    }

    #[test]
    fn pencilmarks_put_each_digit_in_its_place_in_the_cell() {
        let four = candidates("1234 3412 .... ....", None);
        let marks = four.pencilmarks();
        assert_eq!(
            marks,
            [
                "1. .2 | .. ..",
                ".. .. | 3. .4",
                "      |      ",
                ".. .. | 1. .2",
                "3. .4 | .. ..",
                "------+------",
                ".2 1. | .2 1.",
                ".4 3. | .4 3.",
                "      |      ",
                ".2 1. | .2 1.",
                ".4 3. | .4 3.",
            ]
        );
    }
}
