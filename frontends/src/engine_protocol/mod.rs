//! The engine protocols that chess GUIs and tournament tools speak, following
//! Fairy-Stockfish's conventions (docs/engines.md):
//!
//! * [`uci`]: UCI, the variant chosen with the `UCI_Variant` option;
//! * [`usi`]: USI, Shogi's dialect of UCI (its squares, `sfen` positions);
//! * [`xboard`]: XBoard/CECP, with the games XBoard can draw announced as its
//!   own variants or as engine-defined ones ([`xboard_variant`], [`betza`]).
//!
//! The shared parts: the offered variants ([`variants`]), one game in progress
//! ([`game`]), squares and move strings ([`squares`], [`moves`]), search
//! limits and clocks ([`limits`]), the search thread ([`search_thread`]) and
//! the output that the reading thread and the search thread share
//! ([`output`]).

pub mod betza;
pub mod game;
pub mod grid;
pub mod input;
pub mod limits;
pub mod moves;
pub mod output;
pub mod search_thread;
pub mod squares;
pub mod uci;
pub mod usi;
pub mod variants;
pub mod xboard;
pub mod xboard_table;
pub mod xboard_variant;

pub use variants::{Variant, Variants};
