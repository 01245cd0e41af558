//! Checks on the meaning of a file that parses and lowers: a setup that is
//! already decided, pieces that can never move or never appear, zones never
//! used, pieces placed outside their own confinement, promotions that can never
//! happen or choose a type the setup gives none of. They look at the finished IR, asking the interpreter what each piece
//! can do (see `mobility`).

use crate::analysis::mobility::Mobility;
use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use std::collections::HashMap;
use std::sync::Arc;
use vdl_dsl::ast;
use vdl_runtime::ir::{CellId, Game, PieceId, PlayerId, Promotion};
use vdl_runtime::plan::Plan;
use vdl_runtime::{legal, Interpreter, Position};

pub struct Declared<'a> {
    pub source: &'a str,
    pub pieces: Vec<&'a ast::PieceDecl>,
    pub zones: Vec<&'a ast::ZoneDecl>,
    pub setup: &'a ast::Text,
    pub board: ast::Span,
    /// The `gate from hand` statement, if any.
    pub gating: Option<ast::Span>,
}

/// The lints of a game whose setup reads as `start`.
pub fn run(game: &Game, plan: &Arc<Plan>, start: &Position, declared: &Declared, diags: &mut Vec<Diagnostic>) {
    let mobility = Mobility::with_budget(game, plan, LINT_WORK);
    setup_not_already_decided(game, plan, start, declared, diags);
    pieces_outside_their_confinement(game, start, declared, diags);
    for (kind, decl) in PieceId::first(declared.pieces.len()).zip(&declared.pieces) {
        // The blocker is placed by its rule, never moved as a piece.
        let blocker = game.blocker() == Some(kind);
        let never_moves = !blocker
            && (0..game.players.len()).all(|p| (0..game.cell_count()).all(|c| !mobility.can_move_from(kind, PlayerId::from_index(p), c)));
        if never_moves && !mobility.exhausted() {
            diags.push(
                Diagnostic::warning(Code::PieceNeverMoves, decl.name.span, format!("`{}` can never move, from any cell", decl.name.text))
                    .with_help("give it a move, or check its directions, zones and confinement"),
            );
        }
        promotions_that_never_happen(game, &mobility, kind, decl, diags);
    }
    let present = pieces_that_never_appear(game, start, declared, diags);
    cells_never_reached(game, start, &mobility, &present, declared, diags);
    zones_never_used(declared, diags);
    gating_that_never_happens(game, start, declared, diags);
}

/// `gate from hand` where the setup gives no piece a gate: nothing in hand
/// (and no captures to fill a hand), or no piece of the holding side on a
/// cell of the zone that the castling field names.
fn gating_that_never_happens(game: &Game, start: &Position, declared: &Declared, diags: &mut Vec<Diagnostic>) {
    let Some(span) = declared.gating else { return };
    if game.has_drops() || game.player_ids().any(|player| start.gates(player).next().is_some()) {
        return;
    }
    diags.push(
        Diagnostic::warning(Code::GatingNeverHappens, span, "no piece can ever gate from the setup")
            .with_label("the setup holds nothing in hand, or no piece of the zone may still gate")
            .with_help(
                "put pieces in hand in the setup (`[HEhe]`), and name the pieces that may gate in its castling field (`KQBCDFGkqbcdfg`)",
            ),
    );
}

/// The work (cells looked at and moves made) the lints may ask of the
/// interpreter. On a huge game (tens of thousands of cells, long slides) the
/// lints that need more give no warning rather than keep `vdl check` waiting.
const LINT_WORK: usize = 200_000_000;

