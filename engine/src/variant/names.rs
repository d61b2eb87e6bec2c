//! The names of the rules: those that need no cells to name them (`x`, `anti-knight`...),
//! for the command line, the line records' `rules=` field and the Python package; and the
//! families of rules that carry cells (`killer`, `thermometer`...), which the generator places
//! on each solution grid it draws (`generate --rules killer`). One table for both.

use super::{Diagonal, Rule};
use std::fmt;

/// A rule by the name the command line's `--rules`, the `rules=` field of a line record
/// and the Python package's `rules=` give it, or a family of rules that carry cells by the
/// name `generate --rules` gives it: the one table of these names. [`ALL`](Self::ALL) are the
/// rules of the whole grid, which every command takes; [`PLACED`](Self::PLACED) the
/// families that only the generator takes, since it places their cages, lines and dots on
/// the solution it draws.
///
/// ```
/// use sudoku_dlx::variant::{Diagonal, Rule, RuleName};
/// assert_eq!(RuleName::parse("anti-knight"), Some(RuleName::AntiKnight));
/// assert_eq!(RuleName::X.rules(), [Rule::Diagonal(Diagonal::Main), Rule::Diagonal(Diagonal::Anti)]);
/// assert_eq!(RuleName::Disjoint.to_string(), "disjoint");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleName {
    /// Both diagonals (X-sudoku)
    X,
    /// The anti-diagonal, bottom-left to top-right
    DiagonalPlus,
    /// The main diagonal, top-left to bottom-right
    DiagonalMinus,
    /// Cells a knight's move apart differ
    AntiKnight,
    /// Cells a king's move apart differ
    AntiKing,
    /// Orthogonal neighbours are not consecutive
    NonConsecutive,
    /// Four extra 3x3 windows (windows of the box shape)
    Windoku,
    /// Cells at the same place in their boxes differ
    Disjoint,
    /// Killer cages over the whole grid, with their totals
    Killer,
    /// Every kropki dot, with the negative constraint
    Kropki,
    /// Every X and V, with the negative constraint
    Xv,
    /// Thermometers: digits increase from the bulb
    Thermometer,
    /// Arrows: the digits on the line sum to the circle's
    Arrow,
    /// German whispers: neighbours on a line differ by at least half the side
    Whispers,
    /// Renban lines: a set of consecutive digits in any order
    Renban,
    /// Palindrome lines: the same digits read from either end
    Palindrome,
    /// Odd and even cells
    OddEven,
    /// Slow thermometers: digits never decrease from the bulb
    SlowThermometer,
    /// Entropic lines: any three cells in a row hold a low, a middle and a high digit
    Entropic,
    /// Modular lines: any three cells in a row hold digits of three residues modulo 3
    Modular,
    /// Nabner lines: no two digits on a line are equal or consecutive
    Nabner,
    /// Minimum and maximum cells: smaller (larger) than their orthogonal neighbours
    MinMax,
}

impl RuleName {
    /// Every name of a rule of the whole grid, in the order `--help` lists them.
    pub const ALL: [RuleName; 8] = [
        RuleName::X,
        RuleName::DiagonalPlus,
        RuleName::DiagonalMinus,
        RuleName::AntiKnight,
        RuleName::AntiKing,
        RuleName::NonConsecutive,
        RuleName::Windoku,
        RuleName::Disjoint,
    ];

    /// Every family of rules with cells that the generator places, in the order it places
    /// them (lines and arrows first, so that killer cages cover the cells left).
    pub const PLACED: [RuleName; 14] = [
        RuleName::Thermometer,
        RuleName::SlowThermometer,
        RuleName::Arrow,
        RuleName::Whispers,
        RuleName::Renban,
        RuleName::Palindrome,
        RuleName::Entropic,
        RuleName::Modular,
        RuleName::Nabner,
        RuleName::Kropki,
        RuleName::Xv,
        RuleName::OddEven,
        RuleName::MinMax,
        RuleName::Killer,
    ];

