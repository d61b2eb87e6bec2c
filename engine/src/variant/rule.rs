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

/// What an indexer cell's digit names: the row, the column or the cell of its box where
/// its own position's digit goes (f-puzzles' `rowindexer`, `columnindexer`, `boxindexer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Indexer {
    /// A cell of row `r` (from 1) holding `x` says that its column holds `r` in row `x`.
    Row,
    /// A cell of column `c` (from 1) holding `x` says that its row holds `c` in column `x`.
    Column,
    /// The `k`-th cell of a box (from 1, in reading order) holding `x` says that the box's
    /// `x`-th cell holds `k`. With irregular regions, the cell's region is its box.
    Box,
}

impl Indexer {
    /// The cells of the line or region that `cell`'s digit indexes, in order, and `cell`'s
    /// place among them (from 0): its column for a row indexer, its row for a column
    /// indexer, its region (cells in reading order) for a box indexer.
    pub(crate) fn unit(self, n: usize, region_of: &[usize], cell: usize) -> (Vec<usize>, usize) {
        let (row, col) = (cell / n, cell % n);
        let unit: Vec<usize> = match self {
            Indexer::Row => (0..n).map(|r| r * n + col).collect(),
            Indexer::Column => (0..n).map(|c| row * n + c).collect(),
            Indexer::Box => (0..n * n)
                .filter(|&other| region_of[other] == region_of[cell])
                .collect(),
        };
        let place = unit.iter().position(|&other| other == cell).unwrap_or(0);
        (unit, place)
    }
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
    /// meaning (a difference of 1, a ratio of 2, a sum of 5 or 10).
    pub fn satisfied(self, a: u8, b: u8) -> bool {
        self.standard().iter().any(|&value| self.shows(value, a, b))
    }

    /// True when two neighbours holding `a` and `b` satisfy a marker of this kind that shows
    /// `value`: a difference, a ratio, a sum.
    pub fn shows(self, value: u8, a: u8, b: u8) -> bool {
        let (a, b, value) = (u32::from(a), u32::from(b), u32::from(value));
        match self {
            Marker::Difference => a.abs_diff(b) == value,
            Marker::Ratio => a == value * b || b == value * a,
            Marker::Xv => a + b == value,
        }
    }

    /// True when two neighbours holding `a` and `b` satisfy a marker of this kind that
    /// shows one of `values` (bit `v` for value `v`, below 128): [`shows`](Self::shows) for
    /// some value of the set, read off the digits in a few steps rather than tried value
    /// by value (a negative constraint asks it of every digit pair of every neighbouring
    /// pair of cells when the puzzle is built).
    ///
    /// ```
    /// use sudoku_dlx::variant::Marker;
    ///
    /// let x_or_v = 1 << 5 | 1 << 10;
    /// assert!(Marker::Xv.shows_any(x_or_v, 3, 7));
    /// assert!(!Marker::Xv.shows_any(x_or_v, 3, 8));
    /// assert!(Marker::Ratio.shows_any(1 << 3, 9, 3));
    /// ```
    pub fn shows_any(self, values: u128, a: u8, b: u8) -> bool {
        let (a, b) = (u32::from(a), u32::from(b));
        let has = |value: u32| value < 128 && values >> value & 1 == 1;
        // `a == value * b` for some value: its quotient, or any value when both are 0.
        let multiple = |a: u32, b: u32| match b {
            0 => a == 0 && values != 0,
            _ => a % b == 0 && has(a / b),
        };
        match self {
            Marker::Difference => has(a.abs_diff(b)),
            Marker::Ratio => multiple(a, b) || multiple(b, a),
            Marker::Xv => has(a + b),
        }
    }

    /// The values of the marker's standard meaning.
    fn standard(self) -> &'static [u8] {
        match self {
            Marker::Difference => &[1],
            Marker::Ratio => &[2],
            Marker::Xv => &[5, 10],
        }
    }

    /// The values that a negative constraint of this kind forbids on unmarked neighbours,
    /// among `rules`: the standard ones, and each value a marker of this kind shows (a
    /// white dot showing 3 forbids a difference of 3 wherever no dot is), as dclamage's
    /// solver reads f-puzzles' `negative`.
    pub fn forbidden(self, rules: &[Rule]) -> Vec<u8> {
        let mut values: Vec<u8> = self.standard().to_vec();
        for rule in rules {
            let shown = match (self, rule) {
                (Marker::Difference, Rule::Difference { value, .. })
                | (Marker::Ratio, Rule::Ratio { value, .. })
                | (Marker::Xv, Rule::Xv { sum: value, .. }) => *value,
                _ => continue,
            };
            if !values.contains(&shown) {
                values.push(shown);
            }
        }
        values.sort_unstable();
        values
    }

    /// True when `rule` is a marker that frees its two cells from a negative constraint of
    /// this kind: any kropki dot for differences and ratios (two cells with a black dot need
    /// not avoid being consecutive, as dclamage's solver reads it), an X or a V for XV.
    pub fn exempted_by(self, rule: &Rule) -> bool {
        match self {
            Marker::Difference | Marker::Ratio => {
                matches!(rule, Rule::Difference { .. } | Rule::Ratio { .. })
            }
            Marker::Xv => matches!(rule, Rule::Xv { .. }),
        }
    }
}

