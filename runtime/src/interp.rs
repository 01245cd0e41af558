//! The IR interpreter: runs any checked game straight from its IR, with no code
//! generation. It is the reference the generated engines are tested against, so
//! it favours plainness over speed.

use crate::engine::Engine;
use crate::ir::{CellId, Game, Mode, MoveKind, MoveRule, PieceType, PlayerId};
use crate::piece::Piece;
use crate::position::{Move, Position};

pub struct Interpreter {
    game: Game,
}

impl Interpreter {
    pub fn new(game: Game) -> Interpreter {
        Interpreter { game }
    }
}

/// What a move program sees of the board: the position, optionally with one cell
/// treated as holding an enemy (to ask "could this piece capture there?").
struct View<'a> {
    pos: &'a Position,
    mover: PlayerId,
    assumed_enemy: Option<CellId>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Occupant {
    Empty,
    Friend,
    Enemy,
}

impl View<'_> {
    fn occupant(&self, cell: CellId) -> Occupant {
        if self.assumed_enemy == Some(cell) {
            return Occupant::Enemy;
        }
        let piece = self.pos.at(cell);
        if piece.is_empty() {
            Occupant::Empty
        } else if piece.owner() == self.mover {
            Occupant::Friend
        } else {
            Occupant::Enemy
        }
    }

    fn is_empty(&self, cell: CellId) -> bool {
        self.occupant(cell) == Occupant::Empty
    }
}

/// A destination of a move program: where the piece lands, and the cell of a
/// piece it captures on the way, if any.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Dest {
    to: CellId,
    extra: Option<CellId>,
    swap: bool,
}

impl Dest {
    fn to(to: CellId) -> Dest {
        Dest { to, extra: None, swap: false }
    }
}

impl Interpreter {
    /// Calls `emit` for every destination of `rule` from `from`.
    fn destinations(&self, view: &View, from: CellId, rule: &MoveRule, emit: &mut dyn FnMut(Dest)) {
        let dirs = &self.game.directions;
        // Lands on `cell` if the mode allows; returns whether a line goes on.
        let land = |cell: CellId, extra: Option<CellId>, emit: &mut dyn FnMut(Dest)| -> bool {
            match view.occupant(cell) {
                Occupant::Empty => {
                    if rule.mode != Mode::CaptureOnly {
                        emit(Dest { to: cell, extra, swap: false });
                    }
                    true
                }
                Occupant::Enemy => {
                    if rule.mode != Mode::MoveOnly {
                        emit(Dest { to: cell, extra, swap: false });
                    }
                    false
                }
                Occupant::Friend => false,
            }
        };
        match &rule.kind {
            MoveKind::Ride { dir, range, circuit } => {
                let table = &dirs[*dir as usize].target;
                let mut cell = from;
                let mut travelled = 0;
                while range.is_none_or(|r| travelled < r) {
                    let Some(next) = table[cell as usize] else { break };
                    if next == from {
                        // Round the ring and back: a null move, if allowed.
                        if *circuit && rule.mode != Mode::CaptureOnly {
                            emit(Dest::to(from));
                        }
                        break;
                    }
                    if !land(next, None, emit) {
                        break;
                    }
                    cell = next;
                    travelled += 1;
                }
            }
            MoveKind::Leap { target, routes, capturing } => {
                let Some(to) = dirs[*target as usize].target[from as usize] else { return };
                let owner = view.mover;
                if *capturing {
                    // One route of one cell: empty, or an enemy captured too.
                    let route = &routes[0];
                    let Some(via) = dirs[route.cells[0] as usize].target[from as usize] else { return };
                    if !route.allowed(&self.game, owner, from, to) {
                        return;
                    }
                    match view.occupant(via) {
                        Occupant::Empty => {
                            land(to, None, emit);
                        }
                        Occupant::Enemy => {
                            // The capture on the way makes it a capturing move.
                            if view.occupant(to) != Occupant::Friend && rule.mode != Mode::MoveOnly {
                                emit(Dest { to, extra: Some(via), swap: false });
                            }
                        }
                        Occupant::Friend => {}
                    }
                    return;
                }
                let open = routes.is_empty()
                    || routes.iter().any(|route| {
                        route.allowed(&self.game, owner, from, to)
                            && route.cells.iter().all(|&d| dirs[d as usize].target[from as usize].is_some_and(|c| view.is_empty(c)))
                    });
                if open {
                    land(to, None, emit);
                }
            }
            MoveKind::Swap { dir, with, unattacked } => {
                // Only real moves swap: a swap never captures, so never attacks.
                if view.assumed_enemy.is_some() {
                    return;
                }
                let Some(to) = dirs[*dir as usize].target[from as usize] else { return };
                let friend = view.pos.at(to);
                if view.occupant(to) != Occupant::Friend || !with.contains(&friend.kind()) {
                    return;
                }
                let enemy = view.mover ^ 1;
                if *unattacked && (self.attacked(view.pos, from, enemy) || self.attacked(view.pos, to, enemy)) {
                    return;
                }
                // The friend must be allowed on the mover's cell too.
                let friend_type = &self.game.pieces[friend.kind() as usize];
                if friend_type.confined.is_none_or(|z| self.game.in_zone(z, view.mover, from)) {
                    emit(Dest { to, extra: None, swap: true });
                }
            }
            MoveKind::Hop { dir } => {
                let table = &dirs[*dir as usize].target;
                let mut cell = from;
                let mut jumped = false;
                while let Some(next) = table[cell as usize] {
                    if next == from {
                        break;
                    }
                    if !jumped {
                        jumped = !view.is_empty(next);
                    } else if !land(next, None, emit) {
                        break;
                    }
                    cell = next;
                }
            }
        }
    }

