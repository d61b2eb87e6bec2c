//! Knuth's input format for exact-cover problems, as his `dlx1` and `dlx2` read it, with the
//! multiplicities of his `dlx3` and the costs of his `dlx5`.
//!
//! ```text
//! | a comment: any line whose first non-blank character is a bar
//! p q r | x y
//! p q x y:A
//! p r x:A y
//! p x:B
//! q x:A
//! r y:B
//! ```
//!
//! The first line that is neither blank nor a comment names the items: the primary ones,
//! then `|`, then the secondary ones (the bar may be left out when every item is primary).
//! Every further line that is neither blank nor a comment is an option: the names of its
//! items, each secondary one optionally followed by `:color`. A name is any run of
//! non-blank characters other than `:` and `|`, of any length (Knuth's programs stop at 8);
//! a color is any run of non-blank characters after the colon (Knuth's, one character).
//!
//! A word `|n` after an option's first item, `n` a decimal number, is a *cost* (Knuth's
//! `dlx5`): an option's cost is the sum of its cost words (0 without any), at most
//! [`MAX_COST`]. The search for the cheapest solutions is [`cost`](super::cost).
//!
//! Bad input is a [`FormatError`] at a line and column. An option without a primary item
//! could never be chosen: like Knuth's programs, the reader drops it, and says so with a
//! [`Warning`] rather than an error.

use super::multiplicity::Multiplicity;
use super::names::Names;
use super::sparse::SparseCover;
use super::{BuildError, ExactCover};
use std::fmt;

/// An exact-cover problem read from Knuth's format: item names, color names, and the
/// options as item numbers with their colors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The names of the items, primary ones first; item `k` of the matrix is `items[k]`.
    pub items: Vec<String>,
    /// How many of `items` are primary.
    pub primary: usize,
    /// How many times each primary item must be covered ([`Multiplicity::ONCE`] unless the
    /// item line says otherwise, `u:v|name`), one for each of the first `primary` items.
    pub multiplicities: Vec<Multiplicity>,
    /// The names of the colors, in order of first use; color `c` is `colors[c]`.
    pub colors: Vec<String>,
    /// The options kept, in input order; option `k` of the matrix is `options[k]`.
    pub options: Vec<ProblemOption>,
}

/// One option of a [`Problem`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemOption {
    /// The line it was read from (from 1).
    pub line: usize,
    /// Its items as `(item, color)`, in the order written.
    pub entries: Vec<(usize, Option<u32>)>,
    /// Its cost: the sum of its `|n` words, 0 without any (see [`cost`](super::cost)).
    pub cost: u64,
}

/// The largest cost an option may have (the sum of its `|n` words): 2³² − 1, so that the
/// cost of a solution, at most one option per primary item, stays far within 64 bits.
pub const MAX_COST: u64 = u32::MAX as u64;

/// A problem read, with what the reader noticed without refusing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// The warnings, in input order.
    pub warnings: Vec<Warning>,
}

/// Something the reader accepted but dropped: an option without a primary item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The option's line (from 1).
    pub line: usize,
    /// The column of the option's first name (from 1, in characters).
    pub column: usize,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: warning: option ignored (no primary item)",
            self.line, self.column
        )
    }
}

/// Why the input is not a problem in Knuth's format, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The line (from 1).
    pub line: usize,
    /// The column (from 1, in characters).
    pub column: usize,
    /// What is wrong there.
    pub reason: Reason,
}

