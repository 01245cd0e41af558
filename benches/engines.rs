//! Criterion benchmarks (`cargo bench --bench engines`):
//!
//! * `perft/VARIANT/compiled/DEPTH` and `perft/VARIANT/interpreter/DEPTH`: perft
//!   from the start position of every bundled variant, at the deepest depth
//!   with at most [`MAX_LEAVES`] leaves, on the compiled engine and on the IR
//!   interpreter (throughput in leaves per second);
//! * `compile/VARIANT`: what `vdl compile` does with the file — check and lower
//!   it to the IR (`vdl_compiler::compile`), then generate the Rust
//!   (`vdl_compiler::generate_rust`).
//!
//! The side-by-side table with Fairy-Stockfish is `vdl bench` (or `cargo bench
//! --bench perft`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput};
use std::hint::black_box;
use std::time::Duration;
use vdl_runtime::perft::perft;
use vdl_runtime::{fen, Engine, Interpreter, Position};

/// Perft depths are chosen so that the tree has at most this many leaves (the
/// interpreter then needs under a second per run on every bundled variant).
const MAX_LEAVES: u64 = 100_000;

/// The deepest depth whose tree has at most [`MAX_LEAVES`] leaves (at least 1),
/// and its leaves.
fn depth_for(engine: &dyn Engine, start: &Position) -> (u32, u64) {
    let mut pos = start.clone();
    let (mut depth, mut nodes, mut previous) = (1, perft(engine, &mut pos, 1), 1);
    // The next depth is counted only when its estimate (this depth's leaves
    // times their growth) is near the limit, so that no huge tree is counted.
    while depth < 12 && nodes.saturating_mul(nodes) / previous.max(1) <= 4 * MAX_LEAVES {
        let next = perft(engine, &mut pos, depth + 1);
        if next > MAX_LEAVES {
            break;
        }
        (depth, nodes, previous) = (depth + 1, next, nodes);
    }
    (depth, nodes)
}

fn perft_benches(c: &mut Criterion) {
    for bundled in vdl_variants::all() {
        let compiled = (bundled.engine)();
        let interpreter = Interpreter::new(compiled.game().clone());
        let game = compiled.game();
        let start = fen::parse(game, &game.setup).expect("bundled setups are valid");
        let (depth, nodes) = depth_for(&*compiled, &start);

        let mut group = c.benchmark_group(format!("perft/{}", bundled.name));
        group.throughput(Throughput::Elements(nodes));
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        let engines: [(&str, &dyn Engine); 2] = [("compiled", &*compiled), ("interpreter", &interpreter)];
        for (name, engine) in engines {
            group.bench_with_input(BenchmarkId::new(name, depth), &depth, |b, &depth| {
                let mut pos = start.clone();
                b.iter(|| {
                    let n = perft(engine, black_box(&mut pos), depth);
                    assert_eq!(n, nodes, "{name} counts the same tree");
                    n
                })
            });
        }
        group.finish();
    }
}

fn compile_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    for bundled in vdl_variants::all() {
        group.bench_function(bundled.name, |b| {
            b.iter(|| {
                let game = vdl_compiler::compile(bundled.file_name, black_box(bundled.source))
                    .unwrap_or_else(|_| panic!("{} compiles", bundled.file_name));
                vdl_compiler::generate_rust(&game)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft_benches, compile_benches);
criterion_main!(benches);
