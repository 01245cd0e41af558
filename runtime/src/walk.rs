//! Walking a plan's steps in a position: the moves one piece makes. The
//! interpreter walks every step with this code; the moves that depend on the
//! position's state beyond the board ([`crate::gated`]) are walked with it by
//! every engine.

use crate::engine::Engine;
use crate::ir::{CellId, Choice, Game, Mode};
use crate::piece::Piece;
use crate::piece_set::PieceSet;
use crate::plan::passing::Passing;
use crate::plan::{LineCell, SidePlan, Step, StepKind};
use crate::position::{Move, Position};

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
        let bound = if game.rules.obligations.is_empty() { None } else { crate::legal::obligation_zone(game, pos, piece, from) };
        Emitter { game, pos, piece, from, bound, dedup, first, null_move: std::cell::Cell::new(false) }
    }

    #[inline]
    pub fn emit(&self, to: CellId, extra: Option<CellId>, out: &mut Vec<Move>) {
        if self.bound.is_some_and(|zone| !self.game.in_zone(zone, self.piece.owner(), to)) {
            return;
        }
        if self.dedup
            && out[self.first..].iter().any(|m| !m.is_swap() && m.from() == Some(self.from) && m.to() == to && m.extra_capture() == extra)
        {
            return;
        }
        let mut plain = Move::new(self.from, to);
        if let Some(extra) = extra {
            plain = plain.capturing_on_the_way(extra);
        }
        push_with_promotions(self.game, self.pos, self.piece, plain, out);
    }

    /// Lands on `cell` if the mode allows; returns whether a line goes on.
    #[inline]
    fn land(&self, cell: CellId, may_land: bool, mode: Mode, out: &mut Vec<Move>) -> bool {
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

    pub fn step<E: Engine + ?Sized>(&self, engine: &E, side: &SidePlan, step: &Step, out: &mut Vec<Move>) {
        let owner = self.piece.owner();
        match step.kind {
            StepKind::Ride { cells, null_move } => {
                let line = side.line(cells);
                if line.iter().all(|c| self.land(c.cell, c.may_land, step.mode, out)) && null_move {
                    self.null_move.set(true);
                }
            }
            StepKind::Hop { cells } => {
                let line = side.line(cells);
                if let Some(screen) = line.iter().position(|c| !self.pos.at(c.cell).is_empty()) {
                    line[screen + 1..].iter().all(|c| self.land(c.cell, c.may_land, step.mode, out));
                }
            }
            StepKind::Leap { to, routes } => {
                let open = routes.is_empty() || side.routes(routes).any(|route| route.iter().all(|&c| self.pos.at(c).is_empty()));
                if open {
                    self.land(to, true, step.mode, out);
                }
            }
            StepKind::CapturingLeap { to, via } => {
                let on_the_way = self.pos.at(via);
                if on_the_way.is_empty() {
                    self.land(to, true, step.mode, out);
                } else if !on_the_way.is_of(owner) && step.mode != Mode::MoveOnly && !self.pos.at(to).is_of(owner) {
                    // The capture on the way makes it a capturing move.
                    self.emit(to, Some(via), out);
                }
            }
            StepKind::Swap { to, partners, unattacked } => {
                if !partners.contains(self.pos.at(to)) {
                    return;
                }
                let enemy = owner.opponent();
                if unattacked && (engine.attacked(self.pos, self.from, enemy) || engine.attacked(self.pos, to, enemy)) {
                    return;
                }
                if self.bound.is_some_and(|zone| !self.game.in_zone(zone, owner, to)) {
                    return;
                }
                if self.dedup && out[self.first..].iter().any(|m| m.is_swap() && m.to() == to) {
                    return;
                }
                out.push(Move::swapping(self.from, to));
            }
            StepKind::Castle { line, distance, partners } => self.castle(engine, side.line(line), distance, partners, out),
        }
    }

    /// Castling along `line` (see [`StepKind::Castle`]).
    fn castle<E: Engine + ?Sized>(&self, engine: &E, line: &[LineCell], distance: u16, partners: PieceSet, out: &mut Vec<Move>) {
        let Some(at) = line.iter().position(|c| !self.pos.at(c.cell).is_empty()) else { return };
        let partner = line[at].cell;
        if at < distance as usize || !partners.contains(self.pos.at(partner)) || !self.pos.is_unmoved(partner) {
            return;
        }
        let (to, partner_to) = StepKind::castle_cells(line, distance);
        if self.bound.is_some_and(|zone| !self.game.in_zone(zone, self.piece.owner(), to)) {
            return;
        }
        // Not attacked, and crossing no attacked cell (the destination is
        // judged by the legality test, like any move's).
        let enemy = self.piece.owner().opponent();
        let crossed = line[..distance as usize - 1].iter().map(|c| c.cell);
        if std::iter::once(self.from).chain(crossed).any(|cell| engine.attacked(self.pos, cell, enemy)) {
            return;
        }
        out.push(Move::castling(self.from, to, partner, partner_to));
    }

    /// The captures in passing of `step` onto the cells `passing` left open:
    /// capture-only steps that could land there if an enemy stood there.
    pub fn capture_in_passing(&self, side: &SidePlan, step: &Step, passing: &Passing, out: &mut Vec<Move>) {
        if step.mode != Mode::CaptureOnly {
            return;
        }
        let mut land = |cell: CellId, may_land: bool| {
            if may_land && passing.cells.contains(&cell) {
                self.emit(cell, Some(passing.to), out);
            }
        };
        match step.kind {
            StepKind::Ride { cells, .. } => {
                for c in side.line(cells).iter().take_while(|c| self.pos.at(c.cell).is_empty()) {
                    land(c.cell, c.may_land);
                }
            }
            StepKind::Hop { cells } => {
                let line = side.line(cells);
                if let Some(screen) = line.iter().position(|c| !self.pos.at(c.cell).is_empty()) {
                    for c in line[screen + 1..].iter().take_while(|c| self.pos.at(c.cell).is_empty()) {
                        land(c.cell, c.may_land);
                    }
                }
            }
            StepKind::Leap { to, routes } => {
                if routes.is_empty() || side.routes(routes).any(|route| route.iter().all(|&c| self.pos.at(c).is_empty())) {
                    land(to, true);
                }
            }
            StepKind::CapturingLeap { .. } | StepKind::Swap { .. } | StepKind::Castle { .. } => {}
        }
    }
}

