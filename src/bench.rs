//! Perft speed of the engines side by side: the compiled move generator, the IR
//! interpreter and, when it is installed and knows the variant, Fairy-Stockfish.
//!
//! Used by `vdl bench` (`src/commands/bench.rs`) and by the custom-harness bench
//! `benches/perft.rs`, which includes this file, so it depends only on the
//! workspace's library crates.
//!
//! Every engine counts the move tree from the start position at depth 1, 2, ...
//! and goes one ply deeper while the last depth's time multiplied by its growth
//! in leaves (the predicted time of the next depth) fits the time budget; its
//! row shows the deepest depth it ran. All three engines count the leaves in
//! bulk at the last ply (a legal move there is one leaf, it is not played), so
//! their nodes per second compare like with like. Small depths are run again
//! and again until [`MIN_SECONDS`] have passed, and the fastest run counts:
//! other work on the machine only ever slows a run down. The depth at which
//! the compiled engine and the interpreter are compared is timed again in
//! rounds ([`ROUNDS`] unless [`Settings::rounds`] says), the engines taking
//! turns, so that a slow spell of the machine cannot fall on one engine's
//! runs alone.
//! Ratios between two engines compare them at the same depth: the lower of the
//! two engines' deepest depths.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};
use vdl_runtime::ir::Game;
use vdl_runtime::perft::{perft, perft_parallel};
use vdl_runtime::{fen, Engine, Interpreter, Position};

/// A timed depth is repeated until this much time has passed.
pub const MIN_SECONDS: f64 = 0.1;
/// How many times, the engines taking turns, the compiled engine and the
/// interpreter are timed at the depth they are compared at, by default; the
/// fastest time of each counts.
pub const ROUNDS: u32 = 3;
/// No engine goes deeper than this, whatever the budget.
pub const MAX_DEPTH: u32 = 20;

/// The engines compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    Compiled,
    Interpreter,
    FairyStockfish,
}

impl EngineKind {
    /// The name in the table's `engine` column.
    pub fn label(self) -> &'static str {
        match self {
            EngineKind::Compiled => "compiled",
            EngineKind::Interpreter => "interpreter",
            EngineKind::FairyStockfish => "fairy-stockfish",
        }
    }
}

/// One variant to measure.
pub struct Subject {
    /// The name in the table's `variant` column.
    pub name: String,
    /// Its IR (the interpreter runs it).
    pub game: Game,
    /// Its compiled engine, for bundled variants.
    pub compiled: Option<Box<dyn Engine>>,
    /// Fairy-Stockfish's name for it, when Fairy-Stockfish knows it.
    pub fsf_variant: Option<&'static str>,
}

impl Subject {
    /// A bundled variant: compiled engine, interpreter, Fairy-Stockfish if it knows it.
    pub fn bundled(bundled: &vdl_variants::Bundled) -> Subject {
        let compiled = (bundled.engine)();
        Subject {
            name: bundled.name.to_string(),
            game: compiled.game().clone(),
            compiled: Some(compiled),
            fsf_variant: fsf_variant(bundled.name),
        }
    }

    /// Every bundled variant.
    pub fn all_bundled() -> Vec<Subject> {
        vdl_variants::all().iter().map(Subject::bundled).collect()
    }
}

/// Fairy-Stockfish's name for a bundled variant, where it has one (its start
/// position is then the same as the variant's `setup`).
pub fn fsf_variant(bundled_name: &str) -> Option<&'static str> {
    match bundled_name {
        "xiangqi" => Some("xiangqi"),
        "shogi" => Some("shogi"),
        "minishogi" => Some("minishogi"),
        "chess" => Some("chess"),
        // Chess with Chess960's castling; from the classic start the same.
        "chess960" => Some("fischerandom"),
        "shatranj" => Some("shatranj"),
        "king-of-the-hill" => Some("kingofthehill"),
        "three-check" => Some("3check"),
        "grand" => Some("grand"),
        "capablanca" => Some("capablanca"),
        "omicron" => Some("omicron"),
        "antichess" => Some("antichess"),
        // Debian's Fairy-Stockfish 11.1 has none: `FSF_BIN` names a newer one.
        "atomic" => Some("atomic"),
        "crazyhouse" => Some("crazyhouse"),
        "janggi" => Some("janggi"),
        "kyotoshogi" => Some("kyotoshogi"),
        "shako" => Some("shako"),
        "seirawan" => Some("seirawan"),
        // Debian's 11.1 has it, but counts the older rules (the King's leap
        // is not lost to a Rook): `FSF_BIN` names a newer one.
        "cambodian" => Some("cambodian"),
        "duck" => Some("duck"),
        "sittuyin" => Some("sittuyin"),
        _ => None,
    }
}

