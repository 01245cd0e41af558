//! A game's history costs tens of bytes a move, not a position (kilobytes):
//! `vdl uci` and `vdl protocol` given 100,000 moves (the most a game may
//! have, `MAX_PLIES`) stay within a few megabytes more than with none, and a
//! list of one move more is refused whole with an error naming the cap.
//!
//! The moves are the knights' shuffle g1-f3 g8-f6 f3-g1 f6-g8, which never
//! ends a game (vdl has no repetition or fifty-move rule). The memory is the
//! child's peak resident size (VmHWM in /proc), read after it answered.
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

const MAX_PLIES: usize = 100_000;
/// Keeping whole positions, 100,000 moves took about 500 MB; a move's record
/// is 40 bytes (4 MB for the lot, plus the request itself).
const GROWTH_KB: u64 = 64 * 1024;
const TIME: Duration = Duration::from_secs(30);

struct Client {
    child: Child,
    stdout: BufReader<ChildStdout>,
}

impl Client {
    fn start(args: &[&str]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vdl"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("vdl runs");
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Client { child, stdout }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `last`.
    fn until(&mut self, last: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert_ne!(self.stdout.read_line(&mut line).unwrap(), 0, "vdl ended early after {lines:?}");
            let done = line.starts_with(last);
            lines.push(line.trim_end().to_string());
            if done {
                return lines;
            }
        }
    }

    /// The peak resident memory so far, in kB.
    fn peak_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM in /proc/PID/status");
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The shuffle, `plies` moves long, in the notation `cycle` gives.
fn shuffle(cycle: [&str; 4], plies: usize) -> Vec<&str> {
    cycle.iter().copied().cycle().take(plies).collect()
}

/// `vdl uci` set to chess, given `plies` moves then `go depth 1`: the
/// answer's lines and the peak memory.
fn uci(plies: usize) -> (Vec<String>, u64) {
    let mut uci = Client::start(&["uci"]);
    uci.send("uci\nsetoption name UCI_Variant value chess");
    uci.send(&format!("position startpos moves {}", shuffle(["g1f3", "g8f6", "f3g1", "f6g8"], plies).join(" ")));
    uci.send("go depth 1");
    let lines = uci.until("bestmove");
    (lines, uci.peak_kb())
}

/// `vdl protocol` on chess, asked for a new game of `plies` moves: the
/// answer and the peak memory.
fn protocol(plies: usize) -> (serde_json::Value, u64) {
    let mut protocol = Client::start(&["protocol", "variants/chess.vdl"]);
    let moves = shuffle(["g1-f3", "g8-f6", "f3-g1", "f6-g8"], plies);
    protocol.send(&serde_json::json!({"cmd": "new", "moves": moves}).to_string());
    let answer = protocol.until("{").pop().unwrap();
    (serde_json::from_str(&answer).unwrap(), protocol.peak_kb())
}

#[test]
fn uci_keeps_a_long_game_in_little_memory_and_refuses_a_longer_one() {
    let start = Instant::now();
    let (_, idle) = uci(0);
    let (lines, full) = uci(MAX_PLIES);
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    assert!(full < idle + GROWTH_KB, "{MAX_PLIES} moves took {} kB more than none", full.saturating_sub(idle));
    let (lines, _) = uci(MAX_PLIES + 1);
    assert!(
        lines.iter().any(|l| l == "info string error: 100001 moves: a game may have at most 100000 moves; the position is unchanged"),
        "{lines:?}"
    );
    assert!(start.elapsed() < TIME, "took {:?}", start.elapsed());
}

#[test]
fn the_json_protocol_keeps_a_long_game_in_little_memory_and_refuses_a_longer_one() {
    let start = Instant::now();
    let (_, idle) = protocol(0);
    let (answer, full) = protocol(MAX_PLIES);
    assert_eq!(answer["ok"], true, "{}", answer["error"]);
    assert_eq!(answer["ply"], MAX_PLIES);
    // 100,000 plies: 50,000 moves of each side, the knights home again (the
    // half-move clock, past what it counts, is left out).
    let fen = answer["fen"].as_str().unwrap();
    assert!(fen.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ") && fen.ends_with(" 50001"), "{fen}");
    assert!(full < idle + GROWTH_KB, "{MAX_PLIES} moves took {} kB more than none", full.saturating_sub(idle));
    let (answer, _) = protocol(MAX_PLIES + 1);
    assert_eq!(answer, serde_json::json!({"ok": false, "error": "100001 moves: a game may have at most 100000 moves"}));
    assert!(start.elapsed() < TIME, "took {:?}", start.elapsed());
}
