//! Why a [`crate::text::setup::Setup`] is not a position of its game: the rules
//! [`crate::Position::from_setup`] refuses it by. Each error names what is
//! wrong concretely (the player, the piece, the cell, the right) and, where
//! one is plain, how to put it right.

use crate::ir::{CellId, PieceId, PlayerId};
use std::fmt;

/// A position the game's rules make impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// More pieces of one type in a hand than a hand holds
    /// ([`crate::state::position::HAND_CAP`]).
    HandOverCap { player: PlayerId, player_name: String, kind: PieceId, symbol: String, count: u32 },
    /// A player without a royal in a game where it always has one: royals
    /// are never captured, and its setup gives it one that nothing turns
    /// into another type.
    MissingRoyal { player: PlayerId, player_name: String, royals: Vec<String> },
    /// A piece on a cell where it could never stand unpromoted: every move
    /// there promotes it, and it cannot be dropped or set there.
    MustPromote { cell: CellId, cell_name: String, player_name: String, piece: String, symbol: String, choices: Vec<String> },
    /// A castling right that no piece on the board can use.
    CastlingWithoutPieces { index: usize, letter: char, player_name: String },
    /// In a game with gating, a file letter that names neither a piece of
    /// its player in the gating zone (a gating right) nor a castling partner.
    GateWithoutPiece { index: usize, letter: char, player_name: String },
    /// A castling right whose piece or partner is not where the setup puts
    /// it: it has moved, and the right is lost.
    CastlingPieceMoved { index: usize, letter: char, player_name: String, piece: String, cell_name: String, setup_cells: Vec<String> },
    /// A castling right whose partner stands where no castling move could
    /// use it (with `by 2`, a Rook next to the King): it would never castle.
    /// (`piece` and `partner` name each with its cell: `King on e1`.)
    CastlingUnusable { index: usize, letter: char, player_name: String, piece: String, partner: String },
    /// An en-passant field naming cells that no piece has just passed over.
    EnPassantNotPassed { field: String, mover_name: String, reason: String },
    /// A countdown longer than its obligation's delay.
    CountdownOutOfRange { player_name: String, piece: String, value: u32, delay: u8 },
    /// A check count over the game's number of checks.
    ChecksOutOfRange { player_name: String, value: u32, checks: u8, given: bool },
    /// A clock over what a position keeps.
    ClockOutOfRange { clock: Clock, value: u64 },
    /// The side that has just moved is in check: its move would have been
    /// illegal.
    SideNotToMoveInCheck {
        cell: CellId,
        cell_name: String,
        player_name: String,
        royal: String,
        mover_name: String,
        /// The cells of the pieces that attack it (none where the attack
        /// is royals facing each other).
        attackers: Vec<String>,
        /// The game forbids royals to face each other.
        facing_rule: bool,
    },
    /// A second blocker on the board of a game with a blocker (`place
    /// PIECE after every move`), which has one.
    SecondBlocker { cell: CellId, cell_name: String },
    /// A setup built by hand whose board, hands, side or countdowns do not
    /// fit the game (a read setup always fits).
    Malformed,
}

/// FEN's two clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    Halfmove,
    Fullmove,
}

/// Where in a position string the problem of an error lies, for
/// [`crate::text::fen::FenError`]'s offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Board,
    Cell(CellId),
    Hand(PlayerId, PieceId),
    /// The castling field's right number `n`.
    Castling(usize),
    EnPassant,
    Countdowns,
    Checks,
    Clock(Clock),
}

impl PositionError {
    /// Where the problem lies.
    pub fn place(&self) -> Place {
        match *self {
            PositionError::HandOverCap { player, kind, .. } => Place::Hand(player, kind),
            PositionError::MissingRoyal { .. } | PositionError::Malformed => Place::Board,
            PositionError::MustPromote { cell, .. }
            | PositionError::SideNotToMoveInCheck { cell, .. }
            | PositionError::SecondBlocker { cell, .. } => Place::Cell(cell),
            PositionError::CastlingWithoutPieces { index, .. }
            | PositionError::GateWithoutPiece { index, .. }
            | PositionError::CastlingPieceMoved { index, .. }
            | PositionError::CastlingUnusable { index, .. } => Place::Castling(index),
            PositionError::EnPassantNotPassed { .. } => Place::EnPassant,
            PositionError::CountdownOutOfRange { .. } => Place::Countdowns,
            PositionError::ChecksOutOfRange { .. } => Place::Checks,
            PositionError::ClockOutOfRange { clock, .. } => Place::Clock(clock),
        }
    }
}

