//! Errors of building a matrix and of fixing options in advance.

use std::fmt;

/// Why an option could not be added to a matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// An option must cover at least one item.
    EmptyOption,
    /// The option names an item the matrix does not have.
    NoSuchItem {
        /// The item named.
        item: usize,
        /// How many items the matrix has.
        items: usize,
    },
    /// The option names the same item twice.
    RepeatedItem {
        /// The repeated item.
        item: usize,
    },
    /// The option has only secondary items. The search branches on primary items, so such
    /// an option could never be chosen (Knuth's convention): give it a primary item.
    NoPrimaryItem,
    /// The matrix would outgrow its 32-bit node numbers: every node, item and option is
    /// numbered below 2³¹, so that a length never reaches the covered mark.
    TooLarge,
    /// Options were fixed with [`select`](super::ExactCover::select): adding an option now
    /// would have to drop them or leave the new option out of their covers, so it is
    /// refused. Call [`restart`](super::ExactCover::restart) first.
    Selected,
    /// A color was given to a primary item; only secondary items take colors.
    ColoredPrimary {
        /// The primary item.
        item: usize,
    },
    /// The problem gives a primary item a multiplicity other than exactly once, which this
    /// engine does not support: build it with
    /// [`Problem::multi`](super::knuth_format::Problem::multi) instead.
    Multiplicities,
    /// An option's cost exceeds [`MAX_COST`](super::knuth_format::MAX_COST).
    CostTooLarge {
        /// The option.
        option: usize,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::EmptyOption => write!(f, "an option must cover at least one item"),
            BuildError::NoSuchItem { item, items } => {
                write!(
                    f,
                    "item {item} does not exist (the matrix has {items} items)"
                )
            }
            BuildError::RepeatedItem { item } => {
                write!(f, "item {item} appears twice in one option")
            }
            BuildError::NoPrimaryItem => {
                write!(f, "an option must cover at least one primary item")
            }
            BuildError::Multiplicities => write!(
                f,
                "the problem has multiplicities (u:v|name), which only the dlx3 search supports"
            ),
            BuildError::TooLarge => {
                write!(
                    f,
                    "the matrix would need more than 2^31 nodes, items or options"
                )
            }
            BuildError::Selected => write!(
                f,
                "options are selected: restart the matrix before adding options"
            ),
            BuildError::CostTooLarge { option } => write!(
                f,
                "option {option} costs more than {}",
                super::knuth_format::MAX_COST
            ),
            BuildError::ColoredPrimary { item } => {
                write!(f, "item {item} is primary and cannot take a color")
            }
        }
    }
}

impl std::error::Error for BuildError {}

/// An option could not be selected because an earlier selection rules it out: one of its
/// items is already covered, or (in a colored matrix) a purification hid the option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The option that was asked for.
    pub option: usize,
    /// An item of that option that an earlier selection covers, or where the option left
    /// its list when a purification hid it.
    pub item: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "option {} is ruled out at item {} by an earlier selection",
            self.option, self.item
        )
    }
}

impl std::error::Error for Conflict {}

/// Why [`select`](super::ExactCover::select) refused an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectError {
    /// The matrix has no option of that number.
    NoSuchOption {
        /// The option asked for.
        option: usize,
        /// How many options the matrix has.
        options: usize,
    },
    /// An earlier selection already covers one of the option's items, or gives one of its
    /// secondary items another color.
    Conflict(Conflict),
}

impl fmt::Display for SelectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelectError::NoSuchOption { option, options } => write!(
                f,
                "option {option} does not exist (the matrix has {options} options)"
            ),
            SelectError::Conflict(conflict) => conflict.fmt(f),
        }
    }
}

impl std::error::Error for SelectError {}

impl From<Conflict> for SelectError {
    fn from(conflict: Conflict) -> Self {
        SelectError::Conflict(conflict)
    }
}
