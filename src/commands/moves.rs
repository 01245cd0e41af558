use crate::load::Failure;
use crate::output::outln;
use std::process::ExitCode;
use vdl_runtime::{notation, san};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub target: super::FilePosition,
    /// Write the moves in standard algebraic notation (`Nf3`, `O-O`, `exd6`)
    /// instead of vdl's `FROM-TO` form.
    #[arg(long)]
    pub san: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let (engine, pos) = args.target.load()?;
    let mut moves = if args.san {
        san::legal_sans(&*engine, &pos).into_iter().map(|(_, text)| text).collect()
    } else {
        notation::legal_move_texts(&*engine, &pos)
    };
    moves.sort();
    for mv in moves {
        outln!("{mv}")?;
    }
    Ok(ExitCode::SUCCESS)
}
