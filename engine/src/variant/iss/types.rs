//! Each constraint type of ISS as this engine's rules, as ISS's solver builds it
//! (`solver/sudoku_builder.js`):
//!
//! - `Diagonal~1` is the diagonal from the bottom-left corner ([`Diagonal::Anti`]), `~-1`
//!   the main one; `Whisper` has a least difference of 5 unless its first argument gives
//!   one; `Lockout`'s first argument is the least difference of its ends; `Modular~3` is a
//!   modular line (other moduli are refused); `Entropic` needs the 9x9 grid, as in ISS;
//! - `Cage~S` is a killer cage (a total of 0 or none: digits only differ); `Sum~S` is a
//!   sum whose digits may repeat where cells do not see each other (read as the little
//!   killer's rule, which is that); `AllDifferent` an extra region;
//! - `WhiteDot`, `BlackDot`, `X` and `V` join every two orthogonal neighbours among their
//!   cells; `GreaterThan` makes each cell larger than its neighbours listed after it (a
//!   thermometer of two cells each);
//! - `LittleKiller~S~R1C2` sums the diagonal that starts at that cell (ISS's table of
//!   them); `XSum~R3~A~B` and `Skyscraper~C2~A~B` give the clue `A` read from the left or
//!   top and `B` from the right or bottom (either may be empty); `Sandwich~S~C1`;
//!   `Quad~R1C1~1~2` the 2x2 square from that cell;
//! - `NoBoxes` without `Jigsaw` leaves a Latin square; `Jigsaw` without `NoBoxes` keeps the
//!   boxes as extra regions; `AntiConsecutive` forbids consecutive neighbours everywhere,
//!   so it is refused beside kropki dots, which this engine's rule exempts;
//!   `StrictKropki` and `StrictXV` are the negative constraints.

use super::{Assembled, Item, Refused, TYPES};
use crate::variant::{Diagonal, Marker, Outside, Rule, Side};
use crate::{Grid, Shape};

/// The constraints read so far.
pub(super) struct Reader {
    shape: Shape,
    n: usize,
    /// Each cell's values from givens, intersected when a cell is named twice.
    givens: Vec<Option<Vec<u8>>>,
    rules: Vec<Rule>,
    /// The column of the constraint each rule came from.
    columns: Vec<usize>,
    no_boxes: bool,
    jigsaw: Option<(Vec<usize>, usize)>,
    /// Columns of constraints that need the reading of other ones: `AntiConsecutive`, the
    /// first kropki dot, the first region-sum line.
    anti_consecutive: Option<usize>,
    dot: Option<usize>,
    region_sum: Option<usize>,
}

impl Reader {
    /// A reader for a grid of `shape`.
    pub(super) fn new(shape: Shape) -> Reader {
        Reader {
            shape,
            n: shape.size(),
            givens: vec![None; shape.cells()],
            rules: Vec::new(),
            columns: Vec::new(),
            no_boxes: false,
            jigsaw: None,
            anti_consecutive: None,
            dot: None,
            region_sum: None,
        }
    }

