//! A game's moves from its start position: the current position, and for
//! each move what it takes to play it back (the move and the position's
//! [`Undo`] record) and the key of the position before it, which the search
//! reads to avoid repetitions. Tens of bytes per move instead of a whole
//! position (kilobytes), and at most [`MAX_PLIES`] moves, so that a game's
//! memory stays small whatever a client sends.

use std::fmt;
use vdl_runtime::search::PositionKey;
use vdl_runtime::{Engine, Move, Position, Undo};

/// The most moves a game may have: far beyond any real game, small enough
/// that a full history takes a few megabytes (about 50 bytes a move).
pub const MAX_PLIES: usize = 100_000;

#[derive(Clone)]
pub struct History {
    position: Position,
    steps: Vec<Step>,
}

/// One move played, with what restores the position before it.
#[derive(Clone, Copy)]
pub struct Step {
    pub mv: Move,
    undo: Undo,
    /// The key of the position the move was played in.
    before: PositionKey,
    /// The full-move number before the move: `make` stops counting at its
    /// largest value, past which `unmake` alone would not restore it.
    fullmove: u16,
}

/// A move refused because the game already has [`MAX_PLIES`] moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

impl fmt::Display for Full {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a game may have at most {MAX_PLIES} moves")
    }
}

impl History {
    pub fn new(start: Position) -> History {
        History { position: start, steps: Vec::new() }
    }

    /// Refuses a list of `count` moves to play from the start before any is
    /// played (a list over the cap is refused whole).
    pub fn fits(count: usize) -> Result<(), Full> {
        if count > MAX_PLIES {
            Err(Full)
        } else {
            Ok(())
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plays a move legal in the current position.
    pub fn play(&mut self, engine: &dyn Engine, mv: Move) -> Result<(), Full> {
        if self.steps.len() >= MAX_PLIES {
            return Err(Full);
        }
        let (before, fullmove) = (PositionKey::of(&self.position), self.position.fullmove());
        let undo = vdl_runtime::legal::play(engine, &mut self.position, mv);
        self.steps.push(Step { mv, undo, before, fullmove });
        Ok(())
    }

    /// Takes back the last move and returns it, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let step = self.steps.pop()?;
        self.position.unmake(step.mv, step.undo);
        self.position.restore_fullmove(step.fullmove);
        Some(step.mv)
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    pub fn is_full(&self) -> bool {
        self.steps.len() >= MAX_PLIES
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.steps.iter().map(|step| step.mv)
    }

    pub fn last_move(&self) -> Option<Move> {
        self.steps.last().map(|step| step.mv)
    }

    /// The keys of the positions before the current one.
    pub fn earlier_keys(&self) -> Vec<PositionKey> {
        self.steps.iter().map(|step| step.before).collect()
    }

    /// The heap memory the moves take (the position's own is apart).
    pub fn steps_bytes(&self) -> usize {
        self.steps.capacity() * size_of::<Step>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vdl_runtime::{fen, legal, Engine};

    fn chess() -> Box<dyn Engine> {
        (vdl_variants::by_name("chess").unwrap().engine)()
    }

    /// The knights' shuffle g1-f3 g8-f6 f3-g1 f6-g8, `plies` moves long.
    fn shuffle(engine: &dyn Engine, plies: usize) -> History {
        let game = engine.game();
        let mut history = History::new(fen::parse(game, &game.setup).unwrap());
        let cycle = ["g1-f3", "g8-f6", "f3-g1", "f6-g8"];
        for text in cycle.iter().cycle().take(plies) {
            let mv = vdl_runtime::notation::parse_move(engine, history.position(), text).unwrap();
            history.play(engine, mv).unwrap();
        }
        history
    }

    #[test]
    fn a_move_costs_tens_of_bytes_not_a_position() {
        // A move, its undo record, a key and a number: 40 bytes, where a
        // chess position alone is kilobytes.
        assert!(size_of::<Step>() <= 40, "{}", size_of::<Step>());
        let engine = chess();
        let history = shuffle(&*engine, 1000);
        assert!(history.steps_bytes() <= 1024 * 40, "{}", history.steps_bytes());
    }

    #[test]
    fn undo_restores_every_position_and_keys_follow_the_game() {
        let engine = chess();
        let game = engine.game();
        let start = fen::parse(game, &game.setup).unwrap();
        let mut history = shuffle(&*engine, 6);
        // Six plies of the shuffle: the knights are back after four, then out again.
        assert_eq!(fen::format(game, history.position()), "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 6 4");
        let keys = history.earlier_keys();
        assert_eq!(keys.len(), 6);
        assert_eq!(keys[0], PositionKey::of(&start));
        assert_eq!(keys[4], PositionKey::of(&start), "the start position came back after four plies");
        while history.undo().is_some() {}
        assert_eq!(history.position(), &start);
        assert!(legal::legal_moves(&*engine, history.position()).len() == 20);
    }

    #[test]
    fn undo_restores_a_full_move_number_past_counting() {
        let engine = chess();
        let game = engine.game();
        let start = fen::parse(game, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 65535").unwrap();
        let mut history = History::new(start.clone());
        let mv = vdl_runtime::notation::parse_move(&*engine, history.position(), "e7-e5").unwrap();
        history.play(&*engine, mv).unwrap();
        history.undo().unwrap();
        assert_eq!(history.position(), &start);
    }

    #[test]
    fn the_move_after_the_cap_is_refused() {
        let engine = chess();
        let mut history = shuffle(&*engine, MAX_PLIES);
        let mv = vdl_runtime::notation::parse_move(&*engine, history.position(), "g1-f3").unwrap();
        assert_eq!(history.play(&*engine, mv), Err(Full));
        assert_eq!(history.len(), MAX_PLIES);
        assert_eq!(History::fits(MAX_PLIES), Ok(()));
        assert_eq!(History::fits(MAX_PLIES + 1), Err(Full));
        assert_eq!(Full.to_string(), "a game may have at most 100000 moves");
    }
}