/// The side of the grid an outside clue stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above the grid: the clue reads its column downwards.
    Top,
    /// Below the grid: the clue reads its column upwards.
    Bottom,
    /// Left of the grid: the clue reads its row rightwards.
    Left,
    /// Right of the grid: the clue reads its row leftwards.
    Right,
}

/// A clue outside the grid (sandwich, X-sum, skyscraper): the row or column it faces,
/// read from its side inwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outside {
    /// The side it stands on.
    pub side: Side,
    /// The column (for [`Side::Top`] and [`Side::Bottom`]) or row it faces, from 0.
    pub index: usize,
}

impl Outside {
    /// The cells of its row or column on a grid of side `n`, nearest the clue first.
    ///
    /// ```
    /// use sudoku_dlx::variant::{Outside, Side};
    /// let below = Outside { side: Side::Bottom, index: 1 };
    /// assert_eq!(below.cells(4), [13, 9, 5, 1]);
    /// ```
    pub fn cells(self, n: usize) -> Vec<usize> {
        let i = self.index;
        (0..n)
            .map(|k| match self.side {
                Side::Top => k * n + i,
                Side::Bottom => (n - 1 - k) * n + i,
                Side::Left => i * n + k,
                Side::Right => i * n + n - 1 - k,
            })
            .collect()
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
    /// Whispers: neighbours on the line differ by at least `gap` (German whispers: 5 on the
    /// 9×9 grid; Dutch whispers: 4). A line that ends on its first cell again (after two
    /// others at least) is a loop: its last and first cells are neighbours too.
    Whispers {
        /// The line's cells, in order.
        line: Vec<usize>,
        /// The least difference of two neighbours on the line.
        gap: u8,
    },
    /// Renban: the line's digits are a set of consecutive digits, in any order (any two
    /// differ, by at most the line's length less one).
    Renban(Vec<usize>),
    /// The line reads the same both ways: its `k`-th cell from each end hold the same digit.
    Palindrome(Vec<usize>),
    /// Entropic line: any three cells in a row on it hold one low, one middle and one high
    /// digit (1-3, 4-6, 7-9 on the 9×9 grid; see [`Rule::band`]), so cells whose places on it
    /// differ by other than a multiple of 3 hold digits of different bands.
    Entropic(Vec<usize>),
    /// Modular line: any three cells in a row on it hold digits of three different residues
    /// modulo 3, so cells whose places on it differ by other than a multiple of 3 hold digits
    /// of different residues.
    Modular(Vec<usize>),
    /// Nabner line: no two digits on the line are equal or consecutive.
    Nabner(Vec<usize>),
    /// Digits never decrease from the bulb (the first cell) along the line.
    SlowThermometer(Vec<usize>),
    /// Clones: each pair of cells holds the same digit (f-puzzles' `cells` and `cloneCells`,
    /// matched in order). A cell may be in several pairs.
    Clone(Vec<[usize; 2]>),
    /// The cell's digit is smaller than each orthogonal neighbour's, except the neighbours
    /// that are minimum cells too (dclamage's definition).
    Minimum(usize),
    /// The cell's digit is larger than each orthogonal neighbour's, except the neighbours
    /// that are maximum cells too.
    Maximum(usize),
    /// Given pencil marks: the cell holds one of these digits.
    PencilMarks {
        /// The cell.
        cell: usize,
        /// The digits it may hold.
        digits: Vec<u8>,
    },
    /// Indexer cells: each cell's digit `x` names the `x`-th cell of its column, row or box
    /// ([`Indexer`]), which holds the cell's own place there (dclamage's definition).
    Indexer {
        /// What the digits index.
        kind: Indexer,
        /// The indexer cells.
        cells: Vec<usize>,
    },
    /// Quadruple: the cells (four around a corner) hold every listed digit, one listed `k`
    /// times at least `k` times.
    Quadruple {
        /// The cells.
        cells: Vec<usize>,
        /// The digits they must hold, a repeat meaning a repeat.
        digits: Vec<u8>,
    },
    /// Little killer: the digits of the diagonal that an outside clue points along sum to
    /// `sum`; they may repeat where cells do not see each other.
    LittleKiller {
        /// The diagonal's cells, nearest the clue first (consecutive diagonal neighbours).
        cells: Vec<usize>,
        /// The total.
        sum: u32,
    },
    /// Sandwich: the digits between the row's (or column's) 1 and `n` (the lowest and
    /// highest digits) sum to `sum`; 0 when they are neighbours (dclamage's reading, on any
    /// grid size).
    Sandwich {
        /// Where the clue stands.
        clue: Outside,
        /// The total.
        sum: u32,
    },
    /// X-sum: the first `X` digits from the clue sum to `sum`, where `X` is the first digit.
    XSum {
        /// Where the clue stands.
        clue: Outside,
        /// The total.
        sum: u32,
    },
    /// Skyscraper: reading from the clue, `count` digits are larger than every digit
    /// before them.
    Skyscraper {
        /// Where the clue stands.
        clue: Outside,
        /// How many are seen.
        count: u32,
    },
    /// Between line: the digits of the line's middle cells lie strictly between the digits
    /// of its two ends. A line of two cells means nothing (dclamage's reading).
    BetweenLine(Vec<usize>),
    /// Lockout line: the ends differ by at least `gap` (half the side rounded down,
    /// dclamage's default: 4 on the 9×9 grid), and no middle cell holds a digit between
    /// them, the ends' digits included.
    Lockout {
        /// The line's cells, ends first and last.
        line: Vec<usize>,
        /// The least difference of the ends.
        gap: u8,
    },
    /// Region-sum line: cut where it crosses from one region to another, every segment has
    /// the same sum.
    RegionSumLine(Vec<usize>),
    /// Zipper line: cells at the same distance from the line's middle sum to the same
    /// total, which is the middle cell's digit on a line of odd length.
    ZipperLine(Vec<usize>),
    /// Double arrow: the digits of the line's middle sum to the sum of its two ends.
    DoubleArrow(Vec<usize>),
    /// An arrow whose circle is a pill of several cells: the line's digits sum to the
    /// number the pill's digits read (`12` from a 1 and a 2).
    PillArrow {
        /// The pill's cells, the leading digit first.
        pill: Vec<usize>,
        /// The line's cells, without the pill.
        line: Vec<usize>,
    },
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
            Rule::Whispers { .. } => "whispers",
            Rule::Renban(_) => "renban",
            Rule::Palindrome(_) => "palindrome",
            Rule::Entropic(_) => "entropic line",
            Rule::Modular(_) => "modular line",
            Rule::Nabner(_) => "nabner",
            Rule::SlowThermometer(_) => "slow thermometer",
            Rule::Clone(_) => "clone",
            Rule::Minimum(_) => "minimum",
            Rule::Maximum(_) => "maximum",
            Rule::PencilMarks { .. } => "pencil marks",
            Rule::Indexer {
                kind: Indexer::Row, ..
            } => "row indexer",
            Rule::Indexer {
                kind: Indexer::Column,
                ..
            } => "column indexer",
            Rule::Indexer {
                kind: Indexer::Box, ..
            } => "box indexer",
            Rule::Quadruple { .. } => "quadruple",
            Rule::LittleKiller { .. } => "little killer",
            Rule::Sandwich { .. } => "sandwich",
            Rule::XSum { .. } => "x-sum",
            Rule::Skyscraper { .. } => "skyscraper",
            Rule::BetweenLine(_) => "between line",
            Rule::Lockout { .. } => "lockout line",
            Rule::RegionSumLine(_) => "region-sum line",
            Rule::ZipperLine(_) => "zipper line",
            Rule::DoubleArrow(_) => "double arrow",
            Rule::PillArrow { .. } => "arrow",
        }
    }

    /// The cells the rule names (none for the rules of the whole grid; a clone's cell once per
    /// pair it is in).
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Rule::ExtraRegion(cells)
            | Rule::Killer { cells, .. }
            | Rule::Thermometer(cells)
            | Rule::Whispers { line: cells, .. }
            | Rule::Indexer { cells, .. } => cells.clone(),
            Rule::Renban(cells)
            | Rule::Palindrome(cells)
            | Rule::Entropic(cells)
            | Rule::Modular(cells)
            | Rule::Nabner(cells)
            | Rule::SlowThermometer(cells) => cells.clone(),
            Rule::Quadruple { cells, .. }
            | Rule::LittleKiller { cells, .. }
            | Rule::BetweenLine(cells)
            | Rule::Lockout { line: cells, .. }
            | Rule::RegionSumLine(cells)
            | Rule::ZipperLine(cells)
            | Rule::DoubleArrow(cells) => cells.clone(),
            Rule::PillArrow { pill, line } => pill.iter().chain(line).copied().collect(),
            Rule::Clone(pairs) => pairs.iter().flatten().copied().collect(),
            Rule::Arrow { circle, line } => std::iter::once(*circle)
                .chain(line.iter().copied())
                .collect(),
            Rule::Difference { cells, .. } | Rule::Ratio { cells, .. } | Rule::Xv { cells, .. } => {
                cells.to_vec()
            }
            Rule::Odd(cell)
            | Rule::Even(cell)
            | Rule::Minimum(cell)
            | Rule::Maximum(cell)
            | Rule::PencilMarks { cell, .. } => vec![*cell],
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

    /// The band of digit `d` on a grid of side `n` for entropic lines: 0 (low), 1 (middle)
    /// or 2 (high). The bands split `1..=n` in three runs as even as can be, the middle one
    /// longer or shorter than the two others, which have the same length (dclamage's
    /// definition): 1-3, 4-6, 7-9 on the 9×9 grid; 1-2, 3-4, 5-6 on the 6×6; 1, 2-3, 4 on
    /// the 4×4; 1-3, 4-5, 6-8 on the 8×8.
    ///
    /// ```
    /// use sudoku_dlx::variant::Rule;
    /// let bands: Vec<u8> = (1..=9).map(|d| Rule::band(9, d)).collect();
    /// assert_eq!(bands, [0, 0, 0, 1, 1, 1, 2, 2, 2]);
    /// let bands: Vec<u8> = (1..=4).map(|d| Rule::band(4, d)).collect();
    /// assert_eq!(bands, [0, 1, 1, 2]);
    /// ```
    pub fn band(n: usize, d: u8) -> u8 {
        let (floor, ceil) = (n / 3, n.div_ceil(3));
        let (outer, middle) = if 2 * floor + ceil == n {
            (floor, ceil)
        } else {
            (ceil, floor)
        };
        let d = usize::from(d);
        match d {
            _ if d <= outer => 0,
            _ if d <= outer + middle => 1,
            _ => 2,
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
    /// The digits satisfy no marker of this kind showing one of these values (bit `v` for
    /// value `v`).
    Unmarked(Marker, u128),
    /// The digits differ by at least this much.
    Apart(u8),
    /// The digits differ, by at most this much.
    Within(u8),
    /// The digits are equal.
    Equal,
    /// The first digit is not larger.
    NotMore,
    /// When the first cell holds the first digit, the second holds the second.
    Implies(u8, u8),
    /// The digits are in different entropic bands of a grid of this side ([`Rule::band`]).
    OtherBand(u8),
    /// The digits have different residues modulo 3.
    OtherResidue,
    /// The digits are in the same entropic band of a grid of this side ([`Rule::band`]).
    SameBand(u8),
    /// The digits have the same residue modulo 3.
    SameResidue,
}

/// What relations keep, worked out once per relation: a puzzle relates many pairs of cells
/// by few relations (every pair of a line by one), and each has `n²` pairs of digits. A
/// cache: any two are equal.
#[derive(Clone, Debug, Default)]
pub(crate) struct Keeps {
    /// Each relation met on digits `1..=n`, with `2n` masks: for each digit `x` of the
    /// first cell the digits of the second that go with it, then for each digit of the
    /// second those of the first.
    met: Vec<(Relation, usize, Vec<u64>)>,
}

impl PartialEq for Keeps {
    fn eq(&self, _: &Keeps) -> bool {
        true
    }
}

impl Eq for Keeps {}

impl Keeps {
    /// On digits `1..=n`, `of(relation, n, true)[x - 1]`: the digits (bit `y - 1` for `y`)
    /// that the second cell may hold beside `x` in the first; `of(relation, n,
    /// false)[y - 1]`, those the first may hold beside `y` in the second.
    pub(crate) fn of(&mut self, relation: Relation, n: usize, forward: bool) -> &[u64] {
        let met = self
            .met
            .iter()
            .position(|&(r, m, _)| r == relation && m == n);
        let at = match met {
            Some(at) => at,
            None => {
                let mut masks = vec![0u64; 2 * n];
                for x in 1..=n as u8 {
                    for y in 1..=n as u8 {
                        if relation.allows(x, y) {
                            masks[x as usize - 1] |= 1 << (y - 1);
                            masks[n + y as usize - 1] |= 1 << (x - 1);
                        }
                    }
                }
                self.met.push((relation, n, masks));
                self.met.len() - 1
            }
        };
        let masks = &self.met[at].2;
        match forward {
            true => &masks[..n],
            false => &masks[n..],
        }
    }
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
            Relation::Unmarked(marker, values) => !marker.shows_any(values, a, b),
            Relation::Apart(gap) => a.abs_diff(b) >= gap,
            Relation::Within(span) => a != b && a.abs_diff(b) <= span,
            Relation::Equal => a == b,
            Relation::NotMore => a <= b,
            Relation::Implies(x, y) => a != x || b == y,
            Relation::OtherBand(n) => Rule::band(n.into(), a) != Rule::band(n.into(), b),
            Relation::OtherResidue => a % 3 != b % 3,
            Relation::SameBand(n) => Rule::band(n.into(), a) == Rule::band(n.into(), b),
            Relation::SameResidue => a % 3 == b % 3,
        }
    }

    /// True when what a digit bans in the other cell is a range: the digits on one side
    /// of it (a thermometer's step, a slow thermometer's, a minimum or maximum cell's) or
    /// outside a window around it (a renban's span, the digit itself too). Pointing
    /// through such bans alone was measured not to pay (see
    /// [`Model::points`](super::model::Model::points)).
    pub(crate) fn bans_a_range(self) -> bool {
        matches!(
            self,
            Relation::Less | Relation::NotMore | Relation::Within(_)
        )
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

#[cfg(test)]
mod tests {
    use super::{Keeps, Marker, Relation};

    /// Every relation's masks against `allows`, both ways, on grids of 4, 9 and 16 digits;
    /// a relation met again is read from the cache.
    #[test]
    fn what_a_relation_keeps_is_what_it_allows() {
        let relations = [
            Relation::Differ,
            Relation::NotConsecutive,
            Relation::Difference(2),
            Relation::Ratio(2),
            Relation::Sum(10),
            Relation::Less,
            Relation::Unmarked(Marker::Xv, 1 << 5 | 1 << 10),
            Relation::Apart(5),
            Relation::Within(3),
            Relation::Equal,
            Relation::NotMore,
            Relation::Implies(2, 7),
            Relation::OtherBand(9),
            Relation::OtherResidue,
            Relation::SameBand(9),
            Relation::SameResidue,
        ];
        let mut keeps = Keeps::default();
        for n in [4, 9, 16] {
            for relation in relations {
                for _ in 0..2 {
                    let forward = keeps.of(relation, n, true).to_vec();
                    let backward = keeps.of(relation, n, false).to_vec();
                    assert_eq!((forward.len(), backward.len()), (n, n));
                    for x in 1..=n as u8 {
                        for y in 1..=n as u8 {
                            let allows = relation.allows(x, y);
                            assert_eq!(forward[x as usize - 1] >> (y - 1) & 1 == 1, allows);
                            assert_eq!(backward[y as usize - 1] >> (x - 1) & 1 == 1, allows);
                        }
                    }
                }
            }
        }
        assert_eq!(keeps.met.len(), 3 * relations.len());
    }

    /// `shows_any` against its definition: some value of the set that the marker shows,
    /// tried one by one, over digits 0 to 20 and sets of one value, of two, and of all.
    #[test]
    fn a_marker_shows_a_value_of_the_set_as_it_shows_each() {
        let mut sets: Vec<u128> = (0..128).map(|v| 1u128 << v).collect();
        sets.extend((0..127).map(|v| 3u128 << v));
        sets.extend([0, u128::MAX, 1 << 5 | 1 << 10, 1 << 2 | 1 << 3 | 1 << 7]);
        for marker in [Marker::Difference, Marker::Ratio, Marker::Xv] {
            for &values in &sets {
                for a in 0..=20 {
                    for b in 0..=20 {
                        let each =
                            (0..128u8).any(|v| values >> v & 1 == 1 && marker.shows(v, a, b));
                        assert_eq!(
                            marker.shows_any(values, a, b),
                            each,
                            "{marker:?} {values:#x} {a} {b}"
                        );
                    }
                }
            }
        }
    }
}