    /// Reads one constraint.
    pub(super) fn item(&mut self, item: &Item) -> Result<(), Refused> {
        let at = item.column;
        let args = item.args.as_slice();
        let rule = match item.name.as_str() {
            "" | "Given" => return self.givens(at, args),
            "Shape" => return Ok(()),
            "NoBoxes" => {
                self.no_boxes = true;
                return Ok(());
            }
            "Jigsaw" => return self.jigsaw(at, args),
            "Diagonal" => match args {
                [d] if d == "1" => Rule::Diagonal(Diagonal::Anti),
                [d] if d == "-1" => Rule::Diagonal(Diagonal::Main),
                _ => return Err(Refused::new(at, "Diagonal takes 1 or -1")),
            },
            "AntiKnight" => Rule::AntiKnight,
            "AntiKing" => Rule::AntiKing,
            "Windoku" => Rule::Windoku,
            "DisjointSets" => Rule::DisjointGroups,
            "AntiConsecutive" => {
                self.anti_consecutive = Some(at);
                Rule::NonConsecutive
            }
            "StrictKropki" => {
                self.push(Rule::Negative(Marker::Difference), at);
                Rule::Negative(Marker::Ratio)
            }
            "StrictXV" => Rule::Negative(Marker::Xv),
            "Thermo" => Rule::Thermometer(self.cells(at, args)?),
            "Whisper" => {
                let (gap, line) = match args.first().map(|a| a.parse::<u8>()) {
                    Some(Ok(gap)) => (gap, &args[1..]),
                    _ => (5, args),
                };
                // ISS joins each two cells in a row; a line that comes back to a cell is
                // read as lines that do not, each starting where the last one ends.
                let line = self.cells(at, line)?;
                let mut start = 0;
                for end in 1..line.len() {
                    if line[start..end].contains(&line[end]) {
                        let part = line[start..end].to_vec();
                        self.push(Rule::Whispers { line: part, gap }, at);
                        start = end - 1;
                    }
                }
                Rule::Whispers {
                    line: line[start..].to_vec(),
                    gap,
                }
            }
            "Renban" => Rule::Renban(self.cells(at, args)?),
            "Modular" => match args.split_first() {
                Some((modulus, line)) if modulus == "3" => Rule::Modular(self.cells(at, line)?),
                _ => return Err(Refused::new(at, "Modular: only modulus 3 is read")),
            },
            "Entropic" if self.n == 9 => Rule::Entropic(self.cells(at, args)?),
            "Entropic" => return Err(Refused::new(at, "Entropic needs the 9x9 grid")),
            "RegionSumLine" => {
                self.region_sum.get_or_insert(at);
                Rule::RegionSumLine(self.cells(at, args)?)
            }
            "Between" => Rule::BetweenLine(self.cells(at, args)?),
            "Lockout" => {
                let (gap, line) = args
                    .split_first()
                    .ok_or_else(|| Refused::new(at, "Lockout: no least difference"))?;
                Rule::Lockout {
                    line: self.cells(at, line)?,
                    gap: number(at, "Lockout's least difference", gap)?,
                }
            }
            "Palindrome" => Rule::Palindrome(self.cells(at, args)?),
            "Zipper" => Rule::ZipperLine(self.cells(at, args)?),
            "Arrow" => {
                let line = self.cells(at, args)?;
                let (&circle, line) = line
                    .split_first()
                    .ok_or_else(|| Refused::new(at, "Arrow without cells"))?;
                Rule::Arrow {
                    circle,
                    line: line.to_vec(),
                }
            }
            "DoubleArrow" => Rule::DoubleArrow(self.cells(at, args)?),
            "PillArrow" => self.pill_arrow(at, args)?,
            "Cage" => {
                let (sum, line) = args
                    .split_first()
                    .ok_or_else(|| Refused::new(at, "Cage without a total"))?;
                let sum = match sum.as_str() {
                    "" => 0,
                    sum => number(at, "Cage's total", sum)?,
                };
                Rule::Killer {
                    cells: self.cells(at, line)?,
                    sum: (sum != 0).then_some(sum),
                }
            }
            "Sum" => {
                let (sum, line) = args
                    .split_first()
                    .ok_or_else(|| Refused::new(at, "Sum without a total"))?;
                if sum.contains('_') {
                    return Err(Refused::new(at, "Sum with coefficients: not supported"));
                }
                Rule::LittleKiller {
                    cells: self.cells(at, line)?,
                    sum: number(at, "Sum's total", sum)?,
                }
            }
            "AllDifferent" => Rule::ExtraRegion(self.cells(at, args)?),
            "WhiteDot" | "BlackDot" | "X" | "V" | "GreaterThan" => {
                return self.pairs(item);
            }
            "LittleKiller" => match args {
                [sum, start] => Rule::LittleKiller {
                    cells: self.little_killer(at, start)?,
                    sum: number(at, "LittleKiller's total", sum)?,
                },
                _ => return Err(Refused::new(at, "LittleKiller takes a total and a cell")),
            },
            "XSum" | "Skyscraper" => return self.double_clue(item),
            "Sandwich" => match args {
                [sum, line] => Rule::Sandwich {
                    clue: self.outside(at, line, true)?,
                    sum: number(at, "Sandwich's total", sum)?,
                },
                _ => {
                    return Err(Refused::new(
                        at,
                        "Sandwich takes a total and a row or column",
                    ))
                }
            },
            "Quad" => {
                let (corner, digits) = args
                    .split_first()
                    .ok_or_else(|| Refused::new(at, "Quad without a cell"))?;
                let corner = self.cell(at, corner)?;
                let (row, col) = (corner / self.n, corner % self.n);
                if row + 1 >= self.n || col + 1 >= self.n {
                    return Err(Refused::new(at, "Quad: its square leaves the grid"));
                }
                let digits = digits
                    .iter()
                    .map(|digit| number(at, "Quad's digit", digit))
                    .collect::<Result<_, _>>()?;
                Rule::Quadruple {
                    cells: vec![corner, corner + 1, corner + self.n, corner + self.n + 1],
                    digits,
                }
            }
            name if TYPES.contains(&name) => {
                return Err(Refused::new(
                    at,
                    format!("ISS constraint {name}: not supported by this engine"),
                ))
            }
            name => {
                return Err(Refused::new(
                    at,
                    format!("{name:?} is not a constraint type of ISS"),
                ))
            }
        };
        self.push(rule, at);
        Ok(())
    }

