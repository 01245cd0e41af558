use crate::load::Failure;
use crate::output::outln;
use std::process::ExitCode;
use vdl_runtime::{notation, san};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub target: super::FilePosition,
    /// How the moves are written: `coord`, vdl's `FROM-TO` form (`g1-f3`), or
    /// `san`, standard algebraic notation (`Nf3`, `O-O`, `exd6`).
    #[arg(long, value_enum, default_value_t = Notation::Coord)]
    pub notation: Notation,
    /// The same as `--notation san`.
    #[arg(long, conflicts_with = "notation")]
    pub san: bool,
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Notation {
    Coord,
    San,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let (engine, pos) = args.target.load()?;
    let mut moves = if args.san || args.notation == Notation::San {
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
