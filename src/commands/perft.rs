use super::PositionArgs;
use crate::load::{self, Failure};
use crate::output::outln;
use std::path::PathBuf;
use std::process::ExitCode;
use vdl_runtime::perft;
use vdl_runtime::shard::Shard;

#[derive(clap::Args)]
pub struct Args {
    /// The variant file.
    #[arg(required_unless_present = "merge")]
    file: Option<PathBuf>,
    /// Plies to search.
    #[arg(required_unless_present = "merge")]
    depth: Option<u32>,
    #[command(flatten)]
    position: PositionArgs,
    /// Print the count below each legal move first.
    #[arg(long)]
    divide: bool,
    /// Split the first ply over all cores.
    #[arg(long)]
    parallel: bool,
    /// Count only share K of N (K from 0): the root's moves in the order of
    /// their text, dealt round-robin (docs/selfplay.md).
    #[arg(long, value_name = "K/N", conflicts_with = "parallel")]
    shard: Option<Shard>,
    /// Add up the outputs of shards (`--divide` or not) instead of counting
    /// ("-" reads standard input).
    #[arg(long, value_name = "OUTPUT", num_args = 1.., conflicts_with_all = ["file", "depth", "shard", "parallel"])]
    merge: Vec<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    if !args.merge.is_empty() {
        return super::perft_merge::run(&args.merge, args.divide);
    }
    let (Some(file), Some(depth)) = (&args.file, args.depth) else {
        return Err(Failure::usage("error: perft needs a FILE and a DEPTH"));
    };
    let engine = load::engine(file, args.position.engine)?;
    let mut pos = load::position(&*engine, args.position.fen.as_deref(), args.position.moves.as_deref())?;
    let nodes = if let Some(shard) = args.shard {
        if depth == 0 {
            return Err(Failure::usage("error: --shard needs a depth of at least 1 (the shares are the root's subtrees)"));
        }
        print_lines(&perft::divide_share(&*engine, &pos, depth, shard), args.divide)?
    } else if args.divide {
        print_lines(&perft::divide_texts(&*engine, &pos, depth), true)?
    } else if args.parallel {
        perft::perft_parallel(&*engine, &pos, depth)
    } else {
        perft::perft(&*engine, &mut pos, depth)
    };
    outln!("{nodes}")?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the divide lines when asked; returns their sum.
fn print_lines(lines: &[(String, u64)], divide: bool) -> Result<u64, Failure> {
    if divide {
        for (mv, n) in lines {
            outln!("{mv}: {n}")?;
        }
    }
    Ok(lines.iter().map(|(_, n)| n).sum())
}
