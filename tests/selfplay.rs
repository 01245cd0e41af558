//! `vdl selfplay` and `vdl perft --shard`: a series is deterministic, its
//! shards merged are the whole series, perft's shares sum to the whole count,
//! and bad shares are refused.

use std::path::Path;
use std::process::{Command, Output};

fn vdl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vdl")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("vdl runs")
}

fn stdout(output: &Output) -> String {
    assert!(output.status.success(), "vdl failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A short series: 5 games of chess at depth 1 after 4 random plies, at most
/// 60 plies each.
const SERIES: &[&str] = &["selfplay", "variants/chess.vdl", "--games", "5", "--depth", "1", "--seed", "7", "--max-plies", "60"];

fn series(extra: &[&str]) -> Output {
    vdl(&[SERIES, extra].concat())
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

#[test]
fn the_same_seed_plays_the_same_games() {
    let first = stdout(&series(&["--out", "-"]));
    let second = stdout(&series(&["--out", "-"]));
    assert_eq!(first, second);
    assert_eq!(first.lines().count(), 5);
    let other_args: Vec<&str> = SERIES.iter().map(|&arg| if arg == "7" { "8" } else { arg }).chain(["--out", "-"]).collect();
    let other_seed = stdout(&vdl(&other_args));
    assert_ne!(first, other_seed, "another seed opens with other random moves");
    for line in first.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let moves = record["moves"].as_array().unwrap();
        assert_eq!(record["plies"].as_u64().unwrap() as usize, moves.len());
        assert!(moves.len() <= 60);
        assert!(["first", "second", "draw"].contains(&record["result"].as_str().unwrap()));
        if moves.len() == 60 {
            assert_eq!(record["end"], "ply_limit");
        }
    }
}

#[test]
fn shards_merged_are_the_whole_series() {
    let dir = tempfile::tempdir().unwrap();
    let whole = path(dir.path(), "whole.jsonl");
    let whole_summary = stdout(&series(&["--out", &whole]));
    let mut shard_files = Vec::new();
    for k in 0..3 {
        let file = path(dir.path(), &format!("shard{k}.jsonl"));
        stdout(&series(&["--shard", &format!("{k}/3"), "--out", &file]));
        shard_files.push(file);
    }
    // Game i is shard i mod 3's: shard 1 holds games 1 and 4.
    let shard1 = std::fs::read_to_string(&shard_files[1]).unwrap();
    let indices: Vec<u64> =
        shard1.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["game"].as_u64().unwrap()).collect();
    assert_eq!(indices, [1, 4]);
    let merged = path(dir.path(), "merged.jsonl");
    let mut args = vec!["selfplay", "--out", &merged, "--merge"];
    args.extend(shard_files.iter().rev().map(String::as_str));
    let merged_summary = stdout(&vdl(&args));
    assert_eq!(merged_summary, whole_summary);
    assert!(whole_summary.starts_with("games: 5\n"), "{whole_summary}");
    assert_eq!(std::fs::read_to_string(merged).unwrap(), std::fs::read_to_string(whole).unwrap());
    // The same shard twice is refused.
    let twice = vdl(&["selfplay", "--merge", &shard_files[0], &shard_files[0]]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("is in the results twice"));
}

#[test]
fn bad_shards_are_refused() {
    for (shard, says) in [("0/0", "at least 1"), ("3/2", "share 3 does not exist"), ("a/b", "expected K/N")] {
        for command in [&["selfplay", "variants/chess.vdl", "--games", "1"][..], &["perft", "variants/chess.vdl", "1"]] {
            let output = vdl(&[command, &["--shard", shard]].concat());
            assert_eq!(output.status.code(), Some(2), "{shard}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains(says), "{shard}: {stderr}");
        }
    }
}

/// Chess perft 3 is 8902 (chessprogramming.org, "Perft Results").
#[test]
fn perft_shards_sum_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut total = 0;
    let mut files = Vec::new();
    for k in 0..3 {
        let output = stdout(&vdl(&["perft", "variants/chess.vdl", "3", "--divide", "--shard", &format!("{k}/3")]));
        total += output.lines().last().unwrap().parse::<u64>().unwrap();
        let file = path(dir.path(), &format!("perft{k}.txt"));
        std::fs::write(&file, output).unwrap();
        files.push(file);
    }
    assert_eq!(total, 8902);
    let mut args = vec!["perft", "--divide", "--merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = stdout(&vdl(&args));
    assert_eq!(merged, stdout(&vdl(&["perft", "variants/chess.vdl", "3", "--divide"])));
    assert!(merged.ends_with("\n8902\n"));
}

#[test]
fn bad_results_are_refused_with_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(dir.path(), "bad.jsonl");
    std::fs::write(&file, "{\"game\":0,\"seed\":1,\"moves\":[],\"result\":\"draw\",\"end\":\"ply_limit\",\"plies\":0}\nnot json\n")
        .unwrap();
    let output = vdl(&["selfplay", "--merge", &file]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("bad.jsonl:2: error: not a game record"), "{stderr}");
    // An --out that cannot be written is refused (before any game is played).
    let unwritable = path(dir.path(), "no/such/dir.jsonl");
    let output = series(&["--out", &unwritable]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot write the results"));
}