/// What is wrong in a [`FormatError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The input has no line naming the items.
    NoItems,
    /// The item line has a second `|`.
    SecondBar,
    /// An item name that is empty or contains a blank, `:` or `|` (only lists of names,
    /// [`Problem::from_names`], can give the first two).
    BadItemName(String),
    /// A primary item's multiplicity that is not `u:v|name` or `v|name` with decimal
    /// numbers up to [`Multiplicity::MAX`] and a name.
    BadMultiplicity(String),
    /// A multiplicity whose upper bound is zero.
    ZeroMultiplicity(String),
    /// A multiplicity whose lower bound exceeds its upper bound.
    ReversedMultiplicity(String),
    /// A multiplicity on a secondary item (covered at most once, or in one color).
    SecondaryMultiplicity(String),
    /// The item line names this item twice.
    DuplicateItem(String),
    /// An option names an item that the item line does not.
    UnknownItem(String),
    /// An option names this item twice.
    RepeatedItem(String),
    /// An option gives a color to this primary item.
    ColoredPrimary(String),
    /// A colon with no name before it.
    EmptyName,
    /// A colon with no color after it.
    EmptyColor(String),
    /// The problem has too many items or entries for the 32-bit matrix.
    TooLarge,
    /// A cost word that is not `|` followed by decimal digits.
    BadCost(String),
    /// An option whose costs add up to more than [`MAX_COST`].
    CostTooLarge(String),
    /// A list of costs whose length is not the number of options (only
    /// [`Problem::set_costs`] gives it).
    CostCount {
        /// The costs given.
        costs: usize,
        /// The options.
        options: usize,
    },
    /// An option without a primary item, which could never be chosen (only lists of names,
    /// [`Problem::from_names`], refuse it: the reader drops it with a [`Warning`]).
    NoPrimaryItem,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NoItems => write!(f, "no line names the items"),
            Reason::SecondBar => write!(f, "the item line has a second `|`"),
            Reason::BadItemName(name) if name.is_empty() => write!(f, "an empty item name"),
            Reason::BadItemName(name) if name.contains(char::is_whitespace) => {
                write!(f, "item name {name:?} contains a blank")
            }
            Reason::BadItemName(name) => {
                write!(f, "item name `{name}` contains `:` or `|`")
            }
            Reason::BadMultiplicity(word) => write!(
                f,
                "`{word}`: a multiplicity is written u:v|name or v|name (u, v decimal numbers)"
            ),
            Reason::ZeroMultiplicity(word) => write!(f, "`{word}`: the upper bound is zero"),
            Reason::ReversedMultiplicity(word) => {
                write!(f, "`{word}`: the lower bound exceeds the upper bound")
            }
            Reason::SecondaryMultiplicity(word) => {
                write!(f, "`{word}`: a secondary item cannot have a multiplicity")
            }
            Reason::DuplicateItem(name) => write!(f, "item `{name}` is named twice"),
            Reason::UnknownItem(name) => write!(f, "unknown item `{name}`"),
            Reason::RepeatedItem(name) => {
                write!(f, "item `{name}` appears twice in this option")
            }
            Reason::ColoredPrimary(name) => {
                write!(f, "primary item `{name}` cannot take a color")
            }
            Reason::EmptyName => write!(f, "a color with no item name before it"),
            Reason::EmptyColor(name) => write!(f, "item `{name}` has an empty color"),
            Reason::TooLarge => write!(f, "too many items or entries"),
            Reason::BadCost(word) => {
                write!(f, "`{word}`: a cost is written |n with n a decimal number")
            }
            Reason::CostTooLarge(word) => write!(
                f,
                "`{word}`: the option's costs add up to more than {MAX_COST}"
            ),
            Reason::CostCount { costs, options } => {
                write!(f, "{costs} costs for {options} options")
            }
            Reason::NoPrimaryItem => {
                write!(
                    f,
                    "the option has no primary item, so it could never be chosen"
                )
            }
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.reason)
    }
}

impl std::error::Error for FormatError {}

/// The blank-separated words of `line`, each with the byte where it starts. Blanks are
/// what `char::is_whitespace` says, looked at byte by byte for ASCII (the usual text) and
/// decoded only past it. Lazy, so that reading a line allocates nothing.
fn words(line: &str) -> Words<'_> {
    Words { line, at: 0 }
}

/// The iterator of [`words`].
struct Words<'a> {
    line: &'a str,
    /// The byte where the search for the next word starts.
    at: usize,
}

