//! The code of each piece type's moves: the plan's steps per rule, stored as tables,
//! lines, sets of cells or shifts, and the promotions they lead to.

pub(crate) mod constructs;
pub(crate) mod geometry;
pub(crate) mod leap_sets;
pub(crate) mod lines;
pub(crate) mod movegen;
pub(crate) mod piece_gen;
pub(crate) mod promotion;
pub(crate) mod ride_sets;
pub(crate) mod rule_steps;
pub(crate) mod set_moves;
pub(crate) mod step_shifts;
pub(crate) mod walks;
