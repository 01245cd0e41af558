//! Phase 3, check: evaluates every declaration against the names declared
//! before it and reports every problem it can find. Its only product besides
//! diagnostics is the [`Draft`], made only when there was no error.

use crate::diag::codes::Code;
use crate::diag::diagnostic::{did_you_mean, Diagnostic};
use crate::front::board::{self, unknown_axis, BoardModel};
use crate::front::directions::DirectionEval;
use crate::front::draft::{Draft, DraftLimit, DraftPiece, LimitScope};
use crate::front::groups::PieceSets;
use crate::front::pieces::{DirectionTable, LineStarts, PieceLowering};
use crate::front::players;
use crate::front::resolve::Names;
use crate::front::zones::{DeclaredZone, ZoneEval, ZoneTable};
use std::collections::{HashMap, HashSet};
use vdl_dsl::ast::{self, Span};
use vdl_runtime::ir::{self, DirId, PieceId, ZoneId, MAX_PIECE_TYPES};

pub fn check(names: &Names, diags: &mut Vec<Diagnostic>) -> Option<Draft> {
    let items = &names.items;
    let board = board::lower(names.board?, diags)?;
    let drawing = crate::front::drawing::board_drawing(names.board?, diags);
    crate::front::drawing::check_hexagons(names.board?, &board, drawing, diags);
    let players = players::lower(&items.players, &items.forwards, &board, names.file_start, diags)?;
    let mut zones = declared_zones(&items.zones, &board, &players, diags);
    let directions = declared_directions(names.source, &items.directions, &board, &players, diags);
    if items.pieces.len() > MAX_PIECE_TYPES {
        diags.push(Diagnostic::error(
            Code::MissingItem,
            items.pieces[MAX_PIECE_TYPES].name.span,
            format!("a game may have at most {MAX_PIECE_TYPES} piece types"),
        ));
        return None;
    }
    let mut sets = PieceSets::new(names.piece_ids.clone());
    for group in &items.groups {
        sets.declare(group, diags);
    }
    let mut table = DirectionTable::default();
    let lines = LineStarts::new(names.source);
    let mut lowering = PieceLowering {
        source: names.source,
        lines: &lines,
        board: &board,
        players: &players,
        directions: &directions,
        zones: &mut zones,
        table: &mut table,
        sets: &sets,
        obligations: Vec::new(),
        passings: Vec::new(),
        spared: Vec::new(),
    };
    let mut pieces: Vec<DraftPiece> = items.pieces.iter().map(|p| lowering.lower(p, diags)).collect();
    let proxy_promotions: Vec<ir::ProxyPromotion> = items.proxies.iter().filter_map(|p| lowering.proxy(p, diags)).collect();
    let obligations = std::mem::take(&mut lowering.obligations);
    let lowering_passings = std::mem::take(&mut lowering.passings);
    let spared = std::mem::take(&mut lowering.spared);
    let royals = items.pieces.iter().zip(&pieces).filter(|(_, p)| p.royal).count();
    let goals = crate::front::goals::goals(&items.goals, royals > 0, &mut lowering, diags);
    // Pieces are dropped from hands that captures fill (`hands`) or that the
    // setup fills (`must drop`).
    let drops = !items.hands.is_empty() || !items.must_drops.is_empty();
    let drop_bans = drop_bans(&items.drop_bans, drops, &mut lowering, diags);
    let gating = items.gatings.first().and_then(|&(zone, _)| lowering.zone(zone, diags));
    let unmoved_listed = crate::front::unmoved::unmoved_listing(&items.unmoved_listings, gating, &mut lowering, diags);
    let drop_promoted = may_drop(&items.may_drops, ast::DropLicence::Promoted, !items.hands.is_empty(), diags);
    let drop_anywhere = may_drop(&items.may_drops, ast::DropLicence::Anywhere, drops, diags);
    let checks_forbidden = crate::front::goals::checks_forbidden(&items.no_checks, royals > 0, diags);
    let explosion = items.explosions.first().and_then(|decl| lowering.explosion(decl, diags));
    let material = items.materials.first().and_then(|decl| lowering.material(decl, diags));
    inherit_moves(&items.pieces, &names.piece_ids, &mut pieces, diags);
    let unmoved_losses = crate::front::unmoved::unmoved_losses(&pieces, diags);
    let blocker_context = crate::front::blocker::BlockerContext {
        pieces: &pieces,
        cells: board.cells.len(),
        hands: !items.hands.is_empty(),
        gating: !items.gatings.is_empty(),
        proxies: !proxy_promotions.is_empty(),
    };
    let blocker = items.blockers.first().and_then(|&decl| crate::front::blocker::blocker(decl, &sets, &blocker_context, diags));
    warn_about_passings(&lowering_passings, &pieces, diags);
    refuse_spared_royals(&spared, &pieces, diags);
    if !items.hands.is_empty() {
        promoted_forms_with_one_base(&items.pieces, &pieces, diags);
    }
    if pieces.is_empty() {
        diags.push(Diagnostic::error(Code::MissingItem, names.file_start, "the file declares no pieces"));
    }
    let (facing, facing_allowed) = facing_directions(&items.facings, &board, &pieces, &mut table, diags);
    facing_without_delayed_royal_confinement(&items.facings, &pieces, &obligations, diags);
    let stalemate = items.stalemates.first().map_or(ir::Outcome::Draw, |s| crate::front::goals::outcome(s.outcome));
    let hands = !items.hands.is_empty();
    let limits = items.limits.iter().flat_map(|decl| limits(decl, &board, &sets, diags)).collect();
    let no_drop_mate = drop_mate_bans(&items.drop_mates, hands, &pieces, &sets, diags);
    if table.overflowed {
        diags.push(
            Diagnostic::error(Code::TooMuchWork, names.file_start, format!("the game needs more than {} directions", DirId::MAX_COUNT))
                .with_help("use fewer directions, or fewer axes"),
        );
    }
    let setup = names.setup?.value.clone();
    if diags.iter().any(Diagnostic::is_error) {
        return None;
    }
    let draft = Draft {
        name: names.game_name.clone(),
        board,
        drawing,
        players,
        directions: table.ir,
        zones: zones.ir,
        pieces,
        hands,
        limits,
        facing,
        facing_allowed,
        stalemate,
        no_drop_mate,
        drop_bans,
        proxy_promotions,
        obligations,
        goals,
        checks_forbidden,
        must_capture: !items.must_captures.is_empty(),
        must_drop: !items.must_drops.is_empty(),
        explosion,
        material,
        gating,
        unmoved_listed,
        unmoved_losses,
        blocker,
        drop_promoted: drop_promoted.is_some(),
        drop_anywhere: drop_anywhere.is_some(),
        setup,
    };
    if let Some(span) = drop_promoted {
        warn_without_promoted_forms(&draft, span, diags);
    }
    Some(draft)
}