    /// Runs every rule of the piece on `from` that applies where it stands,
    /// keeping destinations inside its confinement, each destination once.
    fn piece_destinations(&self, view: &View, from: CellId, piece: Piece, emit: &mut dyn FnMut(Dest)) {
        let kind: &PieceType = &self.game.pieces[piece.kind() as usize];
        let owner = piece.owner();
        let bound = crate::legal::obligation_zone(&self.game, view.pos, piece, from);
        // Moves form a set: two rules (or the two arcs of a ring) reaching the
        // same destination give one move.
        let mut seen: Vec<Dest> = Vec::new();
        for rule in &kind.moves[owner as usize] {
            if rule.only_in.is_some_and(|zone| !self.game.in_zone(zone, owner, from)) {
                continue;
            }
            let mut confined_emit = |dest: Dest| {
                if seen.contains(&dest) {
                    return;
                }
                seen.push(dest);
                let inside = |zone: Option<u16>| zone.is_none_or(|zone| self.game.in_zone(zone, owner, dest.to));
                if inside(kind.confined) && inside(bound) {
                    emit(dest);
                }
            };
            self.destinations(view, from, rule, &mut confined_emit);
        }
    }

    /// The moves to `dest`: with every promotion that applies, and without one
    /// unless a promotion is compulsory there.
    fn push_with_promotions(&self, pos: &Position, piece: Piece, from: CellId, dest: Dest, out: &mut Vec<Move>) {
        let kind = &self.game.pieces[piece.kind() as usize];
        let owner = piece.owner();
        if dest.swap {
            out.push(Move::swapping(from, dest.to));
            return;
        }
        let mut plain = Move::new(from, dest.to);
        if let Some(extra) = dest.extra {
            plain = plain.capturing_on_the_way(extra);
        }
        let mut compulsory = false;
        let mut choices: Vec<u8> = Vec::new();
        for promotion in &kind.promotions {
            if !promotion.trigger.applies(&self.game, owner, from, dest.to) {
                continue;
            }
            compulsory |= !promotion.optional || promotion.forced_at.is_some_and(|z| self.game.in_zone(z, owner, dest.to));
            for &to in &promotion.to {
                if !choices.contains(&to) {
                    choices.push(to);
                }
            }
        }
        let start = out.len();
        if !compulsory || choices.is_empty() {
            out.push(plain);
        }
        out.extend(choices.into_iter().map(|to| plain.with_promotion(to)));
        if !self.game.rules.proxy_promotions.is_empty() {
            for i in start..out.len() {
                let mv = out[i];
                crate::proxy::add(&self.game, pos, piece, mv, out);
            }
        }
    }
}

impl Engine for Interpreter {
    fn game(&self) -> &Game {
        &self.game
    }

    fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        let view = View { pos, mover: pos.side, assumed_enemy: None };
        for (cell, &piece) in pos.board().iter().enumerate() {
            if piece.is_of(pos.side) {
                let from = cell as CellId;
                self.piece_destinations(&view, from, piece, &mut |dest| self.push_with_promotions(pos, piece, from, dest, out));
            }
        }
        crate::drops::generate(&self.game, pos, out);
    }

    fn attacked(&self, pos: &Position, target: CellId, by: PlayerId) -> bool {
        let view = View { pos, mover: by, assumed_enemy: Some(target) };
        let mut hit = false;
        for (cell, &piece) in pos.board().iter().enumerate() {
            if piece.is_of(by) && !hit {
                self.piece_destinations(&view, cell as CellId, piece, &mut |dest| {
                    // Only captures reach a cell assumed to hold an enemy.
                    hit |= dest.to == target || dest.extra == Some(target);
                });
            }
        }
        hit
    }
}