impl Words<'_> {
    /// The first byte from `self.at` on that is (`blank`) or is not (`!blank`) a blank, or
    /// the line's length.
    #[inline]
    fn run_end(&self, blank: bool) -> usize {
        let bytes = self.line.as_bytes();
        let mut at = self.at;
        // The usual runs first, in a loop of one comparison a byte: printable ASCII in a
        // word, spaces between words. The loop below takes whatever else comes.
        if blank {
            while bytes.get(at) == Some(&b' ') {
                at += 1;
            }
        } else {
            while matches!(bytes.get(at), Some(b'!'..=b'~')) {
                at += 1;
            }
        }
        loop {
            // ASCII, the usual text, a byte at a time without decoding.
            while let Some(&byte) = bytes.get(at) {
                if !byte.is_ascii() {
                    break;
                }
                if matches!(byte, b'\t'..=b'\r' | b' ') != blank {
                    return at;
                }
                at += 1;
            }
            let Some(ch) = self.line[at..].chars().next() else {
                return at;
            };
            if ch.is_whitespace() != blank {
                return at;
            }
            at += ch.len_utf8();
        }
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        self.at = self.run_end(true);
        if self.at == self.line.len() {
            return None;
        }
        let from = self.at;
        self.at = self.run_end(false);
        Some((from, &self.line[from..self.at]))
    }
}

/// The column (from 1, in characters) of the byte `at` of `line`.
fn column(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// The lines of `text` as `str::lines` gives them (split at `\n`, a `\r` just before it dropped,
/// no empty last line after a final `\n`), each with its number (from 1). A plain byte
/// scan: on short lines, `str::lines`'s searcher costs more than the scan itself.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (line, next) = match rest.bytes().position(|byte| byte == b'\n') {
            Some(end) => {
                let line = &rest[..end];
                (line.strip_suffix('\r').unwrap_or(line), &rest[end + 1..])
            }
            None => (rest, ""),
        };
        rest = next;
        Some(line)
    })
    .enumerate()
    .map(|(k, line)| (k + 1, line))
}

/// `cost` plus the cost word `word`, `|` then `digits`: [`Reason::BadCost`] unless the
/// digits are decimal ones, [`Reason::CostTooLarge`] past [`MAX_COST`].
fn add_cost(cost: u64, digits: &str, word: &str) -> Result<u64, Reason> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Reason::BadCost(word.to_string()));
    }
    let too_large = || Reason::CostTooLarge(word.to_string());
    let value: u64 = digits.parse().map_err(|_| too_large())?;
    cost.checked_add(value)
        .filter(|&sum| sum <= MAX_COST)
        .ok_or_else(too_large)
}

/// True for a line to skip: blank, or a comment (first non-blank character `|`).
fn skipped(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.is_empty() || trimmed.starts_with('|')
}

impl Problem {
    /// Reads a problem in Knuth's format.
    /// The crate's top-level documentation has an example.
    pub fn parse(text: &str) -> Result<Parsed, FormatError> {
        let mut lines = numbered_lines(text);
        let (item_line, items_text) =
            lines
                .by_ref()
                .find(|(_, line)| !skipped(line))
                .ok_or(FormatError {
                    line: numbered_lines(text).count().max(1),
                    column: 1,
                    reason: Reason::NoItems,
                })?;
        let at = |byte, reason| FormatError {
            line: item_line,
            column: column(items_text, byte),
            reason,
        };
        // Sized once: the words of the item line bound the item count.
        let mut names = Names::with_capacity(words(items_text).count());
        let mut primary = None;
        for (byte, word) in words(items_text) {
            let (byte, name) = match word.strip_prefix('|') {
                Some(rest) => {
                    if primary.is_some() {
                        return Err(at(byte, Reason::SecondBar));
                    }
                    primary = Some(names.items.len());
                    (byte + 1, rest)
                }
                None => (byte, word),
            };
            if name.is_empty() {
                continue;
            }
            let added = if primary.is_some() {
                names.add_item(name)
            } else {
                names.add_primary(name)
            };
            added.map_err(|reason| at(byte, reason))?;
        }
        // The item line's first word cannot start with the bar (that would make the line a
        // comment), so there is a primary item.
        let primary = primary.unwrap_or(names.items.len());
        debug_assert!(primary > 0);
        names.items_done();
        // At most one option per line left (a bound: comments and blank lines count too).
        let lines_left =
            (text.bytes().filter(|&byte| byte == b'\n').count() + 1).saturating_sub(item_line);
        let mut options = Vec::with_capacity(lines_left);
        let mut warnings = Vec::new();
        let mut entries: Vec<(usize, Option<u32>)> = Vec::new();
        for (line, text) in lines.filter(|(_, line)| !skipped(line)) {
            let at = |byte, reason| FormatError {
                line,
                column: column(text, byte),
                reason,
            };
            entries.clear();
            let mut first_word = None;
            let mut has_primary = false;
            let mut cost = 0;
            for (byte, word) in words(text) {
                first_word.get_or_insert(byte);
                if let Some(digits) = word.strip_prefix('|') {
                    cost = add_cost(cost, digits, word).map_err(|reason| at(byte, reason))?;
                    continue;
                }
                let (item, color) = names
                    .entry(word, line, primary)
                    .map_err(|reason| at(byte, reason))?;
                has_primary |= item < primary;
                entries.push((item, color));
            }
            if has_primary {
                // Exactly sized, one allocation per option.
                let entries = entries.clone();
                options.push(ProblemOption {
                    line,
                    entries,
                    cost,
                });
            } else {
                warnings.push(Warning {
                    line,
                    column: first_word.map_or(1, |byte| column(text, byte)),
                });
            }
        }
        let problem = Problem {
            items: names.items,
            primary,
            multiplicities: names.multiplicities,
            colors: names.color_names,
            options,
        };
        Ok(Parsed { problem, warnings })
    }