fn declared_zones(decls: &[&ast::ZoneDecl], board: &BoardModel, players: &players::Players, diags: &mut Vec<Diagnostic>) -> ZoneTable {
    let mut zones = ZoneTable::default();
    for decl in decls {
        let eval = ZoneEval { board, players, zones: &zones };
        let cells = eval.eval(&decl.expr, diags);
        if let Some(cells) = &cells {
            if cells.iter().all(|set| !set.contains(&true)) {
                diags.push(Diagnostic::warning(Code::EmptyZone, decl.name.span, format!("zone `{}` contains no cell", decl.name.text)));
            }
            zones.intern(&decl.name.text, cells.clone(), decl.name.span, diags);
        }
        zones.declared.entry(decl.name.text.clone()).or_insert(cells.map(|cells| DeclaredZone { cells }));
    }
    zones
}

fn declared_directions<'a>(
    source: &'a str,
    decls: &[&ast::DirectionDecl],
    board: &'a BoardModel,
    players: &'a players::Players,
    diags: &mut Vec<Diagnostic>,
) -> DirectionEval<'a> {
    let mut directions = DirectionEval { source, board, players, declared: HashMap::new(), suggestions: Default::default() };
    for decl in decls {
        let set = directions.eval(&decl.expr, diags);
        if set.as_ref().is_some_and(Vec::is_empty) {
            diags.push(Diagnostic::error(Code::EmptyDirections, decl.expr.span(), format!("direction set `{}` is empty", decl.name.text)));
        }
        directions.declared.entry(decl.name.text.clone()).or_insert(set);
    }
    directions
}

