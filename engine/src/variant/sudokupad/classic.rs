//! SudokuPad's "classic" links: a classic grid's givens after the prefix `classic`, in one
//! of two compact codes that nothing in the link tells apart. The first writes the digits
//! 1-9 as they are and each run of empty cells as one letter or sign of a 70-character
//! alphabet (`A` to `z`, then `()[]-.~:@!$&'*,;=_`) whose place is the run's length; the
//! second writes each cell as one character of `0`-`9`, `A`-`Z`, `a`-`x`, whose place `p`
//! is the digit `p % 10` (0 empty) followed by `p / 10` empty cells. Characters that only
//! one code has decide; otherwise the code whose grid is square wins, the second first.

use super::super::fpuzzles::FpuzzlesError;
use super::super::Variant;
use crate::{Grid, Shape};

const RUNS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_";
const CELLS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx";

/// The cells (0 for empty) of the first code, if every character is of it.
fn runs(data: &str) -> Option<Vec<u8>> {
    let mut cells = Vec::new();
    for c in data.chars() {
        match (c.to_digit(10), RUNS.find(c)) {
            (Some(d @ 1..=9), _) => cells.push(d as u8),
            (_, Some(run)) => cells.extend(std::iter::repeat_n(0, run)),
            _ => return None,
        }
    }
    Some(cells)
}

/// The cells of the second code, if every character is of it.
fn digits(data: &str) -> Option<Vec<u8>> {
    let mut cells = Vec::new();
    for c in data.chars() {
        let place = CELLS.find(c)?;
        cells.push((place % 10) as u8);
        cells.extend(std::iter::repeat_n(0, place / 10));
    }
    Some(cells)
}

/// The side of a square grid of `cells` cells.
fn side(cells: usize) -> Option<usize> {
    let side = (cells as f64).sqrt().round() as usize;
    (side * side == cells).then_some(side)
}

/// The classic puzzle of a `classic` link's data.
pub(crate) fn parse(data: &str) -> Result<Variant, FpuzzlesError> {
    let cells = match (digits(data), runs(data)) {
        (Some(two), Some(one)) if side(two.len()).is_none() && side(one.len()).is_some() => one,
        (Some(two), _) => two,
        (None, Some(one)) => one,
        (None, None) => {
            return Err(FpuzzlesError::field(
                "(link)",
                "classic data with characters of neither of SudokuPad's compact codes",
            ))
        }
    };
    let count = cells.len();
    let bad = || {
        FpuzzlesError::field(
            "(link)",
            format!("classic data of {count} cells, not a grid of a usual box shape"),
        )
    };
    let shape = side(cells.len())
        .and_then(Shape::for_size)
        .ok_or_else(bad)?;
    if cells.iter().any(|&d| usize::from(d) > shape.size()) {
        return Err(bad());
    }
    let givens = Grid::from_cells(shape, cells).ok_or_else(bad)?;
    Variant::new(givens, None, Vec::new())
        .map_err(|error| FpuzzlesError::Rule { path: None, error })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_codes_read_and_square_grids_win() {
        // Norvig's hard puzzle, in each code.
        let puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let one = "4F8B5B3K7G2F6F8B4G1H6B3B7B5C2F1B4G";
        let two = "sIFrev0quIs0pAGDHPqBs0";
        for data in [one, two] {
            let variant = parse(data).unwrap();
            assert_eq!(variant.givens().to_string(), puzzle, "{data}");
        }
        assert!(parse("12").is_err());
        assert!(parse("{}").is_err());
    }
}
