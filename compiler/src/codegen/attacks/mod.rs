//! The code of the attack test: the plan's inverted attacks as lists, walks and bits,
//! and the attacks of pieces bound by an obligation.

pub(crate) mod attack;
pub(crate) mod attack_lines;
pub(crate) mod attack_lists;
pub(crate) mod attacker_bits;
pub(crate) mod obligation;
