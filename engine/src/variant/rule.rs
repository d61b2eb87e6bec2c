//! The rules a variant puzzle can add to the classic ones, and what each means on a solved
//! grid (the definition the encodings are tested against).

use std::fmt;

/// One of the two diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// From the top-left corner to the bottom-right one (f-puzzles' `diagonal-`).
    Main,
    /// From the bottom-left corner to the top-right one (f-puzzles' `diagonal+`).
    Anti,
}

/// The markers between two cells whose absence a negative constraint gives a meaning to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    /// Kropki white dots (difference); without one, two neighbours are not consecutive.
    Difference,
    /// Kropki black dots (ratio); without one, neither neighbour is double the other.
    Ratio,
    /// X and V; without one, two neighbours sum to neither 10 nor 5.
    Xv,
}

impl Marker {
    /// The name f-puzzles uses in its `negative` list.
    pub fn name(self) -> &'static str {
        match self {
            Marker::Difference => "difference",
            Marker::Ratio => "ratio",
            Marker::Xv => "xv",
        }
    }

    /// True when two neighbours holding `a` and `b` would satisfy the marker's standard
    /// meaning (what a negative constraint forbids where the marker is absent).
    pub fn satisfied(self, a: u8, b: u8) -> bool {
        match self {
            Marker::Difference => a.abs_diff(b) == 1,
            Marker::Ratio => a == 2 * b || b == 2 * a,
            Marker::Xv => a + b == 10 || a + b == 5,
        }
    }
}

/// A rule added to the classic ones (each row, column and region holds every digit once).
/// Cells are numbered in reading order from 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Each digit once on a diagonal.
    Diagonal(Diagonal),
    /// Digits do not repeat in these cells; `n` cells hold every digit once.
    ExtraRegion(Vec<usize>),
    /// Windoku: windows of the box's shape, one cell in from the edges and one line apart
    /// (four 3×3 windows on the 9×9 grid), each holding every digit once.
    Windoku,
    /// Cells at the same position in their boxes hold every digit once.
    DisjointGroups,
    /// Cells a knight's move apart never hold the same digit.
    AntiKnight,
    /// Cells a king's move apart never hold the same digit.
    AntiKing,
    /// Orthogonal neighbours never hold consecutive digits.
    NonConsecutive,
    /// Digits do not repeat in the cage, and sum to `sum` when it is given.
    Killer {
        /// The cage's cells.
        cells: Vec<usize>,
        /// The total, if the cage shows one.
        sum: Option<u32>,
    },
    /// Digits strictly increase from the bulb (the first cell) along the line.
    Thermometer(Vec<usize>),
    /// The digits on the line sum to the digit in the circle.
    Arrow {
        /// The circle's cell.
        circle: usize,
        /// The line's cells, without the circle.
        line: Vec<usize>,
    },
    /// Kropki white dot: the two digits differ by `value` (1 unless the dot shows another).
    Difference {
        /// The two cells.
        cells: [usize; 2],
        /// The difference.
        value: u8,
    },
    /// Kropki black dot: one digit is `value` times the other (2 unless the dot shows
    /// another).
    Ratio {
        /// The two cells.
        cells: [usize; 2],
        /// The ratio.
        value: u8,
    },
    /// X (`sum` 10) or V (`sum` 5): the two digits sum to `sum`.
    Xv {
        /// The two cells.
        cells: [usize; 2],
        /// 10 for X, 5 for V.
        sum: u8,
    },
    /// The cell's digit is odd.
    Odd(usize),
    /// The cell's digit is even.
    Even(usize),
    /// Orthogonal neighbours without this marker between them must not satisfy its standard
    /// meaning.
    Negative(Marker),
}

impl Rule {
    /// A short name for messages: `killer cage`, `anti-knight`... A rule that
    /// [`RuleName`](super::RuleName) names is called by that name.
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Diagonal(Diagonal::Main) => "diagonal-",
            Rule::Diagonal(Diagonal::Anti) => "diagonal+",
            Rule::ExtraRegion(_) => "extra region",
            Rule::Windoku => "windoku",
            Rule::DisjointGroups => "disjoint",
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
            Rule::NonConsecutive => "non-consecutive",
            Rule::Killer { .. } => "killer cage",
            Rule::Thermometer(_) => "thermometer",
            Rule::Arrow { .. } => "arrow",
            Rule::Difference { .. } => "difference dot",
            Rule::Ratio { .. } => "ratio dot",
            Rule::Xv { .. } => "xv",
            Rule::Odd(_) => "odd",
            Rule::Even(_) => "even",
            Rule::Negative(_) => "negative",
        }
    }

    /// The cells the rule names (none for the rules of the whole grid).
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Rule::ExtraRegion(cells) | Rule::Killer { cells, .. } | Rule::Thermometer(cells) => {
                cells.clone()
            }
            Rule::Arrow { circle, line } => std::iter::once(*circle)
                .chain(line.iter().copied())
                .collect(),
            Rule::Difference { cells, .. } | Rule::Ratio { cells, .. } | Rule::Xv { cells, .. } => {
                cells.to_vec()
            }
            Rule::Odd(cell) | Rule::Even(cell) => vec![*cell],
            _ => Vec::new(),
        }
    }

    /// The marker this rule draws between two cells, if it is one.
    pub fn marker(&self) -> Option<(Marker, [usize; 2])> {
        match self {
            Rule::Difference { cells, .. } => Some((Marker::Difference, *cells)),
            Rule::Ratio { cells, .. } => Some((Marker::Ratio, *cells)),
            Rule::Xv { cells, .. } => Some((Marker::Xv, *cells)),
            _ => None,
        }
    }
}

/// A relation two cells' digits must keep: what the pairwise rules compile to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Relation {
    /// The digits differ.
    Differ,
    /// The digits are not consecutive.
    NotConsecutive,
    /// The digits differ by exactly this much.
    Difference(u8),
    /// One digit is this many times the other.
    Ratio(u8),
    /// The digits sum to this.
    Sum(u8),
    /// The first digit is smaller.
    Less,
    /// The digits do not satisfy the marker's standard meaning.
    Not(Marker),
}

impl Relation {
    /// True when the first cell holding `a` and the second `b` keep the relation.
    pub(crate) fn allows(self, a: u8, b: u8) -> bool {
        match self {
            Relation::Differ => a != b,
            Relation::NotConsecutive => a.abs_diff(b) != 1,
            Relation::Difference(value) => a.abs_diff(b) == value,
            Relation::Ratio(value) => {
                u32::from(a) == u32::from(value) * u32::from(b)
                    || u32::from(b) == u32::from(value) * u32::from(a)
            }
            Relation::Sum(sum) => u32::from(a) + u32::from(b) == u32::from(sum),
            Relation::Less => a < b,
            Relation::Not(marker) => !marker.satisfied(a, b),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        if let Rule::Negative(marker) = self {
            write!(f, " {}", marker.name())?;
        }
        Ok(())
    }
}
