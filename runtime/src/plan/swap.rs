//! Swaps (`swap`): the piece changes places with a friendly piece of one of
//! the given types on the cell a direction reaches; with `unattacked`, only
//! when neither cell is attacked.

use super::build::Start;
use crate::ir::{CellId, DirId, PieceId};
use crate::plan::generator::Generator;
use crate::plan::walk::Emitter;
use crate::state::piece_set::PieceSet;
use crate::state::position::Move;

/// A swap from one start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swap {
    pub to: CellId,
    /// The friendly pieces it may change places with.
    pub partners: PieceSet,
    pub unattacked: bool,
}

impl Swap {
    /// The swap with the cell `dir` reaches, if the piece may land there;
    /// its partners are the types allowed on the start too.
    pub(super) fn plan(start: &Start, dir: DirId, with: &[PieceId], unattacked: bool) -> Option<Swap> {
        let to = start.target(dir).filter(|&to| start.lands(to))?;
        let partners = PieceSet::of(start.player, with.iter().copied().filter(|&kind| start.confines(kind, start.from)));
        (!partners.is_empty()).then_some(Swap { to, partners, unattacked })
    }

    pub(crate) fn walk<E: Generator + ?Sized>(self, emitter: &Emitter, engine: &E, out: &mut Vec<Move>) {
        let (pos, from, owner) = (emitter.pos, emitter.from, emitter.piece.owner());
        if !self.partners.contains(pos.at(self.to)) {
            return;
        }
        let enemy = owner.opponent();
        if self.unattacked && (engine.attacked(pos, from, enemy) || engine.attacked(pos, self.to, enemy)) {
            return;
        }
        if emitter.bound.is_some_and(|zone| !emitter.game.in_zone(zone, owner, self.to)) {
            return;
        }
        if emitter.dedup && out[emitter.first..].iter().any(|m| m.is_swap() && m.to() == self.to) {
            return;
        }
        out.push(Move::swapping(from, self.to));
    }
}
