//! The vdl runtime: everything a front end needs to play a game described by the
//! IR, and the IR interpreter, one of the two engines that run it.
//!
//! * [`ir`]: the description of a game (the compiler's output).
//! * [`Position`], [`Move`]: the state of a game and its make/unmake.
//! * [`Generator`]: a move generator, and [`Engine`]: a generator with the
//!   legality hooks; [`Interpreter`] runs any IR, generated code implements
//!   both traits for one variant.
//! * The folders by role: [`ir`], [`state`], [`plan`], [`legality`],
//!   [`text`], [`search`] (docs/architecture.md, "The runtime's folders").
//! * [`legal`], [`perft`]: legality built on any engine.
//! * [`gen`]: what generated engines use, all of it re-exported in one place.
//! * [`fen`], [`notation`], [`san`]: position strings and move text; a
//!   position string reads as a [`Setup`], which [`Position::from_setup`]
//!   judges.

pub mod gen;
pub mod ir;
pub mod legality;
pub mod perft;
pub mod plan;
pub mod search;
pub mod shard;
pub mod state;
pub mod text;

pub use legality::legal;
pub use text::{diagram, fen, notation, san};

pub use ir::{CellId, Game, PieceId, PlayerId};
pub use legality::engine::Engine;
pub use legality::interpreter::Interpreter;
pub use plan::generator::Generator;
pub use state::piece::Piece;
pub use state::position::{Move, Position, Undo};
pub use text::position_error::PositionError;
pub use text::setup::Setup;
