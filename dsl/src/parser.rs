//! Source text to [`ast::File`]: pest parses the grammar (`vdl.pest`), and the
//! pairs it gives become the syntax tree. Limits are in `limits.rs`, the messages
//! of a failed parse in `syntax_error.rs`.

use crate::ast::*;
use crate::limits::{chain_within_depth, negations_within_depth, within_limits, MAX_NUMBER};
use crate::source::{too_large, MAX_SOURCE_BYTES};
use crate::syntax_error::{detailed, syntax_error, ErrorKind, SyntaxError};
use pest::iterators::Pair;
use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "vdl.pest"]
pub(crate) struct VdlParser;

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

fn span_of(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn ident(pair: Pair<Rule>) -> Ident {
    Ident { text: pair.as_str().to_string(), span: span_of(&pair) }
}

/// `draws decided by material Rook 13, ... with 1.5 for Red`.
fn material(pair: Pair<Rule>) -> Result<MaterialDecl, SyntaxError> {
    let span = span_of(&pair);
    let (mut weights, mut bonus) = (Vec::new(), None);
    for part in pair.into_inner() {
        let mut inner = part.clone().into_inner();
        if part.as_rule() == Rule::material_weight {
            let piece = ident(inner.next().expect("grammar: piece"));
            weights.push((piece, int(inner.next().expect("grammar: weight"))?));
        } else {
            let points = ident(inner.next().expect("grammar: points"));
            bonus = Some(MaterialBonus { points, player: ident(inner.next().expect("grammar: player")) });
        }
    }
    Ok(MaterialDecl { weights, bonus, span })
}

fn int(pair: Pair<Rule>) -> Result<Int, SyntaxError> {
    let span = span_of(&pair);
    match pair.as_str().parse::<i64>() {
        Ok(value) if value.unsigned_abs() <= MAX_NUMBER.unsigned_abs() => Ok(Int { value, span }),
        _ => Err(number_too_large(pair.as_str(), span)),
    }
}

/// A label: a word, or a whole number (`-5`, `10`) that, like every number,
/// lies within [`MAX_NUMBER`]; ranges and coordinate conditions compute
/// with numeric labels.
fn label(pair: Pair<Rule>) -> Result<Ident, SyntaxError> {
    let label = ident(pair);
    let digits = label.text.strip_prefix('-').unwrap_or(&label.text);
    let is_number = digits.bytes().all(|b| b.is_ascii_digit());
    match label.text.parse::<i64>() {
        _ if !is_number => Ok(label),
        Ok(value) if value.unsigned_abs() <= MAX_NUMBER.unsigned_abs() => Ok(label),
        _ => Err(number_too_large(&label.text, label.span)),
    }
}

fn number_too_large(text: &str, span: Span) -> SyntaxError {
    SyntaxError {
        kind: ErrorKind::Limit,
        span,
        message: format!("the number `{text}` is too large"),
        help: Some(format!("numbers lie between -{MAX_NUMBER} and {MAX_NUMBER}")),
    }
}

fn text(pair: Pair<Rule>) -> Text {
    let stmt = span_of(&pair);
    let string = pair.into_inner().next().expect("grammar: a string");
    Text { stmt, ..string_text(string) }
}

/// A string literal alone (its statement is the string itself).
fn string_text(string: Pair<Rule>) -> Text {
    let stmt = span_of(&string);
    let body = string.into_inner().next().expect("grammar: a string body");
    Text { value: body.as_str().to_string(), span: span_of(&body), stmt }
}

fn item(pair: Pair<Rule>) -> Result<Item, SyntaxError> {
    let span = span_of(&pair);
    Ok(match pair.as_rule() {
        Rule::game_decl => Item::Game(text(pair)),
        Rule::setup_decl => Item::Setup(text(pair)),
        Rule::board_decl => Item::Board(board(pair)?),
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
            let mut inner = pair.into_inner();
            let axis = ident(inner.next().expect("grammar: axis"));
            Item::Facing(Facing { axis, allowed: inner.next().is_some(), span })
        }
        Rule::stalemate_decl => Item::Stalemate(Stalemate { outcome: outcome(pair.into_inner().next().expect("grammar: outcome")), span }),
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
        Rule::no_check_decl => Item::NoCheck(span),
        Rule::must_capture_decl => Item::MustCapture(span),
        Rule::must_drop_decl => Item::MustDrop(span),
        Rule::explosion_decl => {
            let mut inner = pair.into_inner();
            let reach = int(inner.next().expect("grammar: reach"))?;
            let directions = dir_expr(inner.next().expect("grammar: directions"))?;
            let spared = inner.next().map(|sparing| piece_set(sparing.into_inner().next().expect("grammar: pieces")));
            Item::Explosion(ExplosionDecl { reach, directions, spared, span })
        }
        Rule::material_decl => Item::Material(material(pair)?),
        Rule::gating_decl => Item::Gating { zone: zone_expr(pair.into_inner().next().expect("grammar: zone"))?, span },
        Rule::unmoved_listing_decl => Item::UnmovedListing { zone: zone_expr(pair.into_inner().next().expect("grammar: zone"))?, span },
        Rule::blocker_decl => Item::Blocker { piece: ident(pair.into_inner().next().expect("grammar: blocker")), span },
        Rule::may_drop_decl => {
            let licence = match pair.into_inner().next().expect("grammar: what may be dropped").as_rule() {
                Rule::drop_promoted => DropLicence::Promoted,
                _ => DropLicence::Anywhere,
            };
            Item::MayDrop { licence, span }
        }
        Rule::goal_decl => Item::Goal(GoalDecl { kind: goal(pair.into_inner().next().expect("grammar: goal"))?, span }),
        Rule::drop_mate_decl => Item::NoDropMate { pieces: piece_set(pair.into_inner().next().expect("grammar: pieces")), span },
        Rule::drop_ban_decl => {
            let mut inner = pair.into_inner();
            let pieces = piece_set(inner.next().expect("grammar: pieces"));
            Item::NoDrop { pieces, zone: zone_expr(inner.next().expect("grammar: zone"))?, span }
        }
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

fn board(pair: Pair<Rule>) -> Result<Board, SyntaxError> {
    let span = span_of(&pair);
    let mut axes = Vec::new();
    let mut folds = Vec::new();
    let mut names = Vec::new();
    let mut draws = Vec::new();
    let mut shapes = Vec::new();
    for stmt in pair.into_inner() {
        let stmt_span = span_of(&stmt);
        match stmt.as_rule() {
            Rule::axis_decl => {
                let mut inner = stmt.into_inner();
                let name = ident(inner.next().expect("grammar: axis name"));
                let labels = labels(inner.next().expect("grammar: labels"))?;
                let wrap = inner.next().is_some();
                axes.push(AxisDecl { name, labels, wrap, span: stmt_span });
            }
            Rule::fold_decl => {
                let mut inner = stmt.into_inner();
                let name = ident(inner.next().expect("grammar: fold name"));
                let labels = labels(inner.next().expect("grammar: labels"))?;
                let mut axes = Vec::new();
                let mut line = None;
                let mut snake = false;
                for part in inner {
                    match part.as_rule() {
                        Rule::snake => snake = true,
                        Rule::vector => line = Some(vector(part)?),
                        _ => axes.push(ident(part)),
                    }
                }
                let along = match line {
                    Some(vector) => FoldAlong::Lines(vector),
                    None => FoldAlong::Axes(axes),
                };
                folds.push(FoldDecl { name, labels, along, snake, span: stmt_span });
            }
            Rule::name_decl => names.push(NameDecl { axes: stmt.into_inner().map(ident).collect(), span: stmt_span }),
            Rule::draw_decl => draws.push(draw(stmt)),
            Rule::cells_decl | Rule::without_decl => {
                let kind = if stmt.as_rule() == Rule::cells_decl { ShapeKind::Region } else { ShapeKind::Walls };
                let zone = zone_expr(stmt.into_inner().next().expect("grammar: zone"))?;
                shapes.push(ShapeDecl { kind, zone, span: stmt_span });
            }
            rule => unreachable!("grammar: unexpected board statement {rule:?}"),
        }
    }
    Ok(Board { axes, folds, names, draws, shapes, span })
}

fn draw(pair: Pair<Rule>) -> DrawDecl {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let cells = match inner.next().expect("grammar: cell style").as_str() {
        "points" => CellStyle::Points,
        "hexagons" => CellStyle::Hexagons,
        _ => CellStyle::Squares,
    };
    let pieces = inner.next().map(|shape| match shape.as_str() {
        "tiles" => PieceShape::Tiles,
        _ => PieceShape::Discs,
    });
    DrawDecl { cells, pieces, span }
}

fn labels(pair: Pair<Rule>) -> Result<Labels, SyntaxError> {
    let inner = pair.into_inner().next().expect("grammar: labels");
    let span = span_of(&inner);
    Ok(match inner.as_rule() {
        Rule::label_range => {
            let mut parts = inner.into_inner();
            let first = label(parts.next().expect("grammar: first label"))?;
            let last = label(parts.next().expect("grammar: last label"))?;
            Labels::Range { first, last, span }
        }
        _ => Labels::List { labels: inner.into_inner().map(label).collect::<Result<_, _>>()?, span },
    })
}

fn player(pair: Pair<Rule>) -> Result<Player, SyntaxError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner().peekable();
    let name = ident(inner.next().expect("grammar: player name"));
    let letter = inner.next_if(|pair| pair.as_rule() == Rule::string).map(string_text);
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
    Ok(Player { name, letter, view, span })
}

fn zone_expr(pair: Pair<Rule>) -> Result<ZoneExpr, SyntaxError> {
    zone_tree(pair).map(|(expr, _)| expr)
}

/// A zone expression and the depth of its tree. `&` binds tighter than `|`
/// and `-` (`a & b | c & d` is `(a & b) | (c & d)`, as in logic); otherwise
/// operators chain to the left (`a | b - c` is `(a | b) - c`).
fn zone_tree(pair: Pair<Rule>) -> Result<(ZoneExpr, usize), SyntaxError> {
    let mut inner = pair.into_inner();
    let (mut lhs, mut depth) = zone_intersection(zone_term(inner.next().expect("grammar: zone term"))?, &mut inner)?;
    while let Some(op) = inner.next() {
        let op = if op.as_str() == "|" { ZoneOp::Union } else { ZoneOp::Difference };
        let (rhs, rhs_depth) = zone_intersection(zone_term(inner.next().expect("grammar: zone term"))?, &mut inner)?;
        (lhs, depth) = zone_binary(op, (lhs, depth), (rhs, rhs_depth))?;
    }
    Ok((lhs, depth))
}

/// `first` and every `& TERM` that follows it, chained to the left; stops
/// before the next `|` or `-`.
fn zone_intersection(first: (ZoneExpr, usize), inner: &mut pest::iterators::Pairs<Rule>) -> Result<(ZoneExpr, usize), SyntaxError> {
    let mut tree = first;
    while inner.peek().is_some_and(|op| op.as_str() == "&") {
        inner.next();
        let rhs = zone_term(inner.next().expect("grammar: zone term"))?;
        tree = zone_binary(ZoneOp::Intersection, tree, rhs)?;
    }
    Ok(tree)
}

fn zone_binary(
    op: ZoneOp,
    (lhs, lhs_depth): (ZoneExpr, usize),
    (rhs, rhs_depth): (ZoneExpr, usize),
) -> Result<(ZoneExpr, usize), SyntaxError> {
    let span = Span::new(lhs.span().start, rhs.span().end);
    let depth = chain_within_depth(lhs_depth.max(rhs_depth) + 1, span)?;
    Ok((ZoneExpr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), span }, depth))
}

