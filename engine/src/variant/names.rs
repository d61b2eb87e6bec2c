//! The names of the rules that need no cells to name them (`x`, `anti-knight`...): one
//! table for the command line, the line records' `rules=` field and the Python package.

use super::{Diagonal, Rule};
use std::fmt;

/// A rule by the name the command line's `--rules`, the `rules=` field of a line record
/// and the Python package's `rules=` give it: the one table of these names.
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
}

impl RuleName {
    /// Every name, in the order `--help` lists them.
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
        }
    }

    /// The rule of name `text`, if there is one.
    pub fn parse(text: &str) -> Option<RuleName> {
        RuleName::ALL.into_iter().find(|rule| rule.name() == text)
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
        }
    }

    /// The rules the name stands for.
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
    }
}