/// The moves of `piece` with `plain`'s destination: with every promotion that
/// applies and every choice of it open in `pos`, and without one unless a
/// promotion is compulsory there. A compulsory promotion whose choices are all
/// closed leaves no move at all.
pub(crate) fn push_with_promotions(game: &Game, pos: &Position, piece: Piece, plain: Move, out: &mut Vec<Move>) {
    let kind = &game.pieces[piece.kind()];
    if kind.promotions.is_empty() && game.rules.proxy_promotions.is_empty() {
        out.push(plain);
        return;
    }
    let owner = piece.owner();
    let Some(from) = plain.from() else {
        out.push(plain);
        return;
    };
    let to = plain.to();
    let mut compulsory = false;
    let mut choices: Vec<Choice> = Vec::new();
    for promotion in &kind.promotions {
        let offered = promotion.choices(owner);
        if offered.is_empty() || !promotion.trigger.applies(game, owner, from, to) {
            continue;
        }
        compulsory |= !promotion.optional || promotion.forced_at.is_some_and(|z| game.in_zone(z, owner, to));
        for &choice in offered {
            choice.merge_into(&mut choices);
        }
    }
    let start = out.len();
    if !compulsory {
        out.push(plain);
    }
    out.extend(choices.into_iter().filter(|c| c.is_open(pos, owner)).map(|c| plain.with_promotion(c.kind)));
    if !game.rules.proxy_promotions.is_empty() {
        for i in start..out.len() {
            let mv = out[i];
            crate::proxy::add(game, pos, piece, mv, out);
        }
    }
}
