//! The move generator both engines implement: the IR interpreter and
//! generated code. What legality adds on top of it is
//! [`crate::legality::engine::Engine`].

use crate::ir::{CellId, Game, PlayerId};
use crate::state::position::{Move, Position, Undo};

/// A move generator for one game. Implementations differ only in speed: for the
/// same position every implementation must produce the same set of moves.
pub trait Generator: Send + Sync {
    /// The game this engine plays.
    fn game(&self) -> &Game;

    /// Appends every pseudo-legal move of the side to move: moves that obey each
    /// piece's move program and confinement, ignoring check and facing rules.
    fn generate(&self, pos: &Position, out: &mut Vec<Move>);

    /// Plays `mv` on `pos` ([`Position::make`]). Generated engines leave
    /// out the work of what their game's moves cannot do
    /// ([`crate::state::move_features`]); the interpreter keeps the default.
    fn make(&self, pos: &mut Position, mv: Move) -> Undo {
        pos.make(mv)
    }

    /// Takes back `mv`, played by [`Generator::make`] returning `undo`.
    fn unmake(&self, pos: &mut Position, mv: Move, undo: Undo) {
        pos.unmake(mv, undo)
    }

    /// Could a piece of `by` capture an enemy piece standing on `cell`?
    fn attacked(&self, pos: &Position, cell: CellId, by: PlayerId) -> bool;

    /// How many of `cells` (cells below 128, as bits) could no piece of
    /// `by` capture an enemy piece on? The safe steps of a royal, counted
    /// at perft's last ply. By default [`Generator::attacked`] is asked of
    /// each; a generated engine runs its own attack test on each in one
    /// loop (where the loop is inlined, the compiler reads the cells of
    /// `by`'s pieces once for all of them).
    fn unattacked_among(&self, pos: &Position, cells: u128, by: PlayerId) -> u32 {
        let mut unattacked = 0;
        crate::state::occupancy::for_each_bit128(cells, |cell| unattacked += u32::from(!self.attacked(pos, CellId::from_index(cell), by)));
        unattacked
    }

    /// Would a piece of `by` attack `cell` if the piece on `vacated` were
    /// taken off the board, all else as in `pos`? What a royal stepping
    /// out of check from `vacated` to `cell` meets there, the piece it
    /// takes on `cell` attacking nothing but from it. `None` (the default)
    /// where the engine cannot say without making the move; the
    /// interpreter keeps the default, so that it checks the engines that
    /// say.
    fn attacked_vacating(&self, pos: &Position, cell: CellId, by: PlayerId, vacated: CellId) -> Option<bool> {
        let _ = (pos, cell, by, vacated);
        None
    }
}
