//! Pieces (part of the check phase): each movement statement becomes move rules
//! with absolute directions, one list per player.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::board::BoardModel;
use crate::front::directions::{symmetries, DirectionEval, Vector, MAX_ROUTE_AXES};
use crate::front::draft::{DraftInPlace, DraftPiece, DraftPromotion};
use crate::front::groups::PieceSets;
use crate::front::players::Players;
use crate::front::zones::{ZoneEval, ZoneTable};
use std::collections::{HashMap, HashSet};
use vdl_dsl::ast::{self, DirExpr, Modifier, MoveKind as AstKind, PieceStmt, Span, TriggerExpr};
use vdl_runtime::ir::{self, CellId, DirId, Gate, Mode, MoveKind, MoveRule, PieceId, PlayerId, Trigger, ZoneId};

/// The most entries (cells times directions) the direction tables of a game
/// may hold, which bounds the memory a file can make the compiler use.
pub const MAX_TABLE_ENTRIES: usize = 1 << 22;

/// Every displacement the move programs use, each with its table, stored once.
#[derive(Default)]
pub struct DirectionTable {
    pub ir: Vec<ir::Direction>,
    /// By vector and, for a move `within` a zone, the zone's cells.
    index: HashMap<(Vector, Option<Vec<bool>>), DirId>,
    /// More directions were asked for than an id can name; the check phase
    /// reports it, so the ids given meanwhile are never used.
    pub overflowed: bool,
}

impl DirectionTable {
    pub fn intern(&mut self, board: &BoardModel, vector: &[i32]) -> DirId {
        self.intern_within(board, vector, None)
    }

    /// The displacement `vector` restricted to the cells of `within`, if
    /// given: it leads from a cell of the zone to a cell of the zone and
    /// nowhere else, so that a line along it exists only inside the zone.
    pub fn intern_within(&mut self, board: &BoardModel, vector: &[i32], within: Option<&[bool]>) -> DirId {
        let key = (vector.to_vec(), within.map(<[bool]>::to_vec));
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        let inside = |cell: CellId| within.is_none_or(|zone| zone[cell.index()]);
        let target =
            CellId::first(board.cells.len()).map(|cell| board.offset(cell, vector).filter(|&to| inside(cell) && inside(to))).collect();
        self.ir.push(ir::Direction { vector: vector.to_vec(), target });
        let Some(id) = DirId::new(self.ir.len() - 1) else {
            self.ir.pop();
            self.overflowed = true;
            return DirId::from_index(0);
        };
        self.index.insert(key, id);
        id
    }
}

/// A destination and the routes to it, from the first player's side.
struct Template {
    target: Vector,
    routes: Vec<TemplateRoute>,
}

#[derive(Clone, PartialEq)]
struct TemplateRoute {
    cells: Vec<Vector>,
    crossing: Option<ir::Crossing>,
}

pub struct PieceLowering<'a> {
    pub source: &'a str,
    pub lines: &'a LineStarts,
    pub board: &'a BoardModel,
    pub players: &'a Players,
    pub directions: &'a DirectionEval<'a>,
    pub zones: &'a mut ZoneTable,
    pub table: &'a mut DirectionTable,
    /// Pieces and groups by name.
    pub sets: &'a PieceSets,
    /// Countdown confinements found so far (`confined to Z within N moves
    /// without ...`).
    pub obligations: Vec<ir::Obligation>,
    /// Every `en passant by` found so far, with the pieces it names, to
    /// check once all pieces have their moves.
    pub passings: Vec<(Span, Vec<PieceId>)>,
    /// Every `sparing` found so far, with the pieces it names, to check
    /// once every piece is known to be royal or not.
    pub spared: Vec<(Span, Vec<PieceId>)>,
}