/// `extends Base`: a piece also has every move of its base (and of the base's
/// base), resolved in dependency order; a cycle is an error.
fn inherit_moves(decls: &[&ast::PieceDecl], ids: &HashMap<String, PieceId>, pieces: &mut [DraftPiece], diags: &mut Vec<Diagnostic>) {
    let own: Vec<Vec<Vec<ir::MoveRule>>> = pieces.iter().map(|p| p.moves.clone()).collect();
    for (index, decl) in decls.iter().enumerate() {
        let mut chain = vec![index];
        let mut current = decl;
        while let Some(base) = &current.extends {
            let Some(&base_id) = ids.get(&base.text) else {
                diags.push(
                    Diagnostic::error(Code::UnknownName, base.span, format!("unknown piece `{}`", base.text))
                        .with_help_opt(did_you_mean(&base.text, ids.keys().map(String::as_str))),
                );
                break;
            };
            if chain.contains(&base_id.index()) {
                if current.name.text == decl.name.text || base_id.index() == index {
                    diags.push(
                        Diagnostic::error(
                            Code::ConflictingStatements,
                            base.span,
                            format!("`{}` extends itself through `{}`", decl.name.text, base.text),
                        )
                        .with_help("a piece cannot be its own base; remove one `extends`"),
                    );
                }
                break;
            }
            chain.push(base_id.index());
            for (player, rules) in own[base_id.index()].iter().enumerate() {
                let moves = &mut pieces[index].moves[player];
                let mut present: HashSet<ir::MoveRule> = moves.iter().cloned().collect();
                moves.extend(rules.iter().filter(|rule| present.insert((*rule).clone())).cloned());
            }
            current = &decls[base_id.index()];
        }
    }
}

/// `facing along rank`: both directions of the axis, for a ray from each royal.
fn facing_directions(
    facings: &[&ast::Facing],
    board: &BoardModel,
    pieces: &[DraftPiece],
    table: &mut DirectionTable,
    diags: &mut Vec<Diagnostic>,
) -> (Vec<DirId>, Vec<DirId>) {
    // The directions of facing forbidden, and of facing allowed.
    let (mut forbidden, mut allowed) = (Vec::new(), Vec::new());
    for facing in facings {
        if !pieces.iter().any(|p| p.royal) {
            diags.push(
                Diagnostic::error(Code::NoRoyal, facing.span, "royal pieces may not face each other, but no piece is royal")
                    .with_help("mark the king-like piece with `royal` inside its piece block"),
            );
        }
        let Some(axis) = board.axis_index(&facing.axis.text) else {
            diags.push(unknown_axis(&facing.axis, board.axis_names()));
            continue;
        };
        for sign in [1, -1] {
            let mut vector = vec![0; board.dimensions()];
            vector[axis] = sign;
            let id = table.intern(board, &vector);
            let out = if facing.allowed { &mut allowed } else { &mut forbidden };
            if !out.contains(&id) {
                out.push(id);
            }
        }
    }
    (forbidden, allowed)
}

/// Facing is kept as an attack of each royal along the facing lines
/// (`vdl_runtime::plan::SidePlan::facing_lines`), and a piece a delayed
/// confinement (`confined to ZONE within N moves`) binds attacks only cells
/// it may enter: a royal under one would stop facing outside its zone.
fn facing_without_delayed_royal_confinement(
    facings: &[&ast::Facing],
    pieces: &[DraftPiece],
    obligations: &[ir::Obligation],
    diags: &mut Vec<Diagnostic>,
) {
    let Some(facing) = facings.first() else { return };
    for obligation in obligations.iter().filter(|o| pieces[o.piece.index()].royal) {
        diags.push(
            Diagnostic::error(
                Code::ConflictingStatements,
                facing.span,
                format!("the royal `{}` has a delayed confinement, which `facing` cannot be combined with", pieces[obligation.piece.index()].name),
            )
            .with_help("facing counts as an attack of each royal along the line, and a piece under a countdown attacks only cells it may enter; drop `within N moves` or the facing rule"),
        );
    }
}

