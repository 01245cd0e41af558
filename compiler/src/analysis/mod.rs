//! What the compiler works out about a checked game: where pieces can never move, their
//! bindings, the finished game and the warnings about it.

pub(crate) mod analyse;
pub(crate) mod finish;
pub(crate) mod lints;
pub(crate) mod mobility;
pub(crate) mod promotion_outcomes;
