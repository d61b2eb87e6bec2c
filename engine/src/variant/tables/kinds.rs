//! What each kind of table asks of its positions: the choices of a position given the
//! earlier ones, a pruning test of a partial assignment, and the test of a complete one.

use super::Choice;

/// The kinds of table constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TableKind {
    /// Distinct digits with this total (a killer cage).
    Cage(u32),
    /// A set of as many distinct digits as cells, with this total: each cell holds one
    /// of the set (a killer cage whose cells are also a unit, so that they hold exactly the
    /// set). An option per set rather than per order: far fewer, and the search places
    /// the cells.
    CageSet(u32),
    /// The first position's value is the total of the others' (an arrow; the segments of a
    /// region-sum line, a zipper's pairs and a double arrow's two parts, with the total
    /// hidden or a cell).
    Arrow,
    /// Digits, which may repeat, with this total (a little killer).
    Sum(u32),
    /// The last position is the number the other positions' digits read (a pill).
    Number,
    /// The digits between the line's 1 and `n` sum to this; the cells outside are free.
    Sandwich(u32),
    /// The first `X` digits sum to this, `X` being the first digit; the rest are free.
    XSum(u32),
    /// This many digits are larger than every digit before them; each other cell before
    /// `n` holds a digit below the largest so far, the cells after `n` are free.
    Skyscraper(u32),
    /// The first two positions are the ends, at least this far apart; the others hold
    /// digits outside them. (A lockout line of three cells or more, and a between line,
    /// are kept by [`ends`](crate::variant::ends) instead: only a line of its two ends is a
    /// table.)
    Lockout(u8),
    /// The cells hold each of these digits (sorted; a repeat means a repeat): each cell
    /// holds one of them or a digit of none.
    Quadruple(Vec<u8>),
}

/// The digits `low..=high` as a mask (empty when `low > high`).
fn span(low: u32, high: u32) -> u64 {
    (low.max(1)..=high).fold(0, |mask, d| mask | 1 << (d - 1))
}

/// The values chosen so far, `Among` read as 0.
fn value(choice: &Choice) -> u32 {
    match *choice {
        Choice::Value(v) => v,
        Choice::Among(_) => 0,
    }
}

impl TableKind {
    /// True when every assignment gives position `k` one value.
    pub(crate) fn places(&self, k: usize) -> bool {
        match self {
            TableKind::Cage(_) | TableKind::Arrow | TableKind::Sum(_) | TableKind::Number => true,
            TableKind::Lockout(_) => k < 2,
            _ => false,
        }
    }

