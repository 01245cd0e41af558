//! Drawn games decided by material (`draws decided by material ...`, Janggi's
//! count as Fairy-Stockfish's `janggi` plays it): a game that would end
//! drawn, by a goal or by stalemate, goes to the player whose pieces weigh
//! more, on the board and in hand, with its bonus points added; equal weights
//! leave the draw.

use crate::ir::{Game, MaterialCount, PlayerId};
use crate::legality::legal::GameResult;
use crate::state::piece::Piece;
use crate::state::position::Position;

/// The result of a game that would end drawn in `pos`, by `count`.
pub fn decide(game: &Game, pos: &Position, count: &MaterialCount) -> GameResult {
    let (first, second) = (PlayerId::FIRST, PlayerId::SECOND);
    let (a, b) = (weight(game, pos, count, first), weight(game, pos, count, second));
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => GameResult::Win(first),
        std::cmp::Ordering::Less => GameResult::Win(second),
        std::cmp::Ordering::Equal => GameResult::Draw,
    }
}

/// What `player`'s material weighs, in tenths of a point.
pub fn weight(game: &Game, pos: &Position, count: &MaterialCount, player: PlayerId) -> u64 {
    let pieces = game.piece_ids().map(|kind| {
        let held = if pos.has_hands() { u64::from(pos.in_hand(player, kind)) } else { 0 };
        u64::from(count.weights[kind.index()]) * (u64::from(pos.count(Piece::new(kind, player))) + held)
    });
    pieces.sum::<u64>() + u64::from(count.bonus[player])
}
