//! Item and color names to numbers: the table that turns names into a [`Problem`], shared by
//! the reader of Knuth's format ([`Problem::parse`]) and by [`Problem::from_names`] (lists
//! of names, as a program holds them), so that both take the same names and refuse the same
//! mistakes for the same [`Reason`]s.
//!
//! ```
//! use sudoku_dlx::exact_cover::knuth_format::Problem;
//! use sudoku_dlx::exact_cover::names::{NamesError, Place};
//!
//! // Knuth's colored example (docs/xc.md), from lists of names.
//! let options = [
//!     vec!["p", "q", "x", "y:A"],
//!     vec!["p", "r", "x:A", "y"],
//!     vec!["p", "x:B"],
//!     vec!["q", "x:A"],
//!     vec!["r", "y:B"],
//! ];
//! let problem = Problem::from_names(&["p", "q", "r"], &["x", "y"], &options)?;
//! assert_eq!(problem.sparse()?.count(None).solutions, 1);
//! assert_eq!(problem.option_text(1), "p r x:A y");
//!
//! let error = Problem::from_names(&["p"], &["x"], &[vec!["p"], vec!["p:A"]]).unwrap_err();
//! assert_eq!(error.place, Place::Entry { option: 1, entry: 0 });
//! assert_eq!(error.to_string(), "options[1][0]: primary item `p` cannot take a color");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::knuth_format::{Problem, ProblemOption, Reason};
use super::multiplicity::Multiplicity;
use std::collections::HashMap;
use std::fmt;

/// A multiply-and-rotate hash of eight bytes at a time (as rustc's `FxHasher`): names are
/// short and come from the input itself, so a keyed hash buys nothing here, and SipHash
/// cost more than the rest of reading a large file.
#[derive(Clone, Copy, Default)]
struct NameHasher(u64);

impl NameHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in chunks.by_ref() {
            self.add(u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // Byte by byte: a copy into an array would be a `memcpy` call per name.
            let tail = rest
                .iter()
                .rev()
                .fold(0, |word, &byte| word << 8 | u64::from(byte));
            self.add(tail);
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map from names, hashed with [`NameHasher`]. The names are borrowed from the input: no
/// allocation per name for the map.
type NameMap<'a, V> = HashMap<&'a str, V, std::hash::BuildHasherDefault<NameHasher>>;

/// The names of a problem being built: its items, then (once [`Names::items_done`] is
/// called) the entries of its options, `name` or `name:color`, resolved to item and color
/// numbers.
pub(super) struct Names<'a> {
    index: NameMap<'a, usize>,
    /// The item names, in the order added.
    pub(super) items: Vec<String>,
    /// The multiplicities of the primary items.
    pub(super) multiplicities: Vec<Multiplicity>,
    /// The tag of the option that last named each item: a repeat is found in one look.
    named_on: Vec<usize>,
    colors: NameMap<'a, u32>,
    /// The color names, in order of first use.
    pub(super) color_names: Vec<String>,
}

impl<'a> Names<'a> {
    /// An empty table, with room for `items` items.
    pub(super) fn with_capacity(items: usize) -> Names<'a> {
        Names {
            index: NameMap::with_capacity_and_hasher(items, Default::default()),
            items: Vec::with_capacity(items),
            multiplicities: Vec::with_capacity(items),
            named_on: Vec::new(),
            colors: NameMap::default(),
            color_names: Vec::new(),
        }
    }

    /// Adds the primary item `word`, a word of Knuth's format (not empty, no blank: the
    /// caller's part), `name` or with a multiplicity, `u:v|name` or `v|name`
    /// ([`Multiplicity::split`]); then as [`add_item`](Self::add_item).
    pub(super) fn add_primary(&mut self, word: &'a str) -> Result<(), Reason> {
        let (multiplicity, name) = Multiplicity::split(word)?;
        self.add_item(name)?;
        self.multiplicities.push(multiplicity);
        Ok(())
    }

    /// Adds the item `name`, a word of Knuth's format (not empty, no blank: the caller's
    /// part): refused with `:` or `|` (a multiplicity `u:v|name`, which only a primary
    /// item may have, said as such) or when it is already there.
    pub(super) fn add_item(&mut self, name: &'a str) -> Result<(), Reason> {
        if name.contains([':', '|']) {
            return Err(if is_multiplicity(name) {
                Reason::SecondaryMultiplicity(name.to_string())
            } else {
                Reason::BadItemName(name.to_string())
            });
        }
        if self.index.insert(name, self.items.len()).is_some() {
            return Err(Reason::DuplicateItem(name.to_string()));
        }
        self.items.push(name.to_string());
        Ok(())
    }

