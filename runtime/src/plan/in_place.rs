//! Promotion in place (`may promote to PIECES in place ...`): instead of
//! moving, a piece turns into another type where it stands, or (`or
//! moving`) as it makes a non-capturing move of its new type. Such a move is
//! a [`Move::Normal`] whose `promote` is set: with `from == to` it changes a
//! type and moves nothing (without `promote`, the same cells are a pass).
//!
//! Its conditions depend on the whole position (the piece's fellows, the
//! pieces its new type would attack), so it is walked here from the plan
//! for every engine: the interpreter calls [`generate`], and so does
//! generated code.

use crate::ir::{CellId, Game, InPlacePromotion, PieceId, PlayerId};
use crate::plan::generator::Generator;
use crate::plan::walk::{is_open, Emitter};
use crate::plan::Plan;
use crate::state::piece::Piece;
use crate::state::position::{Move, Position};

/// Appends every promotion in place of the side to move.
pub fn generate<E: Generator + ?Sized>(engine: &E, plan: &Plan, pos: &Position, out: &mut Vec<Move>) {
    let game = engine.game();
    let side = pos.side;
    let mut scratch: Option<Position> = None;
    for (from, piece) in pos.cells() {
        if !piece.is_of(side) {
            continue;
        }
        let Some(rule) = &game.pieces[piece.kind()].in_place else { continue };
        if !may_promote_from(game, pos, rule, piece, from) {
            continue;
        }
        for choice in rule.to[side].iter().filter(|choice| is_open(choice, pos, side)) {
            for to in destinations(engine, plan, pos, rule, from, choice.kind) {
                let mv = Move::Normal { to, from, promote: Some(choice.kind) };
                let after = scratch.get_or_insert_with(|| pos.clone());
                if !rule.peaceful || is_peaceful(engine, plan, after, mv) {
                    out.push(mv);
                }
            }
        }
    }
}

/// Does `rule` let `piece` promote from `from`: a cell of its zone, or any
/// cell while it is its player's only piece of its type (`or alone`)?
fn may_promote_from(game: &Game, pos: &Position, rule: &InPlacePromotion, piece: Piece, from: CellId) -> bool {
    let owner = piece.owner();
    match rule.zone {
        None => true,
        Some(zone) => game.in_zone(zone, owner, from) || (rule.alone && pos.count(piece) == 1),
    }
}

/// Where the piece on `from` may promote to `kind`: its own cell, and with
/// `or moving`, the empty cells a plain move of `kind` from there reaches.
fn destinations<E: Generator + ?Sized>(
    engine: &E,
    plan: &Plan,
    pos: &Position,
    rule: &InPlacePromotion,
    from: CellId,
    kind: PieceId,
) -> Vec<CellId> {
    let mut cells = vec![from];
    if rule.moving {
        let side = plan.side(pos.side);
        let emitter = Emitter { piece: Piece::new(kind, pos.side), ..Emitter::new(engine.game(), pos, from, false, 0) };
        let mut moves = Vec::new();
        for step in side.steps(kind, from) {
            emitter.step(engine, side, step, &mut moves);
        }
        let plain = moves.into_iter().filter(|mv| mv.is_plain() && pos.at(mv.to()).is_empty()).map(Move::to);
        for to in plain {
            if !cells.contains(&to) {
                cells.push(to);
            }
        }
    }
    cells
}

/// `without attacking`: after `mv`, no enemy royal is attacked (the move
/// gives no check, even by uncovering another piece) and the promoted piece
/// attacks no enemy piece. `after` is the position before the move, and is
/// left so.
fn is_peaceful<E: Generator + ?Sized>(engine: &E, plan: &Plan, after: &mut Position, mv: Move) -> bool {
    let mover = after.side;
    let undo = engine.make(after, mv);
    let peaceful = !gives_check(engine, after, mover) && !attacks_an_enemy(plan, after, mover, mv.to());
    engine.unmake(after, mv, undo);
    peaceful
}

/// Is an enemy royal of `mover` attacked in `pos`?
fn gives_check<E: Generator + ?Sized>(engine: &E, pos: &Position, mover: PlayerId) -> bool {
    pos.royal_cells(mover.opponent()).any(|royal| engine.attacked(pos, royal, mover))
}

/// Does `mover`'s piece on `cell` attack a piece of the opponent?
fn attacks_an_enemy(plan: &Plan, pos: &Position, mover: PlayerId, cell: CellId) -> bool {
    let attacks = plan.side(mover).attacks();
    let enemy = mover.opponent();
    pos.cells().any(|(target, piece)| piece.is_of(enemy) && attacks.attacked(pos, target, mover, &mut |_, from| from == cell))
}
