//! `vdl bench` prints one table: a header, then one row per engine and variant
//! whose numbers parse. Timings are not checked.

use std::process::{Command, Output};

const HEADER: [&str; 9] = ["variant", "engine", "threads", "depth", "nodes", "seconds", "nodes/second", "vs-interp", "vs-fsf"];

fn bench(args: &[&str], fsf_bin: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_vdl"));
    command.arg("bench").args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    match fsf_bin {
        Some(bin) => command.env("FSF_BIN", bin),
        None => command.env("FSF_BIN", "/nonexistent/fairy-stockfish"),
    };
    command.output().expect("vdl runs")
}

struct Row {
    variant: String,
    engine: String,
    threads: usize,
    depth: u32,
    nodes: u64,
}

/// Checks the table's shape and returns its rows.
fn table(out: &Output) -> Vec<Row> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("warning"), "engines disagree: {stderr}");
    let mut lines = stdout.lines();
    let header: Vec<&str> = lines.next().expect("a header").split_whitespace().collect();
    assert_eq!(header, HEADER);
    lines
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(f.len(), HEADER.len(), "{line}");
            let seconds: f64 = f[5].parse().unwrap_or_else(|_| panic!("seconds in {line}"));
            let rate: f64 = f[6].parse().unwrap_or_else(|_| panic!("nodes/second in {line}"));
            assert!(seconds > 0.0 && rate > 0.0, "{line}");
            for ratio in &f[7..] {
                // A ratio rounds to 0.00 when one engine is more than 200 times faster.
                assert!(*ratio == "-" || ratio.parse::<f64>().is_ok_and(|r| r >= 0.0), "ratio in {line}");
            }
            Row {
                variant: f[0].to_string(),
                engine: f[1].to_string(),
                threads: f[2].parse().unwrap_or_else(|_| panic!("threads in {line}")),
                depth: f[3].parse().unwrap_or_else(|_| panic!("depth in {line}")),
                nodes: f[4].parse().unwrap_or_else(|_| panic!("nodes in {line}")),
            }
        })
        .collect()
}

/// Minishogi's perft from the start (the same on every engine).
fn minishogi_perft(depth: u32) -> u64 {
    [14, 181, 2512, 35401][depth as usize - 1]
}

#[test]
fn a_row_per_engine_without_fairy_stockfish() {
    let out = bench(&["variants/minishogi.vdl", "--seconds", "0.001", "--depth", "3", "--rounds", "5"], None);
    let rows = table(&out);
    let engines: Vec<&str> = rows.iter().map(|r| r.engine.as_str()).collect();
    assert_eq!(engines, ["compiled", "interpreter"]);
    for row in &rows {
        assert_eq!(row.variant, "minishogi");
        assert_eq!(row.threads, 1);
        assert!((1..=3).contains(&row.depth));
        assert_eq!(row.nodes, minishogi_perft(row.depth));
    }
    assert!(String::from_utf8_lossy(&out.stderr).contains("fairy-stockfish not found"));
    // The interpreter's ratio to itself.
    assert!(String::from_utf8_lossy(&out.stdout).lines().nth(2).unwrap().split_whitespace().nth(7) == Some("1.00"));
}

#[test]
fn fairy_stockfish_gets_a_row_when_installed() {
    let installed =
        ["/usr/games/fairy-stockfish", "/usr/local/bin/fairy-stockfish"].into_iter().find(|p| std::path::Path::new(p).is_file());
    let Some(bin) = installed else {
        eprintln!("fairy-stockfish is not installed; skipped");
        return;
    };
    let rows = table(&bench(&["variants/minishogi.vdl", "--seconds", "0.001", "--depth", "2"], Some(bin)));
    let engines: Vec<&str> = rows.iter().map(|r| r.engine.as_str()).collect();
    assert_eq!(engines, ["compiled", "interpreter", "fairy-stockfish"]);
    for row in &rows {
        assert_eq!(row.nodes, minishogi_perft(row.depth), "{}", row.engine);
    }
}

#[test]
fn other_files_run_on_the_interpreter_alone_and_parallel_uses_threads() {
    let rows = table(&bench(&["tests/ui/pass/mini.vdl", "--seconds", "0.001", "--depth", "2", "--parallel"], None));
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].variant.as_str(), rows[0].engine.as_str()), ("mini", "interpreter"));
    assert!(rows[0].threads >= 1);
}

#[test]
fn bad_options_are_usage_errors() {
    assert_eq!(bench(&["--seconds", "0"], None).status.code(), Some(2));
    assert_eq!(bench(&["--depth", "0"], None).status.code(), Some(2));
    assert_eq!(bench(&["--rounds", "0"], None).status.code(), Some(2));
    assert_eq!(bench(&["no/such/file.vdl"], None).status.code(), Some(2));
}
