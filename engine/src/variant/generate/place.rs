//! Families of rules with cells placed on a solution grid, from its digits, so that the grid
//! keeps them: killer cages over every free cell with their totals; every kropki dot, or
//! every X and V, with the negative constraint; thermometers (slow ones too), whispers,
//! renban, palindrome, entropic, modular and nabner lines and arrows along random paths of
//! king's moves whose digits fit; odd and even marks on a quarter of the cells; minimum and
//! maximum marks on half the cells smaller or larger than their orthogonal neighbours. Cages, lines and arrows never share a cell (a cell in two sums
//! cannot be encoded, and crossing lines are hard to read); dots and marks go anywhere.

use crate::setter::SetterRng;
use crate::variant::geometry::{orthogonal_neighbours, orthogonal_pairs};
use crate::variant::{Marker, Rule, RuleName};
use crate::{Grid, Shape};

/// Starting cells tried for one line or arrow before it is given up.
const TRIES: usize = 24;

/// The cells that the cages, lines, arrows and extra regions of `rules` cover, which a
/// placed cage, line or arrow avoids.
pub(super) fn taken_by(shape: Shape, rules: &[Rule]) -> Vec<bool> {
    let mut taken = vec![false; shape.cells()];
    for rule in rules {
        let covers = matches!(
            rule,
            Rule::ExtraRegion(_)
                | Rule::Killer { .. }
                | Rule::Thermometer(_)
                | Rule::Arrow { .. }
                | Rule::Whispers { .. }
                | Rule::Renban(_)
                | Rule::Palindrome(_)
                | Rule::Entropic(_)
                | Rule::Modular(_)
                | Rule::Nabner(_)
                | Rule::SlowThermometer(_)
        );
        if covers {
            rule.cells().into_iter().for_each(|cell| taken[cell] = true);
        }
    }
    taken
}

/// The rules of family `name` placed on `solution` (none for a name that is not a family),
/// covering only cells not `taken` where the family has cages, lines or arrows, which it
/// then marks taken.
pub(super) fn place(
    name: RuleName,
    solution: &Grid,
    taken: &mut [bool],
    rng: &mut SetterRng,
) -> Vec<Rule> {
    let mut grid = Placing {
        n: solution.shape().size(),
        digits: solution.cells(),
        taken,
        rng,
    };
    match name {
        RuleName::Killer => grid.killer(),
        RuleName::Kropki => grid.dots(&[Marker::Difference, Marker::Ratio]),
        RuleName::Xv => grid.dots(&[Marker::Xv]),
        RuleName::OddEven => grid.odd_even(),
        RuleName::MinMax => grid.extrema(),
        RuleName::Arrow => grid.arrows(),
        RuleName::Thermometer
        | RuleName::SlowThermometer
        | RuleName::Whispers
        | RuleName::Renban
        | RuleName::Palindrome
        | RuleName::Entropic
        | RuleName::Modular
        | RuleName::Nabner => grid.lines(name),
        // The rules of the whole grid are not placed.
        RuleName::X
        | RuleName::DiagonalPlus
        | RuleName::DiagonalMinus
        | RuleName::AntiKnight
        | RuleName::AntiKing
        | RuleName::NonConsecutive
        | RuleName::Windoku
        | RuleName::Disjoint => Vec::new(),
    }
}

/// A solution grid being marked with rules.
struct Placing<'a> {
    n: usize,
    digits: &'a [u8],
    taken: &'a mut [bool],
    rng: &'a mut SetterRng,
}