fn zone_term(pair: Pair<Rule>) -> Result<(ZoneExpr, usize), SyntaxError> {
    let span = span_of(&pair);
    Ok(match pair.as_rule() {
        Rule::zone_expr => zone_tree(pair)?,
        Rule::zone_box => (ZoneExpr::Box { ranges: pair.into_inner().map(axis_range).collect::<Result<_, _>>()?, span }, 1),
        Rule::zone_cells => (ZoneExpr::Cells { cells: pair.into_inner().map(label).collect::<Result<_, _>>()?, span }, 1),
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
        Rule::zone_sum => (zone_sum(pair)?, 1),
        rule => unreachable!("grammar: unexpected zone term {rule:?}"),
    })
}

/// `x + y - z == 0`.
fn zone_sum(pair: Pair<Rule>) -> Result<ZoneExpr, SyntaxError> {
    let span = span_of(&pair);
    let mut terms = Vec::new();
    let mut negative = false;
    let mut op = CompareOp::Eq;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::sum_sign => negative = part.as_str() == "-",
            Rule::ident => terms.push(SumTerm { negative: std::mem::take(&mut negative), axis: ident(part) }),
            Rule::compare_op => op = compare_op(part),
            _ => return Ok(ZoneExpr::Sum(Box::new(CoordinateSum { terms, op, value: int(part)?, span }))),
        }
    }
    unreachable!("grammar: a coordinate condition ends with a number")
}