/// How deep to go.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Time budget of each engine on each variant, in seconds: a depth is run
    /// when its predicted time fits.
    pub seconds: f64,
    /// Never deeper than this.
    pub max_depth: Option<u32>,
    /// Split the first ply over threads (compiled engine and interpreter).
    pub parallel: bool,
    /// How many rounds the compared depth is timed in, the engines taking
    /// turns (at least 1): more rounds, a steadier ratio on a machine whose
    /// speed moves (on a shared one, a game's ratio moved by a third from
    /// one run of three rounds to the next).
    pub rounds: u32,
}

/// One timed perft.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    pub depth: u32,
    pub nodes: u64,
    /// Seconds of one run.
    pub seconds: f64,
}

impl Timing {
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds
    }
}

/// The runs of one engine on one variant, depth 1 up to the deepest.
#[derive(Clone, Debug)]
pub struct Ladder {
    pub engine: EngineKind,
    pub threads: usize,
    /// One timing per depth, shallowest first.
    pub runs: Vec<Timing>,
}

impl Ladder {
    /// The deepest run (the one the table shows).
    pub fn deepest(&self) -> &Timing {
        self.runs.last().expect("a ladder has at least depth 1")
    }

    pub fn at(&self, depth: u32) -> Option<&Timing> {
        self.runs.iter().find(|t| t.depth == depth)
    }

    /// How many times faster than `other`, both at the lower of their deepest depths.
    pub fn speed_ratio(&self, other: &Ladder) -> Option<f64> {
        let depth = self.deepest().depth.min(other.deepest().depth);
        Some(self.at(depth)?.nodes_per_second() / other.at(depth)?.nodes_per_second())
    }
}

/// Runs `once` (which returns the nodes and seconds of one run) until
/// [`MIN_SECONDS`] have passed; the time of the fastest run. Other work on
/// the machine only ever slows a run down, so the fastest is the one it
/// disturbed least: on a shared machine the mean of a few runs of the same
/// binary differed by half.
fn repeat(depth: u32, mut once: impl FnMut() -> Result<(u64, f64), String>) -> Result<Timing, String> {
    let (mut total, mut fastest) = (0.0, f64::INFINITY);
    let mut runs = 0u32;
    loop {
        let (nodes, seconds) = once()?;
        total += seconds;
        fastest = fastest.min(seconds);
        runs += 1;
        if total >= MIN_SECONDS || runs >= 1000 {
            return Ok(Timing { depth, nodes, seconds: fastest.max(1e-9) });
        }
    }
}

/// Depth 1, 2, ... while the next depth's predicted time fits the budget.
fn ladder(settings: &Settings, mut run: impl FnMut(u32) -> Result<Timing, String>) -> Result<Vec<Timing>, String> {
    let max_depth = settings.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut runs: Vec<Timing> = Vec::new();
    for depth in 1..=max_depth {
        let timing = run(depth)?;
        let previous_nodes = runs.last().map_or(1, |t| t.nodes).max(1);
        runs.push(timing);
        let predicted = timing.seconds * timing.nodes as f64 / previous_nodes as f64;
        if timing.nodes == 0 || predicted > settings.seconds {
            break;
        }
    }
    Ok(runs)
}