    /// Pushes the choices of position `k` of `width`, after `chosen`, on a grid of side `n`.
    pub(crate) fn choices(
        &self,
        n: usize,
        k: usize,
        width: usize,
        chosen: &[Choice],
        out: &mut Vec<Choice>,
    ) {
        let n32 = n as u32;
        let all = span(1, n32);
        let digits = |out: &mut Vec<Choice>| out.extend((1..=n32).map(Choice::Value));
        let totals = matches!(self, TableKind::Cage(_) | TableKind::Sum(_))
            || matches!(self, TableKind::Arrow) && k > 0;
        if totals && k + 1 == width {
            // A total's last position can take one value, the rest of the total: only it
            // could complete the assignment (see `complete`), so only it is tried.
            let total: u32 = chosen.iter().map(value).sum();
            let target = match self {
                TableKind::Cage(target) | TableKind::Sum(target) => *target,
                _ => 2 * value(&chosen[0]),
            };
            if let Some(last) = target.checked_sub(total) {
                let repeats =
                    matches!(self, TableKind::Cage(_)) && chosen.iter().any(|c| value(c) == last);
                if (1..=n32).contains(&last) && !repeats {
                    out.push(Choice::Value(last));
                }
            }
            return;
        }
        match self {
            TableKind::CageSet(target) => match chosen.first() {
                Some(&first) => out.push(first),
                None => {
                    let start = out.len();
                    sets_with_sum(1, n32, *target, width as u32, out);
                    let mut j = start;
                    while j < out.len() {
                        match out[j] {
                            // (Smaller sets could never fill the distinct cells.)
                            Choice::Among(set) if set.count_ones() as usize == width => j += 1,
                            _ => {
                                out.swap_remove(j);
                            }
                        }
                    }
                }
            },
            TableKind::Cage(_) => {
                let seen = chosen.iter().fold(0u128, |seen, c| seen | 1 << value(c));
                out.extend((1..=n32).filter(|&d| seen & 1 << d == 0).map(Choice::Value));
            }
            TableKind::Arrow if k == 0 => {
                let left = (width - 1) as u32;
                out.extend((left..=left * n32).map(Choice::Value));
            }
            TableKind::Number if k == width - 1 => {
                let number = chosen.iter().map(value).fold(0u32, |number, d| {
                    let shift = 10u32.pow(d.checked_ilog10().unwrap_or(0) + 1);
                    number.saturating_mul(shift).saturating_add(d)
                });
                out.push(Choice::Value(number));
            }
            TableKind::Arrow | TableKind::Sum(_) | TableKind::Number => digits(out),
            TableKind::Sandwich(target) => match sandwich(chosen) {
                Sandwich::Outside => {
                    out.extend([Choice::Value(1), Choice::Value(n32), Choice::Among(all)])
                }
                Sandwich::Open { first, set: None } => {
                    // The first cell inside chooses the set of digits inside; the row
                    // holds each once, so as many cells as it has digits hold exactly it.
                    if *target == 0 {
                        out.push(Choice::Value(n32 + 1 - first));
                    }
                    let room = (width - k - 1) as u32;
                    sets_with_sum(2, n32 - 1, *target, room, out);
                }
                Sandwich::Open {
                    first,
                    set: Some((set, inside)),
                } => match inside < set.count_ones() {
                    true => out.push(Choice::Among(set)),
                    false => out.push(Choice::Value(n32 + 1 - first)),
                },
                Sandwich::Closed(_) => out.push(Choice::Among(all)),
            },
            TableKind::XSum(target) => match chosen.first().map(value) {
                None => digits(out),
                // The first cell of the side enumerated chooses its set of digits (the
                // row holds each once, so its cells hold exactly it); the others repeat it.
                Some(x) if ((k as u32) < x) != x_complement(x, n32) => {
                    let first = x_first(x, n32);
                    if k > first {
                        out.push(chosen[first]);
                    } else if let (made, Some(goal)) = x_side(chosen, n32, *target) {
                        let cells = x_cells(x, n32, width);
                        let start = out.len();
                        if let Some(rest) = goal.checked_sub(made) {
                            sets_with_sum(1, n32, rest, cells, out);
                        }
                        let mut j = start;
                        while j < out.len() {
                            match out[j] {
                                Choice::Among(set)
                                    if set.count_ones() == cells && set & 1 << (x - 1) == 0 =>
                                {
                                    j += 1
                                }
                                _ => {
                                    out.swap_remove(j);
                                }
                            }
                        }
                    }
                }
                Some(_) => out.push(Choice::Among(all)),
            },
            TableKind::Skyscraper(_) => {
                let highest = chosen.iter().map(value).max().unwrap_or(0);
                if highest == n32 {
                    out.push(Choice::Among(all));
                } else {
                    out.extend((highest + 1..=n32).map(Choice::Value));
                    if highest > 1 {
                        out.push(Choice::Among(span(1, highest - 1)));
                    }
                }
            }
            TableKind::Lockout(_) if k < 2 => digits(out),
            TableKind::Lockout(_) => {
                let (a, b) = (value(&chosen[0]), value(&chosen[1]));
                out.push(Choice::Among(all & !span(a.min(b), a.max(b))));
            }
            TableKind::Quadruple(required) => {
                let mut listed = required.clone();
                listed.dedup();
                let others = listed.iter().fold(all, |mask, &d| mask & !(1 << (d - 1)));
                out.extend(listed.iter().map(|&d| Choice::Value(d.into())));
                out.push(Choice::Among(others));
            }
        }
    }

    /// True when the table's positions are cells that hold distinct digits: a row or
    /// column (sandwiches, X-sums, skyscrapers), or a cage that is also a unit. Then the
    /// digits an option gives cells one by one, or as a set to as many cells as it has
    /// digits, are held there and nowhere else in the table (see `tables::settle`), and a
    /// live option's cells must still be able to hold as many digits as they are cells.
    pub(crate) fn distinct(&self) -> bool {
        matches!(
            self,
            TableKind::Sandwich(_)
                | TableKind::XSum(_)
                | TableKind::Skyscraper(_)
                | TableKind::CageSet(_)
        )
    }