fn axis_range(pair: Pair<Rule>) -> Result<AxisRange, SyntaxError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let axis = ident(inner.next().expect("grammar: axis"));
    let first = label(inner.next().expect("grammar: label"))?;
    let last = inner.next().map(label).transpose()?;
    Ok(AxisRange { axis, first, last, span })
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
            let op = compare_op(inner.next().expect("grammar: operator"));
            let value = int(inner.next().expect("grammar: number"))?;
            DirCond::Compare { axis, op, value, span }
        }
        rule => unreachable!("grammar: unexpected condition {rule:?}"),
    })
}

fn compare_op(pair: Pair<Rule>) -> CompareOp {
    match pair.as_str() {
        "==" => CompareOp::Eq,
        "!=" => CompareOp::Ne,
        "<=" => CompareOp::Le,
        ">=" => CompareOp::Ge,
        "<" => CompareOp::Lt,
        _ => CompareOp::Gt,
    }
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
            Rule::pass_stmt => PieceStmt::Pass(stmt_span),
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
            Rule::castle_stmt => {
                let mut inner = stmt.into_inner();
                let directions = dir_expr(inner.next().expect("grammar: directions"))?;
                let form = inner.next().expect("grammar: castling's ends");
                let rule = form.as_rule();
                let mut parts = form.into_inner();
                let (ends, with) = match rule {
                    Rule::castle_by => {
                        let distance = int(parts.next().expect("grammar: number"))?;
                        (CastleEnds::By(distance), piece_set(parts.next().expect("grammar: pieces")))
                    }
                    _ => {
                        let piece = zone_expr(parts.next().expect("grammar: zone"))?;
                        let with = piece_set(parts.next().expect("grammar: pieces"));
                        let partner = zone_expr(parts.next().expect("grammar: zone"))?;
                        (CastleEnds::To { piece, partner }, with)
                    }
                };
                PieceStmt::Castle(CastleStmt { directions, ends, with, span: stmt_span })
            }
            Rule::unmoved_loss => {
                let mut inner = stmt.into_inner();
                let landers = piece_set(inner.next().expect("grammar: pieces"));
                let directions = dir_expr(inner.next().expect("grammar: directions"))?;
                PieceStmt::UnmovedLoss(UnmovedLossStmt { landers, directions, span: stmt_span })
            }
            Rule::glyphs => PieceStmt::Glyphs { glyphs: stmt.into_inner().map(string_text).collect(), span: stmt_span },
            Rule::move_stmt => PieceStmt::Move(move_stmt(stmt)?),
            rule => unreachable!("grammar: unexpected piece statement {rule:?}"),
        });
    }
    Ok(PieceDecl { name, symbol, extends, body, span })
}

