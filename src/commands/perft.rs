use super::PositionArgs;
use crate::load::{self, Failure};
use crate::output::outln;
use std::path::PathBuf;
use std::process::ExitCode;
use vdl_runtime::perft;

#[derive(clap::Args)]
pub struct Args {
    /// The variant file.
    file: PathBuf,
    /// Plies to search.
    depth: u32,
    #[command(flatten)]
    position: PositionArgs,
    /// Print the count below each legal move first.
    #[arg(long)]
    divide: bool,
    /// Split the first ply over all cores.
    #[arg(long)]
    parallel: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let engine = load::engine(&args.file, args.position.engine)?;
    let mut pos = load::position(&*engine, args.position.fen.as_deref(), args.position.moves.as_deref())?;
    let nodes = if args.divide {
        let lines = perft::divide_texts(&*engine, &pos, args.depth);
        for (mv, n) in &lines {
            outln!("{mv}: {n}")?;
        }
        lines.iter().map(|(_, n)| n).sum()
    } else if args.parallel {
        perft::perft_parallel(&*engine, &pos, args.depth)
    } else {
        perft::perft(&*engine, &mut pos, args.depth)
    };
    outln!("{nodes}")?;
    Ok(ExitCode::SUCCESS)
}