/// Cells that no piece can ever stand on: searched from the setup (and from
/// every cell a piece in hand may be dropped on), following each piece's moves
/// on an empty board and its promotions.
fn cells_never_reached(
    game: &Game,
    start: &Position,
    mobility: &Mobility,
    present: &[bool],
    declared: &Declared,
    diags: &mut Vec<Diagnostic>,
) {
    let cells = game.cell_count();
    let mut reached = vec![false; cells];
    let mut seen = std::collections::HashSet::new();
    let mut queue: Vec<(PieceId, PlayerId, usize)> = Vec::new();
    for (cell, piece) in start.board().iter().enumerate().filter(|(_, p)| !p.is_empty()) {
        queue.push((piece.kind(), piece.owner(), cell));
    }
    for (kind, piece) in game.piece_ids().zip(&game.pieces) {
        let droppable = present[kind.index()] && game.pieces.iter().any(|p| p.captured_as == Some(kind));
        for player in game.player_ids().filter(|_| droppable) {
            for cell in (0..cells).filter(|&c| piece.no_drop.is_none_or(|z| !game.in_zone(z, player, CellId::from_index(c)))) {
                queue.push((kind, player, cell));
            }
        }
    }
    let mut unreached = cells;
    while let Some((kind, player, cell)) = queue.pop() {
        if !seen.insert((kind, player, cell)) {
            continue;
        }
        if !std::mem::replace(&mut reached[cell], true) {
            unreached -= 1;
            if unreached == 0 {
                return;
            }
        }
        let moves = mobility.moves(kind, player, cell);
        if mobility.exhausted() {
            return;
        }
        let promotions = game.pieces[kind].promotions.iter().flat_map(|p| p.choices(player).iter().map(|c| c.kind));
        let next = moves.iter().flat_map(|mv| std::iter::once(kind).chain(promotions.clone()).map(move |k| (k, player, mv.to().index())));
        queue.extend(next.filter(|state| !seen.contains(state)));
    }
    let never: Vec<&str> = (0..cells).filter(|&c| !reached[c]).map(|c| game.board.cells[c].name.as_str()).collect();
    let shown: Vec<&str> = never.iter().take(8).copied().collect();
    let more = if never.len() > shown.len() { format!(" and {} more", never.len() - shown.len()) } else { String::new() };
    diags.push(
        Diagnostic::warning(
            Code::CellsNeverReached,
            declared.board,
            format!("{} cell(s) can never hold a piece: {}{more}", never.len(), shown.join(", ")),
        )
        .with_help("no piece ever gets there from the setup; check the pieces' moves and confinements, or shrink the board"),
    );
}

/// The setup must not end the game at once by a goal. (That the side not
/// to move is not in check, the runtime's judgement of the setup says:
/// [`Position::from_setup`].)
fn setup_not_already_decided(game: &Game, plan: &Arc<Plan>, start: &Position, declared: &Declared, diags: &mut Vec<Diagnostic>) {
    let engine = Interpreter::with_plan(game.clone(), Arc::clone(plan));
    if let Some((_, goal)) = vdl_runtime::legality::goals::reached(&engine, start) {
        diags.push(
            Diagnostic::error(
                Code::SetupDecided,
                declared.setup.span,
                format!("the setup already ends the game: a goal is reached ({})", legal::Reason::Goal(goal).describe()),
            )
            .with_help("a game starts before its goals are reached; change the setup or the goal"),
        );
    }
}

fn pieces_outside_their_confinement(game: &Game, start: &Position, declared: &Declared, diags: &mut Vec<Diagnostic>) {
    for (cell, piece) in start.cells() {
        if piece.is_empty() {
            continue;
        }
        let kind = &game.pieces[piece.kind()];
        if let Some(zone) = kind.confined.filter(|&z| !game.in_zone(z, piece.owner(), cell)) {
            diags.push(
                Diagnostic::warning(
                    Code::OutsideConfinement,
                    declared.setup.span,
                    format!(
                        "the setup puts a {} on {}, outside its zone `{}`, which it may never leave",
                        kind.name, game.board.cells[cell].name, game.zones[zone].name
                    ),
                )
                .with_note(declared.pieces[piece.kind().index()].name.span, "the piece is declared here"),
            );
        }
    }
}

/// A promotion whose trigger no move of the piece can meet.
fn promotions_that_never_happen(game: &Game, mobility: &Mobility, kind: PieceId, decl: &ast::PieceDecl, diags: &mut Vec<Diagnostic>) {
    let statements: Vec<&ast::PromotionStmt> = decl
        .body
        .iter()
        .filter_map(|s| match s {
            // A promotion in place is no promotion at the end of a move.
            ast::PieceStmt::Promotion(p) if !matches!(p.trigger, ast::TriggerExpr::InPlace(_)) => Some(p),
            _ => None,
        })
        .collect();
    for (promotion, stmt) in game.pieces[kind].promotions.iter().zip(statements) {
        let possible = (0..game.players.len()).filter(|&p| !promotion.choices(PlayerId::from_index(p)).is_empty()).any(|p| {
            (0..game.cell_count()).any(|c| {
                mobility
                    .moves(kind, PlayerId::from_index(p), c)
                    .iter()
                    .any(|mv| mv.from().is_some_and(|from| promotion.trigger.applies(game, PlayerId::from_index(p), from, mv.to())))
            })
        });
        if !possible && !mobility.exhausted() {
            diags.push(
                Diagnostic::warning(Code::PromotionNeverHappens, stmt.span, "this promotion can never happen")
                    .with_label("no move of the piece starts and ends where it asks")
                    .with_help("check the zones of the trigger"),
            );
        }
        lost_types_never_in_setup(game, promotion, stmt, diags);
    }
}