fn promotion(pair: Pair<Rule>) -> Result<PromotionStmt, SyntaxError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner().peekable();
    let compulsory = inner.next().expect("grammar: must/may").as_rule() == Rule::must;
    let lost = inner.next_if(|p| p.as_rule() == Rule::lost).map(|p| span_of(&p));
    let to = piece_set(inner.next().expect("grammar: pieces"));
    let trigger = trigger(inner.next().expect("grammar: trigger"))?;
    let players = inner.next().map(|p| p.into_inner().map(ident).collect()).unwrap_or_default();
    Ok(PromotionStmt { compulsory, lost, to, trigger, players, span })
}

fn trigger(pair: Pair<Rule>) -> Result<TriggerExpr, SyntaxError> {
    if pair.as_rule() == Rule::in_place {
        return in_place(pair).map(TriggerExpr::InPlace);
    }
    let t = pair.into_inner().next().expect("grammar: trigger");
    let rule = t.as_rule();
    if rule == Rule::on_every_move {
        return Ok(TriggerExpr::EveryMove);
    }
    let mut zones = t.into_inner().map(zone_expr);
    let first = zones.next().expect("grammar: zone")?;
    Ok(match rule {
        Rule::on_entering => TriggerExpr::Entering(first),
        Rule::on_leaving => TriggerExpr::Leaving(first),
        Rule::from_into => TriggerExpr::FromInto(first, zones.next().expect("grammar: zone")?),
        _ => TriggerExpr::In(first),
    })
}

