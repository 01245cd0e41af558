//! Castling (`castle`): a move of two pieces, both unmoved. The piece goes
//! `distance` cells along a line, and the first piece on that line, which
//! must stand further out and be one of its partners, lands on the cell the
//! piece crossed last. Neither its start nor a cell it crosses may be
//! attacked (its destination is judged as any move's).

use super::build::Start;
use super::{LineCell, SidePlan, Span};
use crate::engine::Engine;
use crate::ir::{CellId, DirId, PieceId};
use crate::piece_set::PieceSet;
use crate::position::Move;
use crate::walk::Emitter;

/// Castling from one start (always gated on the piece being unmoved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castle {
    /// Every cell outward from the start.
    pub line: Span,
    /// The piece goes to `line[distance - 1]`, its partner to
    /// `line[distance - 2]`.
    pub distance: u16,
    pub partners: PieceSet,
}

impl Castle {
    /// Castling along `dir`, if the line leaves room for the partner beyond
    /// the destination, the piece may end there and some partner may stand
    /// where it lands.
    pub(super) fn plan(side: &mut SidePlan, start: &Start, dir: DirId, distance: u32, with: &[PieceId]) -> Option<Castle> {
        let (line, _) = side.add_line(start, dir, None);
        let distance = distance as usize;
        let cells = side.line(line);
        if distance < 2 || cells.len() <= distance || !cells[distance - 1].may_land {
            return None;
        }
        let landing = cells[distance - 2].cell;
        let partners = PieceSet::of(start.player, with.iter().copied().filter(|&kind| start.confines(kind, landing)));
        (!partners.is_empty()).then_some(Castle { line, distance: distance as u16, partners })
    }

    /// The piece's destination and the partner's landing cell, from its line.
    #[inline]
    pub fn cells(line: &[LineCell], distance: u16) -> (CellId, CellId) {
        (line[distance as usize - 1].cell, line[distance as usize - 2].cell)
    }

    pub(crate) fn walk<E: Engine + ?Sized>(self, emitter: &Emitter, engine: &E, side: &SidePlan, out: &mut Vec<Move>) {
        let (pos, line) = (emitter.pos, side.line(self.line));
        let Some(at) = line.iter().position(|c| !pos.at(c.cell).is_empty()) else { return };
        let partner = line[at].cell;
        if at < self.distance as usize || !self.partners.contains(pos.at(partner)) || !pos.is_unmoved(partner) {
            return;
        }
        let (to, partner_to) = Castle::cells(line, self.distance);
        let owner = emitter.piece.owner();
        if emitter.bound.is_some_and(|zone| !emitter.game.in_zone(zone, owner, to)) {
            return;
        }
        // Not attacked, and crossing no attacked cell (the destination is
        // judged by the legality test, like any move's).
        let crossed = line[..self.distance as usize - 1].iter().map(|c| c.cell);
        if std::iter::once(emitter.from).chain(crossed).any(|cell| engine.attacked(pos, cell, owner.opponent())) {
            return;
        }
        out.push(Move::castling(emitter.from, to, partner, partner_to));
    }
}
