//! Goals: positions that end the game besides checkmate and stalemate
//! ([`crate::ir::Goal`]). They are tested at the start of every turn, before
//! any move is generated, so a reached goal leaves no move to play and perft
//! counts no move below it, as Fairy-Stockfish does.
//!
//! The kinds are tested in Fairy-Stockfish's order (extinction and bare royal,
//! then reaching a zone, then checks), each kind's goals in file order. Every
//! test but the answer to a reach reads only piece counts and a few cells.

use crate::ir::{Game, Goal, Outcome, PieceId, PlayerId, ZoneId};
use crate::legality::engine::Engine;
use crate::legality::legal::{self, GameResult};
use crate::state::piece::Piece;
use crate::state::piece_set::PieceSet;
use crate::state::position::Position;

/// The goal that ended a game, for front ends' messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalKind {
    Extinction,
    BareRoyal,
    Reach,
    Checks,
    Passes,
    /// A royal was blasted by a capture's explosion ([`crate::ir::Explosion`]).
    Explosion,
}

/// The result if the position reaches one of the game's goals, else `None`.
pub fn reached<E: Engine + ?Sized>(engine: &E, pos: &Position) -> Option<(GameResult, GoalKind)> {
    let game = engine.game();
    let stm = pos.side;
    if game.rules.explosion.is_some() && game.has_royals() && pos.royal_count(stm) == 0 {
        // The last move blasted the royal of the side to move: no move may
        // blast its own.
        return Some((GameResult::Win(stm.opponent()), GoalKind::Explosion));
    }
    let goals = &game.rules.goals;
    if goals.is_empty() {
        return None;
    }
    let win = |player: PlayerId| GameResult::Win(player);
    // The side that has just moved is looked at first: what its move did to
    // itself (a last Pawn promoted, a royal left bare) decides before what it
    // did to the side to move. One pass finds the material goals' answer
    // and whether any other goal is there to ask (in most games none is).
    let mut others = false;
    for goal in goals {
        let ended = match goal {
            Goal::Extinction { pieces, all, outcome } => [stm.opponent(), stm]
                .into_iter()
                .find(|&player| extinct(pos, player, pieces, *all))
                .map(|player| (outcome_for(player, *outcome), GoalKind::Extinction)),
            Goal::BareRoyal => bare_royal(game, pos).map(|loser| (win(loser.opponent()), GoalKind::BareRoyal)),
            Goal::Passes => passes_end(game, pos).then_some((GameResult::Draw, GoalKind::Passes)),
            Goal::Reach { .. } | Goal::Checks(_) => {
                others = true;
                None
            }
        };
        if ended.is_some() {
            return ended;
        }
    }
    if !others {
        return None;
    }
    let reach = goals.iter().find_map(|goal| match goal {
        Goal::Reach { pieces, zone, answered } => reach(engine, pos, pieces, *zone, *answered).map(|result| (result, GoalKind::Reach)),
        _ => None,
    });
    let checks =
        || (game.checks_to_win().is_some() && pos.checks_left[stm.opponent()] == 0).then_some((win(stm.opponent()), GoalKind::Checks));
    reach.or_else(checks)
}

/// Did both sides pass in a row, or a side pass while the royals face?
fn passes_end(game: &Game, pos: &Position) -> bool {
    pos.passes() >= 2
        || (pos.passes() == 1 && !game.rules.facing_allowed.is_empty() && crate::legality::facing::royals_face(game, pos, pos.side))
}

/// Does the position end the game by a goal?
#[inline]
pub fn ends_game<E: Engine + ?Sized>(engine: &E, pos: &Position) -> bool {
    engine.game().has_goals() && reached(engine, pos).is_some()
}

/// Is `player` left without any piece of one of the `pieces` types (each
/// counted on its own), or with `all`, without any of them at all?
fn extinct(pos: &Position, player: PlayerId, pieces: &[PieceId], all: bool) -> bool {
    let mut counts = pieces.iter().map(|&kind| count_with_hand(pos, player, kind));
    if all {
        counts.all(|count| count == 0)
    } else {
        counts.any(|count| count == 0)
    }
}

/// The result of a game where `player` got `outcome`.
fn outcome_for(player: PlayerId, outcome: Outcome) -> GameResult {
    match outcome {
        Outcome::Loss => GameResult::Win(player.opponent()),
        Outcome::Draw => GameResult::Draw,
        Outcome::Win => GameResult::Win(player),
    }
}

