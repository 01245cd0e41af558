//! A move's effect on the board alone: the cells a simple move changes,
//! applied to a copy of the board, and where the mover's royals stand then.
//! A generated engine judges the safety of a move that changes a watched
//! cell on that copy ([`crate::Engine::safe_after`]) instead of making the
//! move, which also updates hands, counts, marks and clocks and must be
//! undone.

use crate::ir::Game;
use crate::occupancy::AttackerCells;
use crate::piece::Piece;
use crate::position::{Move, Position, NO_CELL};
use crate::royals::Royals;

/// Plays the simple `mv` of the side to move in `pos` on `board`, a copy of
/// `pos`'s board: a step, ride, leap or hop to `to`, a drop, a promotion, a
/// swap with a friend. Returns where the mover's royals stand afterwards.
/// `None` for a move that changes a third cell (a capture on the way, en
/// passant, castling, a promotion by proxy) or a side with more royals than
/// [`Royals`] holds; `board` may then have been changed.
#[inline]
pub fn apply(board: &mut [Piece], pos: &Position, game: &Game, mv: Move) -> Option<Royals> {
    if mv.extra != NO_CELL {
        return None;
    }
    let side = pos.side;
    let (from, to) = (mv.from, mv.to);
    let mut royals = Royals::NONE;
    // The royals the move does not touch stay; a friend the move swaps with
    // lands on `from`.
    for cell in pos.royal_cells(side) {
        if cell == to && mv.swap {
            royals.push(from)?;
        } else if cell != from && cell != to {
            royals.push(cell)?;
        }
    }
    let arriving = match mv.drop_kind() {
        Some(kind) => Piece::new(kind, side),
        None => {
            let moved = board[from.index()];
            board[from.index()] = if mv.swap { board[to.index()] } else { Piece::EMPTY };
            mv.promotion().map_or(moved, |kind| Piece::new(kind, side))
        }
    };
    board[to.index()] = arriving;
    if game.pieces[arriving.kind()].royal {
        royals.push(to)?;
    }
    Some(royals)
}

/// The occupied cells (boards of up to [`crate::occupancy::MAX_CELLS`]
/// cells, as bits) after the move [`apply`] played, from those before: it
/// empties `from` (unless it swaps, or drops) and fills `to`.
#[inline]
pub fn occupied_after(occupied: u128, mv: Move) -> u128 {
    let to = 1u128 << mv.to.index();
    if mv.is_drop() || mv.swap {
        occupied | to
    } else {
        occupied & !(1u128 << mv.from.index()) | to
    }
}

/// The cells of the side not moving (boards of up to
/// [`crate::occupancy::MAX_CELLS`] cells, as bits) after the move
/// [`apply`] played, from those before: the move's destination, which may
/// have held one of its pieces, no longer does (the move's other cells
/// never did). Exact where those before were: an attack test that meets
/// the cells of each piece the position keeps with them
/// (`compiler/src/codegen/attacks/attacker_bits.rs`) needs them so.
#[inline]
pub fn enemy_after(cells: AttackerCells, mv: Move) -> AttackerCells {
    let taken = !(1u128 << mv.to.index());
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
}
