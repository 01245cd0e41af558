//! `vdl xboard` under Debian's XBoard: XBoard (on a virtual X display,
//! `xvfb-run`) runs two `vdl xboard` engines against each other for a few
//! moves of chess (XBoard's `normal`), Xiang Qi, Capablanca, Grand Chess,
//! three-check chess, Chess960 (`fischerandom`, which XBoard deals and sends
//! by `setboard`), crazyhouse and Shatranj (XBoard's own variants), and
//! Minishogi, a small fairy game, King of the Hill, antichess, Cambodian
//! chess and Janggi (engine-defined variants: `setup` and Betza `piece`
//! commands, with a Pawn's double step, captures in passing and castling,
//! first-move leaps, hops over a screen; antichess on XBoard's `giveaway`
//! rules), with
//! XBoard's legality test on. Its debug log must show every move sent by one
//! engine and passed on to the other, and no illegal move or error; its saved
//! game must end by XBoard's move-count adjudication and, for the
//! engine-defined games, record the piece definitions XBoard accepted. For
//! Minishogi, XBoard's saved game must draw the start position with each
//! piece where vdl has it (so XBoard read the piece table right: a Rook as a
//! Rook, not as a Pawn) and name the moving piece of every move as vdl's SAN
//! does.
//!
//! It needs the Debian packages `xboard` and `xvfb`, so it runs only when
//! VDL_XBOARD_TESTS=1 (`.ci/run` installs them and sets it).

mod skip;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use vdl_frontends::engine_protocol::grid::Grid;
use vdl_frontends::engine_protocol::moves::MoveFormat;
use vdl_frontends::engine_protocol::squares::Squares;
use vdl_runtime::{fen, legal, san};

const XBOARD: &str = "/usr/games/xboard";
/// XBoard stops each game as a draw after this many moves of each side.
const MOVES: usize = 4;

/// Plays one game; returns XBoard's debug log and saved game.
fn play(variant: &str, files: &[&str], out: &Path) -> (String, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut engine = format!("{} xboard", env!("CARGO_BIN_EXE_vdl"));
    for file in files {
        engine.push(' ');
        engine.push_str(&root.join(file).display().to_string());
    }
    let (debug, pgn) = (out.join(format!("{variant}.debug")), out.join(format!("{variant}.pgn")));
    let _ = std::fs::remove_file(&debug);
    let _ = std::fs::remove_file(&pgn);
    let dir = out.display().to_string();
    let mut child = Command::new("xvfb-run")
        .args(["-a", XBOARD, "-xexit", "-popupExitMessage", "false", "-xponder", "-timeDelay", "0"])
        .args(["-fcp", &engine, "-fd", &dir, "-scp", &engine, "-sd", &dir])
        .args(["-variant", variant, "-mode", "TwoMachines", "-matchGames", "1", "-depth", "3"])
        .args(["-adjudicateDrawMoves", &MOVES.to_string()])
        .args(["-debugMode", "true", "-debugfile", &debug.display().to_string(), "-saveGameFile", &pgn.display().to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("xvfb-run starts (install the Debian packages xboard and xvfb)");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("XBoard did not finish the {variant} game within two minutes (log: {})", debug.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let read = |path: &PathBuf| std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (read(&debug), read(&pgn))
}

/// The moves an engine sent (`<first : move h0g2`).
fn moves_of(log: &str, engine: &str) -> Vec<String> {
    let prefix = format!("<{engine:<6}: move ");
    log.lines().filter_map(|line| line.split_once(&prefix).map(|(_, mv)| mv.trim().to_string())).collect()
}

/// The moves of a saved game's movetext (SAN as XBoard writes it), without
/// move numbers, comments and the result.
fn pgn_moves(pgn: &str) -> Vec<String> {
    let mut text = String::new();
    let mut depth = 0;
    for c in pgn.lines().filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join(" ").chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => text.push(c),
            _ => {}
        }
    }
    let is_number = |w: &str| w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit());
    text.split_whitespace().filter(|w| !is_number(w) && !["1/2-1/2", "1-0", "0-1", "*"].contains(w)).map(str::to_string).collect()
}

/// The piece a SAN move names: `+R`, `B`, or `P` for none (`c2`, `P@b3`).
fn moving_piece(san: &str) -> String {
    let promoted = san.starts_with('+');
    let letter = san.trim_start_matches('+').chars().next().filter(char::is_ascii_uppercase).unwrap_or('P');
    format!("{}{letter}", if promoted { "+" } else { "" })
}

