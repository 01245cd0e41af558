//! The vdl runtime: everything a front end needs to play a game described by the
//! IR, and the IR interpreter, one of the two engines that run it.
//!
//! * [`ir`]: the description of a game (the compiler's output).
//! * [`Position`], [`Move`]: the state of a game and its make/unmake.
//! * [`Engine`]: a move generator; [`Interpreter`] runs any IR, generated code
//!   implements the same trait for one variant.
//! * [`legal`], [`perft`]: legality built on any engine.
//! * [`gen`]: what generated engines use, all of it re-exported in one place.
//! * [`fen`], [`notation`], [`san`]: position strings and move text; a
//!   position string reads as a [`Setup`], which [`Position::from_setup`]
//!   judges.

pub mod board_after;
mod cell_bits;
pub mod check_cells;
pub mod diagram;
pub mod drops;
pub mod engine;
pub mod fen;
pub mod fen_state;
pub mod forced_promotion;
pub mod gated;
pub mod gen;
pub mod goals;
pub mod influence;
pub mod interp;
pub mod ir;
pub mod legal;
pub mod legal_count;
pub mod move_features;
pub mod notation;
pub mod obligation;
pub mod occupancy;
pub mod perft;
pub mod piece;
pub mod piece_cells;
pub mod piece_set;
pub mod pins;
pub mod plan;
pub mod position;
pub mod position_error;
pub mod proxy;
pub mod royals;
pub mod rules_in_bulk;
pub mod san;
pub mod search;
pub mod setup;
pub mod shard;
pub mod sink;
mod tally;
mod walk;

pub use engine::Engine;
pub use interp::Interpreter;
pub use ir::{CellId, Game, PieceId, PlayerId};
pub use piece::Piece;
pub use position::{Move, Position, Undo};
pub use position_error::PositionError;
pub use setup::Setup;
