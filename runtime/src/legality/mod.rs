//! Legality: the one judgement of whether a pseudo-legal move may be played
//! ([`legal::Legality`]), the shortcuts it takes (the watch, the check cells,
//! pins, the royal's step, the board after a move), counting in bulk, the
//! game's goals and how a drawn game may be decided by material. Built on any [`crate::Engine`];
//! the interpreter ([`interpreter::Interpreter`]) is the plan's walker with it.

pub mod board_after;
pub mod check_cells;
pub mod engine;
pub mod explosion;
pub(crate) mod facing;
pub mod goals;
pub mod influence;
pub mod interpreter;
pub mod legal;
pub mod legal_count;
pub mod material;
pub mod pins;
pub mod royals;
pub mod rules_in_bulk;
