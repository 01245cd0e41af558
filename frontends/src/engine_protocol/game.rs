//! One game in progress: the start position, the moves played and the
//! positions they led to (the search avoids repeating them).

use crate::session::SharedEngine;
use vdl_runtime::legal::{self, GameResult};
use vdl_runtime::{fen, Engine, Move, Position};

#[derive(Clone)]
pub struct GameState {
    engine: SharedEngine,
    /// The start position, then the position after each move (never empty).
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl GameState {
    /// The variant's start position.
    pub fn new(engine: SharedEngine) -> GameState {
        let start = fen::parse_with(&*engine, &engine.game().setup).expect("a checked game has a valid setup");
        GameState { engine, positions: vec![start], moves: Vec::new() }
    }

    pub fn from_position(engine: SharedEngine, start: Position) -> GameState {
        GameState { engine, positions: vec![start], moves: Vec::new() }
    }

    pub fn engine(&self) -> &dyn Engine {
        &*self.engine
    }

    pub fn shared_engine(&self) -> SharedEngine {
        self.engine.clone()
    }

    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The positions before the current one.
    pub fn earlier(&self) -> &[Position] {
        &self.positions[..self.positions.len() - 1]
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        legal::legal_moves(self.engine(), self.position())
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        let mut next = self.position().clone();
        next.make(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.positions.pop();
        true
    }

    pub fn result(&self) -> Option<GameResult> {
        legal::result(self.engine(), self.position())
    }

    /// The result and why, if the game is over.
    pub fn ending(&self) -> Option<(GameResult, legal::Reason)> {
        legal::ending(self.engine(), self.position())
    }

    pub fn in_check(&self) -> bool {
        legal::in_check(self.engine(), self.position())
    }
}
