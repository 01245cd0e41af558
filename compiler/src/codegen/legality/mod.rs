//! The code of the legality test after a move (`is_safe`, `safe_after`).

pub(crate) mod safety;
