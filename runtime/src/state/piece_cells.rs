//! The cells of each piece (a type and an owner) as bits, on boards of up
//! to [`MAX_CELLS`] cells: kept by a [`crate::Position`] as its board
//! changes, so that a generated move generator walks the pieces type by
//! type, each type's code in a loop of its own, instead of dispatching on
//! the piece found on each cell (a jump the processor mostly mispredicts).
//! The cells held and those of the second player ([`HeldCells`]) are read
//! from them too.

use crate::ir::PlayerId;
use crate::state::occupancy::{on_board, HeldCells, MAX_CELLS};
use crate::state::piece::Piece;

/// Per [`Piece`] value (its byte), the cells below [`MAX_CELLS`] holding
/// it, as two words. Entry 0, the empty cells', is kept like the others, so
/// that two positions with the same board have the same cells. An entry
/// for every byte, so that reading one needs no bounds check.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceCells {
    cells: Box<[[u64; 2]; 256]>,
    /// The cells of the second player's pieces: the union of every odd
    /// entry, kept rather than gathered when read.
    second: [u64; 2],
}

impl PieceCells {
    /// No piece on any of a board's `cells` cells.
    pub(crate) fn empty(cells: usize) -> PieceCells {
        let mut pieces = PieceCells { cells: Box::new([[0; 2]; 256]), second: [0; 2] };
        for cell in 0..cells.min(MAX_CELLS) {
            pieces.cells[0][cell / 64] |= 1 << (cell % 64);
        }
        pieces
    }

    /// `cell` held `old` and now holds `new`.
    #[inline(always)]
    pub(crate) fn replaced(&mut self, cell: usize, old: Piece, new: Piece) {
        if cell >= MAX_CELLS {
            return;
        }
        let (word, bit) = (cell / 64 % 2, 1u64 << (cell % 64));
        self.cells[old.0 as usize][word] &= !bit;
        self.cells[new.0 as usize][word] |= bit;
        self.second[word] = self.second[word] & !bit | u64::from(new.is_of(PlayerId::SECOND)) << (cell % 64);
    }

    /// The cells that hold a piece (those not empty) and those of the
    /// second player.
    #[inline(always)]
    pub fn held(&self) -> HeldCells {
        let [low, high] = self.cells[0];
        HeldCells::from_words([!low, !high], self.second)
    }

    /// The cells holding `piece` on a board of `cells` cells (at most
    /// [`MAX_CELLS`]). Masked to the board, which tells the compiler that
    /// the high word is empty on boards of up to 64 cells.
    #[inline(always)]
    pub fn of(&self, piece: Piece, cells: usize) -> u128 {
        on_board(self.cells[piece.0 as usize], cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::PieceId;

    #[test]
    fn each_piece_has_exactly_the_cells_it_was_put_on() {
        let (kinds, cells) = (3, 100);
        let mut pieces = PieceCells::empty(cells);
        let mut board = vec![Piece::EMPTY; cells];
        // Every piece on every cell in turn, some replaced, some emptied.
        for step in 0..1000usize {
            let cell = step * 37 % cells;
            let new =
                if step % 4 == 0 { Piece::EMPTY } else { Piece::new(PieceId::from_index(step % kinds), PlayerId::BOTH[step / 3 % 2]) };
            pieces.replaced(cell, board[cell], new);
            board[cell] = new;
        }
        assert_eq!(
            pieces.of(Piece::EMPTY, cells),
            board.iter().enumerate().filter(|(_, p)| p.is_empty()).fold(0u128, |set, (cell, _)| set | 1 << cell)
        );
        for kind in 0..kinds {
            for owner in PlayerId::BOTH {
                let piece = Piece::new(PieceId::from_index(kind), owner);
                let expected = board.iter().enumerate().filter(|(_, &p)| p == piece).fold(0u128, |set, (cell, _)| set | 1 << cell);
                assert_eq!(pieces.of(piece, cells), expected, "{piece:?}");
            }
        }
    }
}
