//! Perft speed, side by side in one run: the compiled engine, the IR interpreter
//! and (when installed) Fairy-Stockfish, on every bundled variant — the table
//! `vdl bench` prints, from the same code (`src/bench.rs`).
//!
//! `cargo bench --bench perft`; `VDL_BENCH_SECONDS` sets the time budget of each
//! engine on each variant (default 2), `VDL_BENCH_DEPTH` the deepest depth.

#[allow(dead_code)]
#[path = "../src/bench.rs"]
mod bench;

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // `cargo bench -- --list` asks for the list of benchmarks.
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let mut settings = bench::Settings {
        seconds: env("VDL_BENCH_SECONDS").filter(|&s: &f64| s > 0.0).unwrap_or(2.0),
        max_depth: env("VDL_BENCH_DEPTH").filter(|&d| d > 0),
        parallel: false,
        rounds: bench::ROUNDS,
    };
    // Without `--bench` (`cargo test --benches`), a quick run that only shows it works.
    if !args.iter().any(|a| a == "--bench") {
        settings = bench::Settings { seconds: 0.001, max_depth: Some(2), parallel: false, rounds: bench::ROUNDS };
    }
    bench::run(&bench::Subject::all_bundled(), &settings, &mut std::io::stdout().lock()).expect("stdout is writable");
}
