//! The Ray drivers (tools/ray/selfplay.py and tools/ray/perft.py) on a local
//! Ray cluster each starts on loopback with 2 CPUs: their merged results are
//! one unsharded run's.
//!
//! SKIPPED (passing, with a message on standard error) when Python cannot
//! `import ray` (`pip install ray` turns it on). Each driver must finish
//! within [`TIME_LIMIT`].

mod skip;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const TIME_LIMIT: Duration = Duration::from_secs(120);
const VDL: &str = env!("CARGO_BIN_EXE_vdl");

fn ray_installed() -> bool {
    Command::new("python3").args(["-c", "import ray"]).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// Runs a command from the repository, killed if it takes over [`TIME_LIMIT`].
fn run_bounded(program: &str, args: &[&str]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let start = Instant::now();
    while child.try_wait().expect("the command can be waited for").is_none() {
        if start.elapsed() > TIME_LIMIT {
            child.kill().ok();
            panic!("{program} {args:?} took over {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output().expect("the output is read");
    assert!(output.status.success(), "{program} {args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    output
}

fn text(output: Output) -> String {
    String::from_utf8(output.stdout).unwrap()
}

const SERIES: &[&str] = &["variants/chess.vdl", "--games", "4", "--depth", "1", "--max-plies", "40", "--seed", "3"];

#[test]
fn ray_drivers_merge_to_the_unsharded_results() {
    if !ray_installed() {
        skip::skipped("ray_drivers_merge_to_the_unsharded_results", "python3 cannot import ray (pip install ray)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("ray.jsonl");
    let results = results.to_str().unwrap();
    let driver = ["tools/ray/selfplay.py", "--shards", "2", "--local-cpus", "2", "--vdl", VDL, "--results", results];
    let by_ray = text(run_bounded("python3", &[&driver[..], SERIES].concat()));
    let whole = dir.path().join("whole.jsonl");
    let alone = text(run_bounded(VDL, &[&["selfplay"][..], SERIES, &["--out", whole.to_str().unwrap()]].concat()));
    assert_eq!(by_ray, alone);
    assert!(by_ray.starts_with("games: 4\n"), "{by_ray}");
    assert_eq!(std::fs::read_to_string(results).unwrap(), std::fs::read_to_string(Path::new(&whole)).unwrap());

    // Chess perft 3 is 8902 (chessprogramming.org, "Perft Results").
    let perft = ["tools/ray/perft.py", "--shards", "3", "--local-cpus", "2", "--vdl", VDL, "variants/chess.vdl", "3"];
    assert_eq!(text(run_bounded("python3", &perft)), "8902\n");
}
