//! The fields of a JSON request, shared by the line protocol and the web API:
//! typed, optional, and checked against their ranges, so that a bad value is
//! refused with a sentence saying what is allowed instead of being clamped or
//! reaching the search.

use serde_json::{Map, Value};
use std::ops::RangeInclusive;
use std::time::Duration;
use vdl_runtime::search::{Limits, MAX_DEPTH};

/// A search's `depth`, in plies.
pub const DEPTH_RANGE: RangeInclusive<u64> = 1..=MAX_DEPTH as u64;

/// A string field, if present (`null` counts as absent).
pub fn optional_str<'a>(request: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, String> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("\"{key}\" must be a string")),
    }
}

/// A non-negative integer field, if present.
pub fn optional_u64(request: &Map<String, Value>, key: &str) -> Result<Option<u64>, String> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => value.as_u64().map(Some).ok_or_else(|| format!("\"{key}\" must be a non-negative integer")),
    }
}

/// An integer field in `range`, if present; `unit` names what it counts.
pub fn optional_in_range(request: &Map<String, Value>, key: &str, range: RangeInclusive<u64>, unit: &str) -> Result<Option<u64>, String> {
    match optional_u64(request, key) {
        Err(_) => Err(format!("\"{key}\" must be an integer from {} to {} ({unit})", range.start(), range.end())),
        Ok(Some(n)) if !range.contains(&n) => Err(format!("\"{key}\" must be from {} to {} ({unit}), not {n}", range.start(), range.end())),
        Ok(n) => Ok(n),
    }
}

/// A true/false field; absent is false.
pub fn optional_flag(request: &Map<String, Value>, key: &str) -> Result<bool, String> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(format!("\"{key}\" must be true or false")),
    }
}

/// A list of moves: an array of strings or one space-separated string.
pub fn optional_moves(request: &Map<String, Value>, key: &str) -> Result<Vec<String>, String> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(s)) => Ok(s.split_whitespace().map(str::to_string).collect()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| item.as_str().map(str::to_string).ok_or_else(|| format!("\"{key}\" must list moves as strings")))
            .collect(),
        Some(_) => Err(format!("\"{key}\" must be an array of moves")),
    }
}

/// The limits of a search request: `movetime` (milliseconds, at most
/// `max_movetime_ms`), `depth` (plies, 1-64) and `nodes`, each optional and
/// all applying together. With none of them, the search gets
/// `default_movetime_ms`. A budget of 0 nodes or 0 ms still gives a move (the
/// first in search order), at once.
pub fn search_limits(request: &Map<String, Value>, default_movetime_ms: u64, max_movetime_ms: u64) -> Result<Limits, String> {
    let movetime = optional_in_range(request, "movetime", 0..=max_movetime_ms, "milliseconds")?;
    let depth = optional_in_range(request, "depth", DEPTH_RANGE, "plies")?;
    let nodes = optional_u64(request, "nodes")?;
    let mut limits = Limits { movetime: movetime.map(Duration::from_millis), depth: depth.map(|d| d as u32), nodes, ..Limits::default() };
    if movetime.is_none() && depth.is_none() && nodes.is_none() {
        limits.movetime = Some(Duration::from_millis(default_movetime_ms.min(max_movetime_ms)));
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn limits(request: Value) -> Result<Limits, String> {
        search_limits(request.as_object().unwrap(), 1000, 60_000)
    }

    #[test]
    fn limits_in_range_are_taken_as_given() {
        assert_eq!(limits(json!({})).unwrap(), Limits::movetime(Duration::from_millis(1000)));
        assert_eq!(limits(json!({"depth": 1})).unwrap(), Limits::depth(1));
        assert_eq!(limits(json!({"depth": 64})).unwrap(), Limits::depth(64));
        assert_eq!(limits(json!({"nodes": 0})).unwrap(), Limits::nodes(0));
        assert_eq!(limits(json!({"movetime": 60000})).unwrap(), Limits::movetime(Duration::from_secs(60)));
    }

    #[test]
    fn limits_out_of_range_are_refused_with_the_range() {
        let cases = [
            (json!({"depth": 65}), "\"depth\" must be from 1 to 64 (plies), not 65"),
            (json!({"depth": 0}), "\"depth\" must be from 1 to 64 (plies), not 0"),
            (json!({"depth": -1}), "\"depth\" must be an integer from 1 to 64 (plies)"),
            (json!({"depth": "deep"}), "\"depth\" must be an integer from 1 to 64 (plies)"),
            (json!({"movetime": 60001}), "\"movetime\" must be from 0 to 60000 (milliseconds), not 60001"),
            (json!({"movetime": u64::MAX}), "\"movetime\" must be from 0 to 60000 (milliseconds), not 18446744073709551615"),
            (json!({"nodes": 1.5}), "\"nodes\" must be a non-negative integer"),
        ];
        for (request, message) in cases {
            assert_eq!(limits(request.clone()).unwrap_err(), message, "{request}");
        }
    }
}
