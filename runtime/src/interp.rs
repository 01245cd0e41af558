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
        matches!(self.occupant(cell), Occupant::Empty)
    }
}

impl Interpreter {
    /// Calls `emit(to, is_capture)` for every destination of `rule` from `from`.
    fn destinations(&self, view: &View, from: CellId, rule: &MoveRule, emit: &mut dyn FnMut(CellId)) {
        let dirs = &self.game.directions;
        let land = |cell: CellId, emit: &mut dyn FnMut(CellId)| -> bool {
            // Returns whether the line continues past `cell`.
            match view.occupant(cell) {
                Occupant::Empty => {
                    if rule.mode != Mode::CaptureOnly {
                        emit(cell);
                    }
                    true
                }
                Occupant::Enemy => {
                    if rule.mode != Mode::MoveOnly {
                        emit(cell);
                    }
                    false
                }
                Occupant::Friend => false,
            }
        };
        match &rule.kind {
            MoveKind::Ride { dir, range } => {
                let table = &dirs[*dir as usize].target;
                let mut cell = from;
                let mut travelled = 0;
                while range.is_none_or(|r| travelled < r) {
                    let Some(next) = table[cell as usize] else { break };
                    if next == from || !land(next, emit) {
                        break;
                    }
                    cell = next;
                    travelled += 1;
                }
            }
            MoveKind::Leap { target, routes } => {
                let Some(to) = dirs[*target as usize].target[from as usize] else { return };
                let open = routes.is_empty()
                    || routes.iter().any(|route| {
                        route.iter().all(|&d| dirs[d as usize].target[from as usize].is_some_and(|c| view.is_empty(c)))
                    });
                if open {
                    land(to, emit);
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
                    } else if !land(next, emit) {
                        break;
                    }
                    cell = next;
                }
            }
        }
    }

    /// Runs every rule of the piece on `from` that applies where it stands,
    /// keeping destinations inside its confinement.
    fn piece_destinations(&self, view: &View, from: CellId, piece: Piece, emit: &mut dyn FnMut(CellId)) {
        let kind: &PieceType = &self.game.pieces[piece.kind() as usize];
        let owner = piece.owner();
        for rule in &kind.moves[owner as usize] {
            if rule.only_in.is_some_and(|zone| !self.game.in_zone(zone, owner, from)) {
                continue;
            }
            let mut confined_emit = |to: CellId| {
                if kind.confined.is_none_or(|zone| self.game.in_zone(zone, owner, to)) {
                    emit(to);
                }
            };
            self.destinations(view, from, rule, &mut confined_emit);
        }
    }
}

impl Engine for Interpreter {
    fn game(&self) -> &Game {
        &self.game
    }

    fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        let view = View { pos, mover: pos.side, assumed_enemy: None };
        for (cell, &piece) in pos.board.iter().enumerate() {
            if piece.is_of(pos.side) {
                let from = cell as CellId;
                self.piece_destinations(&view, from, piece, &mut |to| out.push(Move::new(from, to)));
            }
        }
    }

    fn attacked(&self, pos: &Position, target: CellId, by: PlayerId) -> bool {
        let view = View { pos, mover: by, assumed_enemy: Some(target) };
        let mut hit = false;
        for (cell, &piece) in pos.board.iter().enumerate() {
            if piece.is_of(by) && !hit {
                self.piece_destinations(&view, cell as CellId, piece, &mut |to| {
                    // Only captures reach a cell assumed to hold an enemy.
                    hit |= to == target;
                });
            }
        }
        hit
    }
}
