//! What the parser reports when a text is not a file of the language: the
//! error type, and how a pest failure becomes a message that names what was
//! expected, where it was missing, in the words of dsl/src/words.rs.

use crate::ast::Span;
use crate::parser::{Rule, VdlParser};
use crate::words::{describe, is_reserved};
use pest::Parser as _;

/// An error found before the syntax tree exists: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub kind: ErrorKind,
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
}

/// What kind of problem a [`SyntaxError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text does not follow the grammar.
    Grammar,
    /// The bytes are not UTF-8 text.
    Encoding,
    /// The input is beyond what the checker takes: too large, or nested or
    /// chained too deep.
    Limit,
}

pub(crate) fn syntax_error(source: &str, error: pest::error::Error<Rule>) -> SyntaxError {
    let rule_at = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let (at, expected) = match missing_sign(&error) {
        Some((at, mut signs)) if at >= rule_at => {
            if at == rule_at {
                // Rules tried at the same place: their descriptions, and the
                // signs they do not already name.
                let rules = expected_rules(&error);
                signs.retain(|sign| !rules.iter().any(|rule| rule.contains(sign)));
                signs.extend(rules);
                signs.sort();
                signs.dedup();
            }
            match end_of_previous_line(source, at) {
                // A sign missing at the end of a line is missing there, not
                // before whatever the next line starts with.
                Some((end, word)) => return missing_at_end_of_line(end, word, &signs),
                None => (at, signs),
            }
        }
        _ => (rule_at, expected_rules(&error)),
    };
    // Underline the word that was found (or one character at the end of a line).
    let rest = &source[at..];
    let word_len = rest.char_indices().find(|&(_, c)| c.is_whitespace()).map(|(i, _)| i).unwrap_or(rest.len());
    let len = if word_len == 0 { rest.chars().next().map_or(0, char::len_utf8) } else { word_len };
    let span = Span::new(at, at + len);
    let found = if rest.is_empty() {
        "the end of the file".to_string()
    } else if word_len == 0 {
        "a line break".to_string()
    } else {
        format!("`{}`", &rest[..word_len])
    };
    let message = match expected.len() {
        0 => format!("unexpected {found}"),
        1 => format!("expected {}, found {found}", expected[0]),
        n => {
            // A comma before the last `or` when the choices have `or`s of their own.
            let last_or = if expected.iter().any(|e| e.contains(" or ")) { ", or" } else { " or" };
            format!("expected {}{last_or} {}, found {found}", expected[..n - 1].join(", "), expected[n - 1])
        }
    };
    let help = keyword_help(rest, &expected);
    SyntaxError { kind: ErrorKind::Grammar, span, message, help }
}

/// Up to this size a file that failed is parsed again with pest's error
/// detail, which names the literals it tried (see [`missing_sign`]); the detail
/// makes parsing twice as slow, so large files keep the first error.
const DETAILED_REPARSE_BYTES: usize = 1024 * 1024;

/// The error of parsing `source` again with error detail on, if it is small.
pub(crate) fn detailed(source: &str) -> Option<pest::error::Error<Rule>> {
    // The setting is global: one detailed parse at a time, and the detail off
    // again after it.
    static DETAIL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    if source.len() > DETAILED_REPARSE_BYTES {
        return None;
    }
    let _one_at_a_time = DETAIL.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    pest::set_error_detail(true);
    let error = VdlParser::parse(Rule::file, source).err();
    pest::set_error_detail(false);
    error
}

/// When `at` is the first token of its line, where the line before ends and
/// its last word.
fn end_of_previous_line(source: &str, at: usize) -> Option<(usize, &str)> {
    let before = &source[..at];
    let end = before.trim_end().len();
    let gap = &before[end..];
    if !gap.contains('\n') || end == 0 {
        return None;
    }
    let code = before[..end].rsplit('\n').next().unwrap_or("");
    let code = code.split("//").next().unwrap_or(code).trim_end();
    if code.is_empty() {
        return None;
    }
    let line_start = before[..end].rfind('\n').map_or(0, |i| i + 1);
    let word = code.rsplit(char::is_whitespace).next().unwrap_or(code);
    Some((line_start + code.len(), word))
}

/// `expected `)` after `forward``, pointing just after that word.
fn missing_at_end_of_line(end: usize, word: &str, signs: &[&str]) -> SyntaxError {
    let last_or = if signs.iter().any(|e| e.contains(" or ")) { ", or" } else { " or" };
    let choices = match signs {
        [] => String::new(),
        [one] => (*one).to_string(),
        [first @ .., last] => format!("{}{last_or} {last}", first.join(", ")),
    };
    SyntaxError {
        kind: ErrorKind::Grammar,
        span: Span::new(end, end + 1),
        message: format!("expected {choices} after `{word}`"),
        help: None,
    }
}

/// What the rules that failed furthest in would have accepted.
fn expected_rules(error: &pest::error::Error<Rule>) -> Vec<&'static str> {
    let pest::error::ErrorVariant::ParsingError { positives, .. } = &error.variant else { return Vec::new() };
    let mut names: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
    names.sort();
    names.dedup();
    names
}

/// The signs and words that were tried further into the text than any rule
/// (a closing bracket, `and`), with where: pest reports only rules, so a
/// missing `)` would otherwise be blamed on the last word before it.
fn missing_sign(error: &pest::error::Error<Rule>) -> Option<(usize, Vec<&'static str>)> {
    let attempts = error.parse_attempts()?;
    let mut signs: Vec<&'static str> =
        attempts.expected_tokens().into_iter().filter_map(|token| describe_sign(&token.to_string())).collect();
    signs.sort();
    signs.dedup();
    (!signs.is_empty()).then_some((attempts.max_position, signs))
}

/// A literal of the grammar as an error names it; layout is never expected.
fn describe_sign(token: &str) -> Option<&'static str> {
    const SIGNS: &[&str] = &["`(`", "`)`", "`[`", "`]`", "`{`", "`}`", "`,`", "`|`", "`&`", "`-`", "`*`", "`=`", "`..`", "`and`", "`or`"];
    SIGNS.iter().find(|s| s.trim_matches('`') == token).copied()
}

/// A hint for the commonest slip: using a reserved word as a name. Given only
/// where a new name or label was expected, not where a reserved word may
/// simply be out of place (after a piece name, say).
fn keyword_help(rest: &str, expected: &[&str]) -> Option<String> {
    let word: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    let naming = expected.iter().all(|e| [describe(Rule::ident), describe(Rule::label)].contains(e));
    (naming && !expected.is_empty() && is_reserved(&word))
        .then(|| format!("`{word}` is a reserved word of the language; choose another name"))
}