fn count_with_hand(pos: &Position, player: PlayerId, kind: PieceId) -> u32 {
    pos.count(Piece::new(kind, player)) as u32 + pos.in_hand(player, kind) as u32
}

/// The pieces of `player` that are not royal, on the board and in hand. The
/// position keeps its pieces' counts by value and its royals' cells as
/// bits, so that the board's count needs no look at the board.
fn non_royal_count(game: &Game, pos: &Position, player: PlayerId) -> u32 {
    let on_board = pos.pieces_of(player) - pos.royal_count(player);
    let in_hand = || game.piece_ids().filter(|&kind| !game.pieces[kind].royal).map(|kind| u32::from(pos.in_hand(player, kind))).sum();
    on_board + if game.has_hands() { in_hand() } else { 0 }
}

/// Has `player` a piece besides its royals, on the board or in hand?
fn has_non_royal(game: &Game, pos: &Position, player: PlayerId) -> bool {
    let in_hand = || game.piece_ids().any(|kind| !game.pieces[kind].royal && pos.in_hand(player, kind) > 0);
    pos.has_non_royal_on_board(player) || (pos.has_hands() && in_hand())
}

/// The loser by a bare royal, if any. The side that has just moved, bare, loses
/// when the side to move has anything besides its royals: it was bared and
/// could not bare back. The side to move, bare, loses at once when the
/// opponent has two pieces or more besides its royals, which no one capture
/// can take; against one, it first gets its move.
fn bare_royal(game: &Game, pos: &Position) -> Option<PlayerId> {
    let stm = pos.side;
    // Both sides keep a piece besides their royals in nearly every
    // position, and saying so stops at the first type that has one.
    if has_non_royal(game, pos, stm) && has_non_royal(game, pos, stm.opponent()) {
        return None;
    }
    let (mine, theirs) = (non_royal_count(game, pos, stm), non_royal_count(game, pos, stm.opponent()));
    if theirs == 0 && mine >= 1 {
        Some(stm.opponent())
    } else if mine == 0 && theirs >= 2 {
        Some(stm)
    } else {
        None
    }
}

/// Does a piece of `player` of one of the types stand in its image of the zone?
/// Tested before every move: the pieces wanted are one set, tested once per
/// cell.
fn in_zone(game: &Game, pos: &Position, player: PlayerId, pieces: &[PieceId], zone: ZoneId) -> bool {
    if pieces.iter().all(|&kind| pos.count(Piece::new(kind, player)) == 0) {
        return false;
    }
    let cells = &game.zones[zone].cells[player];
    // The position keeps the royals' cells: a goal for royals (King of the
    // Hill's) reads them instead of the board.
    if pieces.iter().all(|&kind| game.pieces[kind].royal) {
        return pos.royal_cells(player).any(|cell| cells[cell.index()] && pieces.contains(&pos.at(cell).kind()));
    }
    let wanted = PieceSet::of(player, pieces.iter().copied());
    pos.board().iter().zip(cells).any(|(&piece, &inside)| inside && wanted.contains(piece))
}

/// A reach goal. The side that has just moved wins by standing in the zone.
/// With `answered`, a reach by the first player waits for the second player's
/// move when that player, not in check, can reach too (and stands there
/// already on its next turn, a draw); a position where the side to move
/// already stands in the zone, which only such an answer leaves, is decided
/// then.
fn reach<E: Engine + ?Sized>(engine: &E, pos: &Position, pieces: &[PieceId], zone: ZoneId, answered: bool) -> Option<GameResult> {
    let game = engine.game();
    let stm = pos.side;
    if answered && in_zone(game, pos, stm, pieces, zone) {
        let both = in_zone(game, pos, stm.opponent(), pieces, zone);
        return Some(if stm.is_first() && both { GameResult::Draw } else { GameResult::Win(stm) });
    }
    if !in_zone(game, pos, stm.opponent(), pieces, zone) {
        return None;
    }
    if answered && stm == PlayerId::SECOND && can_answer(engine, pos, pieces, zone) {
        return None;
    }
    Some(GameResult::Win(stm.opponent()))
}

/// Can the side to move, not in check, bring a piece of the types into the
/// zone with a legal move?
fn can_answer<E: Engine + ?Sized>(engine: &E, pos: &Position, pieces: &[PieceId], zone: ZoneId) -> bool {
    let game = engine.game();
    !legal::in_check(engine, pos)
        && legal::legal_moves_ignoring_goals(engine, pos)
            .into_iter()
            .any(|mv| mv.from().is_some_and(|from| pieces.contains(&pos.at(from).kind())) && game.in_zone(zone, pos.side, mv.to()))
}
