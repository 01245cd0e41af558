//! Everything generated move generators use from the runtime, in one place.
//! The compiler's printers name only `vdl_runtime::gen::...` (and `std`), so
//! that the runtime's files can move without touching the code generator or
//! any generated module: this file follows them.
//!
//! The types are here by name; the functions in modules named after what
//! they do, so that a call in generated code says where it comes from
//! (`gen::gated::castle`, `gen::occupancy::reach_rising`).

pub use crate::ir::{CellId, Game, PieceId, PlayerId};
pub use crate::legality::check_cells::CheckCells;
pub use crate::legality::engine::Engine;
pub use crate::legality::influence::{Influence, Watch};
pub use crate::legality::legal_count::CountScratch;
pub use crate::plan::generator::Generator;
pub use crate::plan::Plan;
pub use crate::state::move_features::MoveFeatures;
pub use crate::state::occupancy::{AttackerCells, HeldCells, Occupancy};
pub use crate::state::piece::Piece;
pub use crate::state::piece_cells::PieceCells;
pub use crate::state::position::{Move, Position, Undo, NOT_COUNTING};
pub use crate::state::sink::MoveSink;

/// Sets of cells as bits: loops over their cells, and how far a line
/// reaches through them.
pub mod occupancy {
    pub use crate::state::occupancy::{
        for_each_bit128, for_each_bit128_inline, for_each_bit64_inline, reach_falling, reach_falling_wide, reach_rising, reach_rising_wide,
    };
}

/// The board after a move, for the safety test on a copy.
pub mod board_after {
    pub use crate::legality::board_after::{apply, enemy_after, occupied_after};
}

/// The moves the runtime walks from the plan for every engine: castling
/// and captures in passing.
pub mod gated {
    pub use crate::plan::gated::{captures_in_passing, castle, unmoved_attacked};
}

/// Gating: the moves that bring a piece from hand onto the cell they leave.
pub mod gating {
    pub use crate::plan::gating::{add, live};
}

/// The blocker placed after every move.
pub mod blocker {
    pub use crate::plan::blocker::place;
}

/// Drops from the hands.
pub mod drops {
    pub use crate::plan::drops::generate_sized;
}

/// Promotions in place, moves of their own.
pub mod in_place {
    pub use crate::plan::in_place::generate;
}

/// Promotions by proxy.
pub mod proxy {
    pub use crate::plan::proxy::add;
}

/// Counting legal moves with the engine's own generator.
pub mod legal_count {
    pub use crate::legality::legal_count::count_legal_with;
}

/// The cells of a player's pieces on boards too large for the position to
/// keep them.
pub mod piece {
    pub use crate::state::piece::for_each_cell_of;
}
