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
        }
    }
}

impl std::error::Error for BuildError {}

/// An option could not be selected because one of its items is already covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The option that was asked for.
    pub option: usize,
    /// An item of that option that an earlier selection covers.
    pub item: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "option {} needs item {}, which is already covered",
            self.option, self.item
        )
    }
}

impl std::error::Error for Conflict {}
