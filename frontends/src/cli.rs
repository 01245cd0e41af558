//! The command line of a program that plays one variant, as `vdl build` makes
//! it: `PROGRAM perft DEPTH`, `moves`, `show`, `play`, `protocol`, `serve`,
//! `uci`, `usi`, `xboard` (`serve` only with the feature `serve`, which
//! `vdl build` leaves out).

use crate::engine_protocol::{self, Variant, Variants};
use crate::{play, protocol};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use vdl_runtime::{fen, notation, perft, Engine, Position};

#[derive(Parser)]
#[command(about = "Plays one variant compiled by `vdl build`")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// A position given by `--fen` and `--moves`.
#[derive(clap::Args)]
struct PositionArgs {
    /// Start from this position string instead of the variant's setup.
    #[arg(long)]
    fen: Option<String>,
    /// Play these moves first (space-separated).
    #[arg(long)]
    moves: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree.
    Perft {
        /// Plies to search.
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// Print the count below each legal move first.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves of a position, sorted.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Draw a position.
    Show {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Play in the terminal, against the computer or not.
    Play(play::PlayArgs),
    /// Answer JSON requests on standard input, one per line (docs/protocol.md).
    Protocol(protocol::ProtocolArgs),
    /// Serve a web page that plays the variant.
    #[cfg(feature = "serve")]
    Serve(crate::serve::ServeArgs),
    /// Be a UCI engine for the variant, named after the program (docs/engines.md).
    Uci,
    /// Be a USI engine (Shogi's dialect of UCI).
    Usi,
    /// Be an XBoard/CECP engine.
    Xboard,
}

/// Runs the program for `engine` with the process's arguments.
pub fn main(engine: Box<dyn Engine>) -> ExitCode {
    let name = engine.game().name.clone();
    let program = std::env::args()
        .next()
        .and_then(|arg| std::path::Path::new(&arg).file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "variant".to_string());
    let command = Cli::command()
        .bin_name(program.clone())
        .about(format!("{name}: its own move generator, compiled by `vdl build`, behind the vdl front ends"));
    let cli = match command.try_get_matches().and_then(|matches| Cli::from_arg_matches(&matches)) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    match run(engine, &program, cli.command) {
        Ok(()) | Err(Stop::OutputClosed) => ExitCode::SUCCESS,
        Err(Stop::Error(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// Why a command ended early.
enum Stop {
    Error(String),
    /// Standard output was closed (`PROGRAM moves | head -1`): nobody reads
    /// any more, so the program ends quietly.
    OutputClosed,
}

impl From<String> for Stop {
    fn from(message: String) -> Stop {
        Stop::Error(message)
    }
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Stop::OutputClosed
        } else {
            Stop::Error(format!("cannot write the output: {error}"))
        }
    }
}

fn position(engine: &dyn Engine, args: &PositionArgs) -> Result<Position, String> {
    let game = engine.game();
    let start = fen::parse_with(engine, args.fen.as_deref().unwrap_or(&game.setup)).map_err(|e| format!("bad position string: {e}"))?;
    notation::play_moves(engine, &start, args.moves.as_deref().unwrap_or("")).map_err(|e| e.to_string())
}

/// `program`: the program's name, which the engine protocols offer the variant under.
fn run(engine: Box<dyn Engine>, program: &str, command: Command) -> Result<(), Stop> {
    let mut out = io::stdout().lock();
    match command {
        Command::Perft { depth, position: p, divide } => {
            let mut pos = position(&*engine, &p)?;
            let nodes = if divide {
                let lines = perft::divide_texts(&*engine, &pos, depth);
                for (mv, n) in &lines {
                    writeln!(out, "{mv}: {n}")?;
                }
                lines.iter().map(|(_, n)| n).sum()
            } else {
                perft::perft(&*engine, &mut pos, depth)
            };
            writeln!(out, "{nodes}")?;
        }
        Command::Moves { position: p } => {
            let pos = position(&*engine, &p)?;
            for mv in notation::legal_move_texts(&*engine, &pos) {
                writeln!(out, "{mv}")?;
            }
        }
        Command::Show { position: p } => {
            let pos = position(&*engine, &p)?;
            write!(out, "{}", vdl_runtime::diagram::draw(engine.game(), &pos))?;
            writeln!(out, "{}", fen::format(engine.game(), &pos))?;
        }
        Command::Play(args) => {
            drop(out);
            play::run(engine, &args, io::stdin().lock(), io::stdout())??;
        }
        Command::Protocol(args) => {
            drop(out);
            protocol::run(engine, &args, io::stdin(), io::stdout())?;
        }
        #[cfg(feature = "serve")]
        Command::Serve(args) => {
            use crate::serve;
            drop(out);
            let variant = serve::Variant { file: engine.game().name.clone(), engine_kind: "compiled".into(), engine };
            serve::serve(vec![variant], &args)?;
        }
        Command::Uci | Command::Usi | Command::Xboard => {
            drop(out);
            let variants = Arc::new(Variants::new(vec![Variant::new(program, Arc::from(engine))], None)?);
            let stdin = io::stdin().lock();
            match command {
                Command::Uci => engine_protocol::uci::run(variants, stdin, io::stdout()),
                Command::Usi => engine_protocol::usi::run(variants, stdin, io::stdout()),
                _ => engine_protocol::xboard::run(variants, stdin, io::stdout()),
            }?;
        }
    }
    Ok(())
}
