//! Where move generators (generated code, the interpreter's walkers) put
//! their moves: a list, or a counter that judges each move as it comes (see
//! [`crate::legality::legal_count`]).

use crate::state::cell_bits::for_each_bit;
use crate::state::occupancy::for_each_bit128;
use crate::state::piece::Piece;
use crate::state::position::Move;
use crate::{CellId, PieceId};

/// What a move generator appends its moves to. A list keeps every move; a
/// sink may instead judge plain moves on the spot, so the generator says
/// which of its moves are plain.
pub trait MoveSink {
    /// The plain move of the piece on `from` (of type `kind`) to `to` on
    /// `board`: no promotion, no capture on the way; it takes the piece on
    /// `to`, if any.
    fn plain(&mut self, board: &[Piece], kind: PieceId, from: usize, to: usize);

    /// The plain moves of the piece on `from` (of type `kind`) to each cell
    /// of `targets`, as bits by cell (boards of up to
    /// [`crate::state::occupancy::MAX_CELLS`] cells), lowest first.
    #[inline(always)]
    fn plain_to(&mut self, board: &[Piece], kind: PieceId, from: usize, targets: u128) {
        for_each_bit128(targets, |to| self.plain(board, kind, from, to));
    }

    /// [`MoveSink::plain_to`] for a piece of a royal type: a sink that
    /// judges moves knows its cell matters and is pinned to nothing, and
    /// judges its steps by the attacks on their destinations alone.
    #[inline(always)]
    fn royal_to(&mut self, board: &[Piece], kind: PieceId, from: usize, targets: u128) {
        self.plain_to(board, kind, from, targets);
    }

    /// Of the cells `starts` (as bits, boards of up to
    /// [`crate::state::occupancy::MAX_CELLS`] cells) of `kind` pieces whose every
    /// move is a plain step, those whose moves the sink takes in bulk
    /// through [`MoveSink::plain_shifted`]; the generator gives the others'
    /// moves piece by piece. A list takes none, so that its moves come
    /// piece by piece, in the order they always did.
    #[inline(always)]
    fn in_bulk(&mut self, kind: PieceId, starts: u128) -> u128 {
        let _ = (kind, starts);
        0
    }

    /// The plain moves of `kind` pieces from starts that
    /// [`MoveSink::in_bulk`] took, to each cell of `targets`, each from the
    /// cell `offset` below it: one step of every such piece at once.
    #[inline(always)]
    fn plain_shifted(&mut self, board: &[Piece], kind: PieceId, targets: u128, offset: isize) {
        for_each_bit128(targets, |to| self.plain(board, kind, to.wrapping_sub_signed(offset), to));
    }

    /// [`MoveSink::plain_shifted`] for each of `shifts` (its targets and
    /// offset), in order: all the shifts of a type's pieces taken in bulk,
    /// which a counter counts together.
    #[inline(always)]
    fn plain_shifts<const N: usize>(&mut self, board: &[Piece], kind: PieceId, shifts: [(u128, isize); N]) {
        for (targets, offset) in shifts {
            self.plain_shifted(board, kind, targets, offset);
        }
    }

    /// Any move.
    fn push(&mut self, mv: Move);

    /// A swap (`mv`) that the generator found to leave both its cells
    /// unattacked (`swap ... unless attacked`). Both cells stay occupied
    /// and the enemy's pieces stay where they were, so no cell is attacked
    /// after it that was not before: a sink that judges moves may take it
    /// as keeping the royals safe where they are safe now.
    #[inline(always)]
    fn swap_unattacked(&mut self, mv: Move) {
        self.push(mv);
    }

    /// A castling whose castler's start and the cells it crosses the
    /// generator found unattacked. `safe` says, where it can, whether the
    /// mover's royals are safe after it, tested on the board after it (the
    /// castler the side's only royal: safe where it lands): a sink that
    /// judges moves may take that for the safety test. A list takes the
    /// move as it is, `safe` never asked.
    #[inline(always)]
    fn castle(&mut self, mv: Move, safe: impl FnOnce() -> Option<bool>) {
        let _ = safe;
        self.moves().push(mv);
    }

    /// The drops of a `held` piece from the hand as a `kind` (itself, or
    /// one of its drop forms) on the empty cells `base + i` for each bit `i`
    /// of `cells`, in order.
    #[inline(always)]
    fn drops(&mut self, held: PieceId, kind: PieceId, base: usize, cells: u64) {
        for_each_bit(cells, |i| self.push(Move::drop_as(held, kind, CellId::from_index(base + i))));
    }

    /// Does the sink know that no royal of the side to move is attacked
    /// now? A counter that has judged the position does (castling then
    /// skips the test of a royal's start); a list knows nothing.
    #[inline(always)]
    fn royals_unattacked(&self) -> bool {
        false
    }

    /// The list the sink keeps, for code that reads back the moves it gave
    /// (to give each destination once) or appends through the runtime's
    /// walkers (castling, captures in passing).
    fn moves(&mut self) -> &mut Vec<Move>;
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn plain(&mut self, _: &[Piece], _: PieceId, from: usize, to: usize) {
        self.push(Move::new(CellId::from_index(from), CellId::from_index(to)));
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }

    #[inline(always)]
    fn moves(&mut self) -> &mut Vec<Move> {
        self
    }
}