/// `a`, `a or b`, `a, b or c`.
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::HandOverCap { player_name, symbol, count, .. } => write!(
                f,
                "{player_name} holds {count} `{symbol}` in hand; a hand holds at most {} pieces of one type",
                crate::state::position::HAND_CAP
            ),
            PositionError::MissingRoyal { player_name, royals, .. } => write!(
                f,
                "{player_name} has no royal piece on the board; in this game {player_name} always has one \
                 (royals are never captured): put {player_name}'s {} on the board",
                either(royals)
            ),
            PositionError::MustPromote { cell_name, player_name, piece, symbol, choices, .. } => {
                write!(
                    f,
                    "{player_name}'s {piece} `{symbol}` on {cell_name} stands where it must promote: it never stands there unpromoted"
                )?;
                if choices.is_empty() {
                    write!(f, "; move it")
                } else {
                    write!(f, "; write what it promotes to ({}) or move it", either(choices))
                }
            }
            PositionError::CastlingWithoutPieces { letter, player_name, .. } => write!(
                f,
                "castling right `{letter}`: no piece of {player_name} can castle that way (it needs a piece that castles \
                 and a partner on that side of it); remove the right"
            ),
            PositionError::GateWithoutPiece { letter, player_name, .. } => write!(
                f,
                "gating right `{letter}`: no piece of {player_name} stands on that file where it may gate, and none \
                 castles with a partner there; remove the right"
            ),
            PositionError::CastlingPieceMoved { letter, player_name, piece, cell_name, setup_cells, .. } => write!(
                f,
                "castling right `{letter}`: {player_name}'s {piece} stands on {cell_name}, not where the setup puts it ({}), \
                 so it has moved and the right is lost; remove the right or put the {piece} on {}",
                setup_cells.join(", "),
                either(setup_cells)
            ),
            PositionError::CastlingUnusable { letter, player_name, piece, partner, .. } => write!(
                f,
                "castling right `{letter}`: no castling move of {player_name}'s {piece} can use the {partner} (the game's \
                 castling rule wants its partner elsewhere), so the right would never be used; remove the right"
            ),
            PositionError::EnPassantNotPassed { field, mover_name, reason } => {
                write!(f, "en passant `{field}`: no piece of {mover_name} (the side that has just moved) has just passed over it: {reason}")
            }
            PositionError::CountdownOutOfRange { player_name, piece, value, delay } => write!(
                f,
                "countdown {value} of {player_name} ({piece}) is over the rule's {delay} moves; write 0 to {delay}, or `-` where none runs"
            ),
            PositionError::ChecksOutOfRange { player_name, value, checks, given } => {
                let what = if *given { "checks given" } else { "checks left to give" };
                write!(f, "{value} {what} for {player_name}, but the game is won by {checks} checks; write 0 to {checks}")
            }
            PositionError::ClockOutOfRange { clock, value } => {
                let name = match clock {
                    Clock::Halfmove => "half-move clock",
                    Clock::Fullmove => "full-move number",
                };
                write!(f, "{name} {value} is over {}, the most a position keeps", u16::MAX)
            }
            PositionError::SideNotToMoveInCheck { cell_name, player_name, royal, mover_name, attackers, facing_rule, .. } => {
                write!(f, "{player_name}'s {royal} on {cell_name} is in check")?;
                if !attackers.is_empty() {
                    write!(f, " (from {})", either(attackers))?;
                } else if *facing_rule {
                    write!(f, " (the royals face each other)")?;
                }
                write!(
                    f,
                    ", but it is {mover_name}'s move: the side that has just moved cannot be in check; \
                     give the move to {player_name} or remove the check"
                )
            }
            PositionError::SecondBlocker { cell_name, .. } => {
                write!(f, "a second blocker on {cell_name}: the game has one; write `*` once")
            }
            PositionError::Malformed => {
                write!(f, "the setup does not fit the game: its board, hands, side to move or countdowns are not the game's size")
            }
        }
    }
}

impl std::error::Error for PositionError {}