    /// The exact-cover matrix of the problem; [`BuildError::TooLarge`] if it outgrows the
    /// 32-bit node numbers, [`BuildError::Multiplicities`] if it has multiplicities (see
    /// [`Problem::multi`]; every other build error was ruled out while reading).
    pub fn matrix(&self) -> Result<ExactCover, BuildError> {
        if self.has_multiplicities() {
            return Err(BuildError::Multiplicities);
        }
        let mut matrix = ExactCover::try_new(self.primary, self.items.len() - self.primary)?;
        let entries: usize = self.options.iter().map(|o| o.entries.len()).sum();
        matrix.reserve(self.options.len(), entries);
        let mut items = Vec::new();
        for option in &self.options {
            if option.entries.iter().any(|(_, color)| color.is_some()) {
                matrix.add_colored_option(&option.entries)?;
            } else {
                items.clear();
                items.extend(option.entries.iter().map(|&(item, _)| item));
                matrix.add_option(&items)?;
            }
        }
        Ok(matrix)
    }

    /// The problem on sparse sets ([`SparseCover`]), for the search of Knuth's `ssxc1`
    /// kind; [`BuildError::TooLarge`] if it outgrows that structure's bounds,
    /// [`BuildError::Multiplicities`] if it has multiplicities (see [`Problem::multi`]).
    pub fn sparse(&self) -> Result<SparseCover, BuildError> {
        if self.has_multiplicities() {
            return Err(BuildError::Multiplicities);
        }
        let mut builder = SparseCover::builder(self.primary, self.items.len() - self.primary);
        let entries: usize = self.options.iter().map(|o| o.entries.len()).sum();
        builder.reserve(self.options.len(), entries);
        for option in &self.options {
            builder.add_colored_option(&option.entries)?;
        }
        builder.build()
    }