fn threads(parallel: bool) -> usize {
    if !parallel {
        return 1;
    }
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Times perft on one of our engines.
pub fn measure_engine(kind: EngineKind, engine: &dyn Engine, start: &Position, settings: &Settings) -> Ladder {
    let runs = ladder(settings, |depth| Ok(time_engine(engine, start, depth, settings))).expect("our engines do not fail");
    Ladder { engine: kind, threads: threads(settings.parallel), runs }
}

/// The time of perft `depth` on one of our engines (see [`repeat`]).
fn time_engine(engine: &dyn Engine, start: &Position, depth: u32, settings: &Settings) -> Timing {
    let mut pos = start.clone();
    repeat(depth, || {
        let t = Instant::now();
        let nodes = if settings.parallel { perft_parallel(engine, &pos, depth) } else { perft(engine, &mut pos, depth) };
        Ok((nodes, t.elapsed().as_secs_f64()))
    })
    .expect("our engines do not fail")
}

/// Times the `engines` (with their ladders) again at the depth where the
/// first two are compared, [`Settings::rounds`] rounds in all with the
/// engines taking turns, each ladder keeping its fastest time there.
fn retime_compared(engines: [(&dyn Engine, &mut Ladder); 2], start: &Position, settings: &Settings) {
    let [(first, first_ladder), (second, second_ladder)] = engines;
    let depth = first_ladder.deepest().depth.min(second_ladder.deepest().depth);
    let mut timings = [first_ladder, second_ladder].map(|ladder| ladder.runs.iter_mut().find(|t| t.depth == depth));
    let engines = [first, second];
    alternate_rounds(settings.rounds, |i| {
        let again = time_engine(engines[i], start, depth, settings);
        if let Some(timing) = timings[i].as_deref_mut() {
            timing.seconds = timing.seconds.min(again.seconds);
        }
    });
}

/// The rounds after the first (which the ladders ran): in each, `time`
/// for engine 0, then for engine 1.
fn alternate_rounds(rounds: u32, mut time: impl FnMut(usize)) {
    for _ in 1..rounds {
        for engine in 0..2 {
            time(engine);
        }
    }
}

/// Where Fairy-Stockfish is: `$FSF_BIN` when set (and nowhere else then),
/// else `fairy-stockfish` on the PATH, else where the Debian package puts it.
pub fn find_fsf() -> Option<PathBuf> {
    fn executable(path: &Path) -> bool {
        path.is_file()
    }
    if let Some(path) = std::env::var_os("FSF_BIN") {
        let path = PathBuf::from(path);
        return executable(&path).then_some(path);
    }
    let on_path = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).map(|dir| dir.join("fairy-stockfish")).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path.into_iter().chain(["/usr/games/fairy-stockfish", "/usr/local/bin/fairy-stockfish"].map(PathBuf::from)).find(|p| executable(p))
}

/// A running Fairy-Stockfish, talking UCI.
pub struct Fsf {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// Its `id name`, such as "Fairy-Stockfish 11.1 LB 64".
    pub name: String,
    variants: Vec<String>,
}

