//! Castling (`castle`): a move of two pieces, both unmoved. The partner is
//! the first piece along the castling line; the piece and its partner end
//! where the rule says: `by N` cells along the line for the piece, with the
//! partner (standing further out) on the cell the piece crossed last, or,
//! with `to`, on given cells of the line whatever they started on (Chess960:
//! the piece may move 0, 1 or more cells, either way, and may land where
//! its partner stood). Every cell either piece crosses or lands on is empty
//! apart from the two; neither a royal piece's start nor a cell it crosses
//! may be attacked (its destination is judged as any move's).

use super::build::{Ray, Start};
use super::{LineCell, Plan, SidePlan, Span, StepKind};
use crate::ir::{CastleEnds, CellId, DirId, Game, MoveKind, MoveRule, PieceId, PlayerId};
use crate::plan::generator::Generator;
use crate::plan::walk::Emitter;
use crate::state::piece::Piece;
use crate::state::piece_set::PieceSet;
use crate::state::position::{Move, Position};
use crate::state::sink::MoveSink;

/// Castling from one start (always gated on the piece being unmoved).
/// Cells are named by their index on `line`, which runs through the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castle {
    /// The castling line: with `to`, the cells behind the start (farthest
    /// first), then the start and every cell outward from it along the
    /// rule's direction; with `by`, the start and the cells outward.
    pub line: Span,
    /// The start's index on the line.
    pub origin: u16,
    /// Where the piece ends.
    pub to: u16,
    /// Where the partner ends.
    pub partner_to: u16,
    /// The nearest index the partner may stand on (`by N`: beyond the
    /// piece's destination).
    pub partner_from: u16,
    pub partners: PieceSet,
}

impl Castle {
    /// Castling along `dir`, if the line leaves room for a partner, the
    /// piece may end where `ends` puts it and some partner may stand where
    /// it lands.
    pub(super) fn plan(side: &mut SidePlan, start: &Start, dir: DirId, ends: CastleEnds, with: &[PieceId]) -> Option<Castle> {
        let behind = matches!(ends, CastleEnds::To { .. });
        let (line, origin) = side.add_castling_line(start, dir, behind);
        let cells = side.line(line);
        let (to, partner_to, partner_from) = match ends {
            CastleEnds::By(distance) => {
                let distance = usize::try_from(distance).ok().filter(|&d| d >= 2)?;
                (origin + distance, origin + distance - 1, origin + distance + 1)
            }
            CastleEnds::To { piece, partner } => {
                let only_cell_in = |zone| {
                    let mut found = cells.iter().enumerate().filter(|(_, c)| start.game.in_zone(zone, start.player, c.cell));
                    let first = found.next().map(|(at, _)| at);
                    // A zone meeting the line twice names no one cell.
                    found.next().is_none().then_some(first).flatten()
                };
                (only_cell_in(piece)?, only_cell_in(partner)?, origin + 1)
            }
        };
        if partner_from >= cells.len() || to >= cells.len() || to == partner_to || !cells[to].may_land {
            return None;
        }
        let landing = cells[partner_to].cell;
        let partners = PieceSet::of(start.player, with.iter().copied().filter(|&kind| start.confines(kind, landing)));
        let index = |at: usize| at as u16;
        (!partners.is_empty()).then_some(Castle {
            line,
            origin: index(origin),
            to: index(to),
            partner_to: index(partner_to),
            partner_from: index(partner_from),
            partners,
        })
    }

    /// The cells outward from the start along the rule's direction, where
    /// the partner stands.
    #[inline]
    pub fn outward(self, side: &SidePlan) -> &[LineCell] {
        &side.line(self.line)[self.origin as usize + 1..]
    }

    /// A cell that every castling of this step needs empty, if there is one
    /// (with `by`, the first cell outward: the piece crosses it, and the
    /// partner stands further out); code generators test it before walking.
    pub fn needs_empty(self, side: &SidePlan) -> Option<CellId> {
        let first = self.outward(side).first()?;
        (self.partner_from > self.origin + 1).then_some(first.cell)
    }

