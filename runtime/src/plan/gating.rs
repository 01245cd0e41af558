//! Gating (`gate from hand in ZONE`): a piece that leaves a cell of the
//! zone for the first time may leave a piece from its player's hand there,
//! one move per type held; castling may gate onto either of the cells its
//! two pieces leave. Which cells may still gate is the position's unmoved
//! marks in the zone ([`Position::gates`]): a mark goes when its piece
//! moves or is captured, as every unmoved mark does.
//!
//! Gated moves are the generated moves with a piece added, found once for
//! every engine: the interpreter and generated code call [`add`] after
//! their moves, and a generated engine's counter takes the listed moves
//! where a gate is open ([`live`]) rather than count plain moves in bulk
//! (the interpreter's counter always does).

use crate::ir::{CellId, PieceId};
use crate::state::occupancy::for_each_bit128;
use crate::state::position::{Move, Position};

/// Appends, for each move of `out` that leaves a cell where the side to
/// move may still gate, that move once per type in its hand, the piece
/// entering the cell.
pub fn add(pos: &Position, out: &mut Vec<Move>) {
    if !live(pos) {
        return;
    }
    let held = pos.kinds_in_hand(pos.side);
    for i in 0..out.len() {
        let mv = out[i];
        for cell in left_cells(mv).into_iter().flatten().filter(|&cell| pos.may_gate(pos.side, cell)) {
            for_each_bit128(held, |kind| out.push(mv.gating(PieceId::from_index(kind), cell)));
        }
    }
}

/// May the side to move gate in `pos` (some gate open and a piece in
/// hand)?
#[inline]
pub fn live(pos: &Position) -> bool {
    pos.gates(pos.side).next().is_some()
}

/// The cells `mv` leaves empty, which a piece from hand could enter: a
/// normal move's start, castling's two starts where neither piece lands.
/// A capture on the way, a promotion by proxy, a swap and a drop leave
/// none that gates.
fn left_cells(mv: Move) -> [Option<CellId>; 2] {
    match mv {
        Move::Normal { to, from, .. } => [(from != to).then_some(from), None],
        Move::Castle { to, from, partner, partner_to } => {
            let left = |cell: CellId| (cell != to && cell != partner_to).then_some(cell);
            [left(from), left(partner)]
        }
        _ => [None, None],
    }
}
