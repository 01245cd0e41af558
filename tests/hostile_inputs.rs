//! The numbers of issue 16: `vdl check` on any input of up to 10 MB answers
//! within 2 s and under 200 MB of memory, with an error or a success, and never
//! by a crash.
//!
//! Each hostile input is written to a file and checked by the release binary
//! under `ulimit -v` of 200 MB: the address space bounds the resident memory
//! from above, so a run that ends normally used less than 200 MB (one that
//! needs more fails to allocate and aborts, which the test sees as a signal).
//! Wall time is measured around the child.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const MEMORY_KB: u64 = 200 * 1024;
const TIME: Duration = Duration::from_secs(2);
const TEN_MB: usize = 10 * 1024 * 1024;

fn mini() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/pass/mini.vdl")).unwrap()
}

fn xiangqi() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/xiangqi.vdl")).unwrap()
}

/// A fresh directory for one test's files, removed with them when the
/// test ends (some are 10 MB).
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new() -> Scratch {
        Scratch(tempfile::tempdir().unwrap())
    }

    /// Writes `bytes` to the file `name` in the directory.
    fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

/// `text` repeated up to (not over) `size` bytes.
fn repeated(text: &str, size: usize) -> String {
    text.repeat(size / text.len())
}

/// A box of 4000 x 16 cells (a wall at 3a) whose cells are named by a fold
/// along its lines of 4000: every cell's place along its line is counted.
fn long_lines_fold() -> String {
    "game \"Lines\"\nboard {\n    axis x = 1..4000\n    axis y = a..p\n    without [3a]\n    fold n = 1..4000 along (1,0)\n    name n y\n}\nforward +y\nplayer White\nplayer Black = mirror y\npiece King K {\n    royal\n    step (1,0)*\n}\nsetup \"K*k w\"\n".to_string()
}

/// A board of `axes` axes of `size` labels each, with one `*` vector whose
/// components all differ, so that it has `axes!` times `2^axes` images.
fn many_axes(axes: usize, size: usize) -> String {
    let names: Vec<String> = (0..axes).map(|i| format!("x{i}")).collect();
    let board: String = names.iter().map(|n| format!("    axis {n} = 1..{size}\n")).collect();
    let vector: Vec<String> = (1..=axes).map(|i| i.to_string()).collect();
    format!(
        "board {{\n{board}}}\nforward +x0\nplayer White\nplayer Black = mirror x0\ndirection far = ({})*\npiece King K {{\n    royal\n    leap far\n}}\nsetup \"K w\"\n",
        vector.join(",")
    )
}

/// What happened when `vdl check` ran on one input.
struct Run {
    elapsed: Duration,
    /// The exit code; `None` when a signal ended the process.
    code: Option<i32>,
    stdout: String,
}

fn check(path: &Path) -> Run {
    let start = Instant::now();
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KB} && exec \"$0\" check \"$1\""))
        .arg(env!("CARGO_BIN_EXE_vdl"))
        .arg(path)
        .output()
        .expect("sh runs");
    Run { elapsed: start.elapsed(), code: output.status.code(), stdout: String::from_utf8_lossy(&output.stdout).into_owned() }
}

/// Checks every case, then reports every one that broke a bound.
fn assert_all_within_bounds(cases: Vec<(&str, PathBuf)>) {
    let mut broken = Vec::new();
    for (name, path) in cases {
        let run = check(&path);
        let answered = matches!(run.code, Some(0 | 1));
        let located = run.code != Some(1)
            || run
                .stdout
                .lines()
                .next()
                .is_some_and(|l| l.contains(": error: ") && l.split(':').nth(1).is_some_and(|n| n.parse::<usize>().is_ok()));
        if !answered || !located || run.elapsed > TIME {
            broken.push(format!("{name}: exit {:?} after {:?}; first line: {:?}", run.code, run.elapsed, run.stdout.lines().next()));
        }
    }
    assert!(broken.is_empty(), "inputs that broke a bound (2 s, 200 MB, an answer with a located error):\n{}", broken.join("\n"));
}

