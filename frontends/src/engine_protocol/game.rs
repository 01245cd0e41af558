//! One game in progress: the engine and the game's [`History`] (the search
//! avoids repeating its positions).

use crate::history::{Full, History};
use crate::session::SharedEngine;
use vdl_runtime::legal::{self, GameResult};
use vdl_runtime::search::PositionKey;
use vdl_runtime::{fen, Engine, Move, Position};

#[derive(Clone)]
pub struct GameState {
    engine: SharedEngine,
    history: History,
}

impl GameState {
    /// The variant's start position.
    pub fn new(engine: SharedEngine) -> GameState {
        let start = fen::parse_with(&*engine, &engine.game().setup).expect("a checked game has a valid setup");
        GameState::from_position(engine, start)
    }

    pub fn from_position(engine: SharedEngine, start: Position) -> GameState {
        GameState { engine, history: History::new(start) }
    }

    pub fn engine(&self) -> &dyn Engine {
        &*self.engine
    }

    pub fn shared_engine(&self) -> SharedEngine {
        self.engine.clone()
    }

    pub fn position(&self) -> &Position {
        self.history.position()
    }

    /// The keys of the positions before the current one.
    pub fn earlier(&self) -> Vec<PositionKey> {
        self.history.earlier_keys()
    }

    /// The number of moves played.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The game has as many moves as a game may have.
    pub fn is_full(&self) -> bool {
        self.history.is_full()
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        legal::legal_moves(self.engine(), self.position())
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a legal move, unless the game already has as many moves as a
    /// game may have.
    pub fn play(&mut self, mv: Move) -> Result<(), Full> {
        self.history.play(&*self.engine, mv)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.history.undo().is_some()
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
