//! The values of list entries: whole numbers written as numbers or strings, a killer
//! cage's total, a dot's value, X and V.

use super::FpuzzlesError;
use serde_json::{Map, Value};

/// An optional number at `entry[field]`, written as a number or a string (`""` is none).
pub(super) fn number(
    path: &str,
    entry: &Map<String, Value>,
    field: &str,
) -> Result<Option<u32>, FpuzzlesError> {
    let bad = || FpuzzlesError::field(format!("{path}.{field}"), "expected a whole number");
    match entry.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
        Some(Value::String(text)) => text.trim().parse().map(Some).map_err(|_| bad()),
        Some(Value::Number(number)) => number
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .map(Some)
            .ok_or_else(bad),
        Some(_) => Err(bad()),
    }
}

/// A killer cage's total: its `value` when that is a positive whole number; anything else
/// (`""`, `"?"`, `0`, text) is a cage without a total, as dclamage's solver reads it.
pub(super) fn cage_total(entry: &Map<String, Value>) -> Option<u32> {
    let total = match entry.get("value")? {
        Value::String(text) => text.trim().parse().ok(),
        Value::Number(number) => number.as_u64().and_then(|v| u32::try_from(v).ok()),
        _ => None,
    };
    total.filter(|&total| total > 0)
}

/// A dot's value, which must fit a digit's range.
pub(super) fn small(path: &str, value: u32) -> Result<u8, FpuzzlesError> {
    u8::try_from(value).map_err(|_| FpuzzlesError::field(format!("{path}.value"), "too large"))
}

/// X (10) or V (5).
pub(super) fn xv_sum(path: &str, entry: &Map<String, Value>) -> Result<u8, FpuzzlesError> {
    match entry
        .get("value")
        .and_then(Value::as_str)
        .map(str::to_ascii_uppercase)
        .as_deref()
    {
        Some("X") => Ok(10),
        Some("V") => Ok(5),
        _ => Err(FpuzzlesError::field(
            format!("{path}.value"),
            "expected \"X\" or \"V\"",
        )),
    }
}
