//! A move's effect on the board alone: the cells a simple move changes,
//! applied to a copy of the board, and where the mover's royals stand then.
//! A generated engine judges the safety of a move that changes a watched
//! cell on that copy ([`crate::Engine::safe_after`]) instead of making the
//! move, which also updates hands, counts, marks and clocks and must be
//! undone.

use crate::ir::{CellId, Game};
use crate::legality::royals::Royals;
use crate::state::occupancy::AttackerCells;
use crate::state::piece::Piece;
use crate::state::position::{Move, Position};

/// Plays `mv` of the side to move in `pos` on `board`, a copy of `pos`'s
/// board: a step, ride, leap or hop to `to`, a drop, a promotion, a swap
/// with a friend, castling. Returns where the mover's royals stand
/// afterwards. `None` for a move that takes a piece off a third cell (a
/// capture on the way, en passant), promotes by proxy, gates or places a blocker, or a side
/// with more royals than [`Royals`] holds; `board` may then have been
/// changed.
#[inline]
pub fn apply(board: &mut [Piece], pos: &Position, game: &Game, mv: Move) -> Option<Royals> {
    let side = pos.side;
    let to = mv.to();
    let (from, arriving) = match mv {
        Move::Normal { from, promote, .. } => {
            let moved = board[from.index()];
            board[from.index()] = Piece::EMPTY;
            (Some(from), promote.map_or(moved, |kind| Piece::new(kind, side)))
        }
        Move::Swap { from, .. } => {
            let moved = board[from.index()];
            board[from.index()] = board[to.index()];
            (Some(from), moved)
        }
        Move::Put { kind, .. } => (None, Piece::new(kind, side)),
        Move::Castle { from, partner, partner_to, .. } => return castle(board, pos, game, [from, to, partner, partner_to]),
        Move::CaptureOnTheWay { .. }
        | Move::Proxy { .. }
        | Move::Gated { .. }
        | Move::CastleGated { .. }
        | Move::Blocked { .. }
        | Move::BlockedOnTheWay { .. }
        | Move::CastleBlocked { .. } => return None,
    };
    let mut royals = Royals::NONE;
    // The royals the move does not touch stay; a friend the move swaps with
    // lands on `from`.
    for cell in pos.royal_cells(side) {
        match from {
            Some(from) if cell == to && mv.is_swap() => royals.push(from)?,
            _ if Some(cell) != from && cell != to => royals.push(cell)?,
            _ => {}
        }
    }
    board[to.index()] = arriving;
    if game.pieces[arriving.kind()].royal {
        royals.push(to)?;
    }
    Some(royals)
}

/// [`apply`] for castling, its cells `[from, to, partner, partner_to]`:
/// both pieces leave, then land (either may land where the other stood).
/// Nothing is captured, so the mover's royals are those on cells the move
/// leaves alone and whichever of the two pieces is one. Out of line, so
/// that [`apply`] stays small in the games without castling.
#[inline(never)]
fn castle(board: &mut [Piece], pos: &Position, game: &Game, [from, to, partner, partner_to]: [CellId; 4]) -> Option<Royals> {
    let (moved, partner_piece) = (board[from.index()], board[partner.index()]);
    board[from.index()] = Piece::EMPTY;
    board[partner.index()] = Piece::EMPTY;
    board[to.index()] = moved;
    board[partner_to.index()] = partner_piece;
    let mut royals = Royals::NONE;
    for cell in pos.royal_cells(pos.side).filter(|&cell| cell != from && cell != partner) {
        royals.push(cell)?;
    }
    for (cell, piece) in [(to, moved), (partner_to, partner_piece)] {
        if game.pieces[piece.kind()].royal {
            royals.push(cell)?;
        }
    }
    Some(royals)
}

/// The occupied cells (boards of up to [`crate::state::occupancy::MAX_CELLS`]
/// cells, as bits) after the move [`apply`] played, from those before: it
/// empties `from` (unless it swaps, or drops) and fills `to`; castling also
/// moves the partner.
#[inline]
pub fn occupied_after(occupied: u128, mv: Move) -> u128 {
    let to = 1u128 << mv.to().index();
    match mv {
        Move::Castle { from, partner, partner_to, .. } => {
            occupied & !(1u128 << from.index() | 1u128 << partner.index()) | to | 1u128 << partner_to.index()
        }
        _ => match mv.from() {
            Some(from) if !mv.is_swap() => occupied & !(1u128 << from.index()) | to,
            _ => occupied | to,
        },
    }
}

/// The cells of the side not moving (boards of up to
/// [`crate::state::occupancy::MAX_CELLS`] cells, as bits) after the move
/// [`apply`] played, from those before: the move's destination, which may
/// have held one of its pieces, no longer does (the move's other cells
/// never did: castling takes nothing). Exact where those before were: an
/// attack test that meets the cells of each piece the position keeps with
/// them (`compiler/src/codegen/attacks/attacker_bits.rs`) needs them so.
#[inline]
pub fn enemy_after(cells: AttackerCells, mv: Move) -> AttackerCells {
    let taken = !(1u128 << mv.to().index());
    AttackerCells { held: cells.held & taken, riders: cells.riders & taken }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{CellId, PieceId};

    #[test]
    fn the_enemy_loses_only_the_cell_a_move_takes() {
        let before = AttackerCells { held: 0b1_0110, riders: 0b1_0010 };
        // A capture on cell 4 (a rider's) and on cell 2 (another piece's).
        let take_rider = Move::new(CellId::from_index(0), CellId::from_index(4));
        assert_eq!(enemy_after(before, take_rider), AttackerCells { held: 0b0110, riders: 0b0010 });
        let take_other = Move::new(CellId::from_index(0), CellId::from_index(2));
        assert_eq!(enemy_after(before, take_other), AttackerCells { held: 0b1_0010, riders: 0b1_0010 });
        // A drop on an empty cell takes nothing.
        assert_eq!(enemy_after(before, Move::drop(PieceId::from_index(0), CellId::from_index(3))), before);
    }

    fn cell(i: usize) -> CellId {
        CellId::from_index(i)
    }

    #[test]
    fn castling_moves_both_pieces_on_the_sets() {
        // The piece from 4 to 6, its partner from 7 to 5; 0 stays.
        let castle = Move::castling(cell(4), cell(6), cell(7), cell(5));
        assert_eq!(occupied_after(0b1001_0001, castle), 0b0110_0001);
        // Castling captures nothing: the enemy keeps every cell.
        let enemy = AttackerCells { held: 0b1 << 9, riders: 0b1 << 9 };
        assert_eq!(enemy_after(enemy, castle), enemy);
    }
}
