//! SudokuPad's "zipped" JSON: the relaxed text that its native links compress. Keys are
//! unquoted and abbreviated (`ce` for `cells`, `v` for `value`...), strings are in single
//! quotes, `t` and `f` stand for `true` and `false`, colours lose their `#` (`#0` and `#F`
//! are black and white), and an empty object in a list is left out (`[,{v:5}]`).

use serde_json::{Map, Value};

/// The abbreviations of SudokuPad's zipped form and the keys they stand for.
const KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// The value of a SudokuPad document: plain JSON as it is, else the zipped form expanded
/// (keys spelt out). Broken text gives the JSON reader's message and its line and column
/// in the expanded text.
pub(super) fn read(text: &str) -> Result<Value, serde_json::Error> {
    if let Ok(value) = serde_json::from_str(text) {
        return Ok(value);
    }
    let value = serde_json::from_str(&expand(text))?;
    Ok(long_keys(value))
}

/// Zipped text as standard JSON (keys still abbreviated).
fn expand(zipped: &str) -> String {
    let chars: Vec<char> = zipped.chars().collect();
    let mut out = String::with_capacity(zipped.len() * 2);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '"' | '\'' => {
                i = string(&chars, i, &mut out);
                continue;
            }
            '{' | '[' | ',' => {
                out.push(c);
                let next = chars.get(i + 1).copied();
                // An object left out of a list (not the empty object `{}` itself).
                if matches!(next, Some(',' | ']' | '}')) && !(c == '{' && next == Some('}')) {
                    out.push_str("{}");
                }
                // An unquoted key.
                let end = word_end(&chars, i + 1);
                if end > i + 1 && chars.get(end) == Some(&':') {
                    out.push('"');
                    out.extend(&chars[i + 1..end]);
                    out.push('"');
                    i = end;
                    continue;
                }
            }
            ':' => {
                out.push(c);
                let end = chars[i + 1..]
                    .iter()
                    .position(|c| matches!(c, ',' | '}' | ']'))
                    .map_or(chars.len(), |k| i + 1 + k);
                let word: String = chars[i + 1..end].iter().collect();
                let hex = word.len() == 6 && word.chars().all(|c| c.is_ascii_hexdigit());
                let replaced = match word.as_str() {
                    "t" => Some("true".to_string()),
                    "f" => Some("false".to_string()),
                    "#0" => Some("\"#000000\"".to_string()),
                    "#F" => Some("\"#FFFFFF\"".to_string()),
                    _ if hex => Some(format!("\"#{word}\"")),
                    _ => None,
                };
                if let Some(replaced) = replaced {
                    out.push_str(&replaced);
                    i = end;
                    continue;
                }
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// The end of the run of ASCII letters and digits from `start`.
fn word_end(chars: &[char], start: usize) -> usize {
    chars[start..]
        .iter()
        .position(|c| !c.is_ascii_alphanumeric())
        .map_or(chars.len(), |k| start + k)
}

/// Copies the string that starts at `start` (in double or single quotes) as a JSON string;
/// returns the index after it. In single quotes, `\'` is a quote.
fn string(chars: &[char], start: usize, out: &mut String) -> usize {
    let quote = chars[start];
    out.push('"');
    let mut i = start + 1;
    while i < chars.len() && chars[i] != quote {
        match chars[i] {
            '\\' if chars.get(i + 1) == Some(&'\'') => {
                out.push('\'');
                i += 1;
            }
            '\\' => {
                out.push('\\');
                if let Some(&next) = chars.get(i + 1) {
                    out.push(next);
                    i += 1;
                }
            }
            '"' => out.push_str("\\\""),
            other => out.push(other),
        }
        i += 1;
    }
    out.push('"');
    i + 1
}

/// The value with every abbreviated key spelt out.
fn long_keys(value: Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.into_iter().map(long_keys).collect()),
        Value::Object(fields) => {
            let mut long = Map::new();
            for (key, field) in fields {
                let name = KEYS
                    .iter()
                    .find(|(short, _)| *short == key)
                    .map_or(key, |(_, name)| name.to_string());
                long.insert(name, long_keys(field));
            }
            Value::Object(long)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zipped_text_expands_to_long_keys() {
        let value =
            read("{ce:[[{v:5},,],[,{v:'7'}]],ca:[{ce:[[0,0]],v:3,unique:t,c:FF00aa}],x:{}}")
                .unwrap();
        let expected: Value = serde_json::from_str(
            r##"{"cells":[[{"value":5},{},{}],[{},{"value":"7"}]],
                "cages":[{"cells":[[0,0]],"value":3,"unique":true,"color":"#FF00aa"}],"x":{}}"##,
        )
        .unwrap();
        assert_eq!(value, expected);
    }

    #[test]
    fn quotes_in_strings_survive() {
        let value = read(r#"{ca:[{v:'title: it\'s "fine", t'}]}"#).unwrap();
        assert_eq!(value["cages"][0]["value"], "title: it's \"fine\", t");
    }

    #[test]
    fn plain_json_keeps_its_keys() {
        let value = read(r#"{"v":1,"cells":[]}"#).unwrap();
        assert_eq!(value["v"], 1);
    }

    #[test]
    fn broken_text_is_an_error() {
        assert!(read("{ce:[[{v:5}]").is_err());
    }
}
