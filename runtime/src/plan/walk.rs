//! Walking a plan's steps in a position: the moves one piece makes. The
//! interpreter walks every step with this code; the moves that depend on the
//! position's state beyond the board ([`crate::plan::gated`]) are walked with it by
//! every engine.

use crate::ir::{CellId, Choice, Game, Mode, Promotion};
use crate::plan::generator::Generator;
use crate::plan::{SidePlan, Step};
use crate::state::piece::Piece;
use crate::state::position::{Move, Position};
use crate::state::sink::MoveSink;

/// Appends the moves of one piece, keeping them inside the zone an obligation
/// binds it to and, where two steps may reach one destination, each once.
pub(crate) struct Emitter<'a> {
    pub game: &'a Game,
    pub pos: &'a Position,
    pub piece: Piece,
    pub from: CellId,
    /// The zone an obligation keeps the piece in now, if any.
    pub bound: Option<crate::ir::ZoneId>,
    /// Check for repeats: moves from `first` on, of this piece, are its moves.
    pub dedup: bool,
    pub first: usize,
    /// Some ride came round a ring back to the start: the null move, given
    /// once however many do.
    pub null_move: std::cell::Cell<bool>,
}

impl<'a> Emitter<'a> {
    /// The emitter of the piece on `from` in `pos`, its moves starting at
    /// `first` in the move list.
    #[inline]
    pub fn new(game: &'a Game, pos: &'a Position, from: CellId, dedup: bool, first: usize) -> Emitter<'a> {
        let piece = pos.at(from);
        let bound = if game.rules.obligations.is_empty() { None } else { crate::plan::obligation::zone_binding(game, pos, piece, from) };
        Emitter { game, pos, piece, from, bound, dedup, first, null_move: std::cell::Cell::new(false) }
    }

    /// Appends the move to `to` (capturing on `extra` on the way), with its
    /// promotions. A sink that judges moves gets a plain move as plain
    /// ([`MoveSink::plain`]), unless the piece's moves must be read back
    /// to be given once (`dedup`): then they all go to its list.
    #[inline]
    pub fn emit<S: MoveSink + ?Sized>(&self, to: CellId, extra: Option<CellId>, out: &mut S) {
        if self.bound.is_some_and(|zone| !self.game.in_zone(zone, self.piece.owner(), to)) {
            return;
        }
        let mut plain = Move::new(self.from, to);
        if let Some(extra) = extra {
            plain = plain.capturing_on_the_way(extra);
        }
        if self.dedup {
            let listed = out.moves();
            if listed[self.first..]
                .iter()
                .any(|m| !m.is_swap() && m.from() == Some(self.from) && m.to() == to && m.extra_capture() == extra)
            {
                return;
            }
            return push_with_promotions(self.game, self.pos, self.piece, plain, listed);
        }
        push_with_promotions(self.game, self.pos, self.piece, plain, out);
    }

    /// Lands on `cell` if the mode allows; returns whether a line goes on.
    #[inline]
    pub(crate) fn land<S: MoveSink + ?Sized>(&self, cell: CellId, may_land: bool, mode: Mode, out: &mut S) -> bool {
        let occupant = self.pos.at(cell);
        if occupant.is_empty() {
            if may_land && mode != Mode::CaptureOnly {
                self.emit(cell, None, out);
            }
            true
        } else {
            if may_land && mode != Mode::MoveOnly && !occupant.is_of(self.piece.owner()) {
                self.emit(cell, None, out);
            }
            false
        }
    }

    /// Appends the moves of `step` (see [`crate::plan::StepKind::walk`]).
    #[inline]
    pub fn step<E: Generator + ?Sized, S: MoveSink + ?Sized>(&self, engine: &E, side: &SidePlan, step: &Step, out: &mut S) {
        step.kind.walk(self, engine, side, step.mode, out);
    }
}

/// The moves of `piece` with `plain`'s destination: with every promotion that
/// applies and every choice of it open in `pos`, and without one unless a
/// promotion is compulsory there. A compulsory promotion whose choices are all
/// closed leaves no move at all. A move that promotes to nothing goes to
/// the sink as it is (as plain, [`MoveSink::plain`], if it is one), inline:
/// most moves are so; the others go to its list, out of line.
#[inline(always)]
pub(crate) fn push_with_promotions<S: MoveSink + ?Sized>(game: &Game, pos: &Position, piece: Piece, plain: Move, out: &mut S) {
    let Some(from) = plain.from() else { return out.push(plain) };
    let promotions = &game.pieces[piece.kind()].promotions;
    let promotes = !game.rules.proxy_promotions.is_empty() || (!promotions.is_empty() && promotion_applies(game, piece, from, plain.to()));
    if promotes {
        return push_promotions(game, pos, piece, from, plain, out.moves());
    }
    match plain {
        // A null move (a ride round a ring) changes no cell: it is judged
        // as any move.
        Move::Normal { from, to, promote: None } if from != to => out.plain(pos.board(), piece.kind(), from.index(), to.index()),
        _ => out.push(plain),
    }
}

/// Does a promotion of `piece`'s type, with a choice for its owner, apply
/// to its move from `from` to `to`?
#[inline(never)]
fn promotion_applies(game: &Game, piece: Piece, from: CellId, to: CellId) -> bool {
    game.pieces[piece.kind()].promotions.iter().any(|promotion| applies(game, promotion, piece.owner(), from, to))
}

/// Does `promotion`, with a choice for `owner`, apply to a move from `from`
/// to `to`?
#[inline]
fn applies(game: &Game, promotion: &Promotion, owner: crate::PlayerId, from: CellId, to: CellId) -> bool {
    !promotion.choices(owner).is_empty() && promotion.trigger.applies(game, owner, from, to)
}

/// [`push_with_promotions`] for a move from `from` that may promote, or
/// promote by proxy.
#[inline(never)]
fn push_promotions(game: &Game, pos: &Position, piece: Piece, from: CellId, plain: Move, out: &mut Vec<Move>) {
    let kind = &game.pieces[piece.kind()];
    let (owner, to) = (piece.owner(), plain.to());
    let mut compulsory = false;
    let mut choices: Vec<Choice> = Vec::new();
    for promotion in kind.promotions.iter().filter(|promotion| applies(game, promotion, owner, from, to)) {
        let offered = promotion.choices(owner);
        compulsory |= !promotion.optional || promotion.forced_at.is_some_and(|z| game.in_zone(z, owner, to));
        for &choice in offered {
            choice.merge_into(&mut choices);
        }
    }
    let start = out.len();
    if !compulsory {
        out.push(plain);
    }
    out.extend(choices.into_iter().filter(|c| is_open(c, pos, owner)).map(|c| plain.with_promotion(c.kind)));
    if !game.rules.proxy_promotions.is_empty() {
        for i in start..out.len() {
            let mv = out[i];
            crate::plan::proxy::add(game, pos, piece, mv, out);
        }
    }
}

/// Is the promotion choice open to `player` in `pos` (below its cap of
/// pieces of that type, if it has one)?
#[inline]
pub(crate) fn is_open(choice: &Choice, pos: &Position, player: crate::PlayerId) -> bool {
    choice.while_fewer_than.is_none_or(|cap| pos.count(Piece::new(choice.kind, player)) < cap)
}
