//! The null move: the side to move passes. No game's rules allow it; a search
//! plays it to learn whether a position is so good that even passing keeps it
//! above what the opponent can allow (null-move pruning).

use super::Position;
use crate::state::passings::PassingId;

/// What [`Position::pass_turn`] changed, for [`Position::take_back_pass`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct Pass {
    en_passant: Option<PassingId>,
}

impl Position {
    /// The other side moves next; no cell stays open to capture in passing (the
    /// pass was the last move). Clocks, countdowns and checks are unchanged.
    pub fn pass_turn(&mut self) -> Pass {
        let pass = Pass { en_passant: self.en_passant };
        self.en_passant = None;
        self.give_turn(self.side.opponent());
        pass
    }

    /// Takes back [`Position::pass_turn`].
    pub fn take_back_pass(&mut self, pass: Pass) {
        self.give_turn(self.side.opponent());
        self.en_passant = pass.en_passant;
    }
}