/// XBoard drew Minishogi's start as vdl has it, and named each moving piece
/// as vdl does: it read the piece table right.
fn check_minishogi_pieces(log: &str, pgn: &str) {
    // XBoard's diagram of the start, ranks 5 to 1 (White's pieces lower case).
    assert!(pgn.contains("r b s g k\n. . . . p\n. . . . .\nP . . . .\nK G S B R\n"), "XBoard's start position:\n{pgn}");
    let engine = (vdl_variants::by_name("minishogi").unwrap().engine)();
    let game = engine.game();
    let format = MoveFormat::new(Squares::xboard(game, &Grid::of(game).unwrap()), '@');
    let (first, second) = (moves_of(log, "first"), moves_of(log, "second"));
    let sent = first.iter().zip(&second).flat_map(|(a, b)| [a, b]);
    let written = pgn_moves(pgn);
    assert!(written.len() >= 2 * MOVES, "moves in the saved game: {written:?}");
    let mut pos = fen::parse(game, &game.setup).unwrap();
    for (text, xboard_san) in sent.zip(&written) {
        let legal = legal::legal_moves(&*engine, &pos);
        let mv = format.read(game, &pos, &legal, text).unwrap_or_else(|| panic!("{text} is not legal in {}", fen::format(game, &pos)));
        let ours = san::san(&*engine, &pos, mv);
        assert_eq!(moving_piece(xboard_san), moving_piece(&ours), "XBoard wrote {text} as {xboard_san}, vdl as {ours}");
        legal::play(&*engine, &mut pos, mv);
    }
}

fn check_game(variant: &str, files: &[&str], out: &Path, engine_defined: bool) {
    let (log, pgn) = play(variant, files, out);
    if variant == "minishogi" {
        check_minishogi_pieces(&log, &pgn);
    }
    for bad in ["Illegal move", "Error ("] {
        assert!(!log.lines().any(|l| l.contains(": ") && l.contains(bad)), "{variant}: `{bad}` in the log {}", out.display());
    }
    // Chess is XBoard's `normal` game, which it selects with `new` alone.
    let chess = variant == "normal";
    assert!(chess || log.contains(&format!(">first : variant {variant}")), "{variant}: XBoard selected the variant");
    let (first, second) = (moves_of(&log, "first"), moves_of(&log, "second"));
    assert!(first.len() >= MOVES && second.len() >= MOVES, "{variant}: moves {first:?} / {second:?}");
    // Every move reached the other engine.
    for mv in &first {
        assert!(log.contains(&format!(">second: {mv}\n")), "{variant}: {mv} was not passed on");
    }
    for mv in &second {
        assert!(log.contains(&format!(">first : {mv}\n")), "{variant}: {mv} was not passed on");
    }
    assert!(chess || pgn.contains(&format!("[Variant \"{variant}\"]")), "{pgn}");
    assert!(pgn.contains("Xboard adjudication: long game"), "{variant}: the game ended otherwise:\n{pgn}");
    assert_eq!(pgn.contains("[VariantMen"), engine_defined, "{variant}: XBoard's record of the piece definitions:\n{pgn}");
}

#[test]
fn xboard_plays_its_own_variants_and_engine_defined_ones_with_vdl() {
    if !skip::enabled(
        "VDL_XBOARD_TESTS",
        "xboard_plays_its_own_variants_and_engine_defined_ones_with_vdl",
        "drive vdl xboard with Debian's xboard under xvfb-run",
    ) {
        return;
    }
    assert!(Path::new(XBOARD).exists(), "VDL_XBOARD_TESTS=1 needs Debian's xboard and xvfb packages");
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/xboard");
    std::fs::create_dir_all(&out).unwrap();
    check_game("normal", &[], &out, false);
    check_game("xiangqi", &[], &out, false);
    check_game("capablanca", &[], &out, false);
    check_game("grand", &[], &out, false);
    check_game("3check", &[], &out, false);
    check_game("fischerandom", &[], &out, false);
    check_game("crazyhouse", &[], &out, false);
    check_game("shatranj", &[], &out, false);
    check_game("minishogi", &[], &out, true);
    check_game("court", &["tests/data/xboard/court.vdl"], &out, true);
    check_game("king-of-the-hill", &[], &out, true);
    check_game("antichess", &[], &out, true);
    check_game("cambodian", &[], &out, true);
    check_game("janggi", &[], &out, true);
}
