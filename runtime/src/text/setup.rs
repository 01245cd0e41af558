//! A position as a position string states it, before it is judged: plain
//! data, any values at all. [`crate::text::fen::parse_setup`] reads one from text;
//! [`crate::Position::from_setup`] judges it against the game's rules and
//! turns it into a [`crate::Position`] or says what is wrong.
//!
//! Counts are kept in full (a hand of 300 Pawns is 300 here, a check count
//! of 9 is 9) so that the judgement can refuse what a position cannot hold
//! instead of the reader cutting it down.

use crate::ir::{ByPlayer, CellId, Game, PlayerId};
use crate::state::piece::Piece;

/// A position as written: board, hands, side to move and the fields beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// One piece (or [`Piece::EMPTY`]) per cell, indexed by [`CellId`].
    pub board: Vec<Piece>,
    /// Each player's pieces in hand, counted by type (indexed by
    /// [`crate::PieceId`]); empty lists in games without hands.
    pub hands: ByPlayer<Vec<u32>>,
    pub side: PlayerId,
    /// The castling rights as the castling field lists them.
    pub castling: Vec<CastlingRight>,
    /// The cells the en-passant field names (empty for `-`).
    pub en_passant: Vec<CellId>,
    /// Each player's countdowns (`countdowns[player][obligation]`, as
    /// [`crate::Position::countdown`] reads them); `None` where none runs.
    pub countdowns: ByPlayer<Vec<Option<u32>>>,
    /// The check counts of a game that counts checks, if given.
    pub checks: Option<CheckCounts>,
    /// FEN's half-move clock.
    pub halfmove: u64,
    /// FEN's full-move number.
    pub fullmove: u64,
}

/// One letter of the castling field: a player's right to castle with a
/// partner on one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRight {
    pub player: PlayerId,
    pub partner: Partner,
}

/// Which partner a castling right names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partner {
    /// FEN's `K`: the outermost partner toward higher files.
    KingSide,
    /// FEN's `Q`: the outermost partner toward lower files.
    QueenSide,
    /// X-FEN's and Shredder-FEN's file letter: the partner on this file
    /// (an index of the board's first axis).
    File(usize),
}

impl CastlingRight {
    /// The letter the castling field writes for the right.
    pub fn letter(&self, game: &Game) -> char {
        let letter = match self.partner {
            Partner::KingSide => 'k',
            Partner::QueenSide => 'q',
            Partner::File(file) => {
                game.board.axes.first().and_then(|axis| axis.labels.get(file)).and_then(|l| l.chars().next()).unwrap_or('?')
            }
        };
        if self.player.is_first() {
            letter.to_ascii_uppercase()
        } else {
            letter.to_ascii_lowercase()
        }
    }
}

/// The check counts of a game that counts checks, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckCounts {
    /// Fairy-Stockfish's `3+3`: the checks each player still has to give.
    Left(ByPlayer<u32>),
    /// Lichess's `+0+0`: the checks each player has given.
    Given(ByPlayer<u32>),
}

impl Setup {
    /// An empty board, empty hands, the first player to move, no rights,
    /// nothing open to capture in passing, no countdown running, no check
    /// given, the clocks at `0 1`.
    pub fn new(game: &Game) -> Setup {
        let kinds = if game.has_hands() { game.pieces.len() } else { 0 };
        Setup {
            board: vec![Piece::EMPTY; game.cell_count()],
            hands: ByPlayer::from_fn(|_| vec![0; kinds]),
            side: PlayerId::FIRST,
            castling: Vec::new(),
            en_passant: Vec::new(),
            countdowns: ByPlayer::from_fn(|_| vec![None; game.rules.obligations.len()]),
            checks: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The piece on `cell`.
    pub fn at(&self, cell: CellId) -> Piece {
        self.board[cell.index()]
    }
}
