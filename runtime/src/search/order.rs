//! Move ordering: the principal-variation move, then captures (most valuable
//! victim first, then least valuable attacker), then killer moves, then the rest
//! in generation order.

use super::eval::Evaluator;
use crate::position::{Move, Position};

/// Does `mv` take an enemy piece on its destination?
#[inline]
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    let target = pos.at(mv.to());
    !target.is_empty() && target.owner() != pos.side
}

pub fn sort(eval: &Evaluator, pos: &Position, moves: &mut [Move], pv: Option<Move>, killers: [Option<Move>; 2]) {
    // Sorting by key is stable, so equal keys keep generation order.
    moves.sort_by_cached_key(|&mv| -priority(eval, pos, mv, pv, killers));
}

fn priority(eval: &Evaluator, pos: &Position, mv: Move, pv: Option<Move>, killers: [Option<Move>; 2]) -> i64 {
    if pv == Some(mv) {
        return i64::MAX;
    }
    if is_capture(pos, mv) {
        let victim = eval.value(pos.at(mv.to()).kind()) as i64;
        let attacker = mv.from().map_or(0, |from| eval.value(pos.at(from).kind()) as i64);
        // A royal victim (value 0) cannot be taken in a legal game; rank it last
        // among captures all the same.
        return 1 << 40 | victim << 16 | (0xFFFF - attacker.min(0xFFFF));
    }
    if killers[0] == Some(mv) {
        return 1 << 32;
    }
    if killers[1] == Some(mv) {
        return 1 << 31;
    }
    0
}