    /// Ends the items: the options come next.
    pub(super) fn items_done(&mut self) {
        self.named_on = vec![0; self.items.len()];
    }

    /// The entry `word` (`name`, or `name:color` for a secondary item, items below `primary`
    /// being primary) of the option tagged `tag`: a number other than 0, different for
    /// each option.
    #[inline]
    pub(super) fn entry(
        &mut self,
        word: &'a str,
        tag: usize,
        primary: usize,
    ) -> Result<(usize, Option<u32>), Reason> {
        let (name, color) = match word.bytes().position(|b| b == b':') {
            Some(colon) => (&word[..colon], Some(&word[colon + 1..])),
            None => (word, None),
        };
        if name.is_empty() {
            return Err(Reason::EmptyName);
        }
        let Some(&item) = self.index.get(name) else {
            return Err(Reason::UnknownItem(name.to_string()));
        };
        if self.named_on[item] == tag {
            return Err(Reason::RepeatedItem(name.to_string()));
        }
        self.named_on[item] = tag;
        let color = match color {
            None => None,
            Some(_) if item < primary => return Err(Reason::ColoredPrimary(name.to_string())),
            Some("") => return Err(Reason::EmptyColor(name.to_string())),
            Some(color) => match self.colors.get(color) {
                Some(&id) => Some(id),
                None => {
                    let id = u32::try_from(self.color_names.len()).map_err(|_| Reason::TooLarge)?;
                    self.colors.insert(color, id);
                    self.color_names.push(color.to_string());
                    Some(id)
                }
            },
        };
        Ok((item, color))
    }
}

/// True for `u|name` or `u:v|name` (`u` and `v` numbers): an item with a multiplicity, as
/// Knuth's `dlx3` writes it.
fn is_multiplicity(word: &str) -> bool {
    let Some((bounds, name)) = word.split_once('|') else {
        return false;
    };
    let number = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let bounds_ok = match bounds.split_once(':') {
        Some((low, high)) => number(low) && number(high),
        None => number(bounds),
    };
    bounds_ok && !name.is_empty()
}

/// Where in the lists given to [`Problem::from_names`] a mistake is, each index from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// `primary[k]`: a primary item's name.
    Primary(usize),
    /// `secondary[k]`: a secondary item's name.
    Secondary(usize),
    /// `options[option]`: an option as a whole.
    Option(usize),
    /// `options[option][entry]`: one entry of an option.
    Entry {
        /// The option.
        option: usize,
        /// The entry within it.
        entry: usize,
    },
    /// `costs`: the list of costs as a whole (see [`Problem::set_costs`]).
    Costs,
    /// `costs[option]`: the cost of an option.
    Cost(usize),
}

impl Place {
    /// The option the mistake is in, if it is in one.
    pub fn option(&self) -> Option<usize> {
        match *self {
            Place::Option(option) | Place::Entry { option, .. } | Place::Cost(option) => {
                Some(option)
            }
            Place::Primary(_) | Place::Secondary(_) | Place::Costs => None,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Primary(k) => write!(f, "primary[{k}]"),
            Place::Secondary(k) => write!(f, "secondary[{k}]"),
            Place::Option(option) => write!(f, "options[{option}]"),
            Place::Entry { option, entry } => write!(f, "options[{option}][{entry}]"),
            Place::Costs => write!(f, "costs"),
            Place::Cost(option) => write!(f, "costs[{option}]"),
        }
    }
}

/// Why lists of names are not a problem, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamesError {
    /// Where.
    pub place: Place,
    /// What is wrong there.
    pub reason: Reason,
}

impl fmt::Display for NamesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.reason)
    }
}

impl std::error::Error for NamesError {}