    /// False when `chosen` (of `width` positions, on a grid of side `n`) cannot be
    /// completed.
    pub(crate) fn viable(&self, n: usize, width: usize, chosen: &[Choice]) -> bool {
        let n32 = n as u32;
        let k = chosen.len();
        let left = (width - k) as u32;
        let total: u32 = chosen.iter().map(value).sum();
        match self {
            TableKind::Cage(target) => {
                // The rest takes at least 1 + 2 + ... and at most n + (n-1) + ...
                let least = left * (left + 1) / 2;
                let most = left * (2 * n32 - left.min(n32) + 1) / 2;
                total + least <= *target && total + most >= *target
            }
            TableKind::Arrow => {
                let target = value(&chosen[0]);
                let total = total - target;
                k == 1 || (total + left <= target && total + left * n32 >= target)
            }
            TableKind::Sum(target) => total + left <= *target && total + left * n32 >= *target,
            TableKind::XSum(target) => {
                let (side, goal) = x_side(chosen, n32, *target);
                goal.is_some_and(|goal| side <= goal)
            }
            TableKind::Skyscraper(count) => {
                let (highest, seen) = records(chosen);
                // The cells so far hold distinct digits up to the highest; until `n` comes,
                // one more record at least is to come, and at most one per digit above.
                let reach = match highest == n32 {
                    true => seen == *count,
                    false => seen < *count && seen + (n32 - highest) >= *count,
                };
                k as u32 <= highest && reach
            }
            TableKind::Lockout(gap) if k == 2 => {
                value(&chosen[0]).abs_diff(value(&chosen[1])) >= u32::from(*gap)
            }
            TableKind::Quadruple(required) => missing(required, chosen) <= left as usize,
            _ => true,
        }
    }

    /// True when the complete `chosen` keeps the rule.
    pub(crate) fn complete(&self, n: usize, width: usize, chosen: &[Choice]) -> bool {
        let n32 = n as u32;
        let total: u32 = chosen.iter().map(value).sum();
        match self {
            TableKind::Cage(target) | TableKind::Sum(target) => total == *target,
            TableKind::Arrow => total == 2 * value(&chosen[0]),
            TableKind::Sandwich(target) => match sandwich(chosen) {
                Sandwich::Closed(set) => digit_sum(set) == *target,
                _ => false,
            },
            TableKind::XSum(target) => {
                let (side, goal) = x_side(chosen, n32, *target);
                value(&chosen[0]) as usize <= width && goal == Some(side)
            }
            TableKind::Skyscraper(count) => {
                let (highest, seen) = records(chosen);
                highest == n32 && seen == *count
            }
            TableKind::Quadruple(required) => missing(required, chosen) == 0,
            TableKind::Number | TableKind::Lockout(_) => true,
            TableKind::CageSet(_) => true,
        }
    }
}

/// Where a sandwich's positions chosen so far stand.
enum Sandwich {
    /// Before its first crust (the cells outside are free).
    Outside,
    /// After its first crust, `first` (1 or `n`): with the set of digits inside and how
    /// many cells inside hold it so far, once the first cell inside has chosen it.
    Open { first: u32, set: Option<(u64, u32)> },
    /// After both crusts, the digits between them.
    Closed(u64),
}

/// Reads a sandwich's `chosen` positions: a crust is a 1 or an `n` (the only values its
/// choices give); the cells inside hold a set of digits (`Among`), each the same one.
fn sandwich(chosen: &[Choice]) -> Sandwich {
    let mut state = Sandwich::Outside;
    for choice in chosen {
        state = match (state, *choice) {
            (Sandwich::Outside, Choice::Value(first)) => Sandwich::Open { first, set: None },
            (Sandwich::Open { set, .. }, Choice::Value(_)) => {
                Sandwich::Closed(set.map_or(0, |(set, _)| set))
            }
            (Sandwich::Open { first, set }, Choice::Among(mask)) => {
                let (set, inside) = set.unwrap_or((mask, 0));
                Sandwich::Open {
                    first,
                    set: Some((set, inside + 1)),
                }
            }
            (state, _) => state,
        };
    }
    state
}

/// The sum of the digits of `set` (bit `d - 1` for digit `d`).
fn digit_sum(mut set: u64) -> u32 {
    let mut sum = 0;
    while set != 0 {
        sum += set.trailing_zeros() + 1;
        set &= set - 1;
    }
    sum
}

