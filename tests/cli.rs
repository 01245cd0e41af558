//! The command-line contract that other tools rely on (see README).

use std::process::{Command, Output};

fn vdl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vdl")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("vdl runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A copy of xiangqi.vdl with one edit, in a fresh temporary directory
/// (removed when the first value is dropped).
fn edited_xiangqi(name: &str, from: &str, to: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let source = include_str!("../variants/xiangqi.vdl");
    assert!(source.contains(from));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, source.replacen(from, to, 1)).unwrap();
    (dir, path)
}

#[test]
fn check_accepts_bundled_variants_with_a_summary_on_stderr() {
    let out = vdl(&["check", "variants/xiangqi.vdl", "tests/ui/pass/mini.vdl"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(stdout(&out), "");
    // Xiang Qi: 9 files by 10 ranks; General, Advisor, Elephant, Horse, Chariot, Cannon, Soldier.
    assert_eq!(stderr(&out), "variants/xiangqi.vdl: ok (7 piece types, 90 cells)\ntests/ui/pass/mini.vdl: ok (2 piece types, 25 cells)\n");
    let json = vdl(&["check", "--format", "json", "variants/xiangqi.vdl"]);
    assert_eq!((stdout(&json).as_str(), stderr(&json).as_str()), ("", ""));
}

#[test]
fn check_locates_the_first_byte_that_is_not_utf8_and_stops_reading_at_ten_megabytes() {
    let (_dir, path) = edited_xiangqi("latin1.vdl", "game \"Xiang Qi\"", "game \"Xiang Qi\"");
    let mut bytes = std::fs::read(&path).unwrap();
    let second_line = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    bytes.insert(second_line + 3, 0xE9);
    std::fs::write(&path, bytes).unwrap();
    let out = vdl(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).starts_with(&format!("{}:2:4: error: the file is not UTF-8 text", path.display())), "{}", stdout(&out));
    let out = vdl(&["check", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).starts_with("/dev/zero:1:10485761: error: the file is larger than 10 MB"), "{}", stdout(&out));
}

#[test]
fn check_reports_file_line_col_and_underlines() {
    let (_dir, path) =
        edited_xiangqi("typo.vdl", "confined to palace\n    draw \"帥\" \"將\"", "confined to palce\n    draw \"帥\" \"將\"");
    let out = vdl(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(lines.next().unwrap(), format!("{}:28:17: error: unknown zone `palce`", path.display()));
    assert!(text.contains("28 |     confined to palce\n   |                 ^^^^^"), "{text}");
    assert!(text.contains("did you mean `palace`?"), "{text}");
}

#[test]
fn perft_prints_the_count_last_on_both_engines() {
    for engine in ["compiled", "interp"] {
        let out = vdl(&["perft", "variants/xiangqi.vdl", "2", "--engine", engine]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out).lines().last(), Some("1920"), "{engine}");
    }
}

#[test]
fn perft_divide_lists_each_move_then_the_total() {
    let out = vdl(&["perft", "variants/xiangqi.vdl", "2", "--divide", "--moves", "h3-e3"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    // After the central cannon, Black has 44 replies minus none: every line is `move: count`.
    assert!(lines[..lines.len() - 1].iter().all(|l| l.contains(": ")));
    let sum: u64 = lines[..lines.len() - 1].iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(lines.last().unwrap().parse::<u64>().unwrap(), sum);
}

#[test]
fn edited_copy_runs_on_the_interpreter_and_says_so() {
    let (_dir, path) = edited_xiangqi("copy.vdl", "game \"Xiang Qi\"", "game \"Xiang Qi copy\"");
    let out = vdl(&["perft", path.to_str().unwrap(), "1"]);
    assert_eq!(stdout(&out).lines().last(), Some("44"));
    assert!(stderr(&out).contains("interpreter"), "{}", stderr(&out));
    let out = vdl(&["perft", path.to_str().unwrap(), "1", "--engine", "compiled"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn moves_are_sorted_bytewise() {
    let out = vdl(&["moves", "variants/xiangqi.vdl"]);
    let moves: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(moves.len(), 44);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"h3-e3".to_string()) && moves.contains(&"b1-c3".to_string()));
}

#[test]
fn an_illegal_move_is_named_and_exits_2() {
    for (mv, word) in [("e1-e3", "illegal"), ("e1e2", "illegal"), ("Kd9", "illegal"), ("e1x", "cannot parse"), ("z9-e2", "cannot parse")] {
        let out = vdl(&["moves", "variants/xiangqi.vdl", "--moves", &format!("h3-e3 {mv}")]);
        assert_eq!(out.status.code(), Some(2), "{mv}");
        assert!(stderr(&out).contains(word) && stderr(&out).contains(mv), "{}", stderr(&out));
    }
}

#[test]
fn a_bad_position_string_exits_2() {
    let out = vdl(&["moves", "variants/xiangqi.vdl", "--fen", "rnbakabnr/9 w"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("position string"), "{}", stderr(&out));
}

#[test]
fn compile_writes_rust_that_parses() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("xiangqi.rs");
    let out = vdl(&["compile", "variants/xiangqi.vdl", "-o", out_path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rust = std::fs::read_to_string(&out_path).unwrap();
    assert!(rust.contains("impl vdl_runtime::Engine for Rules") || rust.contains("Engine for Rules"), "{}", &rust[..500.min(rust.len())]);
}

#[test]
fn show_draws_the_board_and_its_position_string() {
    let out = vdl(&["show", "variants/xiangqi.vdl", "--moves", "h3-e3"]);
    let text = stdout(&out);
    assert!(text.contains("    a b c d e f g h i\n10  r n b a k a b n r\n"), "{text}");
    assert!(text.contains("\n 3  . C . . C . . . .\n"), "{text}");
    assert!(text.contains("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"), "{text}");
}

#[test]
fn show_draws_the_levels_of_a_3d_board_side_by_side_and_marks_a_ring() {
    let out = vdl(&["show", "variants/triaxial-qi.vdl"]);
    let text = stdout(&out);
    let header = text.lines().next().unwrap();
    assert!(header.contains("level v") && header.contains("level z"), "{text}");
    let out = vdl(&["show", "variants/turn-qi.vdl"]);
    let text = stdout(&out);
    assert!(text.starts_with("~~~ seam: above z comes i ~~~"), "{text}");
}

#[test]
fn fmt_prints_a_canonical_file_and_check_mode_reports_differences() {
    let out = vdl(&["fmt", "--check", "tests/ui/pass/mini.vdl"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let (_dir, path) = edited_xiangqi(
        "messy.vdl",
        "piece Chariot R {\n    slide orth\n    draw \"俥\" \"車\"\n}",
        "piece Chariot R{slide    orth  draw \"俥\"   \"車\"}",
    );
    let out = vdl(&["fmt", "--check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let out = vdl(&["fmt", path.to_str().unwrap()]);
    assert!(stdout(&out).contains("piece Chariot R {\n    slide orth\n    draw \"俥\" \"車\"\n}\n"), "{}", stdout(&out));
}

#[test]
fn check_json_gives_one_object_per_diagnostic() {
    let out = vdl(&["check", "--format", "json", "tests/ui/fail/E0101-several-errors-at-once.vdl"]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|d| d["code"] == "E0101" && d["line"].is_u64() && d["help"].is_string()));
}

#[test]
fn every_bundled_variant_is_in_canonical_layout() {
    let files: Vec<String> = std::fs::read_dir("variants")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "vdl"))
        .map(|path| path.display().to_string())
        .collect();
    assert!(files.len() >= 8, "{files:?}");
    let mut args = vec!["fmt", "--check"];
    args.extend(files.iter().map(String::as_str));
    let out = vdl(&args);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

/// `vdl compile FILE | head -1`: the reader goes away. Every command must
/// then end quietly (status 0, nothing on standard error), not panic on the
/// broken pipe. The pipe's reading end is closed before vdl starts, so that
/// every write fails.
#[test]
fn every_command_ends_quietly_on_a_closed_pipe() {
    let (_dir, path) = edited_xiangqi("closed-pipe.vdl", "step orth\n    confined to palace\n", "step orth\n    confined to palce\n");
    let broken = path.to_str().unwrap();
    let commands: &[(&[&str], &str)] = &[
        (&["compile", "variants/xiangqi.vdl"], ""),
        (&["moves", "variants/xiangqi.vdl"], ""),
        (&["moves", "variants/shogi.vdl", "--engine", "interp"], ""),
        (&["perft", "variants/xiangqi.vdl", "2", "--divide"], ""),
        (&["show", "variants/xiangqi.vdl"], ""),
        (&["fmt", "variants/xiangqi.vdl"], ""),
        (&["check", broken], ""),
        (&["check", "--format", "json", broken], ""),
        (&["protocol", "variants/xiangqi.vdl"], "{\"cmd\":\"info\"}\n{\"cmd\":\"moves\"}\n"),
        (&["play", "variants/xiangqi.vdl", "--computer", "none"], "h3-e3\n"),
        (&["uci"], "uci\nisready\nposition startpos\ngo depth 2\n"),
        (&["usi"], "usi\nisready\n"),
        (&["xboard"], "xboard\nprotover 2\nnew\ngo\n"),
        (&["--help"], ""),
    ];
    for (args, input) in commands {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut child = Command::new(env!("CARGO_BIN_EXE_vdl"))
            .args(*args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(std::process::Stdio::piped())
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let _ = std::io::Write::write_all(&mut stdin, input.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let errors = stderr(&out);
        assert!(!errors.contains("panicked") && !errors.contains("Broken pipe"), "vdl {args:?}: {errors}");
        assert_eq!(out.status.code(), Some(0), "vdl {args:?}: {errors}");
    }
}

/// `vdl moves --notation san|coord` (and `--san`, the same as `--notation
/// san`): chess's 20 first moves as chess writes them.
#[test]
fn moves_are_listed_in_the_chosen_notation() {
    let san = vdl(&["moves", "variants/chess.vdl", "--notation", "san"]);
    assert!(san.status.success(), "{}", stderr(&san));
    let listed: Vec<String> = stdout(&san).lines().map(str::to_string).collect();
    let mut expected: Vec<String> =
        "a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 Na3 Nc3 Nf3 Nh3".split(' ').map(str::to_string).collect();
    expected.sort();
    assert_eq!(listed, expected);
    assert_eq!(stdout(&vdl(&["moves", "variants/chess.vdl", "--san"])), stdout(&san));
    let coord = stdout(&vdl(&["moves", "variants/chess.vdl", "--notation", "coord"]));
    assert_eq!(coord, stdout(&vdl(&["moves", "variants/chess.vdl"])));
    assert!(coord.lines().any(|l| l == "g1-f3"), "{coord}");
    let both = vdl(&["moves", "variants/chess.vdl", "--san", "--notation", "coord"]);
    assert_eq!(both.status.code(), Some(2), "contradictory options are refused: {}", stderr(&both));
}

/// `--moves` reads SAN, coordinates without the dash and vdl's move text;
/// `vdl show` at a mate says who won and how. The Scholar's mate: White
/// mates on f7 at its fourth move.
#[test]
fn show_reads_every_move_form_and_says_the_result() {
    let mated = vdl(&["show", "variants/chess.vdl", "--moves", "e4 e7e5 f1-c4 Nc6 Qh5 g8f6 Qxf7#"]);
    assert!(mated.status.success(), "{}", stderr(&mated));
    let text = stdout(&mated);
    assert!(text.contains("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\n"), "{text}");
    assert!(text.ends_with("game over: White wins by checkmate\n"), "{text}");
    let going_on = stdout(&vdl(&["show", "variants/chess.vdl", "--moves", "e4"]));
    assert!(!going_on.contains("game over"), "{going_on}");
}