impl Fsf {
    /// Starts the engine and reads its name and variants.
    pub fn start(binary: &Path) -> Result<Fsf, String> {
        let mut child = Command::new(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut fsf = Fsf { child, stdin, stdout, name: String::new(), variants: Vec::new() };
        fsf.send("uci")?;
        for line in fsf.read_until("uciok")? {
            if let Some(name) = line.strip_prefix("id name ") {
                fsf.name = name.trim().to_string();
            }
            if line.contains("name UCI_Variant ") {
                fsf.variants = line.split(" var ").skip(1).map(|v| v.trim().to_string()).collect();
            }
        }
        fsf.send("setoption name Threads value 1")?;
        Ok(fsf)
    }

    /// Does it play this variant?
    pub fn knows(&self, variant: &str) -> bool {
        self.variants.iter().any(|v| v == variant)
    }

    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.stdin, "{command}").and_then(|_| self.stdin.flush()).map_err(|e| format!("fairy-stockfish: cannot write: {e}"))
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn read_until(&mut self, prefix: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            match self.stdout.read_line(&mut line) {
                Ok(0) | Err(_) => return Err(format!("fairy-stockfish exited while we waited for `{prefix}`")),
                Ok(_) => {}
            }
            let done = line.starts_with(prefix);
            lines.push(line.trim_end().to_string());
            if done {
                return Ok(lines);
            }
        }
    }

    /// Selects the variant and its start position.
    pub fn start_position(&mut self, variant: &str) -> Result<(), String> {
        self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        self.send("position startpos")?;
        self.send("isready")?;
        self.read_until("readyok").map(|_| ())
    }

    /// One `go perft DEPTH`: nodes and seconds, timed from sending the command to
    /// reading the count.
    pub fn perft(&mut self, depth: u32) -> Result<(u64, f64), String> {
        let start = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let lines = self.read_until("Nodes searched")?;
        let seconds = start.elapsed().as_secs_f64();
        let nodes = lines
            .last()
            .and_then(|l| l.split(':').nth(1))
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(|| format!("fairy-stockfish: cannot read the count in {:?}", lines.last()))?;
        Ok((nodes, seconds))
    }

    /// Times perft on one variant from its start position.
    pub fn measure(&mut self, variant: &str, settings: &Settings) -> Result<Ladder, String> {
        self.start_position(variant)?;
        let runs = ladder(settings, |depth| repeat(depth, || self.perft(depth)))?;
        Ok(Ladder { engine: EngineKind::FairyStockfish, threads: 1, runs })
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Measures every engine on one variant: compiled (if any), interpreter,
/// Fairy-Stockfish (if given and it knows the variant). Problems (a failing
/// Fairy-Stockfish, engines disagreeing on a count) go to `notes`.
pub fn measure(subject: &Subject, settings: &Settings, fsf: Option<&mut Fsf>, notes: &mut Vec<String>) -> Vec<Ladder> {
    let interpreter = Interpreter::new(subject.game.clone());
    let start = match fen::parse_with(&interpreter, &subject.game.setup) {
        Ok(pos) => pos,
        Err(e) => {
            notes.push(format!("{}: cannot read the setup: {e}", subject.name));
            return Vec::new();
        }
    };
    let mut ladders = Vec::new();
    let mut by_interpreter = measure_engine(EngineKind::Interpreter, &interpreter, &start, settings);
    if let Some(compiled) = &subject.compiled {
        let mut by_compiled = measure_engine(EngineKind::Compiled, &**compiled, &start, settings);
        retime_compared([(&**compiled, &mut by_compiled), (&interpreter, &mut by_interpreter)], &start, settings);
        ladders.push(by_compiled);
    }
    ladders.push(by_interpreter);
    if let (Some(fsf), Some(variant)) = (fsf, subject.fsf_variant) {
        if !fsf.knows(variant) {
            notes.push(format!("{}: {} does not know the variant `{variant}`", subject.name, fsf.name));
        } else {
            match fsf.measure(variant, settings) {
                Ok(l) => ladders.push(l),
                Err(e) => notes.push(format!("{}: {e}", subject.name)),
            }
        }
    }
    // Every engine must count the same tree.
    let hint = if subject.game.rules.no_drop_mate.is_empty() {
        ""
    } else {
        " (Fairy-Stockfish 11.1 counts pawn-drop mates, which this game forbids: tests/data/fsf_perft.txt)"
    };
    for (i, a) in ladders.iter().enumerate() {
        for b in &ladders[i + 1..] {
            for ta in &a.runs {
                if let Some(tb) = b.at(ta.depth) {
                    if ta.nodes != tb.nodes {
                        let fsf = b.engine == EngineKind::FairyStockfish;
                        notes.push(format!(
                            "{}: perft {} differs: {} {} {} {}{}",
                            subject.name,
                            ta.depth,
                            a.engine.label(),
                            ta.nodes,
                            b.engine.label(),
                            tb.nodes,
                            if fsf { hint } else { "" }
                        ));
                    }
                }
            }
        }
    }
    ladders
}

/// The table's column names.
pub const COLUMNS: [&str; 9] = ["variant", "engine", "threads", "depth", "nodes", "seconds", "nodes/second", "vs-interp", "vs-fsf"];

/// The table's header line.
pub fn header() -> String {
    let c = COLUMNS;
    format!("{:<20} {:<16} {:>7} {:>5} {:>12} {:>10} {:>13} {:>9} {:>7}", c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8])
}