impl PieceLowering<'_> {
    pub fn lower(&mut self, decl: &ast::PieceDecl, diags: &mut Vec<Diagnostic>) -> DraftPiece {
        let mut royal: Option<Span> = None;
        let mut pass: Option<Span> = None;
        let mut confined: Option<(ZoneId, Span)> = None;
        let mut moves = vec![Vec::new(); self.players.list.len()];
        let mut seen: Vec<HashSet<MoveRule>> = vec![HashSet::new(); self.players.list.len()];
        let mut promotions = Vec::new();
        let mut in_place: Option<(DraftInPlace, Span)> = None;
        let mut overlaps = Overlaps::default();
        let mut glyphs: Option<(Vec<String>, Span)> = None;
        let mut unmoved_loss: Option<crate::front::unmoved::DraftUnmovedLoss> = None;
        for stmt in &decl.body {
            match stmt {
                PieceStmt::Pass(span) => match pass {
                    Some(first) => diags.push(repeated("pass", *span, first)),
                    None => {
                        pass = Some(*span);
                        let rule = MoveRule {
                            kind: MoveKind::Pass,
                            mode: Mode::MoveOnly,
                            only_in: None,
                            gate: Gate::Always,
                            en_passant: Vec::new(),
                        };
                        moves.iter_mut().for_each(|player_moves| player_moves.push(rule.clone()));
                    }
                },
                PieceStmt::Royal(span) => {
                    if let Some(first) = royal {
                        diags.push(repeated("royal", *span, first));
                    }
                    royal = Some(*span);
                }
                PieceStmt::Confined { zone, countdown: Some(countdown), .. } => {
                    self.obligation(decl, zone, countdown, diags);
                }
                PieceStmt::Confined { zone, countdown: None, span } => {
                    if let Some((_, first)) = confined {
                        diags.push(repeated("confined", *span, first));
                    } else if let Some(id) = self.zone(zone, diags) {
                        confined = Some((id, *span));
                    }
                }
                PieceStmt::Swap(stmt) => {
                    for (player, rule) in self.swap_rules(stmt, diags).into_iter().enumerate() {
                        moves[player].extend(rule);
                    }
                }
                PieceStmt::Castle(stmt) => {
                    for (player, rule) in self.castle_rules(stmt, diags).into_iter().enumerate() {
                        moves[player].extend(rule);
                    }
                }
                PieceStmt::UnmovedLoss(stmt) => match &unmoved_loss {
                    Some(first) => diags.push(repeated("unmoved lost", stmt.span, first.span)),
                    None => unmoved_loss = self.unmoved_loss(stmt, diags),
                },
                PieceStmt::Promotion(stmt @ ast::PromotionStmt { trigger: TriggerExpr::InPlace(expr), .. }) => {
                    if let Some((_, first)) = in_place {
                        diags.push(
                            Diagnostic::error(Code::BadInPlacePromotion, stmt.span, "a piece promotes in place in one statement")
                                .with_note(first, "first promoted in place here")
                                .with_help("list every type it may become in one `may promote to ... in place` statement"),
                        );
                    } else if let Some(draft) = self.in_place(stmt, expr, diags) {
                        in_place = Some((draft, stmt.span));
                    }
                }
                PieceStmt::Promotion(stmt) => promotions.extend(self.promotion(stmt, diags)),
                PieceStmt::Glyphs { glyphs: texts, span } => match &glyphs {
                    Some((_, first)) => diags.push(repeated("draw", *span, *first)),
                    None => glyphs = Some((crate::front::drawing::piece_glyphs(texts, *span, self.players.list.len(), diags), *span)),
                },
                PieceStmt::Move(stmt) => {
                    for (player, rules) in self.move_rules(stmt, diags).into_iter().enumerate() {
                        for rule in rules {
                            if player == 0 {
                                overlaps.add(&rule, stmt.span, self.zones, self.lines, diags);
                            }
                            if seen[player].insert(rule.clone()) {
                                moves[player].push(rule);
                            }
                        }
                    }
                }
            }
        }
        DraftPiece {
            name: decl.name.text.clone(),
            symbol: decl.symbol.text.clone(),
            royal: royal.is_some(),
            confined: confined.map(|(id, _)| id),
            moves,
            promotions,
            in_place: in_place.map(|(draft, _)| draft),
            glyphs: glyphs.map(|(texts, _)| texts).unwrap_or_default(),
            unmoved_loss,
        }
    }

    fn promotion(&mut self, stmt: &ast::PromotionStmt, diags: &mut Vec<Diagnostic>) -> Option<DraftPromotion> {
        let to = self.sets.resolve(&stmt.to, diags);
        let trigger = self.trigger(&stmt.trigger, diags);
        let for_player = self.players_named(&stmt.players, diags);
        Some(DraftPromotion {
            to: to?,
            trigger: trigger?,
            optional: !stmt.compulsory,
            only_lost: stmt.lost.is_some(),
            for_player: for_player?,
        })
    }

    /// `may promote to PIECES in place ...`: a move of its own, which no
    /// rule forces (E0312).
    fn in_place(&mut self, stmt: &ast::PromotionStmt, expr: &ast::InPlaceExpr, diags: &mut Vec<Diagnostic>) -> Option<DraftInPlace> {
        if stmt.compulsory {
            diags.push(
                Diagnostic::error(Code::BadInPlacePromotion, stmt.span, "a promotion in place cannot be compulsory")
                    .with_label("a move of its own, which the player may choose or not")
                    .with_help("write `may promote ... in place`"),
            );
        }
        let to = self.sets.resolve(&stmt.to, diags);
        let zone = expr.zone.as_ref().map(|zone| self.zone(zone, diags).ok_or(()));
        let for_player = self.players_named(&stmt.players, diags);
        let zone = zone.transpose().ok()?;
        Some(DraftInPlace {
            to: to?,
            only_lost: stmt.lost.is_some(),
            for_player: for_player?,
            moving: expr.moving,
            zone,
            alone: expr.alone,
            peaceful: expr.peaceful,
        })
    }

    /// `for white, red`: per player, whether it is named (every player when
    /// none is).
    pub(crate) fn players_named(&self, names: &[ast::Ident], diags: &mut Vec<Diagnostic>) -> Option<Vec<bool>> {
        let list = &self.players.list;
        let mut first: Vec<Option<Span>> = vec![None; list.len()];
        let mut known = true;
        for name in names {
            // Written as declared, or in another case (`for white` where the
            // file declares `White`), as players write their names in prose.
            let exact = list.iter().position(|p| p.name == name.text);
            let folded = || list.iter().position(|p| p.name.to_lowercase() == name.text.to_lowercase());
            match exact.or_else(folded) {
                Some(player) => match first[player] {
                    Some(earlier) => diags.push(
                        Diagnostic::error(Code::ConflictingStatements, name.span, format!("player `{}` is named twice", name.text))
                            .with_note(earlier, "first named here")
                            .with_help("name each player once"),
                    ),
                    None => first[player] = Some(name.span),
                },
                None => {
                    known = false;
                    let declared: Vec<String> = list.iter().map(|p| format!("`{}`", p.name)).collect();
                    diags.push(
                        Diagnostic::error(Code::UnknownName, name.span, format!("unknown player `{}`", name.text))
                            .with_label("not a declared player")
                            .with_help(
                                crate::diag::diagnostic::did_you_mean(&name.text, list.iter().map(|p| p.name.as_str()))
                                    .unwrap_or_else(|| format!("the players are {}", declared.join(" and "))),
                            ),
                    );
                }
            }
        }
        known.then(|| first.iter().map(|span| names.is_empty() || span.is_some()).collect())
    }

    /// `confined to Z within N moves without PIECES`.
    fn obligation(&mut self, decl: &ast::PieceDecl, zone: &ast::ZoneExpr, countdown: &ast::Countdown, diags: &mut Vec<Diagnostic>) {
        let zone = self.zone(zone, diags);
        let unless = self.sets.resolve(&countdown.without, diags);
        let Ok(delay) = u8::try_from(countdown.delay.value) else {
            diags.push(Diagnostic::error(
                Code::ConflictingStatements,
                countdown.delay.span,
                "a countdown is a number of moves from 0 to 254",
            ));
            return;
        };
        if self.obligations.len() == vdl_runtime::state::position::MAX_OBLIGATIONS {
            diags.push(Diagnostic::error(
                Code::ConflictingStatements,
                countdown.span,
                format!("a game may have at most {} countdown confinements", vdl_runtime::state::position::MAX_OBLIGATIONS),
            ));
            return;
        }
        if let (Some(zone), Some(unless), Some(&piece)) = (zone, unless, self.sets.pieces.get(&decl.name.text)) {
            self.obligations.push(ir::Obligation { piece, zone, unless, delay: delay.min(254) });
        }
    }

    /// `swap DIRS with PIECES [unless attacked]`, per player.
    fn swap_rules(&mut self, stmt: &ast::SwapStmt, diags: &mut Vec<Diagnostic>) -> Vec<Vec<MoveRule>> {
        let (Some(set), Some(with)) = (self.directions.eval(&stmt.directions, diags), self.sets.resolve(&stmt.with, diags)) else {
            return vec![Vec::new(); self.players.list.len()];
        };
        let unattacked = stmt.unattacked;
        self.rules_along(&set, stmt.directions.span(), diags, |dir| MoveRule {
            kind: MoveKind::Swap { dir, with: with.clone(), unattacked },
            mode: Mode::Both,
            only_in: None,
            gate: Gate::Always,
            en_passant: Vec::new(),
        })
    }

    /// `castle DIRS by N with PIECES` or `castle DIRS to ZONE with PIECES
    /// to ZONE`, per player: a move-only rule of an unmoved piece.
    fn castle_rules(&mut self, stmt: &ast::CastleStmt, diags: &mut Vec<Diagnostic>) -> Vec<Vec<MoveRule>> {
        let set = self.directions.eval(&stmt.directions, diags);
        let with = self.sets.resolve(&stmt.with, diags);
        let ends = self.castle_ends(&stmt.ends, diags);
        let (Some(set), Some(with), Some(ends)) = (set, with, ends) else { return vec![Vec::new(); self.players.list.len()] };
        self.rules_along(&set, stmt.directions.span(), diags, |dir| MoveRule {
            kind: MoveKind::Castle { dir, ends, with: with.clone() },
            mode: Mode::MoveOnly,
            only_in: None,
            gate: Gate::Unmoved,
            en_passant: Vec::new(),
        })
    }

    /// One rule per direction of `set`, per player, each direction seen from
    /// that player's side (none when the tables would not fit).
    fn rules_along(
        &mut self,
        set: &[Vector],
        span: Span,
        diags: &mut Vec<Diagnostic>,
        rule: impl Fn(DirId) -> MoveRule,
    ) -> Vec<Vec<MoveRule>> {
        let players = self.players.list.len();
        if !self.tables_fit(set.len() * players, span, diags) {
            return vec![Vec::new(); players];
        }
        (0..players)
            .map(|player| set.iter().map(|v| rule(self.table.intern(self.board, &self.players.map_vector(player, v)))).collect())
            .collect()
    }

    /// Where castling puts its pieces: `by N` (at least 2, so that the
    /// partner has a crossed cell to land on), or two zones, each with a
    /// cell for every player, that share none (the two pieces cannot end on
    /// one cell).
    fn castle_ends(&mut self, ends: &ast::CastleEnds, diags: &mut Vec<Diagnostic>) -> Option<ir::CastleEnds> {
        match ends {
            ast::CastleEnds::By(distance) if distance.value < 2 => {
                diags.push(
                    Diagnostic::error(Code::BadCastling, distance.span, "castling must move the piece at least 2 cells")
                        .with_label("the partner lands on the cell the piece crossed last, so it must cross one")
                        .with_help("write `by 2` or more, or give both ends with `to ZONE with PIECES to ZONE`"),
                );
                None
            }
            ast::CastleEnds::By(distance) => Some(ir::CastleEnds::By(distance.value.min(u16::MAX as i64) as u32)),
            ast::CastleEnds::To { piece, partner } => {
                let (piece_zone, partner_zone) = (self.zone(piece, diags), self.zone(partner, diags));
                let (piece_zone, partner_zone) = (piece_zone?, partner_zone?);
                let cells = |zone: ZoneId| &self.zones.ir[zone].cells;
                for (zone, expr) in [(piece_zone, piece), (partner_zone, partner)] {
                    if cells(zone).iter().any(|player| !player.contains(&true)) {
                        diags.push(
                            Diagnostic::error(Code::BadCastling, expr.span(), "castling's end zone has no cell")
                                .with_label("no piece could end its castling here")
                                .with_help("name the cells where the piece and its partner land, such as `file g` and `file f`"),
                        );
                        return None;
                    }
                }
                let shared = cells(piece_zone).iter().zip(cells(partner_zone)).any(|(a, b)| a.iter().zip(b).any(|(&a, &b)| a && b));
                if shared {
                    diags.push(
                        Diagnostic::error(Code::BadCastling, partner.span(), "the partner's end zone shares cells with the piece's")
                            .with_label(format!("`{}` meets this zone", self.source[piece.span().start..piece.span().end].trim()))
                            .with_help("the two pieces land on different cells: give them zones with no cell in common"),
                    );
                    return None;
                }
                Some(ir::CastleEnds::To { piece: piece_zone, partner: partner_zone })
            }
        }
    }

    /// `proxy { ... }`.
    pub fn proxy(&mut self, decl: &ast::ProxyDecl, diags: &mut Vec<Diagnostic>) -> Option<ir::ProxyPromotion> {
        let movers = self.sets.resolve(&decl.movers, diags);
        let trigger = self.trigger(&decl.trigger, diags);
        let targets = self.sets.resolve(&decl.promotes, diags);
        let into = self.sets.resolve(&decl.into, diags);
        let require = match &decl.keeping {
            Some((zone, set)) => {
                let (zone, set) = (self.zone(zone, diags), self.sets.resolve(set, diags));
                Some((zone?, set?))
            }
            None => None,
        };
        Some(ir::ProxyPromotion { movers: movers?, trigger: trigger?, targets: targets?, into: into?, require })
    }

    fn trigger(&mut self, trigger: &TriggerExpr, diags: &mut Vec<Diagnostic>) -> Option<Trigger> {
        let not = |this: &mut Self, zone: ZoneId, span: Span, diags: &mut Vec<Diagnostic>| {
            let cells = this.zones.ir[zone].cells.iter().map(|set| set.iter().map(|&b| !b).collect()).collect();
            let name = format!("not {}", this.zones.ir[zone].name);
            this.zones.intern(&name, cells, span, diags)
        };
        Some(match trigger {
            TriggerExpr::Entering(z) => {
                let into = self.zone(z, diags)?;
                Trigger::FromInto { from: not(self, into, z.span(), diags)?, into }
            }
            TriggerExpr::Leaving(z) => {
                let from = self.zone(z, diags)?;
                Trigger::FromInto { from, into: not(self, from, z.span(), diags)? }
            }
            TriggerExpr::FromInto(a, b) => {
                let (from, into) = (self.zone(a, diags), self.zone(b, diags));
                Trigger::FromInto { from: from?, into: into? }
            }
            TriggerExpr::In(z) => Trigger::Touches(self.zone(z, diags)?),
            TriggerExpr::EveryMove => Trigger::Always,
            // The grammar gives `in place` to promotions alone, which
            // `lower` takes apart before their triggers.
            TriggerExpr::InPlace(_) => unreachable!("grammar: `in place` is a promotion's own"),
        })
    }

    pub fn zone(&mut self, expr: &ast::ZoneExpr, diags: &mut Vec<Diagnostic>) -> Option<ZoneId> {
        let eval = ZoneEval { board: self.board, players: self.players, zones: self.zones };
        let cells = eval.eval(expr, diags)?;
        let span = expr.span();
        self.zones.intern(&self.source[span.start..span.end], cells, span, diags)
    }

    /// The rules of one movement statement, per player.
    fn move_rules(&mut self, stmt: &ast::MoveStmt, diags: &mut Vec<Diagnostic>) -> Vec<Vec<MoveRule>> {
        let players = self.players.list.len();
        let Modifiers { mode, only_in, circuit, gate, en_passant, within, not_over, spares } = self.modifiers(stmt, diags);
        let Some(templates) = self.templates(stmt, diags) else { return vec![Vec::new(); players] };
        if let Some(span) = stmt.capturing {
            self.check_capturing(stmt, span, mode, &templates, diags);
        }
        // On a board that is not a full box, a `*` vector has images that
        // leave it from every cell (the images of `(1,-1,0)*` off the plane of
        // cube coordinates): they can never move, so they get no rule, and
        // diagnostics do not offer them.
        let landing: Vec<&Template> = templates
            .iter()
            .filter(|t| {
                !self.board.is_shaped() || (0..players).any(|player| self.lands_somewhere(&self.players.map_vector(player, &t.target)))
            })
            .collect();
        if stmt.kind == AstKind::Step {
            check_step_lengths(stmt, &landing, diags);
        }
        let vectors = templates.iter().map(|t| 1 + t.routes.iter().map(|r| r.cells.len()).sum::<usize>()).sum::<usize>();
        if !self.tables_fit(vectors * players, stmt.directions.span(), diags) {
            return vec![Vec::new(); players];
        }
        if templates.is_empty() {
            diags.push(
                Diagnostic::error(Code::EmptyDirections, stmt.directions.span(), "these directions leave no direction to move in")
                    .with_help("check the `where` conditions"),
            );
        }
        (0..players)
            .map(|player| {
                landing
                    .iter()
                    .map(|t| {
                        let zone = within.map(|z| self.zones.ir[z].cells[PlayerId::from_index(player)].as_slice());
                        let mut dir = |v: &Vector| self.table.intern_within(self.board, &self.players.map_vector(player, v), zone);
                        let kind = match stmt.kind {
                            AstKind::Step => MoveKind::Ride { dir: dir(&t.target), range: Some(1), circuit },
                            AstKind::Slide => MoveKind::Ride { dir: dir(&t.target), range: None, circuit },
                            AstKind::Hop => MoveKind::Hop { dir: dir(&t.target), not_over: not_over.clone(), spares: spares.clone() },
                            // Checked before: one route of one cell.
                            AstKind::Leap if stmt.capturing.is_some() => MoveKind::CapturingLeap {
                                target: dir(&t.target),
                                via: dir(&t.routes[0].cells[0]),
                                crossing: t.routes[0].crossing,
                            },
                            AstKind::Leap => MoveKind::Leap {
                                target: dir(&t.target),
                                routes: t
                                    .routes
                                    .iter()
                                    .map(|r| ir::Route { cells: r.cells.iter().map(&mut dir).collect(), crossing: r.crossing })
                                    .collect(),
                            },
                        };
                        MoveRule { kind, mode, only_in, gate, en_passant: en_passant.clone() }
                    })
                    .collect()
            })
            .collect()
    }

    /// Whether a move by `vector` reaches a cell from some cell of the board.
    fn lands_somewhere(&self, vector: &[i32]) -> bool {
        CellId::first(self.board.cells.len()).any(|cell| self.board.offset(cell, vector).is_some())
    }

    /// Whether `more` direction tables still fit in [`MAX_TABLE_ENTRIES`];
    /// reports at `span` when they do not.
    fn tables_fit(&self, more: usize, span: Span, diags: &mut Vec<Diagnostic>) -> bool {
        let cells = self.board.cells.len().max(1);
        let entries = (self.table.ir.len() + more).saturating_mul(cells);
        if entries <= MAX_TABLE_ENTRIES {
            return true;
        }
        diags.push(
            Diagnostic::error(
                Code::TooMuchWork,
                span,
                format!("the directions of the game would need tables of {entries} cells, more than {MAX_TABLE_ENTRIES}"),
            )
            .with_label(format!("{more} more directions of {cells} cells each"))
            .with_help("use fewer directions, or a smaller board"),
        );
        false
    }

    /// A capturing leap has exactly one route of one cell to each destination,
    /// and both moves and captures.
    fn check_capturing(&self, stmt: &ast::MoveStmt, span: Span, mode: Mode, templates: &[Template], diags: &mut Vec<Diagnostic>) {
        if stmt.kind != AstKind::Leap {
            return;
        }
        if templates.iter().any(|t| t.routes.len() != 1 || t.routes[0].cells.len() != 1) {
            diags.push(
                Diagnostic::error(Code::BadRoute, span, "a capturing leap needs exactly one route of one cell to each destination")
                    .with_help("write a single cell after `via`, such as `leap (0,2)* via (0,1) capturing`"),
            );
        } else if mode != Mode::Both {
            diags.push(
                Diagnostic::error(Code::ConflictingStatements, span, "a capturing leap cannot also be move-only or capture-only")
                    .with_help("remove `move only` / `capture only`"),
            );
        }
    }

    fn modifiers(&mut self, stmt: &ast::MoveStmt, diags: &mut Vec<Diagnostic>) -> Modifiers {
        let mut mode: Option<(Mode, Span)> = None;
        let mut only_in: Option<(ZoneId, Span)> = None;
        let mut circuit = false;
        let mut unmoved: Option<(bool, Span)> = None;
        let mut en_passant: Option<(Vec<PieceId>, Span)> = None;
        let mut within: Option<(ZoneId, Span)> = None;
        let mut not_over: Option<(Vec<PieceId>, Span)> = None;
        let mut spares: Option<(Vec<PieceId>, Span)> = None;
        for modifier in &stmt.modifiers {
            match modifier {
                Modifier::Within { zone, span } => match within {
                    Some((_, first)) => diags.push(repeated("within", *span, first)),
                    None => within = self.zone(zone, diags).map(|id| (id, *span)),
                },
                Modifier::Over { not, pieces, span } => match &not_over {
                    Some((_, first)) => diags.push(repeated("over", *span, *first)),
                    None => {
                        check_on_a_hop(stmt, "over", *span, diags);
                        if let Some(set) = self.sets.resolve(pieces, diags) {
                            let refused = if *not {
                                set
                            } else {
                                PieceId::first(self.sets.pieces.len()).filter(|kind| !set.contains(kind)).collect()
                            };
                            not_over = Some((refused, *span));
                        }
                    }
                },
                Modifier::Sparing { pieces, span } => match &spares {
                    Some((_, first)) => diags.push(repeated("sparing", *span, *first)),
                    None => {
                        check_on_a_hop(stmt, "sparing", *span, diags);
                        if let Some(set) = self.sets.resolve(pieces, diags) {
                            self.spared.push((*span, set.clone()));
                            spares = Some((set, *span));
                        }
                    }
                },
                Modifier::Circuit(span) => {
                    if stmt.kind != AstKind::Slide {
                        diags.push(
                            Diagnostic::error(
                                Code::ConflictingStatements,
                                *span,
                                "only a `slide` can go round a ring: `circuit` needs a slide",
                            )
                            .with_help("remove `circuit`, or make the move a slide"),
                        );
                    }
                    circuit = true;
                }
                Modifier::MoveOnly(span) | Modifier::CaptureOnly(span) => {
                    let this = if matches!(modifier, Modifier::MoveOnly(_)) { Mode::MoveOnly } else { Mode::CaptureOnly };
                    match mode {
                        Some((first, first_span)) => diags.push(
                            Diagnostic::error(
                                Code::ConflictingStatements,
                                *span,
                                if first == this {
                                    "this move says the same restriction twice"
                                } else {
                                    "a move cannot be both move-only and capture-only"
                                },
                            )
                            .with_note(first_span, "the first restriction")
                            .with_help("keep one of them; write two statements for a piece that moves one way and captures another"),
                        ),
                        None => mode = Some((this, *span)),
                    }
                }
                Modifier::WhenIn { zone, span } => {
                    if let Some((_, first)) = only_in {
                        diags.push(
                            Diagnostic::error(Code::ConflictingStatements, *span, "this move has two `when in` conditions")
                                .with_note(first, "the first condition")
                                .with_help("combine the zones into one: `when in a & b`"),
                        );
                    } else if let Some(id) = self.zone(zone, diags) {
                        only_in = Some((id, *span));
                    }
                }
                Modifier::WhenUnmoved { unattacked, span } => match unmoved {
                    Some((_, first)) => diags.push(repeated("when unmoved", *span, first)),
                    None => unmoved = Some((*unattacked, *span)),
                },
                Modifier::EnPassant { by, span } => match &en_passant {
                    Some((_, first)) => diags.push(repeated("en passant", *span, *first)),
                    None => {
                        self.check_en_passant(stmt, *span, diags);
                        if let Some(set) = self.sets.resolve(by, diags) {
                            self.passings.push((*span, set.clone()));
                            en_passant = Some((set, *span));
                        }
                    }
                },
            }
        }
        let mode = mode.map_or(Mode::Both, |(m, _)| m);
        if let Some((_, span)) = unmoved.filter(|_| mode != Mode::MoveOnly) {
            diags.push(
                Diagnostic::error(Code::UnmovedCapture, span, "a `when unmoved` move must be `move only`")
                    .with_label("this move could capture")
                    .with_help("add `move only` (first moves that capture are not supported yet)"),
            );
        }
        Modifiers {
            mode,
            only_in: only_in.map(|(z, _)| z),
            circuit,
            gate: match unmoved {
                None => Gate::Always,
                Some((false, _)) => Gate::Unmoved,
                Some((true, _)) => Gate::UnmovedUnattacked,
            },
            en_passant: en_passant.map(|(set, _)| set).unwrap_or_default(),
            within: within.map(|(z, _)| z),
            not_over: not_over.map(|(set, _)| set).unwrap_or_default(),
            spares: spares.map(|(set, _)| set).unwrap_or_default(),
        }
    }

    /// Only a move that passes over cells can leave them open to capture in
    /// passing: a step or slide, or a leap along one route.
    fn check_en_passant(&self, stmt: &ast::MoveStmt, span: Span, diags: &mut Vec<Diagnostic>) {
        let problem = match stmt.kind {
            AstKind::Hop => Some("a hop"),
            AstKind::Leap if stmt.capturing.is_some() => Some("a capturing leap"),
            AstKind::Leap if stmt.routes.len() != 1 => Some("a leap without exactly one `via` route"),
            _ => None,
        };
        if let Some(what) = problem {
            diags.push(
                Diagnostic::error(Code::BadEnPassant, span, format!("{what} leaves no cells open to capture in passing")).with_help(
                    "use it on a `step`, a `slide`, or a leap with one route: `leap (0,2) via (0,1) move only en passant by Pawn`",
                ),
            );
        }
    }

    /// Destinations and routes of a statement, from the first player's side.
    fn templates(&mut self, stmt: &ast::MoveStmt, diags: &mut Vec<Diagnostic>) -> Option<Vec<Template>> {
        if stmt.routes.is_empty() {
            let set = self.directions.eval(&stmt.directions, diags)?;
            return Some(set.into_iter().map(|target| Template { target, routes: Vec::new() }).collect());
        }
        let routes_span = Span::new(stmt.routes[0].span.start, stmt.routes.last().map_or(0, |r| r.span.end));
        if stmt.kind != AstKind::Leap {
            diags.push(Diagnostic::error(Code::BadRoute, routes_span, "only a `leap` can have `via` routes").with_help(
                "a step or slide is already blocked by every cell it passes; use `leap` for a move blocked only by chosen cells",
            ));
            return None;
        }
        let mut routes: Vec<Option<TemplateRoute>> = Vec::new();
        for route in &stmt.routes {
            let cells = route.cells.iter().map(|v| self.directions.vector(v, diags)).collect::<Vec<_>>();
            let crossing = match &route.condition {
                Some(cond) => self.zone(&cond.zone, diags).map(|zone| Some(ir::Crossing { zone, crossing: cond.crossing })),
                None => Some(None),
            };
            routes.push(
                cells.into_iter().collect::<Option<Vec<_>>>().zip(crossing).map(|(cells, crossing)| TemplateRoute { cells, crossing }),
            );
        }
        let routes: Vec<TemplateRoute> = routes.into_iter().collect::<Option<_>>()?;
        let (base, conditions) = match &stmt.directions {
            DirExpr::Vector(v) => return Some(vec![Template { target: self.directions.vector(v, diags)?, routes }]),
            DirExpr::All { vector, .. } => (vector, &[][..]),
            DirExpr::Filter { inner, conditions, .. } if matches!(**inner, DirExpr::All { .. }) => {
                let DirExpr::All { vector, .. } = &**inner else { unreachable!() };
                (vector, &conditions[..])
            }
            other => {
                diags.push(
                    Diagnostic::error(Code::BadRoute, other.span(), "a leap with `via` must be written as one vector or `vector*`")
                        .with_label("a named or combined direction set")
                        .with_help(
                            "write the leap itself, such as `leap (1,2)* via (0,1)`, so that each route turns together with its leap",
                        ),
                );
                return None;
            }
        };
        let base = self.directions.vector(base, diags)?;
        if base.len() > MAX_ROUTE_AXES {
            diags.push(
                Diagnostic::error(
                    Code::TooMuchWork,
                    routes_span,
                    format!("routes turn with every symmetry of the board, too many on {} axes (at most {MAX_ROUTE_AXES})", base.len()),
                )
                .with_help("write each leap and its route as single vectors, without `*`"),
            );
            return None;
        }
        let tests = conditions.iter().map(|c| self.directions.condition(c, diags)).collect::<Option<Vec<_>>>()?;
        let mut templates: Vec<Template> = Vec::new();
        for g in symmetries(base.len()) {
            let target = g.apply(&base);
            if !tests.iter().all(|t| t(&target)) {
                continue;
            }
            let turned: Vec<TemplateRoute> = routes
                .iter()
                .map(|r| TemplateRoute { cells: r.cells.iter().map(|v| g.apply(v)).collect(), crossing: r.crossing })
                .collect();
            // Symmetries that fix the leap but turn a route differently add that
            // route as another way to the same cell.
            match templates.iter_mut().find(|t| t.target == target) {
                Some(existing) => {
                    for route in turned {
                        if !existing.routes.contains(&route) {
                            existing.routes.push(route);
                        }
                    }
                }
                None => templates.push(Template { target, routes: turned }),
            }
        }
        Some(templates)
    }
}

