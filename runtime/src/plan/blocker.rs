//! A blocker placed after every move (`place PIECE after every move`): a
//! move is a piece's move followed by the mover placing the blocker on a
//! cell that is empty once the piece has moved, other than the blocker's
//! own (it must move; on the first move it enters from off the board).
//! Both parts make one move, as Fairy-Stockfish counts them: perft, the
//! legal moves, the search and the notation see whole turns.
//!
//! The blocker stands on the board as a piece of the side to move
//! ([`Position::blocker`]), so that the generators need no test of their
//! own: its moves are the generated moves, each once per cell the blocker
//! may take, found once for every engine: the interpreter and generated
//! code call [`place`] after their moves.

use crate::ir::CellId;
use crate::state::position::{Move, Position};

/// Replaces each move of `out` from `start` on by that move once per cell
/// the blocker may be placed on after it, in a game with a blocker.
pub fn place(pos: &Position, out: &mut Vec<Move>, start: usize) {
    let empty: Vec<CellId> = pos.cells().filter(|(_, piece)| piece.is_empty()).map(|(cell, _)| cell).collect();
    let moves = out.split_off(start);
    out.reserve(moves.len() * (empty.len() + 2));
    for mv in moves {
        let [from, to, second, partner_to] = mv.changed_cells();
        let filled = |cell: CellId| Some(cell) == to || Some(cell) == partner_to;
        // The cells the move empties: the mover's start, a piece captured
        // on the way, a castling partner's start (unless a piece lands
        // there).
        let emptied = [from.filter(|&from| Some(from) != to), second].into_iter().flatten().filter(|&cell| !filled(cell));
        for cell in empty.iter().copied().filter(|&cell| !filled(cell)).chain(emptied) {
            out.push(mv.with_blocker(cell));
        }
    }
}