/// Adds to `out`, as `Among` choices, every nonempty set of at most `room` digits of
/// `low..=high` that sums to `target`.
fn sets_with_sum(low: u32, high: u32, target: u32, room: u32, out: &mut Vec<Choice>) {
    fn extend(from: u32, high: u32, left: u32, room: u32, set: u64, out: &mut Vec<Choice>) {
        if left == 0 {
            if set != 0 {
                out.push(Choice::Among(set));
            }
            return;
        }
        if room == 0 {
            return;
        }
        for d in from..=high.min(left) {
            extend(d + 1, high, left - d, room - 1, set | 1 << (d - 1), out);
        }
    }
    extend(low, high, target, room, 0, out);
}

/// True when an X-sum whose first digit is `x` enumerates the digits after the first `x`
/// instead of the first `x` (fewer of them): the whole line sums to `1 + ... + n`, so they
/// sum to that less the clue.
fn x_complement(x: u32, n: u32) -> bool {
    x - 1 > n - x
}

/// The sum of the digits an X-sum enumerates so far (the first `X`, or those after them)
/// and the total they must reach, if any can.
/// What an X-sum whose first digit is `x` has made so far on the side it enumerates (the
/// first cell's `x` when it is on it, and the digits of the other cells' set once chosen),
/// and what that side must make, if anything can.
fn x_side(chosen: &[Choice], n: u32, target: u32) -> (u32, Option<u32>) {
    let x = value(&chosen[0]);
    let complement = x_complement(x, n);
    let first = x_first(x, n);
    let own = if complement { 0 } else { x };
    let set = match chosen.get(first) {
        Some(Choice::Among(set)) if ((first as u32) < x) != complement => digit_sum(*set),
        _ => 0,
    };
    let goal = match complement {
        true => (n * (n + 1) / 2).checked_sub(target),
        false => Some(target),
    };
    (own + set, goal)
}

/// The first position after the first cell of the side an X-sum whose first digit is `x`
/// enumerates.
fn x_first(x: u32, n: u32) -> usize {
    match x_complement(x, n) {
        true => x as usize,
        false => 1,
    }
}

/// How many cells besides the first that side has, on a line of `width` cells.
fn x_cells(x: u32, n: u32, width: usize) -> u32 {
    match x_complement(x, n) {
        true => (width as u32).saturating_sub(x),
        false => x - 1,
    }
}

/// The highest value chosen and how many values were above all before them.
fn records(chosen: &[Choice]) -> (u32, u32) {
    let (mut highest, mut seen) = (0, 0);
    for v in chosen.iter().map(value).filter(|&v| v > 0) {
        if v > highest {
            highest = v;
            seen += 1;
        }
    }
    (highest, seen)
}

/// How many listed digits the cells chosen so far still lack.
fn missing(required: &[u8], chosen: &[Choice]) -> usize {
    let mut lacking = 0;
    let mut k = 0;
    while k < required.len() {
        let d = required[k];
        let wanted = required[k..].iter().take_while(|&&e| e == d).count();
        let have = chosen
            .iter()
            .filter(|c| **c == Choice::Value(d.into()))
            .count();
        lacking += wanted.saturating_sub(have);
        k += wanted;
    }
    lacking
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[u32]) -> Choice {
        Choice::Among(digits.iter().fold(0, |m, &d| m | 1 << (d - 1)))
    }

    #[test]
    fn a_sandwich_chooses_sets_of_digits_between_its_crusts() {
        let mut out = Vec::new();
        // Digits 2-8 making 10 in at most three cells.
        sets_with_sum(2, 8, 10, 3, &mut out);
        let expected = [set(&[2, 3, 5]), set(&[2, 8]), set(&[3, 7]), set(&[4, 6])];
        assert_eq!(out, expected);
        // Its cells: a 9 first, two cells of {2, 8}, then the 1 closes it.
        let kind = TableKind::Sandwich(10);
        let mut chosen = vec![Choice::Among(0x1ff), Choice::Value(9), set(&[2, 8])];
        let mut next = Vec::new();
        kind.choices(9, 3, 9, &chosen, &mut next);
        assert_eq!(next, [set(&[2, 8])]);
        chosen.push(set(&[2, 8]));
        next.clear();
        kind.choices(9, 4, 9, &chosen, &mut next);
        assert_eq!(next, [Choice::Value(1)]);
        chosen.extend([Choice::Value(1), Choice::Among(0x1ff)]);
        assert!(kind.complete(9, 5, &chosen[..5]));
        assert!(!TableKind::Sandwich(11).complete(9, 5, &chosen[..5]));
    }
}