/// What the modifiers of a move statement say.
struct Modifiers {
    mode: Mode,
    only_in: Option<ZoneId>,
    circuit: bool,
    gate: Gate,
    en_passant: Vec<PieceId>,
    /// `within ZONE`: the move's lines exist only inside the zone.
    within: Option<ZoneId>,
    /// `over not PIECES`: the types a hop's screen may not be of.
    not_over: Vec<PieceId>,
    /// `sparing PIECES`: the types a hop never captures.
    spares: Vec<PieceId>,
}

/// `over` and `sparing` limit a hop's screen and captures: only a hop has a
/// screen, and the other moves' captures are not limited yet.
fn check_on_a_hop(stmt: &ast::MoveStmt, word: &str, span: Span, diags: &mut Vec<Diagnostic>) {
    if stmt.kind != AstKind::Hop {
        diags.push(
            Diagnostic::error(Code::BadHopLimit, span, format!("`{word}` limits a hop, and this move is not one"))
                .with_label("only a `hop` has a screen to limit")
                .with_help("write the move as a `hop`, or remove the limit"),
        );
    }
}

/// A `step` goes to a neighbouring cell: every component of its vectors is -1,
/// 0 or 1. A longer vector would jump like a leap while reading as a step.
fn check_step_lengths(stmt: &ast::MoveStmt, templates: &[&Template], diags: &mut Vec<Diagnostic>) {
    let long: Vec<String> = templates.iter().filter(|t| t.target.iter().any(|c| c.abs() > 1)).map(|t| written(&t.target)).collect();
    if let Some(example) = long.first() {
        let shown: Vec<&str> = long.iter().take(4).map(String::as_str).collect();
        let more = if long.len() > shown.len() { format!(" and {} more", long.len() - shown.len()) } else { String::new() };
        diags.push(
            Diagnostic::error(Code::LongStep, stmt.directions.span(), "a `step` goes only to a neighbouring cell")
                .with_label(format!("{}{more} go further", shown.join(", ")))
                .with_help(format!("to jump to a cell further away write `leap {example}`; to move along a line, `slide`")),
        );
    }
}

