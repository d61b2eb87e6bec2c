//! The error of every named choice (a symmetry, a difficulty, an output format, a benchmark
//! mode): one type, one message.

use std::fmt;

/// A name that is none of the choices, e.g. an unknown symmetry or difficulty.
///
/// ```
/// use sudoku_dlx::UnknownName;
/// let colours = ["red", "green"];
/// assert_eq!(UnknownName::parse("colour", " Green", &colours, |c| c), Ok("green"));
/// let error = UnknownName::parse("colour", "blue", &colours, |c| c).unwrap_err();
/// assert_eq!(error.to_string(), "unknown colour 'blue': choose one of red, green");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being named: `symmetry`, `difficulty`, `format`.
    pub what: &'static str,
    /// The text given.
    pub text: String,
    /// The names that would have been accepted.
    pub choices: Vec<&'static str>,
}

impl UnknownName {
    /// The choice among `all` whose `name` is `text` (ignoring case and surrounding space).
    pub fn parse<T: Copy>(
        what: &'static str,
        text: &str,
        all: &[T],
        name: impl Fn(T) -> &'static str,
    ) -> Result<T, UnknownName> {
        all.iter()
            .copied()
            .find(|&choice| name(choice).eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownName {
                what,
                text: text.to_string(),
                choices: all.iter().map(|&choice| name(choice)).collect(),
            })
    }
}

impl fmt::Display for UnknownName {
    /// `unknown symmetry 'spiral': choose one of none, rot180, ...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}': choose one of {}",
            self.what,
            self.text,
            self.choices.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}
