//! `vdl bench`: perft speed of the compiled engine, the interpreter and
//! Fairy-Stockfish side by side (the measuring is in `src/bench.rs`).

use crate::bench::{self, Settings, Subject};
use crate::load::{read, Failure};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Variant files (default: every bundled variant). A bundled variant's file
    /// also runs on its compiled engine; any other runs on the interpreter only.
    files: Vec<PathBuf>,
    /// Go no deeper than this many plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Time budget of each engine on each variant: each goes one ply deeper
    /// while the predicted time of the next depth fits.
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
    /// Split the first ply over all cores (compiled engine and interpreter;
    /// Fairy-Stockfish's perft uses one thread).
    #[arg(long)]
    parallel: bool,
    /// How many times the depth at which the compiled engine and the
    /// interpreter are compared is timed, the engines taking turns (the
    /// fastest time of each counts): more rounds give a steadier ratio.
    #[arg(long, default_value_t = crate::bench::ROUNDS)]
    rounds: u32,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    if args.seconds.is_nan() || args.seconds <= 0.0 {
        return Err(Failure::usage("error: --seconds must be a positive number"));
    }
    if args.depth == Some(0) {
        return Err(Failure::usage("error: --depth must be at least 1"));
    }
    if args.rounds == 0 {
        return Err(Failure::usage("error: --rounds must be at least 1"));
    }
    let subjects = if args.files.is_empty() {
        Subject::all_bundled()
    } else {
        args.files.iter().map(|path| subject(path)).collect::<Result<Vec<_>, _>>()?
    };
    let settings = Settings { seconds: args.seconds, max_depth: args.depth, parallel: args.parallel, rounds: args.rounds };
    bench::run(&subjects, &settings, &mut std::io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

/// A file as something to measure: the bundled variant when its text is exactly
/// a bundled file's, else its IR alone.
fn subject(path: &Path) -> Result<Subject, Failure> {
    let source = read(path)?;
    if let Some(bundled) = vdl_variants::by_source(&source) {
        return Ok(Subject::bundled(bundled));
    }
    let name = path.display().to_string();
    let game = vdl_compiler::compile(&name, &source)
        .map_err(|diags| Failure::invalid(vdl_compiler::render_diagnostics(&name, &source, &diags)))?;
    let stem = path.file_stem().map_or_else(|| name.clone(), |s| s.to_string_lossy().into_owned());
    Ok(Subject { name: stem, game, compiled: None, fsf_variant: None })
}