    /// Every way this step may open, one for each cell of the line the
    /// partner may stand on, as [`Castle::walk`] finds it: for code
    /// generators, which test each as bits instead of walking the line.
    pub fn openings(self, side: &SidePlan) -> Vec<Opening> {
        let line = side.line(self.line);
        let (origin, to) = (self.origin as usize, self.to as usize);
        let cells = |indices: &mut dyn Iterator<Item = usize>| indices.map(|i| line[i].cell).collect();
        (self.partner_from as usize..line.len())
            .map(|at| Opening {
                partner: line[at].cell,
                partners: self.partners,
                // Between the start and the partner, then the rest.
                empty: cells(&mut (origin + 1..at).chain(self.empty_outside(at))),
                crossed: cells(&mut crossed_beyond(origin, to)),
                to: line[to].cell,
                partner_to: line[self.partner_to as usize].cell,
            })
            .collect()
    }

    /// The indices of the cells that castling with the partner on index
    /// `at` needs empty, other than those between the start and the partner:
    /// the cells before the start and beyond the partner that either piece
    /// crosses or lands on. [`Castle::walk`] and [`Castle::openings`] both
    /// ask it, so that the walk and the printed openings cannot part.
    fn empty_outside(self, at: usize) -> impl Iterator<Item = usize> {
        let (origin, to, partner_to) = (self.origin as usize, self.to as usize, self.partner_to as usize);
        let (low, high) = (to.min(partner_to), to.max(partner_to));
        (low..origin).chain(at + 1..=high)
    }

    /// Appends the castling of this step, if open. `start` is whether the
    /// start is attacked, where known: the steps of one piece share it, so
    /// that it is asked once.
    pub(crate) fn walk<E: Generator + ?Sized>(
        self,
        emitter: &Emitter,
        engine: &E,
        side: &SidePlan,
        start: &StartAttacked,
        out: &mut Vec<Move>,
    ) {
        let (pos, line) = (emitter.pos, side.line(self.line));
        let origin = self.origin as usize;
        let Some(offset) = line[origin + 1..].iter().position(|c| !pos.at(c.cell).is_empty()) else { return };
        let at = origin + 1 + offset;
        let partner = line[at].cell;
        if at < self.partner_from as usize || !self.partners.contains(pos.at(partner)) || !pos.is_unmoved(partner) {
            return;
        }
        // Every cell either piece crosses or lands on is empty, apart from
        // the two: between them it is (the partner is the first piece).
        if self.empty_outside(at).any(|i| !pos.at(line[i].cell).is_empty()) {
            return;
        }
        let (to, partner_to) = (self.to as usize, self.partner_to as usize);
        let owner = emitter.piece.owner();
        if emitter.bound.is_some_and(|zone| !emitter.game.in_zone(zone, owner, line[to].cell)) {
            return;
        }
        // Not attacked, and crossing no attacked cell (the destination is
        // judged by the legality test, like any move's): for a royal only,
        // as attacks matter to royals alone (Fairy-Stockfish lets a
        // non-royal King castle out of and through attacked cells, as in
        // Duck chess). The start first, then the cells beyond it.
        let beyond = crossed_beyond(origin, to);
        let enemy = owner.opponent();
        let attacked = if !emitter.game.pieces[emitter.piece.kind()].royal {
            false
        } else if pos.explodes() {
            let crossed = &line[if to >= origin { origin..to.max(origin + 1) } else { to + 1..origin + 1 }];
            crossing_attacked_where_captures_explode(engine, pos, emitter.from, crossed, enemy)
        } else {
            start.found(|| engine.attacked(pos, emitter.from, enemy)) || line[beyond].iter().any(|c| engine.attacked(pos, c.cell, enemy))
        };
        if attacked {
            return;
        }
        out.push(Move::castling(emitter.from, line[to].cell, partner, line[partner_to].cell));
    }
}