    /// An option as Knuth's programs print it: its item names in input order, each colored
    /// one as `name:color`, separated by spaces.
    pub fn option_text(&self, option: usize) -> String {
        let mut text = String::new();
        for (k, &(item, color)) in self.options[option].entries.iter().enumerate() {
            if k > 0 {
                text.push(' ');
            }
            text.push_str(&self.items[item]);
            if let Some(color) = color {
                text.push(':');
                text.push_str(&self.colors[color as usize]);
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, usize, Reason) {
        let error = Problem::parse(text).unwrap_err();
        (error.line, error.column, error.reason)
    }

    #[test]
    fn lines_are_split_as_str_lines_splits_them() {
        for text in [
            "",
            "a",
            "a\n",
            "\n\n",
            "a\r\n\r\nb",
            "a\rb\n\r",
            "\r\n",
            "é\nx\r",
        ] {
            let ours: Vec<(usize, &str)> = numbered_lines(text).collect();
            let std: Vec<(usize, &str)> = text.lines().zip(1..).map(|(l, k)| (k, l)).collect();
            assert_eq!(ours, std, "{text:?}");
        }
    }

    #[test]
    fn knuths_colored_example_reads_and_counts() {
        let text = "| Knuth's example\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
        let parsed = Problem::parse(text).unwrap();
        assert!(parsed.warnings.is_empty());
        let problem = &parsed.problem;
        assert_eq!((problem.primary, problem.items.len()), (3, 5));
        assert_eq!(problem.colors, ["A", "B"]);
        assert_eq!(problem.option_text(1), "p r x:A y");
        assert_eq!(problem.options[1].line, 4);
        assert_eq!(problem.matrix().unwrap().count(None).solutions, 1);
    }

    #[test]
    fn the_bar_may_be_left_out_or_glued_and_names_may_be_long() {
        let parsed = Problem::parse("  a_long_item_name b |c\n a_long_item_name c\n b\n").unwrap();
        assert_eq!(parsed.problem.primary, 2);
        assert_eq!(parsed.problem.items[2], "c");
        let parsed = Problem::parse("a b\r\n\r\na\r\nb\r\n").unwrap();
        assert_eq!(parsed.problem.primary, 2);
        assert_eq!(parsed.problem.matrix().unwrap().count(None).solutions, 1);
    }

    #[test]
    fn an_option_without_a_primary_item_is_dropped_with_a_warning() {
        let parsed = Problem::parse("a | x\na x\n   x\na\n").unwrap();
        assert_eq!(parsed.warnings, [Warning { line: 3, column: 4 }]);
        assert_eq!(parsed.problem.options.len(), 2);
        assert_eq!(parsed.problem.options[1].line, 4);
    }

    #[test]
    fn bad_input_is_an_error_at_its_place() {
        assert_eq!(error(""), (1, 1, Reason::NoItems));
        assert_eq!(error("| only\n\n| comments\n"), (3, 1, Reason::NoItems));
        assert_eq!(error("a | b | c\n"), (1, 7, Reason::SecondBar));
        assert_eq!(error("a b:c\n"), (1, 3, Reason::BadItemName("b:c".into())));
        assert_eq!(
            error("a | 2:3|b\n"),
            (1, 5, Reason::SecondaryMultiplicity("2:3|b".into()))
        );
        assert_eq!(error("a b a\n"), (1, 5, Reason::DuplicateItem("a".into())));
        assert_eq!(
            error("a | b\na c\n"),
            (2, 3, Reason::UnknownItem("c".into()))
        );
        assert_eq!(
            error("a | b\na b a\n"),
            (2, 5, Reason::RepeatedItem("a".into()))
        );
        assert_eq!(
            error("a | b\na:1 b\n"),
            (2, 1, Reason::ColoredPrimary("a".into()))
        );
        assert_eq!(error("a | b\na :1\n"), (2, 3, Reason::EmptyName));
        assert_eq!(
            error("a | b\na b:\n"),
            (2, 3, Reason::EmptyColor("b".into()))
        );
        assert_eq!(error("| x\n"), (1, 1, Reason::NoItems));
        let error = Problem::parse("a | b\na c\n").unwrap_err();
        assert_eq!(error.to_string(), "2:3: unknown item `c`");
    }

    mod properties {
        use super::super::*;
        use proptest::prelude::*;

        const NAMES: [&str; 8] = ["p", "q1", "é", "項目", "r", "x", "y_2", "ζ"];
        const COLORS: [&str; 3] = ["A", "bb", "红"];
        const BLANKS: [&str; 5] = [" ", "\t", "  ", "\u{a0}", "\u{3000}"];

        /// A planted problem: items `NAMES[..primary + secondary]`, options as
        /// `(item, color)` lists with a primary item each, and the choices that write it.
        #[derive(Debug, Clone)]
        struct Planted {
            primary: usize,
            items: usize,
            options: Vec<Vec<(usize, Option<usize>)>>,
            blanks: Vec<usize>,
            crlf: bool,
            comments: Vec<bool>,
        }

        fn planted() -> impl Strategy<Value = Planted> {
            (1..5usize, 0..4usize).prop_flat_map(|(primary, secondary)| {
                let items = primary + secondary;
                let option = (
                    0..primary,
                    prop::collection::vec((0..items, prop::option::of(0..3usize)), 0..4),
                );
                (
                    prop::collection::vec(option, 1..6),
                    prop::collection::vec(0..5usize, 64),
                    any::<bool>(),
                    prop::collection::vec(any::<bool>(), 8),
                )
                    .prop_map(move |(raw, blanks, crlf, comments)| {
                        let options = raw
                            .into_iter()
                            .map(|(first, rest)| {
                                let mut option = vec![(first, None)];
                                for (item, color) in rest {
                                    if option.iter().all(|&(other, _)| other != item) {
                                        let color = color.filter(|_| item >= primary);
                                        option.push((item, color));
                                    }
                                }
                                option
                            })
                            .collect();
                        Planted {
                            primary,
                            items,
                            options,
                            blanks,
                            crlf,
                            comments,
                        }
                    })
            })
        }

        impl Planted {
            /// The text, and for each option its line (from 1) and the column of each word.
            fn write(&self) -> (String, Vec<(usize, Vec<usize>)>) {
                let mut blanks = self.blanks.iter().cycle().map(|&k| BLANKS[k]);
                let end = if self.crlf { "\r\n" } else { "\n" };
                let mut text = format!("| a comment{end}");
                for (k, name) in NAMES[..self.items].iter().enumerate() {
                    if k == self.primary {
                        text.push_str(" |");
                    }
                    text.push_str(blanks.next().unwrap());
                    text.push_str(name);
                }
                text.push_str(end);
                let mut line = 2;
                let mut places = Vec::new();
                for (k, option) in self.options.iter().enumerate() {
                    if self.comments[k % 8] {
                        text.push_str(&format!("{}| between{end}{end}", blanks.next().unwrap()));
                        line += 2;
                    }
                    line += 1;
                    let mut written = String::new();
                    let mut columns = Vec::new();
                    for &(item, color) in option {
                        written.push_str(blanks.next().unwrap());
                        columns.push(written.chars().count() + 1);
                        written.push_str(NAMES[item]);
                        if let Some(color) = color {
                            written.push(':');
                            written.push_str(COLORS[color]);
                        }
                    }
                    text.push_str(&written);
                    text.push_str(end);
                    places.push((line, columns));
                }
                (text, places)
            }
        }

        proptest! {
            /// Whatever the blanks (Unicode ones too), line ends and comments, the planted
            /// problem is read back: items, options, colors and lines.
            #[test]
            fn a_planted_problem_reads_back(planted in planted()) {
                let (text, places) = planted.write();
                let parsed = Problem::parse(&text).unwrap();
                prop_assert!(parsed.warnings.is_empty());
                let problem = parsed.problem;
                prop_assert_eq!(problem.primary, planted.primary);
                prop_assert_eq!(&problem.items, &NAMES[..planted.items]);
                prop_assert_eq!(problem.options.len(), planted.options.len());
                for ((read, option), (line, _)) in
                    problem.options.iter().zip(&planted.options).zip(&places)
                {
                    prop_assert_eq!(read.line, *line);
                    let entries: Vec<(usize, Option<&str>)> = read
                        .entries
                        .iter()
                        .map(|&(item, color)| {
                            (item, color.map(|c| problem.colors[c as usize].as_str()))
                        })
                        .collect();
                    let planted: Vec<(usize, Option<&str>)> = option
                        .iter()
                        .map(|&(item, color)| (item, color.map(|c| COLORS[c])))
                        .collect();
                    prop_assert_eq!(entries, planted);
                }
            }

            /// A word replaced by an unknown name is an error at its line and column,
            /// counted in characters.
            #[test]
            fn an_unknown_item_is_reported_where_it_is(
                planted in planted(),
                pick in any::<prop::sample::Index>(),
            ) {
                let (text, places) = planted.write();
                let option = pick.index(planted.options.len());
                let (line, columns) = &places[option];
                let word = pick.index(columns.len());
                let lines: Vec<&str> = text.lines().collect();
                let target = lines[line - 1];
                let start: usize =
                    target.char_indices().nth(columns[word] - 1).unwrap().0;
                let length = target[start..]
                    .find(|c: char| c.is_whitespace())
                    .unwrap_or(target.len() - start);
                let mut changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                changed[line - 1].replace_range(start..start + length, "nowhere");
                let error = Problem::parse(&changed.join("\n")).unwrap_err();
                prop_assert_eq!(
                    (error.line, error.column, error.reason),
                    (*line, columns[word], Reason::UnknownItem("nowhere".into()))
                );
            }
        }
    }
}