impl Problem {
    /// The problem with the items `primary` (covered exactly once, or as many times as a
    /// multiplicity written before the name says: `u:v|name`, `v|name`) and `secondary`
    /// (at most once), and the `options`, each a list of item names, a secondary one optionally
    /// colored as `name:color`: what [`Problem::parse`] would read from the same names in
    /// Knuth's format, with the same rules for names. Option `k` keeps its place (an option
    /// without a primary item is an error here, where the reader drops it with a warning),
    /// and its `line` is the one it would have in that format, `k + 2`.
    pub fn from_names<S: AsRef<str>>(
        primary: &[S],
        secondary: &[S],
        options: &[Vec<S>],
    ) -> Result<Problem, NamesError> {
        let mut names = Names::with_capacity(primary.len() + secondary.len());
        let places = (0..primary.len())
            .map(Place::Primary)
            .chain((0..secondary.len()).map(Place::Secondary));
        for (name, place) in primary.iter().chain(secondary).zip(places) {
            let name = name.as_ref();
            // What the reader's words cannot be, so that every problem can be written in
            // Knuth's format.
            let added = if name.is_empty() || name.contains(char::is_whitespace) {
                Err(Reason::BadItemName(name.to_string()))
            } else if matches!(place, Place::Primary(_)) {
                names.add_primary(name)
            } else {
                names.add_item(name)
            };
            added.map_err(|reason| NamesError { place, reason })?;
        }
        names.items_done();
        let mut problem_options = Vec::with_capacity(options.len());
        for (option, words) in options.iter().enumerate() {
            let mut entries = Vec::with_capacity(words.len());
            for (entry, word) in words.iter().enumerate() {
                let resolved = names
                    .entry(word.as_ref(), option + 1, primary.len())
                    .map_err(|reason| NamesError {
                        place: Place::Entry { option, entry },
                        reason,
                    })?;
                entries.push(resolved);
            }
            if !entries.iter().any(|&(item, _)| item < primary.len()) {
                return Err(NamesError {
                    place: Place::Option(option),
                    reason: Reason::NoPrimaryItem,
                });
            }
            problem_options.push(ProblemOption {
                line: option + 2,
                entries,
                cost: 0,
            });
        }
        Ok(Problem {
            items: names.items,
            primary: primary.len(),
            multiplicities: names.multiplicities,
            colors: names.color_names,
            options: problem_options,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(primary: &[&str], secondary: &[&str], options: &[Vec<&str>]) -> (Place, Reason) {
        let error = Problem::from_names(primary, secondary, options).unwrap_err();
        (error.place, error.reason)
    }

    #[test]
    fn names_make_the_problem_the_reader_makes() {
        let text = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
        let read = Problem::parse(text).unwrap().problem;
        let options: Vec<Vec<&str>> = text
            .lines()
            .skip(1)
            .map(|line| line.split(' ').collect())
            .collect();
        let built = Problem::from_names(&["p", "q", "r"], &["x", "y"], &options).unwrap();
        assert_eq!(built, read);
    }

    #[test]
    fn each_mistake_is_named_with_its_place() {
        let e = |entry| Place::Entry { option: 1, entry };
        assert_eq!(
            error(&["a", "b:c"], &[], &[]),
            (Place::Primary(1), Reason::BadItemName("b:c".into()))
        );
        assert_eq!(
            error(&["a"], &["a"], &[]),
            (Place::Secondary(0), Reason::DuplicateItem("a".into()))
        );
        assert_eq!(
            error(&["a"], &["x y"], &[]),
            (Place::Secondary(0), Reason::BadItemName("x y".into()))
        );
        assert_eq!(
            error(&["a", ""], &[], &[]),
            (Place::Primary(1), Reason::BadItemName("".into()))
        );
        assert_eq!(
            error(&["3:2|a"], &[], &[]),
            (
                Place::Primary(0),
                Reason::ReversedMultiplicity("3:2|a".into())
            )
        );
        assert_eq!(
            error(&["a"], &["2|x"], &[]),
            (
                Place::Secondary(0),
                Reason::SecondaryMultiplicity("2|x".into())
            )
        );
        let options = |second: Vec<&'static str>| vec![vec!["a"], second];
        let (a, x) = (&["a"][..], &["x"][..]);
        assert_eq!(
            error(a, x, &options(vec!["a", "z"])),
            (e(1), Reason::UnknownItem("z".into()))
        );
        assert_eq!(
            error(a, x, &options(vec!["a", "x", "a"])),
            (e(2), Reason::RepeatedItem("a".into()))
        );
        assert_eq!(
            error(a, x, &options(vec!["a:red"])),
            (e(0), Reason::ColoredPrimary("a".into()))
        );
        assert_eq!(
            error(a, x, &options(vec!["a", "x:"])),
            (e(1), Reason::EmptyColor("x".into()))
        );
        assert_eq!(
            error(a, x, &options(vec!["x:red"])),
            (Place::Option(1), Reason::NoPrimaryItem)
        );
        assert_eq!(
            error(a, x, &options(vec![])),
            (Place::Option(1), Reason::NoPrimaryItem)
        );
    }

    #[test]
    fn multiplicities_are_told_apart_from_other_bad_names() {
        for word in ["3|a", "1:3|ab", "10:12|x"] {
            assert!(is_multiplicity(word), "{word}");
        }
        for word in ["|a", "a|b", "1:|a", ":2|a", "3|", "1:2:3|a", "a:b"] {
            assert!(!is_multiplicity(word), "{word}");
        }
    }
}
