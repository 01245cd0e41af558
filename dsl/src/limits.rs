//! The bounds the parser holds every input to, so that no text can make it,
//! or the passes after it, recurse without end or use memory without bound.
//! Each is far beyond what a real game needs; crossing one is a located error.

use crate::ast::Span;
use crate::syntax_error::{ErrorKind, SyntaxError};
use crate::tokens::{lex, Token};

/// Deeper nesting than this is refused before parsing: the parser and every
/// later pass recurse once per level, and no real file comes near it.
pub const MAX_NESTING: usize = 64;

/// The deepest expression tree the parser builds: each operator of a chain
/// (`a | b | c`) and each `not` adds a level, and the passes after the parser
/// recurse once per level. Far beyond any real zone or condition, far below
/// what a thread's stack can take.
pub const MAX_DEPTH: usize = 256;

/// The largest magnitude a number may have. Numbers are offsets, counts and
/// labels' positions: none comes near it, and every later computation on them
/// (negation, absolute value, sums of two) stays inside `i64`.
pub const MAX_NUMBER: i64 = i32::MAX as i64;

/// The most tokens (words, signs, strings; comments are free) a file may
/// have: a hundred times the largest bundled variant. It bounds the parser's
/// memory, which grows with the tokens, not the bytes.
pub const MAX_TOKENS: usize = 100_000;

/// Measures the text before pest sees it: the count of its tokens and the
/// nesting of its brackets, which pest would follow by recursion.
pub(crate) fn within_limits(source: &str) -> Result<(), SyntaxError> {
    let limit = |start: usize, message: String, help: &str| SyntaxError {
        kind: ErrorKind::Limit,
        span: Span::new(start, start + 1),
        message,
        help: Some(help.to_string()),
    };
    let mut depth = 0usize;
    for (count, lexed) in lex(source).filter(|l| !matches!(l.token, Token::Comment(_))).enumerate() {
        if count == MAX_TOKENS {
            return Err(limit(
                lexed.start,
                format!("the file has more than {MAX_TOKENS} words and signs"),
                "no game needs this many; is this the right file?",
            ));
        }
        match lexed.token {
            Token::Punct("(" | "[" | "{") => {
                depth += 1;
                if depth > MAX_NESTING {
                    let help = "no construct needs this much nesting; remove the extra brackets";
                    return Err(limit(lexed.start, format!("brackets nested more than {MAX_NESTING} deep"), help));
                }
            }
            Token::Punct(")" | "]" | "}") => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// A chain of zone operators whose tree is `depth` levels deep, or the error
/// that says it is too long.
pub(crate) fn chain_within_depth(depth: usize, span: Span) -> Result<usize, SyntaxError> {
    if depth <= MAX_DEPTH {
        return Ok(depth);
    }
    Err(SyntaxError {
        kind: ErrorKind::Limit,
        span,
        message: format!("this zone is too long: more than {MAX_DEPTH} operators deep"),
        help: Some("split it: declare parts of it as zones of their own (`zone part = ...`) and combine their names".into()),
    })
}

/// `negations` times `not` before an operand `depth` levels deep, or the
/// error that says the run is too long.
pub(crate) fn negations_within_depth(negations: usize, depth: usize, span: Span) -> Result<usize, SyntaxError> {
    if negations + depth <= MAX_DEPTH {
        return Ok(negations + depth);
    }
    Err(SyntaxError {
        kind: ErrorKind::Limit,
        span,
        message: format!("{negations} `not` in a row: more than {MAX_DEPTH} operators deep"),
        help: Some("two `not` cancel each other: remove them in pairs".into()),
    })
}