/// One line per engine: its deepest run, and its speed over the interpreter's
/// and Fairy-Stockfish's at a common depth (`-` where there is none).
pub fn rows(variant: &str, ladders: &[Ladder]) -> Vec<String> {
    let find = |kind| ladders.iter().find(|l| l.engine == kind);
    let ratio =
        |l: &Ladder, other: Option<&Ladder>| other.and_then(|o| l.speed_ratio(o)).map_or_else(|| "-".to_string(), |r| format!("{r:.2}"));
    ladders
        .iter()
        .map(|l| {
            let t = l.deepest();
            format!(
                "{:<20} {:<16} {:>7} {:>5} {:>12} {:>10.6} {:>13.0} {:>9} {:>7}",
                variant,
                l.engine.label(),
                l.threads,
                t.depth,
                t.nodes,
                t.seconds,
                t.nodes_per_second(),
                ratio(l, find(EngineKind::Interpreter)),
                ratio(l, find(EngineKind::FairyStockfish)),
            )
        })
        .collect()
}

/// Measures every subject and prints the table on `out` (a variant's rows as
/// soon as it is done) and notes on standard error.
pub fn run(subjects: &[Subject], settings: &Settings, out: &mut dyn Write) -> std::io::Result<()> {
    let mut fsf = None;
    if subjects.iter().any(|s| s.fsf_variant.is_some()) {
        match find_fsf() {
            None => eprintln!("note: fairy-stockfish not found (set FSF_BIN, or apt-get install fairy-stockfish); its rows are left out"),
            Some(binary) => match Fsf::start(&binary) {
                Ok(engine) => {
                    eprintln!("note: comparing with {} ({})", engine.name, binary.display());
                    fsf = Some(engine);
                }
                Err(e) => eprintln!("note: {e}; its rows are left out"),
            },
        }
    }
    writeln!(out, "{}", header())?;
    out.flush()?;
    for subject in subjects {
        let mut notes = Vec::new();
        let ladders = measure(subject, settings, fsf.as_mut(), &mut notes);
        for line in rows(&subject.name, &ladders) {
            writeln!(out, "{line}")?;
        }
        out.flush()?;
        for note in notes {
            eprintln!("warning: {note}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_depth_counts_its_fastest_run() {
        let mut times = [0.05, 0.03, 0.04, 0.01].into_iter();
        let timing = super::repeat(4, || Ok((7, times.next().expect("a run")))).expect("timed");
        // Three runs take 0.12 s, past MIN_SECONDS: the fourth is never run.
        assert_eq!((timing.depth, timing.nodes, timing.seconds), (4, 7, 0.03));
        assert_eq!(times.next(), Some(0.01));
    }

    #[test]
    fn the_compared_depth_is_timed_again_in_turns_for_each_round_after_the_first() {
        let mut calls = Vec::new();
        super::alternate_rounds(4, |engine| calls.push(engine));
        assert_eq!(calls, [0, 1, 0, 1, 0, 1]);
        // One round: the ladders' own runs, none again.
        calls.clear();
        super::alternate_rounds(1, |engine| calls.push(engine));
        assert!(calls.is_empty());
    }

    #[test]
    fn short_runs_go_on_until_the_minimum_time() {
        let mut runs = 0;
        let timing = super::repeat(1, || {
            runs += 1;
            Ok((1, 0.03))
        })
        .expect("timed");
        // Three runs take 0.09 s, short of MIN_SECONDS: a fourth is run.
        assert_eq!(runs, 4);
        assert_eq!(timing.seconds, 0.03);
    }
}
