//! Source text to [`ast::File`]. The only place that knows about pest.

use crate::ast::*;
use crate::source::{too_large, MAX_SOURCE_BYTES};
use crate::tokens::{lex, Token};
use crate::words::{describe, is_reserved};
use pest::iterators::Pair;
use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "vdl.pest"]
pub(crate) struct VdlParser;

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

/// Deeper nesting than this is refused before parsing: the parser and every
/// later pass recurse once per level, and no real file comes near it.
const MAX_NESTING: usize = 64;

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
fn within_limits(source: &str) -> Result<(), SyntaxError> {
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

/// Parses a whole file.
pub fn parse(source: &str) -> Result<File, SyntaxError> {
    if source.len() > MAX_SOURCE_BYTES {
        let at = floor_char_boundary(source, MAX_SOURCE_BYTES);
        return Err(too_large(Span::new(at, at)));
    }
    within_limits(source)?;
    let mut pairs = VdlParser::parse(Rule::file, source).map_err(|e| syntax_error(source, detailed(source).unwrap_or(e)))?;
    let file = pairs.next().expect("the file rule always produces one pair");
    let mut items = Vec::new();
    for pair in file.into_inner() {
        if pair.as_rule() != Rule::EOI {
            items.push(item(pair)?);
        }
    }
    Ok(File { items })
}

fn floor_char_boundary(source: &str, mut at: usize) -> usize {
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn syntax_error(source: &str, error: pest::error::Error<Rule>) -> SyntaxError {
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
fn detailed(source: &str) -> Option<pest::error::Error<Rule>> {
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

fn span_of(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn ident(pair: Pair<Rule>) -> Ident {
    Ident { text: pair.as_str().to_string(), span: span_of(&pair) }
}

fn int(pair: Pair<Rule>) -> Result<Int, SyntaxError> {
    let span = span_of(&pair);
    match pair.as_str().parse::<i64>() {
        Ok(value) if value.unsigned_abs() <= MAX_NUMBER.unsigned_abs() => Ok(Int { value, span }),
        _ => Err(SyntaxError {
            kind: ErrorKind::Limit,
            span,
            message: format!("the number `{}` is too large", pair.as_str()),
            help: Some(format!("numbers lie between -{MAX_NUMBER} and {MAX_NUMBER}")),
        }),
    }
}

/// A chain of zone operators whose tree is `depth` levels deep, or the error
/// that says it is too long.
fn chain_within_depth(depth: usize, span: Span) -> Result<usize, SyntaxError> {
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
fn negations_within_depth(negations: usize, depth: usize, span: Span) -> Result<usize, SyntaxError> {
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

fn text(pair: Pair<Rule>) -> Text {
    let stmt = span_of(&pair);
    let string = pair.into_inner().next().expect("grammar: a string");
    let body = string.into_inner().next().expect("grammar: a string body");
    Text { value: body.as_str().to_string(), span: span_of(&body), stmt }
}

fn item(pair: Pair<Rule>) -> Result<Item, SyntaxError> {
    let span = span_of(&pair);
    Ok(match pair.as_rule() {
        Rule::game_decl => Item::Game(text(pair)),
        Rule::setup_decl => Item::Setup(text(pair)),
        Rule::board_decl => Item::Board(board(pair)),
        Rule::forward_decl => {
            let mut inner = pair.into_inner();
            let negative = inner.next().expect("grammar: sign").as_str() == "-";
            Item::Forward(Forward { negative, axis: ident(inner.next().expect("grammar: axis")), span })
        }
        Rule::player_decl => Item::Player(player(pair)?),
        Rule::zone_decl => {
            let mut inner = pair.into_inner();
            let name = ident(inner.next().expect("grammar: zone name"));
            let expr = zone_expr(inner.next().expect("grammar: zone expression"))?;
            Item::Zone(ZoneDecl { name, expr, span })
        }
        Rule::direction_decl => {
            let mut inner = pair.into_inner();
            let name = ident(inner.next().expect("grammar: direction name"));
            let expr = dir_expr(inner.next().expect("grammar: direction expression"))?;
            Item::Direction(DirectionDecl { name, expr, span })
        }
        Rule::piece_decl => Item::Piece(piece(pair)?),
        Rule::facing_decl => {
            let axis = ident(pair.into_inner().next().expect("grammar: axis"));
            Item::Facing(Facing { axis, span })
        }
        Rule::stalemate_decl => {
            let outcome = match pair.into_inner().next().expect("grammar: outcome").as_str() {
                "loss" => Outcome::Loss,
                "draw" => Outcome::Draw,
                _ => Outcome::Win,
            };
            Item::Stalemate(Stalemate { outcome, span })
        }
        Rule::hands_decl => Item::Hands(span),
        Rule::limit_decl => {
            let mut inner = pair.into_inner();
            let pieces = piece_set(inner.next().expect("grammar: pieces"));
            let max = int(inner.next().expect("grammar: number"))?;
            let scope = match inner.next() {
                None => LimitScope::Board,
                Some(scope) if scope.as_rule() == Rule::per_line => {
                    LimitScope::Line(ident(scope.into_inner().next().expect("grammar: axis")))
                }
                Some(scope) => LimitScope::Binding(span_of(&scope)),
            };
            Item::Limit(LimitDecl { pieces, max, scope, span })
        }
        Rule::drop_mate_decl => Item::NoDropMate { pieces: piece_set(pair.into_inner().next().expect("grammar: pieces")), span },
        Rule::group_decl => {
            let mut inner = pair.into_inner();
            let name = ident(inner.next().expect("grammar: group name"));
            let members = piece_set(inner.next().expect("grammar: members"));
            Item::Group(GroupDecl { name, members, span })
        }
        Rule::proxy_decl => {
            let mut inner = pair.into_inner();
            let next_set = |inner: &mut pest::iterators::Pairs<Rule>| {
                piece_set(inner.next().expect("grammar: proxy part").into_inner().next().expect("grammar: pieces"))
            };
            let movers = next_set(&mut inner);
            let trigger = trigger(inner.next().expect("grammar: trigger").into_inner().next().expect("grammar: trigger"))?;
            let promotes = next_set(&mut inner);
            let into = next_set(&mut inner);
            let keeping = match inner.next() {
                Some(keeping) => {
                    let mut parts = keeping.into_inner();
                    let zone = zone_expr(parts.next().expect("grammar: zone"))?;
                    Some((zone, piece_set(parts.next().expect("grammar: pieces"))))
                }
                None => None,
            };
            Item::Proxy(ProxyDecl { movers, trigger, promotes, into, keeping, span })
        }
        rule => unreachable!("grammar: unexpected item {rule:?}"),
    })
}

fn board(pair: Pair<Rule>) -> Board {
    let span = span_of(&pair);
    let mut axes = Vec::new();
    let mut folds = Vec::new();
    let mut names = Vec::new();
    for stmt in pair.into_inner() {
        let stmt_span = span_of(&stmt);
        match stmt.as_rule() {
            Rule::axis_decl => {
                let mut inner = stmt.into_inner();
                let name = ident(inner.next().expect("grammar: axis name"));
                let labels = labels(inner.next().expect("grammar: labels"));
                let wrap = inner.next().is_some();
                axes.push(AxisDecl { name, labels, wrap, span: stmt_span });
            }
            Rule::fold_decl => {
                let mut inner = stmt.into_inner();
                let name = ident(inner.next().expect("grammar: fold name"));
                let labels = labels(inner.next().expect("grammar: labels"));
                let mut along = Vec::new();
                let mut snake = false;
                for part in inner {
                    match part.as_rule() {
                        Rule::snake => snake = true,
                        _ => along.push(ident(part)),
                    }
                }
                folds.push(FoldDecl { name, labels, along, snake, span: stmt_span });
            }
            Rule::name_decl => names.push(NameDecl { axes: stmt.into_inner().map(ident).collect(), span: stmt_span }),
            rule => unreachable!("grammar: unexpected board statement {rule:?}"),
        }
    }
    Board { axes, folds, names, span }
}

fn labels(pair: Pair<Rule>) -> Labels {
    let inner = pair.into_inner().next().expect("grammar: labels");
    let span = span_of(&inner);
    match inner.as_rule() {
        Rule::label_range => {
            let mut parts = inner.into_inner();
            let first = ident(parts.next().expect("grammar: first label"));
            let last = ident(parts.next().expect("grammar: last label"));
            Labels::Range { first, last, span }
        }
        _ => Labels::List { labels: inner.into_inner().map(ident).collect(), span },
    }
}

fn player(pair: Pair<Rule>) -> Result<Player, SyntaxError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let name = ident(inner.next().expect("grammar: player name"));
    let mut view = Vec::new();
    for transform in inner {
        let t = transform.into_inner().next().expect("grammar: transform");
        let t_span = span_of(&t);
        let mut parts = t.clone().into_inner();
        let axis = ident(parts.next().expect("grammar: axis"));
        view.push(match t.as_rule() {
            Rule::mirror => Transform::Mirror { axis, span: t_span },
            _ => Transform::Shift { axis, by: int(parts.next().expect("grammar: amount"))?, span: t_span },
        });
    }
    Ok(Player { name, view, span })
}

fn zone_expr(pair: Pair<Rule>) -> Result<ZoneExpr, SyntaxError> {
    zone_tree(pair).map(|(expr, _)| expr)
}

/// A zone expression and the depth of its tree; operators chain to the left.
fn zone_tree(pair: Pair<Rule>) -> Result<(ZoneExpr, usize), SyntaxError> {
    let mut inner = pair.into_inner();
    let (mut lhs, mut depth) = zone_term(inner.next().expect("grammar: zone term"))?;
    while let Some(op) = inner.next() {
        let op = match op.as_str() {
            "|" => ZoneOp::Union,
            "&" => ZoneOp::Intersection,
            _ => ZoneOp::Difference,
        };
        let (rhs, rhs_depth) = zone_term(inner.next().expect("grammar: zone term"))?;
        let span = Span::new(lhs.span().start, rhs.span().end);
        depth = chain_within_depth(depth.max(rhs_depth) + 1, span)?;
        lhs = ZoneExpr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), span };
    }
    Ok((lhs, depth))
}

fn zone_term(pair: Pair<Rule>) -> Result<(ZoneExpr, usize), SyntaxError> {
    let span = span_of(&pair);
    Ok(match pair.as_rule() {
        Rule::zone_expr => zone_tree(pair)?,
        Rule::zone_box => (ZoneExpr::Box { ranges: pair.into_inner().map(axis_range).collect(), span }, 1),
        Rule::zone_cells => (ZoneExpr::Cells { cells: pair.into_inner().map(ident).collect(), span }, 1),
        Rule::zone_enemy => (ZoneExpr::Enemy { zone: ident(pair.into_inner().next().expect("grammar: zone")), span }, 1),
        Rule::zone_not => {
            let parts: Vec<Pair<Rule>> = pair.into_inner().collect();
            let (operand, negations) = parts.split_last().expect("grammar: a negated zone");
            let (mut expr, depth) = zone_term(operand.clone())?;
            let depth = negations_within_depth(negations.len(), depth, span)?;
            // The innermost `not` is the last: each wraps what follows it.
            for negation in negations.iter().rev() {
                expr = ZoneExpr::Not { inner: Box::new(expr), span: Span::new(span_of(negation).start, span.end) };
            }
            (expr, depth)
        }
        Rule::zone_ref => (ZoneExpr::Ref(ident(pair.into_inner().next().expect("grammar: name"))), 1),
        rule => unreachable!("grammar: unexpected zone term {rule:?}"),
    })
}

fn axis_range(pair: Pair<Rule>) -> AxisRange {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let axis = ident(inner.next().expect("grammar: axis"));
    let first = ident(inner.next().expect("grammar: label"));
    let last = inner.next().map(ident);
    AxisRange { axis, first, last, span }
}

fn dir_expr(pair: Pair<Rule>) -> Result<DirExpr, SyntaxError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let union = inner.next().expect("grammar: direction union");
    let union_span = span_of(&union);
    let mut terms = union.into_inner().map(dir_atom).collect::<Result<Vec<_>, _>>()?;
    let base = if terms.len() == 1 { terms.pop().expect("one term") } else { DirExpr::Union { terms, span: union_span } };
    let conditions = inner.map(dir_cond).collect::<Result<Vec<_>, _>>()?;
    Ok(if conditions.is_empty() { base } else { DirExpr::Filter { inner: Box::new(base), conditions, span } })
}

fn dir_atom(atom: Pair<Rule>) -> Result<DirExpr, SyntaxError> {
    Ok(match atom.as_rule() {
        Rule::vector => DirExpr::Vector(vector(atom)?),
        Rule::vector_all => {
            let all_span = span_of(&atom);
            DirExpr::All { vector: vector(atom.into_inner().next().expect("grammar: vector"))?, span: all_span }
        }
        Rule::dir_ref => DirExpr::Ref(ident(atom.into_inner().next().expect("grammar: name"))),
        Rule::dir_expr => dir_expr(atom)?,
        rule => unreachable!("grammar: unexpected direction atom {rule:?}"),
    })
}

fn vector(pair: Pair<Rule>) -> Result<Vector, SyntaxError> {
    let span = span_of(&pair);
    Ok(Vector { components: pair.into_inner().map(int).collect::<Result<_, _>>()?, span })
}

fn dir_cond(pair: Pair<Rule>) -> Result<DirCond, SyntaxError> {
    let cond = pair.into_inner().next().expect("grammar: condition");
    let span = span_of(&cond);
    Ok(match cond.as_rule() {
        Rule::cond_forward => DirCond::Forward(span),
        Rule::cond_backward => DirCond::Backward(span),
        Rule::cond_sideways => DirCond::Sideways(span),
        Rule::cond_not => {
            let parts: Vec<Pair<Rule>> = cond.into_inner().collect();
            let (operand, negations) = parts.split_last().expect("grammar: a negated condition");
            negations_within_depth(negations.len(), 1, span)?;
            let mut negated = dir_cond(operand.clone())?;
            for negation in negations.iter().rev() {
                negated = DirCond::Not { inner: Box::new(negated), span: Span::new(span_of(negation).start, span.end) };
            }
            negated
        }
        Rule::cond_compare => {
            let mut inner = cond.into_inner();
            let axis = ident(inner.next().expect("grammar: axis"));
            let op = match inner.next().expect("grammar: operator").as_str() {
                "==" => CompareOp::Eq,
                "!=" => CompareOp::Ne,
                "<=" => CompareOp::Le,
                ">=" => CompareOp::Ge,
                "<" => CompareOp::Lt,
                _ => CompareOp::Gt,
            };
            let value = int(inner.next().expect("grammar: number"))?;
            DirCond::Compare { axis, op, value, span }
        }
        rule => unreachable!("grammar: unexpected condition {rule:?}"),
    })
}

fn piece(pair: Pair<Rule>) -> Result<PieceDecl, SyntaxError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let name = ident(inner.next().expect("grammar: piece name"));
    let symbol = ident(inner.next().expect("grammar: symbol"));
    let mut extends = None;
    let mut body = Vec::new();
    for stmt in inner {
        let stmt_span = span_of(&stmt);
        body.push(match stmt.as_rule() {
            Rule::extends => {
                extends = Some(ident(stmt.into_inner().next().expect("grammar: base piece")));
                continue;
            }
            Rule::promotion => PieceStmt::Promotion(promotion(stmt)?),
            Rule::royal => PieceStmt::Royal(stmt_span),
            Rule::confined => {
                let mut inner = stmt.into_inner();
                let zone = zone_expr(inner.next().expect("grammar: zone"))?;
                let countdown = match inner.next() {
                    Some(c) => {
                        let c_span = span_of(&c);
                        let mut parts = c.into_inner();
                        let delay = int(parts.next().expect("grammar: number"))?;
                        Some(Countdown { delay, without: piece_set(parts.next().expect("grammar: pieces")), span: c_span })
                    }
                    None => None,
                };
                PieceStmt::Confined { zone, countdown, span: stmt_span }
            }
            Rule::swap_stmt => {
                let mut inner = stmt.into_inner();
                let directions = dir_expr(inner.next().expect("grammar: directions"))?;
                let with = piece_set(inner.next().expect("grammar: pieces"));
                let unattacked = inner.next().is_some();
                PieceStmt::Swap(SwapStmt { directions, with, unattacked, span: stmt_span })
            }
            Rule::move_stmt => PieceStmt::Move(move_stmt(stmt)?),
            rule => unreachable!("grammar: unexpected piece statement {rule:?}"),
        });
    }
    Ok(PieceDecl { name, symbol, extends, body, span })
}

fn promotion(pair: Pair<Rule>) -> Result<PromotionStmt, SyntaxError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let compulsory = inner.next().expect("grammar: must/may").as_rule() == Rule::must;
    let to = piece_set(inner.next().expect("grammar: pieces"));
    let trigger = trigger(inner.next().expect("grammar: trigger"))?;
    Ok(PromotionStmt { compulsory, to, trigger, span })
}

fn trigger(pair: Pair<Rule>) -> Result<TriggerExpr, SyntaxError> {
    let t = pair.into_inner().next().expect("grammar: trigger");
    let rule = t.as_rule();
    let mut zones = t.into_inner().map(zone_expr);
    let first = zones.next().expect("grammar: zone")?;
    Ok(match rule {
        Rule::on_entering => TriggerExpr::Entering(first),
        Rule::on_leaving => TriggerExpr::Leaving(first),
        Rule::from_into => TriggerExpr::FromInto(first, zones.next().expect("grammar: zone")?),
        _ => TriggerExpr::In(first),
    })
}

fn piece_set(pair: Pair<Rule>) -> PieceSet {
    let span = span_of(&pair);
    let mut items = Vec::new();
    let mut op = SetOp::Union;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::set_op => op = if part.as_str() == "&" { SetOp::Intersection } else { SetOp::Union },
            _ => items.push((op, ident(part))),
        }
    }
    PieceSet { items, span }
}

