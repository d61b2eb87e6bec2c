//! Reports as people read them (an aligned table) and as scripts read them (one JSON object
//! per line, with stable keys).

use super::Report;
use serde_json::json;
use std::fmt::{self, Write};

/// One JSON object on one line, without the newline, with exactly the keys `file`, `mode`,
/// `puzzles`, `puzzles_per_sec`, `usec_per_puzzle`, `no_guess_pct`, `guesses_per_puzzle`.
/// Scripts (such as the side-by-side comparison with other solvers) rely on these keys.
pub fn json_line(file: &str, report: &Report) -> String {
    json!({
        "file": file,
        "mode": report.mode.name(),
        "puzzles": report.puzzles,
        "puzzles_per_sec": rounded(report.puzzles_per_sec, 1),
        "usec_per_puzzle": rounded(report.usec_per_puzzle, 4),
        "no_guess_pct": rounded(report.no_guess_pct, 2),
        "guesses_per_puzzle": rounded(report.guesses_per_puzzle, 4),
    })
    .to_string()
}

/// `value` rounded to `decimals` places: more would be noise.
fn rounded(value: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (value * scale).round() / scale
}

/// A table of reports, one row per file and mode, with aligned columns.
#[derive(Clone, Debug, Default)]
pub struct Table {
    rows: Vec<[String; 7]>,
}

const HEADER: [&str; 7] = [
    "file",
    "mode",
    "puzzles",
    "puzzles/s",
    "µs/puzzle",
    "no-guess %",
    "guesses/puzzle",
];

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table::default()
    }

    /// Adds the row of `report`, measured on `file`.
    pub fn push(&mut self, file: &str, report: &Report) {
        self.rows.push([
            file.to_string(),
            report.mode.to_string(),
            report.puzzles.to_string(),
            thousands(report.puzzles_per_sec.round() as u64),
            format!("{:.2}", report.usec_per_puzzle),
            format!("{:.1}", report.no_guess_pct),
            format!("{:.3}", report.guesses_per_puzzle),
        ]);
    }
}

impl fmt::Display for Table {
    /// The header and the rows; the file and mode columns are aligned left, numbers right.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut widths = HEADER.map(|title| title.chars().count());
        for row in &self.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let header = HEADER.map(String::from);
        for row in std::iter::once(&header).chain(&self.rows) {
            let mut line = String::new();
            for (column, (cell, &width)) in row.iter().zip(&widths).enumerate() {
                let pad = " ".repeat(width - cell.chars().count());
                match column {
                    0 => write!(line, "{cell}{pad}")?,
                    1 => write!(line, "  {cell}{pad}")?,
                    _ => write!(line, "  {pad}{cell}")?,
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

/// `1234567` as `1,234,567`.
fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::Mode;

    fn report() -> Report {
        Report {
            mode: Mode::Count2,
            puzzles: 1465,
            puzzles_per_sec: 12345.678,
            usec_per_puzzle: 81.0,
            no_guess_pct: 12.5,
            guesses_per_puzzle: 3.25,
            run_rates: vec![12345.678],
            run_passes: vec![9],
        }
    }

    #[test]
    fn json_has_exactly_the_stable_keys() {
        let line = json_line("dir/top\"1465\"\n", &report());
        assert_eq!(
            line,
            "{\"file\":\"dir/top\\\"1465\\\"\\n\",\"mode\":\"count2\",\"puzzles\":1465,\
             \"puzzles_per_sec\":12345.7,\"usec_per_puzzle\":81.0,\"no_guess_pct\":12.5,\
             \"guesses_per_puzzle\":3.25}"
        );
    }

    #[test]
    fn the_table_aligns_its_columns() {
        let mut table = Table::new();
        table.push("top1465", &report());
        let text = table.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "file     mode    puzzles  puzzles/s  µs/puzzle  no-guess %  guesses/puzzle",
                "top1465  count2     1465     12,346      81.00        12.5           3.250",
            ]
        );
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
