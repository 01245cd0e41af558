//! Castling (`castle`): a move of two pieces, both unmoved. The piece goes
//! `distance` cells along a line, and the first piece on that line, which
//! must stand further out and be one of its partners, lands on the cell the
//! piece crossed last. Neither its start nor a cell it crosses may be
//! attacked (its destination is judged as any move's).

use super::build::Start;
use super::{LineCell, Plan, SidePlan, Span, StepKind};
use crate::ir::{CellId, DirId, Game, MoveKind, MoveRule, PieceId, PlayerId};
use crate::plan::generator::Generator;
use crate::plan::walk::Emitter;
use crate::state::piece::Piece;
use crate::state::piece_set::PieceSet;
use crate::state::position::{Move, Position};

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

    pub(crate) fn walk<E: Generator + ?Sized>(self, emitter: &Emitter, engine: &E, side: &SidePlan, out: &mut Vec<Move>) {
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

/// Appends the castling moves of the piece on `from`, which must be one of
/// the side to move's and unmoved.
#[inline]
pub fn castle<E: Generator + ?Sized>(engine: &E, plan: &Plan, pos: &Position, from: CellId, out: &mut Vec<Move>) {
    let side = plan.side(pos.side);
    // Castling lands the piece itself: no other move of it to repeat.
    let emitter = Emitter::new(engine.game(), pos, from, false, 0);
    for step in side.unmoved_steps(pos.at(from).kind(), from) {
        if matches!(step.kind, StepKind::Castle(_)) {
            emitter.step(engine, side, step, out);
        }
    }
}

/// A castling rule of a piece type: the rule, its direction and its partners.
struct CastleRule<'g> {
    piece: Piece,
    rule: &'g MoveRule,
    dir: DirId,
    partners: &'g [PieceId],
}

fn castle_rules(game: &Game) -> Vec<CastleRule<'_>> {
    let mut found = Vec::new();
    for (kind, piece) in game.piece_ids().zip(&game.pieces) {
        for (player, rules) in piece.moves.iter().enumerate() {
            for rule in rules {
                if let MoveKind::Castle { dir, with, .. } = &rule.kind {
                    let piece = Piece::new(kind, PlayerId::from_index(player));
                    found.push(CastleRule { piece, rule, dir: *dir, partners: with });
                }
            }
        }
    }
    found
}

/// One castling right: a piece, and a partner on one of its lines.
pub(crate) struct Right {
    pub player: PlayerId,
    pub piece: CellId,
    pub partner: CellId,
    /// The side of the board the line goes to: `K` (toward higher files) or `Q`.
    pub king_side: bool,
    /// The partner is the outermost of its kind on the line (FEN's `K`/`Q`
    /// mean that one).
    pub outermost: bool,
}

/// Every castling right the board allows, moved pieces or not: each piece
/// with a castling rule, from a cell where the rule gives castling (as
/// [`Castle::plan`] plans it), and each partner on its line (for position
/// strings, which name rights by side or by the partner's file).
pub(crate) fn rights(game: &Game, pos: &Position) -> Vec<Right> {
    let mut rights = Vec::new();
    for castling in castle_rules(game) {
        let (piece, player) = (castling.piece, castling.piece.owner());
        let king_side = game.directions[castling.dir].vector.first().is_some_and(|&x| x > 0);
        for (cell, there) in pos.cells() {
            if there != piece {
                continue;
            }
            let Some((side, StepKind::Castle(castle))) = super::step_alone(game, player, piece.kind(), castling.rule, cell) else {
                continue;
            };
            let partners: Vec<CellId> =
                side.line(castle.line).iter().map(|c| c.cell).filter(|&c| castle.partners.contains(pos.at(c))).collect();
            let last = partners.last().copied();
            for partner in partners {
                rights.push(Right { player, piece: cell, partner, king_side, outermost: Some(partner) == last });
            }
        }
    }
    rights
}

/// The piece types whose unmoved state the castling field carries.
pub(crate) fn castling_kinds(game: &Game) -> Vec<PieceId> {
    castle_rules(game)
        .into_iter()
        .flat_map(|castling| std::iter::once(castling.piece.kind()).chain(castling.partners.iter().copied()))
        .collect()
}
