//! Symmetries of the pattern of givens: which cells are given, not which digits. Every
//! symmetry of the square applies to every grid, whatever its box shape, because it only
//! moves positions.

use crate::Grid;
use crate::UnknownName;
use std::fmt;
use std::str::FromStr;

/// A group of symmetries of the square that the pattern of givens must keep: a cell is given
/// exactly when its images are. These are all ten subgroups of the square's eight symmetries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// Half-turn about the centre (the usual newspaper symmetry).
    Rot180,
    /// Quarter-turns about the centre.
    Rot90,
    /// Reflection left-right.
    Mirror,
    /// Reflection up-down.
    Flip,
    /// Reflection in the main diagonal (top left to bottom right).
    Diagonal,
    /// Reflection in the anti-diagonal (top right to bottom left).
    Antidiagonal,
    /// Both left-right and up-down reflections (and so the half-turn).
    MirrorFlip,
    /// Both diagonal reflections (and so the half-turn).
    Diagonals,
    /// All eight symmetries of the square.
    Full,
}

/// One symmetry of the square, as a map of (row, column) in a grid of side `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Motion {
    Identity,
    Quarter,
    Half,
    ThreeQuarters,
    Mirror,
    Flip,
    Diagonal,
    Antidiagonal,
}

impl Motion {
    fn apply(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        let (last_row, last_col) = (n - 1 - row, n - 1 - col);
        match self {
            Motion::Identity => (row, col),
            Motion::Quarter => (col, n - 1 - row),
            Motion::Half => (last_row, last_col),
            Motion::ThreeQuarters => (n - 1 - col, row),
            Motion::Mirror => (row, last_col),
            Motion::Flip => (last_row, col),
            Motion::Diagonal => (col, row),
            Motion::Antidiagonal => (n - 1 - col, n - 1 - row),
        }
    }
}

impl Symmetry {
    /// Every symmetry, in the order `--help` lists them.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::MirrorFlip,
        Symmetry::Diagonals,
        Symmetry::Full,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::MirrorFlip => "mirror-flip",
            Symmetry::Diagonals => "diagonals",
            Symmetry::Full => "full",
        }
    }

    fn motions(self) -> &'static [Motion] {
        use Motion::*;
        match self {
            Symmetry::None => &[Identity],
            Symmetry::Rot180 => &[Identity, Half],
            Symmetry::Rot90 => &[Identity, Quarter, Half, ThreeQuarters],
            Symmetry::Mirror => &[Identity, Mirror],
            Symmetry::Flip => &[Identity, Flip],
            Symmetry::Diagonal => &[Identity, Diagonal],
            Symmetry::Antidiagonal => &[Identity, Antidiagonal],
            Symmetry::MirrorFlip => &[Identity, Mirror, Flip, Half],
            Symmetry::Diagonals => &[Identity, Diagonal, Antidiagonal, Half],
            Symmetry::Full => &[
                Identity,
                Quarter,
                Half,
                ThreeQuarters,
                Mirror,
                Flip,
                Diagonal,
                Antidiagonal,
            ],
        }
    }

    /// The cells of a grid of side `n` grouped in orbits: each orbit is a set of cells the
    /// symmetry maps onto each other, listed in reading order; the orbits are in the order of
    /// their first cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for cell in 0..n * n {
            if seen[cell] {
                continue;
            }
            let mut orbit: Vec<usize> = self
                .motions()
                .iter()
                .map(|m| {
                    let (row, col) = m.apply(n, cell / n, cell % n);
                    row * n + col
                })
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &member in &orbit {
                seen[member] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// True when the givens of `grid` follow the pattern: each cell is given exactly when
    /// all its images are.
    pub fn holds(self, grid: &Grid) -> bool {
        let n = grid.shape().size();
        let cells = grid.cells();
        (0..n * n).all(|cell| {
            self.motions().iter().all(|m| {
                let (row, col) = m.apply(n, cell / n, cell % n);
                (cells[cell] != 0) == (cells[row * n + col] != 0)
            })
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Symmetry, UnknownName> {
        UnknownName::parse("symmetry", text, &Symmetry::ALL, |s| s.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn orbits_partition_the_grid() {
        for symmetry in Symmetry::ALL {
            for n in [1, 4, 6, 9, 16] {
                let mut cells: Vec<usize> = symmetry.orbits(n).concat();
                cells.sort_unstable();
                assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{symmetry} {n}");
            }
        }
        assert_eq!(Symmetry::None.orbits(9).len(), 81);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21);
        assert_eq!(Symmetry::Rot90.orbits(4)[0], vec![0, 3, 12, 15]);
        assert_eq!(Symmetry::Full.orbits(9).len(), 15);
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
    }

    #[test]
    fn a_pattern_made_of_orbits_holds() {
        for symmetry in Symmetry::ALL {
            let orbits = symmetry.orbits(6);
            let mut grid = Grid::empty(Shape::new(2, 3).unwrap());
            for orbit in orbits.iter().step_by(3) {
                for &cell in orbit {
                    grid.set(cell / 6, cell % 6, 1);
                }
            }
            assert!(symmetry.holds(&grid), "{symmetry}");
            assert!(Symmetry::None.holds(&grid));
        }
        let mut lopsided = Grid::empty(Shape::CLASSIC);
        lopsided.set(0, 1, 5);
        for symmetry in &Symmetry::ALL[1..] {
            assert!(!symmetry.holds(&lopsided), "{symmetry}");
        }
    }

    #[test]
    fn names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>().unwrap(), symmetry);
        }
        let error = "spiral".parse::<Symmetry>().unwrap_err().to_string();
        assert!(
            error.contains("rot180") && error.contains("spiral"),
            "{error}"
        );
    }
}