    fn push(&mut self, rule: Rule, column: usize) {
        self.rules.push(rule);
        self.columns.push(column);
    }

    /// The givens and rules, after the checks that need the whole string.
    pub(super) fn finish(mut self) -> Result<Assembled, Refused> {
        if let (Some(at), Some(_)) = (self.anti_consecutive, self.dot) {
            return Err(Refused::new(
                at,
                "AntiConsecutive beside kropki dots: ISS forbids consecutive digits on dotted \
                 pairs too, where this engine's non-consecutive rule exempts them",
            ));
        }
        if let Some(at) = self.region_sum {
            if self.jigsaw.is_some() && !self.no_boxes {
                return Err(Refused::new(
                    at,
                    "RegionSumLine with both boxes and a Jigsaw: ISS cuts it by the boxes, \
                     this engine by the jigsaw's regions",
                ));
            }
            if self.jigsaw.is_none() && self.no_boxes {
                return Err(Refused::new(at, "RegionSumLine without regions (NoBoxes)"));
            }
        }
        let n = self.n;
        let regions = match (self.jigsaw.take(), self.no_boxes) {
            (Some((regions, _)), true) => Some(regions),
            (Some((regions, at)), false) => {
                for b in 0..n {
                    let cells = (0..n * n).filter(|&c| self.shape.box_of(c) == b).collect();
                    self.push(Rule::ExtraRegion(cells), at);
                }
                Some(regions)
            }
            (None, true) => Some((0..n * n).map(|cell| cell / n).collect()),
            (None, false) => None,
        };
        let mut grid = Grid::empty(self.shape);
        for (cell, values) in self.givens.iter().enumerate() {
            match values.as_deref() {
                Some([digit]) => grid.set(cell / n, cell % n, *digit),
                Some(digits) => {
                    self.rules.push(Rule::PencilMarks {
                        cell,
                        digits: digits.to_vec(),
                    });
                    self.columns.push(1);
                }
                None => {}
            }
        }
        Ok((grid, regions, self.rules, self.columns))
    }

    /// `R1C1_5` (a given) or `R1C1_1_2` (pencil marks) for each argument.
    fn givens(&mut self, at: usize, args: &[String]) -> Result<(), Refused> {
        for arg in args {
            let mut parts = arg.split('_');
            let cell = self.cell(at, parts.next().unwrap_or(""))?;
            let values: Vec<u8> = parts
                .map(|v| number(at, "a given's value", v))
                .collect::<Result<_, _>>()?;
            if values.iter().any(|&v| v == 0 || usize::from(v) > self.n) {
                return Err(Refused::new(
                    at,
                    format!("{arg}: a value outside 1 to {}", self.n),
                ));
            }
            let kept = match self.givens[cell].take() {
                Some(before) => before.into_iter().filter(|v| values.contains(v)).collect(),
                None => values,
            };
            if kept.is_empty() {
                return Err(Refused::new(
                    at,
                    format!("{arg}: no value left for the cell"),
                ));
            }
            self.givens[cell] = Some(kept);
        }
        Ok(())
    }