    /// The name as written: `x`, `diagonal+`, `anti-knight`...
    pub fn name(self) -> &'static str {
        match self {
            RuleName::X => "x",
            RuleName::DiagonalPlus => "diagonal+",
            RuleName::DiagonalMinus => "diagonal-",
            RuleName::AntiKnight => "anti-knight",
            RuleName::AntiKing => "anti-king",
            RuleName::NonConsecutive => "non-consecutive",
            RuleName::Windoku => "windoku",
            RuleName::Disjoint => "disjoint",
            RuleName::Killer => "killer",
            RuleName::Kropki => "kropki",
            RuleName::Xv => "xv",
            RuleName::Thermometer => "thermometer",
            RuleName::Arrow => "arrow",
            RuleName::Whispers => "whispers",
            RuleName::Renban => "renban",
            RuleName::Palindrome => "palindrome",
            RuleName::OddEven => "odd-even",
            RuleName::SlowThermometer => "slow-thermometer",
            RuleName::Entropic => "entropic",
            RuleName::Modular => "modular",
            RuleName::Nabner => "nabner",
            RuleName::MinMax => "min-max",
        }
    }

    /// The rule of the whole grid of name `text` (one of [`ALL`](Self::ALL)), if there is
    /// one: a family that needs cells is not one (see [`parse_any`](Self::parse_any)).
    pub fn parse(text: &str) -> Option<RuleName> {
        RuleName::ALL.into_iter().find(|rule| rule.name() == text)
    }

    /// The rule or family of rules of name `text`, of [`ALL`](Self::ALL) or
    /// [`PLACED`](Self::PLACED): the names that `generate --rules` takes.
    ///
    /// ```
    /// use sudoku_dlx::variant::RuleName;
    /// assert_eq!(RuleName::parse_any("killer"), Some(RuleName::Killer));
    /// assert_eq!(RuleName::parse("killer"), None);
    /// assert!(RuleName::Killer.is_placed() && !RuleName::X.is_placed());
    /// ```
    pub fn parse_any(text: &str) -> Option<RuleName> {
        RuleName::ALL
            .into_iter()
            .chain(RuleName::PLACED)
            .find(|rule| rule.name() == text)
    }

    /// True for a family of rules with cells, which the generator places on a solution grid
    /// (one of [`PLACED`](Self::PLACED)).
    pub fn is_placed(self) -> bool {
        RuleName::PLACED.contains(&self)
    }

    /// What the rule means, in a line (for help texts).
    pub fn description(self) -> &'static str {
        match self {
            RuleName::X => "Both diagonals (X-sudoku)",
            RuleName::DiagonalPlus => "The anti-diagonal, bottom-left to top-right",
            RuleName::DiagonalMinus => "The main diagonal, top-left to bottom-right",
            RuleName::AntiKnight => "Cells a knight's move apart differ",
            RuleName::AntiKing => "Cells a king's move apart differ",
            RuleName::NonConsecutive => "Orthogonal neighbours are not consecutive",
            RuleName::Windoku => "Four extra 3x3 windows (windows of the box shape)",
            RuleName::Disjoint => "Cells at the same place in their boxes differ",
            RuleName::Killer => "Killer cages over the whole grid, with their totals",
            RuleName::Kropki => "Every kropki dot, with the negative constraint",
            RuleName::Xv => "Every X and V, with the negative constraint",
            RuleName::Thermometer => "Thermometers: digits increase from the bulb",
            RuleName::Arrow => "Arrows: the digits on the line sum to the circle's",
            RuleName::Whispers => {
                "German whispers: neighbours on a line differ by at least half the side"
            }
            RuleName::Renban => "Renban lines: a set of consecutive digits in any order",
            RuleName::Palindrome => "Palindrome lines: the same digits read from either end",
            RuleName::OddEven => "Odd and even cells",
            RuleName::SlowThermometer => "Slow thermometers: digits never decrease from the bulb",
            RuleName::Entropic => {
                "Entropic lines: any three cells in a row hold a low, a middle and a high digit"
            }
            RuleName::Modular => {
                "Modular lines: any three cells in a row hold digits of three residues modulo 3"
            }
            RuleName::Nabner => "Nabner lines: no two digits on a line are equal or consecutive",
            RuleName::MinMax => {
                "Minimum and maximum cells: smaller (larger) than their orthogonal neighbours"
            }
        }
    }

    /// The rules the name stands for; none for a family of [`PLACED`](Self::PLACED), whose
    /// rules the generator makes on each solution grid.
    pub fn rules(self) -> Vec<Rule> {
        match self {
            RuleName::X => vec![
                Rule::Diagonal(Diagonal::Main),
                Rule::Diagonal(Diagonal::Anti),
            ],
            RuleName::DiagonalPlus => vec![Rule::Diagonal(Diagonal::Anti)],
            RuleName::DiagonalMinus => vec![Rule::Diagonal(Diagonal::Main)],
            RuleName::AntiKnight => vec![Rule::AntiKnight],
            RuleName::AntiKing => vec![Rule::AntiKing],
            RuleName::NonConsecutive => vec![Rule::NonConsecutive],
            RuleName::Windoku => vec![Rule::Windoku],
            RuleName::Disjoint => vec![Rule::DisjointGroups],
            RuleName::Killer
            | RuleName::Kropki
            | RuleName::Xv
            | RuleName::Thermometer
            | RuleName::Arrow
            | RuleName::Whispers
            | RuleName::Renban
            | RuleName::Palindrome
            | RuleName::OddEven
            | RuleName::SlowThermometer
            | RuleName::Entropic
            | RuleName::Modular
            | RuleName::Nabner
            | RuleName::MinMax => Vec::new(),
        }
    }

    /// The names of `rules`, both diagonals as `x`; `None` when a rule has no name here (a
    /// killer cage, say: only f-puzzles JSON carries those).
    ///
    /// ```
    /// use sudoku_dlx::variant::{Diagonal, Rule};
    /// use sudoku_dlx::variant::RuleName;
    /// let rules = [Rule::AntiKing, Rule::Diagonal(Diagonal::Anti), Rule::Diagonal(Diagonal::Main)];
    /// assert_eq!(RuleName::names_of(&rules), Some(vec![RuleName::AntiKing, RuleName::X]));
    /// assert_eq!(RuleName::names_of(&[Rule::Odd(3)]), None);
    /// ```
    pub fn names_of(rules: &[Rule]) -> Option<Vec<RuleName>> {
        let main = rules.contains(&Rule::Diagonal(Diagonal::Main));
        let anti = rules.contains(&Rule::Diagonal(Diagonal::Anti));
        let mut names = Vec::new();
        for rule in rules {
            let name = match rule {
                Rule::Diagonal(_) if main && anti => RuleName::X,
                Rule::Diagonal(Diagonal::Main) => RuleName::DiagonalMinus,
                Rule::Diagonal(Diagonal::Anti) => RuleName::DiagonalPlus,
                Rule::AntiKnight => RuleName::AntiKnight,
                Rule::AntiKing => RuleName::AntiKing,
                Rule::NonConsecutive => RuleName::NonConsecutive,
                Rule::Windoku => RuleName::Windoku,
                Rule::DisjointGroups => RuleName::Disjoint,
                _ => return None,
            };
            if !names.contains(&name) {
                names.push(name);
            }
        }
        Some(names)
    }
}

impl fmt::Display for RuleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each name reads back, stands for rules that give it back, and is the name the
    /// rules go by in messages.
    #[test]
    fn names_read_back_and_match_the_rules_names() {
        for name in RuleName::ALL {
            assert_eq!(RuleName::parse(name.name()), Some(name));
            assert_eq!(RuleName::names_of(&name.rules()), Some(vec![name]));
            if let [rule] = &name.rules()[..] {
                assert_eq!(rule.name(), name.name());
            }
        }
        assert_eq!(RuleName::parse("disjoint groups"), None);
        // A family is read by `parse_any` only, stands for no fixed rules, and its name is
        // none of the rules of the whole grid.
        for name in RuleName::PLACED {
            assert_eq!(RuleName::parse_any(name.name()), Some(name));
            assert_eq!(RuleName::parse(name.name()), None);
            assert!(name.rules().is_empty());
        }
    }
}