fn in_place(pair: Pair<Rule>) -> Result<InPlaceExpr, SyntaxError> {
    let span = span_of(&pair);
    let mut expr = InPlaceExpr { moving: false, zone: None, alone: false, peaceful: false, span };
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::or_moving => expr.moving = true,
            Rule::when_in => expr.zone = Some(zone_expr(part.into_inner().next().expect("grammar: zone"))?),
            Rule::or_alone => expr.alone = true,
            _ => expr.peaceful = true,
        }
    }
    Ok(expr)
}

fn goal(pair: Pair<Rule>) -> Result<Goal, SyntaxError> {
    let rule = pair.as_rule();
    let mut inner = pair.into_inner();
    Ok(match rule {
        Rule::goal_extinction => {
            let what = inner.next().expect("grammar: pieces");
            let pieces = if what.as_rule() == Rule::all_pieces { Extinct::All } else { Extinct::AnyOf(piece_set(what)) };
            Goal::Extinction { pieces, outcome: inner.next().map(outcome) }
        }
        Rule::goal_bare => Goal::BareRoyal,
        Rule::goal_passes => Goal::Passes,
        Rule::goal_checks => Goal::Checks(int(inner.next().expect("grammar: number"))?),
        _ => {
            let pieces = piece_set(inner.next().expect("grammar: pieces"));
            let _reaches = inner.next().expect("grammar: `reaches`");
            let zone = zone_expr(inner.next().expect("grammar: zone"))?;
            let answered = inner.next().map(|pair| span_of(&pair));
            Goal::Reach { pieces, zone, answered }
        }
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
            Rule::when_unmoved => modifiers.push(Modifier::WhenUnmoved { unattacked: part.into_inner().next().is_some(), span: part_span }),
            Rule::en_passant => {
                modifiers.push(Modifier::EnPassant { by: piece_set(part.into_inner().next().expect("grammar: pieces")), span: part_span })
            }
            Rule::within => {
                modifiers.push(Modifier::Within { zone: zone_expr(part.into_inner().next().expect("grammar: zone"))?, span: part_span })
            }
            Rule::over => {
                let mut parts = part.into_inner().peekable();
                let not = parts.next_if(|p| p.as_rule() == Rule::negation).is_some();
                modifiers.push(Modifier::Over { not, pieces: piece_set(parts.next().expect("grammar: pieces")), span: part_span })
            }
            Rule::sparing => {
                modifiers.push(Modifier::Sparing { pieces: piece_set(part.into_inner().next().expect("grammar: pieces")), span: part_span })
            }
            rule => unreachable!("grammar: unexpected move part {rule:?}"),
        }
    }
    Ok(MoveStmt { kind, kind_span, directions, routes, capturing, modifiers, span })
}

/// `loss`, `draw` or `win`.
fn outcome(pair: Pair<Rule>) -> Outcome {
    match pair.as_str() {
        "loss" => Outcome::Loss,
        "draw" => Outcome::Draw,
        _ => Outcome::Win,
    }
}
