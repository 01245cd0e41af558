//! A capture's explosion on the board ([`crate::state::explosion`]): make
//! removes the pieces, unmake puts them back, and the legality layer asks
//! which royals went and which royals a capture could not take.

use super::{explodes, Position, Undo};
use crate::ir::{ByPlayer, CellId, PlayerId};
use crate::state::explosion::Removed;
use crate::state::move_features::MoveFeatures;
use crate::state::piece::Piece;
use crate::state::position::Move;

impl Position {
    /// After a move of `mover` to `to` that `captured` something: its
    /// explosion, in a game where captures explode ([`Position::explode`]).
    #[inline(always)]
    pub(super) fn explode_if<F: MoveFeatures>(&mut self, captured: bool, mover: PlayerId, to: CellId) {
        if F::EXPLOSIONS && captured && self.shared.blasts.is_some() {
            self.explode(mover, to);
        }
    }

    /// Before a move that `captured` something is taken back: its
    /// explosion's pieces are put back ([`Position::put_back_explosion`]).
    #[inline(always)]
    pub(super) fn put_back_explosion_if<F: MoveFeatures>(&mut self, captured: bool) {
        if F::EXPLOSIONS && captured && self.shared.blasts.is_some() {
            self.put_back_explosion();
        }
    }

    /// After `capturer`'s capture on `centre`: the capturer and every
    /// piece the blast does not spare around it leave the board, kept in
    /// the log for [`Position::put_back_explosion`].
    #[inline(never)]
    pub(super) fn explode(&mut self, capturer: PlayerId, centre: CellId) {
        self.explosions.open();
        self.remove_blasted(centre);
        // The game's tables, held apart from the board the blast changes.
        let shared = std::sync::Arc::clone(&self.shared);
        let Some(blasts) = &shared.blasts else { return };
        for &cell in blasts.around(capturer, centre) {
            let piece = self.board[cell.index()];
            if !piece.is_empty() && !blasts.spares(piece) {
                self.remove_blasted(cell);
            }
        }
    }

    /// Takes the piece on `cell` off the board into the explosion's log.
    #[inline]
    fn remove_blasted(&mut self, cell: CellId) {
        let removed = Removed { cell, piece: self.board[cell.index()], unmoved: self.is_unmoved(cell) };
        self.explosions.push(removed);
        self.set_unmoved(cell, false);
        self.set(cell.index(), Piece::EMPTY);
    }

    /// Takes back the latest [`Position::explode`].
    #[inline(never)]
    pub(super) fn put_back_explosion(&mut self) {
        let mut log = std::mem::take(&mut self.explosions);
        for Removed { cell, piece, unmoved } in log.close() {
            self.set(cell.index(), piece);
            self.set_unmoved(cell, unmoved);
        }
        self.explosions = log;
    }

    /// Do captures explode in this game?
    #[inline]
    pub fn explodes(&self) -> bool {
        self.shared.blasts.is_some()
    }

    /// Does the game's explosion keep a piece of `by` from capturing on
    /// `cell`, the blast reaching a royal of `by` there (which would
    /// explode with it)? Such a cell is not attacked for a royal standing
    /// on it: a royal next to the enemy's is not in check. Always `false`
    /// in a game without explosions.
    #[inline]
    pub fn shielded(&self, cell: CellId, by: PlayerId) -> bool {
        let Some(blasts) = &self.shared.blasts else { return false };
        blasts.around(by, cell).iter().any(|&near| {
            let piece = self.board[near.index()];
            piece.is_of(by) && self.shared.tally.is_royal(piece) && !blasts.spares(piece)
        })
    }

    /// After `mv`, made returning `undo`: which players lost a royal by
    /// it, captured or blasted?
    #[inline]
    pub fn royals_removed_by(&self, mv: Move, undo: &Undo) -> ByPlayer<bool> {
        let mut lost = ByPlayer::from_fn(|_| false);
        if self.shared.blasts.is_none() || !explodes(mv, undo) {
            return lost;
        }
        let captured = [undo.captured, if matches!(mv, Move::CaptureOnTheWay { .. }) { undo.captured_extra } else { Piece::EMPTY }];
        let blasted = self.explosions.latest().iter().map(|removed| removed.piece);
        for piece in captured.into_iter().chain(blasted) {
            if !piece.is_empty() && self.shared.tally.is_royal(piece) {
                lost[piece.owner()] = true;
            }
        }
        lost
    }
}
