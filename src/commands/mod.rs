//! One module per `vdl` subcommand.

pub mod bench;
pub mod build;
pub mod check;
pub mod compile;
pub mod engine_protocol;
pub mod fmt;
pub mod moves;
pub mod perft;
pub mod perft_merge;
pub mod play;
pub mod protocol;
pub mod selfplay;
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

/// A variant file and a position in it: all that `moves` and `show` take.
#[derive(clap::Args)]
pub struct FilePosition {
    /// The variant file.
    pub file: std::path::PathBuf,
    #[command(flatten)]
    pub position: PositionArgs,
}

impl FilePosition {
    /// The file's engine and the position the options describe.
    pub fn load(&self) -> Result<(Box<dyn vdl_runtime::Engine>, vdl_runtime::Position), crate::load::Failure> {
        let engine = crate::load::engine(&self.file, self.position.engine)?;
        let pos = crate::load::position(&*engine, self.position.fen.as_deref(), self.position.moves.as_deref())?;
        Ok((engine, pos))
    }
}
