//! One module per `vdl` subcommand.

pub mod bench;
pub mod build;
pub mod check;
pub mod compile;
pub mod fmt;
pub mod moves;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod serve;
pub mod show;

/// The options every command that plays a position takes.
#[derive(clap::Args)]
pub struct PositionArgs {
    /// Start from this position string instead of the variant's setup.
    #[arg(long)]
    pub fen: Option<String>,
    /// Play these moves first (space-separated, e.g. "h3-e3 h10-g8").
    #[arg(long)]
    pub moves: Option<String>,
    /// Which engine runs the rules (default: compiled for bundled variants).
    #[arg(long, value_enum)]
    pub engine: Option<crate::load::EngineChoice>,
}