#[test]
fn checking_any_input_up_to_ten_megabytes_is_fast_bounded_and_answered() {
    let scratch = Scratch::new();
    let mini = mini();
    let chain = |op: &str, n: usize| (0..n).map(|_| "rank 1").collect::<Vec<_>>().join(op);
    let cases = vec![
        ("zone union of 10000 terms", scratch.file("union.vdl", format!("{mini}zone big = {}\n", chain(" | ", 10_000)).as_bytes())),
        ("zone difference of 10000 terms", scratch.file("minus.vdl", format!("{mini}zone big = {}\n", chain(" - ", 10_000)).as_bytes())),
        ("20000 nested not in a zone", scratch.file("not.vdl", format!("{mini}zone big = {}rank 1\n", "not ".repeat(20_000)).as_bytes())),
        (
            "20000 nested not in a condition",
            scratch.file("cond.vdl", format!("{mini}direction big = (0,1) where {}forward\n", "not ".repeat(20_000)).as_bytes()),
        ),
        (
            "a direction union of 10000 terms",
            scratch.file("dirs.vdl", format!("{mini}direction big = {}\n", vec!["(0,1)"; 10_000].join(" | ")).as_bytes()),
        ),
        (
            "2000 nested brackets",
            scratch.file("brackets.vdl", format!("{mini}direction d = {}(0,1){}\n", "(".repeat(2000), ")".repeat(2000)).as_bytes()),
        ),
        ("the smallest integer as a component", scratch.file("min.vdl", mini.replace("(0,1)*", "(-9223372036854775808,1)*").as_bytes())),
        (
            "10 MB of comments",
            scratch
                .file("comments.vdl", format!("{mini}{}", repeated("// a comment that goes on and on\n", TEN_MB - mini.len())).as_bytes()),
        ),
        (
            "10 MB of one cell list",
            scratch.file("cells.vdl", format!("{mini}zone z = [{}]\n", repeated("a1 ", TEN_MB - mini.len() - 20)).as_bytes()),
        ),
        ("10 MB of Xiang Qi repeated", scratch.file("repeated.vdl", repeated(&xiangqi(), TEN_MB).as_bytes())),
        ("10 MB of NUL bytes", scratch.file("nul.vdl", &vec![0u8; TEN_MB])),
        ("10 MB of bytes 0x80..0xff", scratch.file("high.vdl", &(0..TEN_MB).map(|i| 0x80 | (i % 128) as u8).collect::<Vec<_>>())),
        ("11 MB of spaces", scratch.file("over.vdl", &vec![b' '; TEN_MB + TEN_MB / 10])),
        ("a fold along lines of 4000 cells", scratch.file("lines.vdl", long_lines_fold().as_bytes())),
        (
            "a coordinate condition over 64000 cells",
            scratch.file("sum.vdl", long_lines_fold().replace("without [3a]", "cells x >= 2").as_bytes()),
        ),
        ("an endless stream", PathBuf::from("/dev/zero")),
    ];
    assert_all_within_bounds(cases);
}

#[test]
fn twelve_thousand_warnings_are_rendered_in_time() {
    let scratch = Scratch::new();
    // Every zone unused: one warning each, rendered with its place and line
    // (reading the file from its start for each took minutes).
    let zones: String = (0..12_000).map(|i| format!("zone z{i} = [a1]\n")).collect();
    assert_all_within_bounds(vec![("12000 warnings", scratch.file("warnings.vdl", format!("{}{zones}", mini()).as_bytes()))]);
}

#[test]
fn twenty_thousand_zones_check_in_time() {
    let scratch = Scratch::new();
    let zones: String = (0..20_000).map(|i| format!("zone z{i} = rank 1..2\n")).collect();
    assert_all_within_bounds(vec![("20000 zones", scratch.file("zones.vdl", format!("{}{zones}", mini()).as_bytes()))]);
}

#[test]
fn a_star_vector_on_many_axes_is_bounded() {
    let scratch = Scratch::new();
    let cases = vec![
        ("8 axes of 2", scratch.file("axes8.vdl", many_axes(8, 2).as_bytes())),
        ("9 axes of 2", scratch.file("axes9.vdl", many_axes(9, 2).as_bytes())),
        ("12 axes of 2", scratch.file("axes12.vdl", many_axes(12, 2).as_bytes())),
    ];
    assert_all_within_bounds(cases);
}