/// The indices on a castling line of the cells a castler crosses from
/// `origin` to `to`, the start left out: those it needs unattacked, if
/// royal, besides its start (its destination is judged as any move's).
fn crossed_beyond(origin: usize, to: usize) -> std::ops::Range<usize> {
    if to >= origin {
        origin + 1..to.max(origin + 1)
    } else {
        to + 1..origin
    }
}

/// One way a castling step may open: its partner on one cell of the line,
/// the first piece outward from the start, and what castling with it needs
/// ([`Castle::openings`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Where the partner stands.
    pub partner: CellId,
    /// The pieces that may be the partner.
    pub partners: PieceSet,
    /// The cells that must be empty: those between the start and the
    /// partner, and every other cell either piece crosses or lands on.
    pub empty: Vec<CellId>,
    /// The cells the castler crosses beyond its start, which a royal
    /// castler needs unattacked, as its start.
    pub crossed: Vec<CellId>,
    /// Where the castler lands.
    pub to: CellId,
    /// Where the partner lands.
    pub partner_to: CellId,
}

/// Where captures explode: is a cell that the castler on `start` crosses
/// (`start` among them) attacked? A cell next to an enemy royal is not
/// ([`Position::shielded`]: taking the castler there would blast that
/// royal). But a start shielded so may still be attacked along lines
/// through it, which reach on to the cells beyond once the castler has
/// left: then those are asked on a copy of the board with the start
/// emptied.
#[cold]
#[inline(never)]
fn crossing_attacked_where_captures_explode<E: Generator + ?Sized>(
    engine: &E,
    pos: &Position,
    start: CellId,
    crossed: &[LineCell],
    enemy: PlayerId,
) -> bool {
    let attacked = |pos: &Position, cell: CellId| engine.attacked(pos, cell, enemy) && !pos.shielded(cell, enemy);
    if crossed.iter().any(|c| attacked(pos, c.cell)) {
        return true;
    }
    if !pos.shielded(start, enemy) || !engine.attacked(pos, start, enemy) {
        return false;
    }
    let mut vacated = pos.clone();
    vacated.put(start, Piece::EMPTY);
    crossed.iter().any(|c| c.cell != start && attacked(&vacated, c.cell))
}

impl SidePlan {
    /// The castling line through the start along `dir` (with the cells
    /// `behind` it first, if asked), and the start's index on it.
    fn add_castling_line(&mut self, start: &Start, dir: DirId, behind: bool) -> (Span, usize) {
        let first = self.line_cells.len();
        let targets = &start.game.directions[dir].target;
        let mut back = Vec::new();
        if behind {
            // The cell `dir` leads from to the last one found, until none
            // does or the line comes round to the start.
            let mut cell = start.from;
            while let Some(prev) = start.game.cell_ids().find(|&c| targets[c.index()] == Some(cell)) {
                if prev == start.from || back.contains(&prev) {
                    break;
                }
                back.push(prev);
                cell = prev;
            }
        }
        let origin = back.len();
        let outward: Vec<CellId> = Ray::new(start.game, dir, start.from, None).filter(|cell| !back.contains(cell)).collect();
        let cells: Vec<CellId> = back.into_iter().rev().chain(std::iter::once(start.from)).chain(outward).collect();
        self.line_cells.extend(cells.into_iter().map(|cell| LineCell { cell, may_land: start.lands(cell) }));
        (Span::of(first..self.line_cells.len()), origin)
    }
}