fn move_stmt(pair: Pair<Rule>) -> Result<MoveStmt, SyntaxError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let kind_pair = inner.next().expect("grammar: move kind");
    let kind_span = span_of(&kind_pair);
    let kind = match kind_pair.as_str() {
        "step" => MoveKind::Step,
        "slide" => MoveKind::Slide,
        "leap" => MoveKind::Leap,
        _ => MoveKind::Hop,
    };
    let directions = dir_expr(inner.next().expect("grammar: directions"))?;
    let mut routes = Vec::new();
    let mut capturing = None;
    let mut modifiers = Vec::new();
    for part in inner {
        let part_span = span_of(&part);
        match part.as_rule() {
            Rule::via => {
                for route in part.into_inner() {
                    let route_span = span_of(&route);
                    if route.as_rule() == Rule::capturing {
                        capturing = Some(route_span);
                        continue;
                    }
                    let mut cells = Vec::new();
                    let mut condition = None;
                    for item in route.into_inner() {
                        if item.as_rule() == Rule::vector {
                            cells.push(vector(item)?);
                            continue;
                        }
                        let cond_span = span_of(&item);
                        let mut cond = item.into_inner();
                        let crossing = cond.next().expect("grammar: when/unless").as_rule() == Rule::when_crossing;
                        let zone = zone_expr(cond.next().expect("grammar: zone"))?;
                        condition = Some(RouteCondition { crossing, zone, span: cond_span });
                    }
                    routes.push(Route { cells, condition, span: route_span });
                }
            }
            Rule::circuit => modifiers.push(Modifier::Circuit(part_span)),
            Rule::move_only => modifiers.push(Modifier::MoveOnly(part_span)),
            Rule::capture_only => modifiers.push(Modifier::CaptureOnly(part_span)),
            Rule::when_in => {
                modifiers.push(Modifier::WhenIn { zone: zone_expr(part.into_inner().next().expect("grammar: zone"))?, span: part_span })
            }
            rule => unreachable!("grammar: unexpected move part {rule:?}"),
        }
    }
    Ok(MoveStmt { kind, kind_span, directions, routes, capturing, modifiers, span })
}
