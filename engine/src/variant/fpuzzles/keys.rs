//! The top-level keys of the f-puzzles format, sorted by what they carry: the rules this
//! reader knows, the settings and cosmetics that carry no rule (ignored), the constraints
//! of the format that this engine lacks (refused by name unless empty), and any other key,
//! which is read past with a warning ([`FpuzzlesWarning::UnknownKey`](super::FpuzzlesWarning))
//! that names the known key it resembles.

/// Keys that carry no rule: names, text, cosmetics, and the settings of the editor and of
/// dclamage's solver that f-puzzles saves with a puzzle (keys seen in real exports). Fog of
/// war (`fogofwar`, `foglight`, `triggereffect`) only hides cells from a solver's view; it
/// changes no answer.
pub(super) const IGNORED: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "line",
    "rectangle",
    "circle",
    "metadata",
    "activeConstraints",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    "highlightconflicts",
    "successmessage",
    "fogofwar",
    "foglight",
    "triggereffect",
];

/// The constraints of f-puzzles (and of the tools that write its format, dclamage's solver
/// among them) that this engine does not support: an empty list or `false` is no rule and
/// reads; anything else is refused by name.
pub(super) const NOT_SUPPORTED: &[&str] = &["sumdot", "sum", "parity"];

/// The booleans this reader knows (the grid-wide rules), and `negative`.
pub(super) const FLAGS: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
];

/// The lists this reader knows.
pub(super) const KNOWN_LISTS: &[&str] = &[
    "extraregion",
    "killercage",
    "cage",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
    "whispers",
    "renban",
    "palindrome",
    "entropicline",
    "modularline",
    "nabner",
    "slowthermometer",
    "clone",
    "minimum",
    "maximum",
    "rowindexer",
    "columnindexer",
    "boxindexer",
];

/// Every key of the format.
fn format_keys() -> impl Iterator<Item = &'static str> {
    ["size", "grid"]
        .into_iter()
        .chain(KNOWN_LISTS.iter().copied())
        .chain(super::clues::TABLE_LISTS.iter().copied())
        .chain(FLAGS.iter().copied())
        .chain(IGNORED.iter().copied())
        .chain(NOT_SUPPORTED.iter().copied())
}

/// True when `key` is a key of the format (known, ignored or not supported), spelt exactly.
pub(super) fn is_format_key(key: &str) -> bool {
    format_keys().any(|name| name == key)
}

/// The key of the format closest to `key` (a letter or two away, or the same but for case
/// or a plural `s`), to suggest for a misspelt one.
pub(super) fn similar_key(key: &str) -> Option<&'static str> {
    let lower = key.to_ascii_lowercase();
    format_keys()
        .map(|name| (edit_distance(&lower, &name.to_ascii_lowercase()), name))
        .filter(|&(distance, name)| distance <= 2.min(name.len() / 3))
        .min()
        .map(|(_, name)| name)
}

/// Levenshtein's distance between two short ASCII strings.
fn edit_distance(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.as_bytes().iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &y) in b.iter().enumerate() {
            let next = (diagonal + usize::from(x != y))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_key_names_the_key_it_resembles() {
        assert_eq!(similar_key("killercages"), Some("killercage"));
        assert_eq!(similar_key("AntiKnight"), Some("antiknight"));
        assert_eq!(similar_key("colour"), None);
        assert!(is_format_key("killercage") && is_format_key("title"));
        assert!(!is_format_key("killercages") && !is_format_key("AntiKnight"));
    }
}
