//! `vdl`: check, compile and run variant definition files.

mod bench;
mod commands;
mod load;
mod output;

use clap::{Parser, Subcommand};
use commands::engine_protocol::Protocol;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "vdl", version, about = "The variant definition language for chess-like games")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check variant files and report every problem found.
    Check(commands::check::Args),
    /// Generate the Rust move generator of a variant file.
    Compile(commands::compile::Args),
    /// Print a variant file in canonical layout (comments kept).
    Fmt(commands::fmt::Args),
    /// Count the leaves of the legal move tree.
    Perft(commands::perft::Args),
    /// List the legal moves of a position, sorted.
    Moves(commands::moves::Args),
    /// Draw a position.
    Show(commands::show::Args),
    /// Play in the terminal, against the computer or not.
    Play(commands::play::Args),
    /// Answer JSON requests on standard input, one per line (docs/protocol.md).
    Protocol(commands::protocol::Args),
    /// Be a UCI engine for the bundled variants or the given files (docs/engines.md).
    Uci(commands::engine_protocol::Args),
    /// Be a USI engine (Shogi's UCI dialect) for the bundled variants or the given files.
    Usi(commands::engine_protocol::Args),
    /// Be an XBoard/CECP engine for the bundled variants or the given files.
    Xboard(commands::engine_protocol::Args),
    /// Serve a web page that plays the bundled variants and the given files (docs/web.md).
    Serve(commands::serve::Args),
    /// Build a native program for one variant (a cargo project; prints the binary's path).
    Build(commands::build::Args),
    /// Play the computer against itself: a series of games and its summary (docs/selfplay.md).
    Selfplay(commands::selfplay::Args),
    /// Perft speed of the compiled engine, the interpreter and Fairy-Stockfish side by side.
    Bench(commands::bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => commands::check::run(args),
        Command::Compile(args) => commands::compile::run(args),
        Command::Fmt(args) => commands::fmt::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Moves(args) => commands::moves::run(args),
        Command::Show(args) => commands::show::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Protocol(args) => commands::protocol::run(args),
        Command::Uci(args) => commands::engine_protocol::run(args, Protocol::Uci),
        Command::Usi(args) => commands::engine_protocol::run(args, Protocol::Usi),
        Command::Xboard(args) => commands::engine_protocol::run(args, Protocol::Xboard),
        Command::Serve(args) => commands::serve::run(args),
        Command::Build(args) => commands::build::run(args),
        Command::Selfplay(args) => commands::selfplay::run(args),
        Command::Bench(args) => commands::bench::run(args),
    };
    match result {
        Ok(code) => code,
        Err(failure) => {
            if !failure.message.is_empty() {
                eprintln!("{}", failure.message);
            }
            ExitCode::from(failure.code)
        }
    }
}