/// Appends the castling moves of the piece on `from`, which must be one of
/// the side to move's and unmoved, to `out`'s list. A sink that knows the
/// side's royals unattacked ([`MoveSink::royals_unattacked`]) spares a
/// royal castler the test of its start.
#[inline]
pub fn castle<E: Generator + ?Sized, S: MoveSink>(engine: &E, plan: &Plan, pos: &Position, from: CellId, out: &mut S) {
    let side = plan.side(pos.side);
    let kind = pos.at(from).kind();
    let game = engine.game();
    let start = StartAttacked::default();
    if out.royals_unattacked() && game.pieces[kind].royal {
        start.0.set(Some(false));
    }
    // Castling lands the piece itself: no other move of it to repeat.
    let emitter = Emitter::new(game, pos, from, false, 0);
    for step in side.unmoved_steps(kind, from) {
        if let StepKind::Castle(castle) = step.kind {
            castle.walk(&emitter, engine, side, &start, out.moves());
        }
    }
}

/// Whether a castler's start is attacked, once known.
#[derive(Default)]
pub(crate) struct StartAttacked(std::cell::Cell<Option<bool>>);

impl StartAttacked {
    /// Is the start attacked? Asked of `attacked` the first time only.
    #[inline(always)]
    fn found(&self, attacked: impl FnOnce() -> bool) -> bool {
        match self.0.get() {
            Some(known) => known,
            None => {
                let known = attacked();
                self.0.set(Some(known));
                known
            }
        }
    }
}

/// A castling rule of a piece type: the rule, its direction and its partners.
struct CastleRule<'g> {
    piece: Piece,
    rule: &'g MoveRule,
    dir: DirId,
    ends: CastleEnds,
    partners: &'g [PieceId],
}

fn castle_rules(game: &Game) -> Vec<CastleRule<'_>> {
    let mut found = Vec::new();
    for (kind, piece) in game.piece_ids().zip(&game.pieces) {
        for (player, rules) in piece.moves.iter().enumerate() {
            for rule in rules {
                if let MoveKind::Castle { dir, ends, with } = &rule.kind {
                    let piece = Piece::new(kind, PlayerId::from_index(player));
                    found.push(CastleRule { piece, rule, dir: *dir, ends: *ends, partners: with });
                }
            }
        }
    }
    found
}

/// One castling right: a piece, and a partner on one of its lines where a
/// castling move could use it.
pub(crate) struct Right {
    pub player: PlayerId,
    pub piece: CellId,
    pub partner: CellId,
    /// The side of the board the line goes to: `K` (toward higher files) or `Q`.
    pub king_side: bool,
    /// The rule puts its pieces on given cells (`to`), wherever they start,
    /// so a position may have them anywhere, as Chess960's starts do.
    pub starts_anywhere: bool,
    /// The partner stands where the rule lets it castle (with `by N`,
    /// beyond the piece's destination); a right to an unusable partner is
    /// refused, not kept unused.
    pub usable: bool,
}

/// Every castling right the board (`at`, the piece on each cell) allows,
/// moved pieces or not: each piece with a castling rule, from a cell where
/// the rule gives castling (as [`Castle::plan`] plans it), and each partner
/// on its line, usable where the rule lets it stand (for position strings,
/// which name rights by side or by the partner's file).
pub(crate) fn rights(game: &Game, at: impl Fn(CellId) -> Piece) -> Vec<Right> {
    let mut rights = Vec::new();
    for castling in castle_rules(game) {
        let (piece, player) = (castling.piece, castling.piece.owner());
        let king_side = game.directions[castling.dir].vector.first().is_some_and(|&x| x > 0);
        let starts_anywhere = matches!(castling.ends, CastleEnds::To { .. });
        for cell in game.cell_ids().filter(|&cell| at(cell) == piece) {
            let Some((side, StepKind::Castle(castle))) = super::step_alone(game, player, piece.kind(), castling.rule, cell) else {
                continue;
            };
            let outward = castle.outward(&side).iter().map(|c| c.cell);
            for (place, partner) in (castle.origin as usize + 1..).zip(outward).filter(|&(_, c)| castle.partners.contains(at(c))) {
                let usable = place >= castle.partner_from as usize;
                rights.push(Right { player, piece: cell, partner, king_side, starts_anywhere, usable });
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
