//! The state of a game: pieces, the board's occupancy and the position with
//! its make/unmake. Below every other folder but the game's description
//! ([`crate::ir`]): a position knows nothing of how moves are found.

pub(crate) mod cell_bits;
pub mod drop_cells;
pub mod explosion;
pub(crate) mod frame_log;
pub mod move_features;
pub mod occupancy;
pub mod passings;
pub mod piece;
pub mod piece_cells;
pub mod piece_set;
pub mod position;
pub mod sink;
pub(crate) mod tally;
pub mod unmoved_loss;