    /// `Jigsaw~LAYOUT` (or the older `Jigsaw~9x9~LAYOUT`): a character per cell, one per
    /// region.
    fn jigsaw(&mut self, at: usize, args: &[String]) -> Result<(), Refused> {
        let n = self.n;
        let layout = match args {
            [layout] | [_, layout] => layout,
            _ => return Err(Refused::new(at, "Jigsaw takes a layout")),
        };
        if layout.chars().count() != n * n {
            return Err(Refused::new(
                at,
                format!("Jigsaw: the layout has not {} cells", n * n),
            ));
        }
        let mut names: Vec<char> = Vec::new();
        let regions: Vec<usize> = layout
            .chars()
            .map(|c| match names.iter().position(|&name| name == c) {
                Some(k) => k,
                None => {
                    names.push(c);
                    names.len() - 1
                }
            })
            .collect();
        if names.len() != n || (0..n).any(|r| regions.iter().filter(|&&x| x == r).count() != n) {
            return Err(Refused::new(
                at,
                format!("Jigsaw: not {n} regions of {n} cells"),
            ));
        }
        if self.jigsaw.replace((regions, at)).is_some() {
            return Err(Refused::new(at, "a second Jigsaw"));
        }
        Ok(())
    }

    /// `PillArrow~K~...`: the first `K` cells (2 or 3) are the pill, read in reading order.
    fn pill_arrow(&self, at: usize, args: &[String]) -> Result<Rule, Refused> {
        let (size, rest) = args
            .split_first()
            .ok_or_else(|| Refused::new(at, "PillArrow without a pill size"))?;
        let size = match size.as_str() {
            "2" => 2,
            "3" => 3,
            _ => return Err(Refused::new(at, "PillArrow: the pill has 2 or 3 cells")),
        };
        let cells = self.cells(at, rest)?;
        if cells.len() <= size {
            return Err(Refused::new(at, "PillArrow: no line beyond the pill"));
        }
        let mut pill = cells[..size].to_vec();
        pill.sort_unstable();
        Ok(Rule::PillArrow {
            pill,
            line: cells[size..].to_vec(),
        })
    }

    /// Dots, X, V and greater-than signs: each two orthogonal neighbours among the cells,
    /// the earlier one first.
    fn pairs(&mut self, item: &Item) -> Result<(), Refused> {
        let at = item.column;
        let cells = self.cells(at, &item.args)?;
        let n = self.n;
        let mut pairs = Vec::new();
        for (k, &a) in cells.iter().enumerate() {
            for &b in &cells[k + 1..] {
                let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
                if ra.abs_diff(rb) + ca.abs_diff(cb) == 1 {
                    pairs.push([a, b]);
                }
            }
        }
        if pairs.is_empty() {
            return Err(Refused::new(
                at,
                format!("{}: no two neighbouring cells", item.name),
            ));
        }
        if matches!(item.name.as_str(), "WhiteDot" | "BlackDot") {
            self.dot.get_or_insert(at);
        }
        for cells in pairs {
            let rule = match item.name.as_str() {
                "WhiteDot" => Rule::Difference { cells, value: 1 },
                "BlackDot" => Rule::Ratio { cells, value: 2 },
                "X" => Rule::Xv { cells, sum: 10 },
                "V" => Rule::Xv { cells, sum: 5 },
                _ => Rule::Thermometer(vec![cells[1], cells[0]]),
            };
            self.push(rule, at);
        }
        Ok(())
    }

    /// `XSum~R3~A~B` or `Skyscraper~C2~A~B`: clue `A` from the left or top, `B` from the
    /// right or bottom, either left empty.
    fn double_clue(&mut self, item: &Item) -> Result<(), Refused> {
        let at = item.column;
        let (line, forward, backward) = match item.args.as_slice() {
            [line, forward] => (line, forward.as_str(), ""),
            [line, forward, backward] => (line, forward.as_str(), backward.as_str()),
            _ => {
                return Err(Refused::new(
                    at,
                    format!("{} takes a row or column and one or two clues", item.name),
                ))
            }
        };
        for (value, first) in [(forward, true), (backward, false)] {
            if value.is_empty() {
                continue;
            }
            let clue = self.outside(at, line, first)?;
            let rule = match item.name.as_str() {
                "XSum" => Rule::XSum {
                    clue,
                    sum: number(at, "XSum's total", value)?,
                },
                _ => Rule::Skyscraper {
                    clue,
                    count: number(at, "Skyscraper's count", value)?,
                },
            };
            self.push(rule, at);
        }
        Ok(())
    }

