//! Positions and moves as text: position strings read as a [`setup::Setup`]
//! and judged into a position, move notation (coordinates and SAN) and
//! diagrams.

pub mod diagram;
pub mod fen;
pub mod fen_state;
pub mod from_setup;
pub mod notation;
pub mod position_error;
pub mod san;
pub mod setup;
