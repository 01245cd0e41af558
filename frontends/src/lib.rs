//! Front ends for any vdl engine, shared by the `vdl` command line and by the
//! programs `vdl build` makes:
//!
//! * [`protocol`]: a line-based JSON protocol over stdin/stdout (docs/protocol.md);
//! * [`play`]: a game in the terminal against the computer;
//! * [`serve`]: a web server (axum on hyper, bounded in every way a client
//!   could abuse) with a page that plays every given variant (docs/web.md),
//!   behind the default feature `serve`;
//! * [`engine_protocol`]: UCI, USI and XBoard, the protocols chess GUIs speak
//!   (docs/engines.md);
//! * [`cli`]: the command line of a single-variant program;
//! * [`request`]: the typed, range-checked fields of a JSON request;
//! * [`input_lines`]: request lines read as bytes on their own thread;
//! * [`move_texts`]: a game's moves in SAN, compactly;
//! * [`selfplay`]: series of games of the computer against itself (docs/selfplay.md).
//!
//! Everything works through the runtime API (legal moves, move text, position
//! strings, the game result, the search), so front ends know nothing about any
//! particular variant. [`session::Session`] holds one game with its history.

pub mod cli;
pub mod engine_protocol;
pub mod history;
pub mod input_lines;
pub mod json;
pub mod move_texts;
pub mod play;
pub mod protocol;
pub mod request;
pub mod selfplay;
#[cfg(feature = "serve")]
pub mod serve;
pub mod session;

pub use session::Session;