    /// `R3` or `C2`, read from the left or top when `first`, else from the other end.
    fn outside(&self, at: usize, line: &str, first: bool) -> Result<Outside, Refused> {
        let refused = || Refused::new(at, format!("{line}: not a row (R3) or column (C2)"));
        let index = line
            .get(1..)
            .and_then(|k| k.parse::<usize>().ok())
            .filter(|&k| (1..=self.n).contains(&k))
            .ok_or_else(refused)?
            - 1;
        let side = match (line.as_bytes()[0].to_ascii_uppercase(), first) {
            (b'R', true) => Side::Left,
            (b'R', false) => Side::Right,
            (b'C', true) => Side::Top,
            (b'C', false) => Side::Bottom,
            _ => return Err(refused()),
        };
        Ok(Outside { side, index })
    }

    /// The diagonal of a little killer clue that starts at `start`, as ISS lists them: from
    /// the left side down and right, the right side up and left, the top down and left, the
    /// bottom up and right, each set of cells once.
    fn little_killer(&self, at: usize, start: &str) -> Result<Vec<usize>, Refused> {
        let n = self.n as isize;
        let wanted = self.cell(at, start)?;
        let mut seen: Vec<Vec<usize>> = Vec::new();
        let starts = (0..n - 1)
            .map(|r| (r, 0, 1, 1))
            .chain((1..n - 1).map(|r| (r, n - 1, -1, -1)))
            .chain((1..n).map(|c| (0, c, 1, -1)))
            .chain((1..n - 1).map(|c| (n - 1, c, -1, 1)));
        for (mut r, mut c, dr, dc) in starts {
            let mut cells = Vec::new();
            while (0..n).contains(&r) && (0..n).contains(&c) {
                cells.push((r * n + c) as usize);
                (r, c) = (r + dr, c + dc);
            }
            let mut set = cells.clone();
            set.sort_unstable();
            if cells.len() <= 1 || seen.contains(&set) {
                continue;
            }
            seen.push(set);
            if cells[0] == wanted {
                return Ok(cells);
            }
        }
        Err(Refused::new(
            at,
            format!("LittleKiller: no clue's diagonal starts at {start}"),
        ))
    }

    /// The cells named by `list`.
    fn cells(&self, at: usize, list: &[String]) -> Result<Vec<usize>, Refused> {
        if list.last().is_some_and(|last| last == "LOOP") {
            return Err(Refused::new(at, "a line drawn as a loop: not supported"));
        }
        list.iter().map(|id| self.cell(at, id)).collect()
    }

    /// A cell named `R1C1`: a row and a column from 1, each one character (`a` to `g` for
    /// 10 to 16).
    fn cell(&self, at: usize, id: &str) -> Result<usize, Refused> {
        let refused = || Refused::new(at, format!("{id:?}: not a cell of the grid (R1C1)"));
        let bytes = id.as_bytes();
        let [r, row, c, col] = bytes else {
            return Err(refused());
        };
        if !r.eq_ignore_ascii_case(&b'R') || !c.eq_ignore_ascii_case(&b'C') {
            return Err(refused());
        }
        let place = |b: u8| {
            (b as char)
                .to_digit(17)
                .filter(|&d| d >= 1)
                .map(|d| d as usize - 1)
        };
        match (place(*row), place(*col)) {
            (Some(row), Some(col)) if row < self.n && col < self.n => Ok(row * self.n + col),
            _ => Err(refused()),
        }
    }
}

/// A number argument of a constraint.
fn number<T: std::str::FromStr>(at: usize, what: &str, text: &str) -> Result<T, Refused> {
    text.parse()
        .map_err(|_| Refused::new(at, format!("{what} {text:?} is not a number")))
}