/// The choices of a `promote to lost` that the setup gives a player none of:
/// the player can never have fewer than none.
fn lost_types_never_in_setup(game: &Game, promotion: &Promotion, stmt: &ast::PromotionStmt, diags: &mut Vec<Diagnostic>) {
    // Players with the same closed choices share one warning.
    let mut warnings: Vec<(Vec<String>, Vec<&str>)> = Vec::new();
    for (player, choices) in promotion.to.iter().enumerate() {
        let never: Vec<String> =
            choices.iter().filter(|c| c.while_fewer_than == Some(0)).map(|c| format!("`{}`", game.pieces[c.kind].name)).collect();
        if never.is_empty() {
            continue;
        }
        let name = game.players[player].name.as_str();
        match warnings.iter_mut().find(|(kinds, _)| *kinds == never) {
            Some((_, players)) => players.push(name),
            None => warnings.push((never, vec![name])),
        }
    }
    for (never, players) in warnings {
        diags.push(
            Diagnostic::warning(
                Code::LostTypeNotInSetup,
                stmt.to.span,
                format!("{} can never promote to {}: the setup gives none to lose", players.join(" and "), never.join(" or ")),
            )
            .with_label("a `lost` choice is open only while the player has fewer than in the setup")
            .with_help("add the piece to the setup, or name it without `lost` in a promotion of its own"),
        );
    }
}

/// Pieces that are not in the setup and that no promotion (of its own, by
/// proxy, or the drop of a captured piece) can bring onto the board.
fn pieces_that_never_appear(game: &Game, start: &Position, declared: &Declared, diags: &mut Vec<Diagnostic>) -> Vec<bool> {
    let mut present = vec![false; game.pieces.len()];
    for piece in start.board().iter().filter(|p| !p.is_empty()) {
        present[piece.kind().index()] = true;
    }
    // The blocker enters by its rule.
    if let Some(blocker) = game.blocker() {
        present[blocker.index()] = true;
    }
    for (player, kind) in game.player_ids().flat_map(|player| game.piece_ids().map(move |kind| (player, kind))) {
        if start.in_hand(player, kind) > 0 {
            present[kind.index()] = true;
        }
    }
    loop {
        let mut grew = false;
        for (kind, piece) in game.piece_ids().zip(&game.pieces) {
            if !present[kind.index()] {
                continue;
            }
            let by_proxy = game.rules.proxy_promotions.iter().filter(|p| p.movers.contains(&kind)).flat_map(|p| p.into.iter().copied());
            let in_place = piece.in_place.iter().flat_map(|p| p.to.iter().flatten().map(|choice| choice.kind));
            let reached = piece.promotions.iter().flat_map(|p| p.kinds()).chain(piece.captured_as).chain(by_proxy).chain(in_place);
            for to in reached {
                grew |= !std::mem::replace(&mut present[to.index()], true);
            }
        }
        if !grew {
            break;
        }
    }
    for (kind, decl) in declared.pieces.iter().enumerate() {
        if !present[kind] {
            diags.push(
                Diagnostic::warning(Code::PieceNeverAppears, decl.name.span, format!("`{}` never appears in a game", decl.name.text))
                    .with_label("not in the setup, and no promotion leads to it")
                    .with_help("add it to the setup, or remove it"),
            );
        }
    }
    present
}

/// A zone whose name is never used after its declaration.
fn zones_never_used(declared: &Declared, diags: &mut Vec<Diagnostic>) {
    let words = word_counts(declared.source);
    for zone in &declared.zones {
        // The declaration is one occurrence of the name.
        if words.get(zone.name.text.as_str()).copied().unwrap_or(0) <= 1 {
            diags.push(
                Diagnostic::warning(Code::UnusedZone, zone.name.span, format!("zone `{}` is never used", zone.name.text))
                    .with_help("use it in a piece or rule, or remove it"),
            );
        }
    }
}

/// How often each whole word occurs outside comments and strings, counted in
/// one pass over the file.
fn word_counts(source: &str) -> HashMap<&str, usize> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut counts = HashMap::new();
    let mut in_string = false;
    for line in source.lines() {
        let code = &line[..line.find("//").unwrap_or(line.len())];
        let mut start = None;
        for (at, c) in code.char_indices().chain([(code.len(), ' ')]) {
            if is_word(c) && !in_string {
                start.get_or_insert(at);
                continue;
            }
            if let Some(from) = start.take() {
                *counts.entry(&code[from..at]).or_insert(0) += 1;
            }
            if c == '"' {
                in_string = !in_string;
            }
        }
    }
    counts
}
