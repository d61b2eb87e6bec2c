//! Why a variant puzzle could not be built.

use crate::sudoku::Cell;
use std::fmt;

/// A rule of a variant puzzle, as errors name it: its place in the rule list (from 0) and
/// its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleRef {
    /// The rule's index in the variant's rule list.
    pub index: usize,
    /// The rule's name (`killer cage`, `arrow`...).
    pub name: &'static str,
}

impl fmt::Display for RuleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (rule {})", self.name, self.index + 1)
    }
}

/// Why a variant puzzle was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// The givens grid is not of the variant's shape.
    GivensShape,
    /// The region map does not have one entry per cell.
    RegionsLength {
        /// Entries given.
        found: usize,
        /// Cells in the grid.
        expected: usize,
    },
    /// A region does not have `n` cells (or there are not `n` regions).
    RegionSize {
        /// The region's number, from 0.
        region: usize,
        /// Its cells.
        cells: usize,
        /// The grid's side.
        expected: usize,
    },
    /// A rule names a cell index outside the grid.
    CellOutside {
        /// The rule.
        rule: RuleRef,
        /// The index named.
        cell: usize,
    },
    /// A rule names the same cell twice.
    RepeatedCell {
        /// The rule.
        rule: RuleRef,
        /// The cell.
        cell: Cell,
    },
    /// A rule has too few cells to mean anything (an empty cage, an arrow without a line).
    TooFewCells {
        /// The rule.
        rule: RuleRef,
    },
    /// A rule of distinct digits has more cells than the grid has digits.
    TooManyCells {
        /// The rule.
        rule: RuleRef,
        /// Its cells.
        cells: usize,
        /// The grid's side.
        size: usize,
    },
    /// A dot's value is 0, or an X/V sum is not 5 or 10.
    BadValue {
        /// The rule.
        rule: RuleRef,
        /// The value.
        value: u32,
    },
    /// The rule needs the boxes of the shape and the grid has irregular regions.
    NeedsBoxes {
        /// The rule.
        rule: RuleRef,
    },
    /// No grid keeps the rules, so no puzzle can be made with them.
    NoSolution {
        /// How many rules there are.
        rules: usize,
    },
    /// An outside clue faces a row or column the grid does not have.
    ClueOutside {
        /// The rule.
        rule: RuleRef,
        /// The row or column named, from 0.
        index: usize,
    },
    /// A sum constraint has more digit assignments than the encoding builds.
    SumTooLarge {
        /// The rule.
        rule: RuleRef,
        /// The largest number of assignments built for one constraint.
        limit: usize,
    },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::GivensShape => f.write_str("the givens do not have the grid's shape"),
            VariantError::RegionsLength { found, expected } => {
                write!(f, "regions: {found} cells, expected {expected}")
            }
            VariantError::RegionSize {
                region,
                cells,
                expected,
            } => write!(
                f,
                "region {} has {cells} cells, expected {expected}",
                region + 1
            ),
            VariantError::CellOutside { rule, cell } => {
                write!(f, "{rule}: cell {cell} is outside the grid")
            }
            VariantError::RepeatedCell { rule, cell } => write!(f, "{rule}: {cell} named twice"),
            VariantError::TooFewCells { rule } => write!(f, "{rule}: too few cells"),
            VariantError::TooManyCells { rule, cells, size } => write!(
                f,
                "{rule}: {cells} cells cannot hold distinct digits of a {size}x{size} grid"
            ),
            VariantError::BadValue { rule, value } => write!(f, "{rule}: bad value {value}"),
            VariantError::NeedsBoxes { rule } => {
                write!(f, "{rule}: needs the regular boxes, not irregular regions")
            }
            VariantError::NoSolution { rules: 1 } => f.write_str("no grid keeps this rule"),
            VariantError::NoSolution { rules } => {
                write!(f, "no grid keeps these {rules} rules")
            }
            VariantError::ClueOutside { rule, index } => {
                write!(f, "{rule}: row or column {} is outside the grid", index + 1)
            }
            VariantError::SumTooLarge { rule, limit } => write!(
                f,
                "{rule}: more than {limit} digit assignments, the most one sum constraint may have"
            ),
        }
    }
}

impl std::error::Error for VariantError {}
