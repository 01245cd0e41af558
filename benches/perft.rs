//! Perft speed, side by side in one run: the compiled engine, the IR interpreter
//! and (when installed) Fairy-Stockfish, on each bundled variant it knows.
//!
//! `cargo bench --bench perft` (set `VDL_BENCH_DEPTH` to change the compiled depth).

use std::process::Command;
use std::time::Instant;
use vdl_runtime::{fen, perft::perft, Interpreter};

/// Fairy-Stockfish's name for a bundled variant, where it has one.
fn fsf_variant(name: &str) -> Option<&'static str> {
    match name {
        "xiangqi" => Some("xiangqi"),
        "shogi" => Some("shogi"),
        "minishogi" => Some("minishogi"),
        _ => None,
    }
}

fn fsf_binary() -> Option<String> {
    ["fairy-stockfish", "/usr/games/fairy-stockfish", "/usr/local/bin/fairy-stockfish"]
        .into_iter()
        .find(|b| Command::new(b).arg("quit").output().is_ok())
        .map(String::from)
}

/// Runs `go perft` in Fairy-Stockfish; returns (nodes, seconds).
fn fsf_perft(binary: &str, variant: &str, fen: &str, depth: u32) -> Option<(u64, f64)> {
    use std::io::Write;
    let mut child = Command::new(binary)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    let script = format!("setoption name UCI_Variant value {variant}\nposition fen {fen}\nisready\n");
    let mut stdin = child.stdin.take()?;
    stdin.write_all(script.as_bytes()).ok()?;
    stdin.flush().ok()?;
    // Start timing only once the engine has read the position.
    let start = Instant::now();
    stdin.write_all(format!("go perft {depth}\nquit\n").as_bytes()).ok()?;
    drop(stdin);
    let output = child.wait_with_output().ok()?;
    let seconds = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&output.stdout);
    let nodes = text.lines().find_map(|l| l.strip_prefix("Nodes searched: "))?.trim().parse().ok()?;
    Some((nodes, seconds))
}

fn row(variant: &str, engine: &str, depth: u32, nodes: u64, seconds: f64) {
    println!("{variant:<12} {engine:<16} {depth:>5} {nodes:>12} {seconds:>9.3} {:>14.0}", nodes as f64 / seconds);
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let depth: u32 = std::env::var("VDL_BENCH_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(4);
    let fsf = fsf_binary();
    println!("{:<12} {:<16} {:>5} {:>12} {:>9} {:>14}", "variant", "engine", "depth", "nodes", "seconds", "nodes/second");
    for bundled in vdl_variants::all() {
        let engine = (bundled.engine)();
        let game = engine.game().clone();
        let start_pos = fen::parse(&game, &game.setup).unwrap();

        let mut pos = start_pos.clone();
        let t = Instant::now();
        let nodes = perft(&*engine, &mut pos, depth);
        row(bundled.name, "compiled", depth, nodes, t.elapsed().as_secs_f64());

        let interp = Interpreter::new(game.clone());
        let interp_depth = depth.saturating_sub(1).max(1);
        let mut pos = start_pos.clone();
        let t = Instant::now();
        let nodes = perft(&interp, &mut pos, interp_depth);
        row(bundled.name, "interpreter", interp_depth, nodes, t.elapsed().as_secs_f64());

        match (&fsf, fsf_variant(bundled.name)) {
            (Some(binary), Some(variant)) => match fsf_perft(binary, variant, &game.setup, depth) {
                Some((nodes, seconds)) => row(bundled.name, "fairy-stockfish", depth, nodes, seconds),
                None => println!("{:<12} fairy-stockfish: failed to run", bundled.name),
            },
            (None, Some(_)) => println!("{:<12} fairy-stockfish: not installed (apt-get install fairy-stockfish)", bundled.name),
            _ => {}
        }
    }
}