/// One limit per type of the declaration's set.
fn limits(decl: &ast::LimitDecl, board: &BoardModel, sets: &PieceSets, diags: &mut Vec<Diagnostic>) -> Vec<DraftLimit> {
    let kinds = sets.resolve(&decl.pieces, diags).unwrap_or_default();
    kinds.into_iter().filter_map(|piece| limit(decl, piece, board, diags)).collect()
}

fn limit(decl: &ast::LimitDecl, piece: PieceId, board: &BoardModel, diags: &mut Vec<Diagnostic>) -> Option<DraftLimit> {
    let Ok(max) = u8::try_from(decl.max.value) else {
        diags.push(Diagnostic::error(Code::ConflictingStatements, decl.max.span, "a limit is a number from 0 to 255"));
        return None;
    };
    let scope = match &decl.scope {
        ast::LimitScope::Board => LimitScope::Board,
        ast::LimitScope::Line(axis) => match board.axis_index(&axis.text) {
            Some(axis) => LimitScope::Line(axis),
            None => {
                diags.push(unknown_axis(axis, board.axis_names()));
                return None;
            }
        },
        ast::LimitScope::Binding(_) => LimitScope::Bindings,
    };
    Some(DraftLimit { piece, max, scope })
}

/// `no checkmate by dropping X`: needs hands, and a royal piece to mate.
/// `no dropping PIECES in ZONE`, per piece type.
fn drop_bans(
    decls: &[(&ast::PieceSet, &ast::ZoneExpr, Span)],
    hands: bool,
    lowering: &mut PieceLowering,
    diags: &mut Vec<Diagnostic>,
) -> Vec<(PieceId, ZoneId)> {
    let mut bans = Vec::new();
    for &(set, zone, span) in decls {
        if !hands {
            diags.push(
                Diagnostic::error(Code::ConflictingStatements, span, "no piece can be dropped: the game has no `hands`")
                    .with_help("add `hands`, or remove this rule"),
            );
        }
        let (pieces, zone) = (lowering.sets.resolve(set, diags), lowering.zone(zone, diags));
        if let (Some(pieces), Some(zone)) = (pieces, zone) {
            bans.extend(pieces.into_iter().map(|kind| (kind, zone)));
        }
    }
    bans
}

/// The first `may drop LICENCE` statement, if any; it needs hands (E0500).
fn may_drop(decls: &[(ast::DropLicence, Span)], licence: ast::DropLicence, hands: bool, diags: &mut Vec<Diagnostic>) -> Option<Span> {
    let span = decls.iter().find(|(l, _)| *l == licence).map(|(_, span)| *span)?;
    if !hands {
        diags.push(
            Diagnostic::error(Code::ConflictingStatements, span, "no piece can be dropped: the game has no `hands`")
                .with_help("add `hands`, or remove this rule"),
        );
    }
    Some(span)
}

/// `may drop promoted` in a game where every piece goes to hand as itself
/// has nothing to drop promoted (W0112).
fn warn_without_promoted_forms(draft: &Draft, span: Span, diags: &mut Vec<Diagnostic>) {
    let forms = crate::front::lower::captured_forms(draft);
    if forms.iter().enumerate().all(|(kind, form)| form.is_none_or(|form| form.index() == kind)) {
        diags.push(
            Diagnostic::warning(Code::NoPromotedForm, span, "no piece goes to hand as another type, so none is dropped promoted")
                .with_help("a captured `+X` goes to hand as the piece whose symbol is `X`: write promoted pieces so, or remove this rule"),
        );
    }
}

