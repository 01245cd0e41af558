//! Betza.