impl Placing<'_> {
    /// The largest killer cage drawn: small enough that its digit assignments stay few
    /// (see [`MAX_SUM_OPTIONS`](crate::variant::MAX_SUM_OPTIONS)).
    fn largest_cage(&self) -> usize {
        match self.n {
            n if n <= 9 => (n / 2 + 1).min(4),
            _ => 4,
        }
    }

    /// Cages over every free cell: each grown from a random free cell through orthogonal
    /// neighbours with digits not yet in it, to a random size from 2 to
    /// [`largest_cage`](Self::largest_cage); a cell left alone joins a neighbouring cage
    /// that lacks its digit when there is one. Each cage's total is its digits' sum.
    fn killer(&mut self) -> Vec<Rule> {
        let cells = self.digits.len();
        let largest = self.largest_cage();
        let mut cage_of: Vec<Option<usize>> = vec![None; cells];
        let mut cages: Vec<Vec<usize>> = Vec::new();
        for start in self.rng.permutation(cells) {
            if self.taken[start] || cage_of[start].is_some() {
                continue;
            }
            let size = 2 + self.rng.below(largest - 1);
            let mut cage = vec![start];
            cage_of[start] = Some(cages.len());
            while cage.len() < size {
                let next: Vec<usize> = cage
                    .iter()
                    .flat_map(|&cell| orthogonal_neighbours(self.n, cell))
                    .filter(|&c| !self.taken[c] && cage_of[c].is_none())
                    .filter(|&c| cage.iter().all(|&k| self.digits[k] != self.digits[c]))
                    .collect();
                if next.is_empty() {
                    break;
                }
                let cell = next[self.rng.below(next.len())];
                cage_of[cell] = Some(cages.len());
                cage.push(cell);
            }
            cages.push(cage);
        }
        // A cage of one cell shows its digit: it joins a neighbour when one can take it.
        for lone in 0..cages.len() {
            let [cell] = cages[lone][..] else { continue };
            let host = orthogonal_neighbours(self.n, cell)
                .into_iter()
                .filter_map(|c| cage_of[c])
                .find(|&k| {
                    cages[k].len() > 1
                        && cages[k].len() <= largest
                        && cages[k]
                            .iter()
                            .all(|&c| self.digits[c] != self.digits[cell])
                });
            if let Some(host) = host {
                cages[host].push(cell);
                cages[lone].clear();
                cage_of[cell] = Some(host);
            }
        }
        cages
            .into_iter()
            .filter(|cage| !cage.is_empty())
            .map(|cage| {
                cage.iter().for_each(|&cell| self.taken[cell] = true);
                let sum = cage.iter().map(|&c| u32::from(self.digits[c])).sum();
                Rule::Killer {
                    cells: cage,
                    sum: Some(sum),
                }
            })
            .collect()
    }

    /// A dot (or X, or V) of each `markers` kind between every two orthogonal neighbours
    /// whose digits keep it, then the negative constraint of each kind: no other neighbours
    /// keep it. Neighbours holding 1 and 2 carry both kropki dots.
    fn dots(&mut self, markers: &[Marker]) -> Vec<Rule> {
        let mut rules = Vec::new();
        for [a, b] in orthogonal_pairs(self.n) {
            let (x, y) = (self.digits[a], self.digits[b]);
            for &marker in markers {
                if !marker.satisfied(x, y) {
                    continue;
                }
                let cells = [a, b];
                rules.push(match marker {
                    Marker::Difference => Rule::Difference { cells, value: 1 },
                    Marker::Ratio => Rule::Ratio { cells, value: 2 },
                    Marker::Xv => Rule::Xv { cells, sum: x + y },
                });
            }
        }
        rules.extend(markers.iter().map(|&marker| Rule::Negative(marker)));
        rules
    }

    /// An odd or even mark, as its digit is, on a quarter of the cells (at random).
    fn odd_even(&mut self) -> Vec<Rule> {
        let cells = self.digits.len();
        let mut marked = self.rng.permutation(cells);
        marked.truncate(cells / 4);
        marked.sort_unstable();
        marked
            .into_iter()
            .map(|cell| match self.digits[cell] % 2 {
                1 => Rule::Odd(cell),
                _ => Rule::Even(cell),
            })
            .collect()
    }

    /// A minimum (maximum) mark on half the cells, at random, of those smaller (larger) than
    /// each of their orthogonal neighbours.
    fn extrema(&mut self) -> Vec<Rule> {
        let cells = self.digits.len();
        let digits = self.digits;
        let beats = |cell: usize, lower: bool| {
            orthogonal_neighbours(self.n, cell)
                .into_iter()
                .all(|other| (digits[cell] < digits[other]) == lower)
        };
        let extrema: Vec<Rule> = (0..cells)
            .filter_map(|cell| match (beats(cell, true), beats(cell, false)) {
                (true, _) => Some(Rule::Minimum(cell)),
                (_, true) => Some(Rule::Maximum(cell)),
                _ => None,
            })
            .collect();
        let mut kept: Vec<usize> = self.rng.permutation(extrema.len());
        kept.truncate(extrema.len().div_ceil(2));
        kept.sort_unstable();
        kept.into_iter().map(|k| extrema[k].clone()).collect()
    }

    /// How many lines or arrows of a family a grid gets: two thirds of its side, at least 2.
    fn count(&self) -> usize {
        (2 * self.n / 3).max(2)
    }

    /// A random free cell, if there is one.
    fn free_cell(&mut self) -> Option<usize> {
        let free: Vec<usize> = (0..self.digits.len()).filter(|&c| !self.taken[c]).collect();
        (!free.is_empty()).then(|| free[self.rng.below(free.len())])
    }

    /// The free cells a king's move from `cell` and not on `path`.
    fn next_cells(&self, cell: usize, path: &[usize]) -> Vec<usize> {
        let (row, col, n) = (cell / self.n, cell % self.n, self.n);
        let mut next = Vec::new();
        for r in row.saturating_sub(1)..(row + 2).min(n) {
            for c in col.saturating_sub(1)..(col + 2).min(n) {
                let other = r * n + c;
                if other != cell && !self.taken[other] && !path.contains(&other) {
                    next.push(other);
                }
            }
        }
        next
    }

    /// Lines of family `name` (a thermometer, slow or not, whispers, renban, palindrome,
    /// entropic, modular or nabner line) of 3 cells or more, up to [`count`](Self::count) of
    /// them, each marked taken.
    fn lines(&mut self, name: RuleName) -> Vec<Rule> {
        let mut rules = Vec::new();
        for _ in 0..self.count() {
            for _ in 0..TRIES {
                let Some(start) = self.free_cell() else {
                    return rules;
                };
                let length = 3 + self.rng.below(self.n / 2);
                let line = match name {
                    RuleName::Palindrome => self.palindrome(start, length),
                    RuleName::Renban => self.renban(start, length.min(self.n)),
                    _ => {
                        let (n, gap) = (self.n, self.n.div_ceil(2) as u8);
                        // The digits of the line so far, and the next one.
                        self.walk(start, length, |line: &[u8], next: u8| {
                            let last = line[line.len() - 1];
                            let recent = &line[line.len().saturating_sub(2)..];
                            match name {
                                RuleName::Thermometer => last < next,
                                RuleName::SlowThermometer => last <= next,
                                RuleName::Entropic => recent
                                    .iter()
                                    .all(|&d| Rule::band(n, d) != Rule::band(n, next)),
                                RuleName::Modular => recent.iter().all(|&d| d % 3 != next % 3),
                                RuleName::Nabner => line.iter().all(|&d| d.abs_diff(next) >= 2),
                                _ => last.abs_diff(next) >= gap,
                            }
                        })
                    }
                };
                if line.len() < 3 {
                    continue;
                }
                line.iter().for_each(|&cell| self.taken[cell] = true);
                rules.push(match name {
                    RuleName::Thermometer => Rule::Thermometer(line),
                    RuleName::SlowThermometer => Rule::SlowThermometer(line),
                    RuleName::Renban => Rule::Renban(line),
                    RuleName::Palindrome => Rule::Palindrome(line),
                    RuleName::Entropic => Rule::Entropic(line),
                    RuleName::Modular => Rule::Modular(line),
                    RuleName::Nabner => Rule::Nabner(line),
                    _ => Rule::Whispers {
                        line,
                        gap: self.n.div_ceil(2) as u8,
                    },
                });
                break;
            }
        }
        rules
    }

    /// A random path from `start` of at most `length` cells, each step to a free cell whose
    /// digit `follows` the digits of the path so far.
    fn walk(
        &mut self,
        start: usize,
        length: usize,
        follows: impl Fn(&[u8], u8) -> bool,
    ) -> Vec<usize> {
        let mut path = vec![start];
        while path.len() < length {
            let line: Vec<u8> = path.iter().map(|&c| self.digits[c]).collect();
            let next: Vec<usize> = self
                .next_cells(path[path.len() - 1], &path)
                .into_iter()
                .filter(|&c| follows(&line, self.digits[c]))
                .collect();
            if next.is_empty() {
                break;
            }
            path.push(next[self.rng.below(next.len())]);
        }
        path
    }

    /// A renban line of exactly `length` cells from `start`, through the digits of a random
    /// run of `length` consecutive digits that holds `start`'s; empty when the walk stops
    /// short.
    fn renban(&mut self, start: usize, length: usize) -> Vec<usize> {
        let digit = usize::from(self.digits[start]);
        let lowest = digit.saturating_sub(length - 1).max(1);
        let highest = digit.min(self.n + 1 - length);
        let low = (lowest + self.rng.below(highest + 1 - lowest)) as u8;
        let run = low..low + length as u8;
        let mut path = vec![start];
        while path.len() < length {
            let used: Vec<u8> = path.iter().map(|&c| self.digits[c]).collect();
            let next: Vec<usize> = self
                .next_cells(path[path.len() - 1], &path)
                .into_iter()
                .filter(|&c| run.contains(&self.digits[c]) && !used.contains(&self.digits[c]))
                .collect();
            if next.is_empty() {
                return Vec::new();
            }
            path.push(next[self.rng.below(next.len())]);
        }
        path
    }

    /// A palindrome of at most `length` cells with `start` in its middle, grown at both ends
    /// at once by two cells holding the same digit.
    fn palindrome(&mut self, start: usize, length: usize) -> Vec<usize> {
        let mut path = std::collections::VecDeque::from([start]);
        while path.len() + 2 <= length {
            let whole: Vec<usize> = path.iter().copied().collect();
            let (front, back) = (whole[0], whole[whole.len() - 1]);
            let fronts = self.next_cells(front, &whole);
            let pairs: Vec<(usize, usize)> = self
                .next_cells(back, &whole)
                .into_iter()
                .flat_map(|b| fronts.iter().map(move |&a| (a, b)))
                .filter(|&(a, b)| a != b && self.digits[a] == self.digits[b])
                .collect();
            if pairs.is_empty() {
                break;
            }
            let (a, b) = pairs[self.rng.below(pairs.len())];
            path.push_front(a);
            path.push_back(b);
        }
        path.into()
    }

    /// Arrows, up to [`count`](Self::count) of them: a circle on a free cell of digit 2 or
    /// more, and a random path from it whose digits sum to the circle's.
    fn arrows(&mut self) -> Vec<Rule> {
        let mut rules = Vec::new();
        for _ in 0..self.count() {
            for _ in 0..TRIES {
                let Some(circle) = self.free_cell() else {
                    return rules;
                };
                let total = self.digits[circle];
                let mut path = vec![circle];
                let mut sum = 0;
                while sum < total {
                    let next: Vec<usize> = self
                        .next_cells(path[path.len() - 1], &path)
                        .into_iter()
                        .filter(|&c| self.digits[c] <= total - sum)
                        .collect();
                    if next.is_empty() {
                        break;
                    }
                    let cell = next[self.rng.below(next.len())];
                    sum += self.digits[cell];
                    path.push(cell);
                }
                if sum != total || path.len() < 2 {
                    continue;
                }
                path.iter().for_each(|&cell| self.taken[cell] = true);
                rules.push(Rule::Arrow {
                    circle,
                    line: path[1..].to_vec(),
                });
                break;
            }
        }
        rules
    }
}