/// A vector as the file writes it: `(1,-2)`.
pub fn written(vector: &[i32]) -> String {
    format!("({})", vector.iter().map(i32::to_string).collect::<Vec<_>>().join(","))
}

/// The cell-by-cell step that starts a rule, when the rule lands on it like a
/// step does: rides and leaps.
fn first_step(rule: &MoveRule) -> Option<DirId> {
    match &rule.kind {
        MoveKind::Ride { dir, .. } => Some(*dir),
        MoveKind::Leap { target, routes } if routes.is_empty() => Some(*target),
        _ => None,
    }
}

/// The first player's rules of one piece so far, by their first step, with
/// the statement each came from; and the statements already warned about.
#[derive(Default)]
struct Overlaps {
    by_step: HashMap<DirId, Vec<(MoveRule, Span)>>,
    warned: HashSet<Span>,
}

impl Overlaps {
    /// Warns when `rule` can produce a move an earlier statement of the same
    /// piece already produces: same first step, overlapping modes and zones.
    /// Such a move would be listed once, but the repetition is usually a slip,
    /// such as `(1,0)*` meaning all four orthogonals where two were meant.
    fn add(&mut self, rule: &MoveRule, span: Span, zones: &ZoneTable, lines: &LineStarts, diags: &mut Vec<Diagnostic>) {
        let Some(dir) = first_step(rule) else { return };
        let modes_meet = |a: Mode, b: Mode| a == Mode::Both || b == Mode::Both || a == b;
        let zones_meet = |a: Option<ZoneId>, b: Option<ZoneId>| match (a, b) {
            (Some(a), Some(b)) => zones.ir[a].cells[PlayerId::FIRST].iter().zip(&zones.ir[b].cells[PlayerId::FIRST]).any(|(x, y)| *x && *y),
            _ => true,
        };
        let same_step = self.by_step.entry(dir).or_default();
        let earlier = same_step.iter().find(|(other, other_span)| {
            *other_span != span && modes_meet(other.mode, rule.mode) && zones_meet(other.only_in, rule.only_in)
        });
        if let Some(&(_, other_span)) = earlier {
            if self.warned.insert(span) {
                diags.push(
                    Diagnostic::warning(Code::OverlappingMoves, span, format!("this move repeats moves of line {}", lines.line(other_span.start)))
                        .with_label("some destinations are reached by both statements")
                        .with_note(other_span, "the earlier statement")
                        .with_help("check the directions: `(1,0)*` is every permutation and sign, all four orthogonals; `orth where sideways` is the two sideways steps"),
                );
            }
        }
        same_step.push((rule.clone(), span));
    }
}

/// Where each line of the source starts, to number lines without reading the
/// file again for each message.
pub struct LineStarts(Vec<usize>);

impl LineStarts {
    pub fn new(source: &str) -> LineStarts {
        LineStarts(std::iter::once(0).chain(source.match_indices('\n').map(|(at, _)| at + 1)).collect())
    }

    /// The 1-based line of a byte offset.
    pub fn line(&self, offset: usize) -> usize {
        self.0.partition_point(|&start| start <= offset)
    }
}

fn repeated(what: &str, span: Span, first: Span) -> Diagnostic {
    Diagnostic::error(Code::ConflictingStatements, span, format!("`{what}` is said twice for this piece"))
        .with_note(first, "first said here")
        .with_help("remove one of them")
}
