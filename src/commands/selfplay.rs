//! `vdl selfplay`: a series of games of the computer against itself, its
//! shards, and the merge of the shards' results (docs/selfplay.md). The games
//! and the summary are `vdl_frontends::selfplay`'s; this is the command line.

use super::PositionArgs;
use crate::load::{self, Failure};
use crate::output::{out, outln};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Duration;
use vdl_frontends::selfplay::record::GameRecord;
use vdl_frontends::selfplay::summary::Summary;
use vdl_frontends::selfplay::{play_series, Settings};
use vdl_runtime::search::Limits;
use vdl_runtime::shard::Shard;

#[derive(clap::Args)]
pub struct Args {
    /// The variant file.
    #[arg(required_unless_present = "merge")]
    file: Option<PathBuf>,
    #[command(flatten)]
    position: PositionArgs,
    /// How many games the series has (all shards together).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// The series' seed: the same seed and options give the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search this many plies for each move [default: 2].
    #[arg(long, group = "limit")]
    depth: Option<u32>,
    /// Search this many nodes for each move.
    #[arg(long, group = "limit")]
    nodes: Option<u64>,
    /// Search this many milliseconds for each move (not deterministic).
    #[arg(long, value_name = "MS", group = "limit")]
    movetime: Option<u64>,
    /// How games open: random:K plays K random legal plies first.
    #[arg(long, default_value = "random:4")]
    openings: Openings,
    /// A game still running after this many plies is drawn.
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// Play only share K of N (K from 0): the games whose index is K mod N.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Write one JSON line per game here ("-": standard output, and the
    /// summary goes to standard error).
    #[arg(long, value_name = "RESULTS.jsonl")]
    out: Option<PathBuf>,
    /// Summarize these results files (of shards) instead of playing ("-" reads
    /// standard input); with --out, also write their games in order.
    #[arg(long, value_name = "RESULTS.jsonl", num_args = 1.., conflicts_with_all = ["file", "shard"])]
    merge: Vec<PathBuf>,
}

/// The `--openings` option.
#[derive(Clone, Copy, Debug)]
struct Openings {
    random_plies: u32,
}

impl FromStr for Openings {
    type Err = String;

    fn from_str(text: &str) -> Result<Openings, String> {
        text.strip_prefix("random:")
            .and_then(|k| k.parse().ok())
            .map(|random_plies| Openings { random_plies })
            .ok_or_else(|| format!("expected random:K (K random plies, e.g. random:4), found \"{text}\""))
    }
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    // The results file is created first: a path that cannot be written is
    // refused before any game is played.
    let mut results = match &args.out {
        Some(path) if path != Path::new("-") => Some(ResultsFile::create(path)?),
        _ => None,
    };
    let records = if args.merge.is_empty() { play(&args)? } else { merged(&args.merge)? };
    let summary = Summary::of(&records);
    if let Some(file) = &mut results {
        file.write(&records)?;
    }
    if args.out.as_deref() == Some(Path::new("-")) {
        for record in &records {
            outln!("{}", record.to_line())?;
        }
        eprint!("{summary}");
    } else {
        out!("{summary}")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn play(args: &Args) -> Result<Vec<GameRecord>, Failure> {
    let file = args.file.as_deref().ok_or_else(|| Failure::usage("error: selfplay needs a FILE (or --merge)"))?;
    let engine = load::engine(file, args.position.engine)?;
    let start = load::position(&*engine, args.position.fen.as_deref(), args.position.moves.as_deref())?;
    let limits = match (args.nodes, args.movetime) {
        (Some(nodes), _) => Limits::nodes(nodes),
        (_, Some(ms)) => Limits::movetime(Duration::from_millis(ms)),
        _ => Limits::depth(args.depth.unwrap_or(2)),
    };
    let settings =
        Settings { games: args.games, seed: args.seed, limits, opening_plies: args.openings.random_plies, max_plies: args.max_plies };
    let shard = args.shard.unwrap_or(Shard::ALL);
    let count = (0..settings.games).filter(|&i| shard.owns(i)).count() as u64;
    let bar = progress_bar(count);
    let records = play_series(&*engine, &start, &settings, shard, &|| bar.inc(1));
    bar.finish_and_clear();
    Ok(records)
}

/// A progress bar on standard error when it is a terminal, else nothing.
fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left") {
        bar.set_style(style);
    }
    bar
}

/// The games of all the results files, in the order of their index; a game in
/// two files is refused (the same shard merged twice).
fn merged(paths: &[PathBuf]) -> Result<Vec<GameRecord>, Failure> {
    let mut records = Vec::new();
    for path in paths {
        let text = load::read_text_or_stdin(path, "the results")?;
        for (number, line) in text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
            let record =
                GameRecord::from_line(line).map_err(|why| Failure::usage(format!("{}:{}: error: {why}", path.display(), number + 1)))?;
            records.push(record);
        }
    }
    records.sort_by_key(|record| record.game);
    if let Some(pair) = records.windows(2).find(|pair| pair[0].game == pair[1].game) {
        return Err(Failure::usage(format!("error: game {} is in the results twice: was a shard merged twice?", pair[0].game)));
    }
    Ok(records)
}

/// The `--out` file, open for writing.
struct ResultsFile {
    path: PathBuf,
    file: std::io::BufWriter<std::fs::File>,
}

impl ResultsFile {
    fn create(path: &Path) -> Result<ResultsFile, Failure> {
        let file = std::fs::File::create(path).map_err(|e| cannot_write(path, e))?;
        Ok(ResultsFile { path: path.to_path_buf(), file: std::io::BufWriter::new(file) })
    }

    fn write(&mut self, records: &[GameRecord]) -> Result<(), Failure> {
        for record in records {
            writeln!(self.file, "{}", record.to_line()).map_err(|e| cannot_write(&self.path, e))?;
        }
        self.file.flush().map_err(|e| cannot_write(&self.path, e))
    }
}

fn cannot_write(path: &Path, error: std::io::Error) -> Failure {
    Failure::usage(format!("{}: error: cannot write the results: {error}", path.display()))
}