fn drop_mate_bans(
    decls: &[(&ast::PieceSet, Span)],
    hands: bool,
    pieces: &[DraftPiece],
    sets: &PieceSets,
    diags: &mut Vec<Diagnostic>,
) -> Vec<PieceId> {
    let mut banned = Vec::new();
    for (set, span) in decls {
        if !hands {
            diags.push(
                Diagnostic::error(Code::ConflictingStatements, *span, "no piece can be dropped: the game has no `hands`")
                    .with_help("add `hands`, or remove this rule"),
            );
        }
        if !pieces.iter().any(|p| p.royal) {
            diags.push(
                Diagnostic::error(Code::NoRoyal, *span, "checkmate needs a royal piece, but no piece is royal")
                    .with_help("mark the king-like piece with `royal`"),
            );
        }
        banned.extend(sets.resolve(set, diags).unwrap_or_default());
    }
    banned
}

/// A hop that spares a royal piece would attack it without being able to
/// capture it: check and its answers would no longer agree (E0309).
fn refuse_spared_royals(spared: &[(Span, Vec<PieceId>)], pieces: &[DraftPiece], diags: &mut Vec<Diagnostic>) {
    for (span, kinds) in spared {
        if let Some(royal) = kinds.iter().filter_map(|kind| pieces.get(kind.index())).find(|piece| piece.royal) {
            diags.push(
                Diagnostic::error(Code::BadHopLimit, *span, format!("a hop may not spare the {}, a royal piece", royal.name))
                    .with_label("its threats to a royal are what check is")
                    .with_help(format!("leave the {} out of `sparing`", royal.name)),
            );
        }
    }
}

/// A captured `X~` joins the hand as the type that promotes to it, so only
/// one type may (E0106).
fn promoted_forms_with_one_base(decls: &[&ast::PieceDecl], pieces: &[DraftPiece], diags: &mut Vec<Diagnostic>) {
    for (kind, decl) in decls.iter().enumerate().filter(|(_, d)| d.symbol.text.ends_with('~')) {
        let promotes_to_it = |piece: &DraftPiece| piece.promotions.iter().any(|p| p.to.iter().any(|to| to.index() == kind));
        let bases: Vec<usize> = (0..pieces.len()).filter(|&base| promotes_to_it(&pieces[base])).collect();
        let [first, second, ..] = bases[..] else { continue };
        let symbol = &decl.symbol.text;
        diags.push(
            Diagnostic::error(
                Code::PromotedFormOfTwoTypes,
                decl.symbol.span,
                format!(
                    "both the {} and the {} promote to `{symbol}`, so a captured `{symbol}` could join the hand as either",
                    pieces[first].name, pieces[second].name
                ),
            )
            .with_note(decls[first].name.span, format!("the {} promotes to `{symbol}`", pieces[first].name))
            .with_note(decls[second].name.span, format!("the {} promotes to `{symbol}`", pieces[second].name))
            .with_help(format!("give each type that promotes its own promoted form, such as `{symbol}` and another `~` symbol")),
        );
    }
}

/// Only capture-only moves capture in passing: a piece named in `en passant
/// by` without one never does (W0110).
fn warn_about_passings(passings: &[(Span, Vec<PieceId>)], pieces: &[DraftPiece], diags: &mut Vec<Diagnostic>) {
    for (span, capturers) in passings {
        for &kind in capturers {
            let Some(piece) = pieces.get(kind.index()) else { continue };
            let captures_only = piece.moves.iter().flatten().any(|rule| {
                rule.mode == ir::Mode::CaptureOnly
                    && matches!(rule.kind, ir::MoveKind::Ride { .. } | ir::MoveKind::Leap { .. } | ir::MoveKind::Hop { .. })
            });
            if !captures_only {
                diags.push(
                    Diagnostic::warning(
                        Code::NeverCapturesInPassing,
                        *span,
                        format!("the {} has no capture-only move, so it never captures in passing", piece.name),
                    )
                    .with_help(format!("give the {} a `capture only` move, or leave it out of `en passant by`", piece.name)),
                );
            }
        }
    }
}
