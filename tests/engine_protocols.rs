//! `vdl uci`, `vdl usi` and `vdl xboard` driven as a GUI drives an engine:
//! the handshake, positions and moves, searches with every kind of limit,
//! `stop`, `isready`/`ping` during a search, `quit` during a search, and bad
//! input that gets an error while the session goes on. Expected moves are
//! computed here from the runtime's legal moves and each protocol's square
//! rules (docs/engines.md), not from the protocol code.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use vdl_runtime::{fen, notation, Engine, Position};

/// A running engine protocol, read line by line on a thread.
struct Client {
    child: Child,
    /// `None` once the input is closed.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

const PATIENCE: Duration = Duration::from_secs(20);

impl Client {
    fn start(args: &[&str]) -> Client {
        let (child, stdin, stdout) = common::spawn_piped(std::path::Path::new(env!("CARGO_BIN_EXE_vdl")), args);
        let stdout = BufReader::new(stdout);
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Client { child, stdin: Some(stdin), lines }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("the input is open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Closes the engine's input, as a script's pipe ends.
    fn end_input(&mut self) {
        self.stdin = None;
    }

    /// Has the engine ended within `within`?
    fn ends_within(&mut self, within: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < within {
            if self.child.try_wait().unwrap().is_some() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    /// Lines up to and including the first that satisfies `done`.
    fn until(&mut self, within: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let last = done(&line);
                    seen.push(line);
                    if last {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no expected line within {within:?}; got {seen:#?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the engine closed its output; got {seen:#?}"),
            }
        }
    }

    fn line_starting(&mut self, prefix: &str) -> String {
        let prefix = prefix.to_string();
        self.until(PATIENCE, |l| l.starts_with(&prefix)).pop().unwrap()
    }

    /// Nothing arrives for `quiet`.
    fn silent_for(&mut self, quiet: Duration) -> Option<String> {
        self.lines.recv_timeout(quiet).ok()
    }

    /// Ends within `within` after `quit`.
    fn quits_within(mut self, within: Duration) {
        self.send("quit");
        if !self.ends_within(within) {
            panic!("the engine did not end within {within:?} of quit");
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn engine(name: &str) -> Box<dyn Engine> {
    (vdl_variants::by_name(name).unwrap().engine)()
}

fn position(engine: &dyn Engine, start: Option<&str>, moves: &str) -> Position {
    let game = engine.game();
    let pos = fen::parse(game, start.unwrap_or(&game.setup)).unwrap();
    notation::play_moves(engine, &pos, moves).unwrap()
}

/// The legal moves in UCI's spelling: vdl's `FROM-TO` without the dash, drops
/// with `@`, a promotion to the `+` form as `+`.
fn uci_moves(engine: &dyn Engine, pos: &Position) -> Vec<String> {
    notation::legal_move_texts(engine, pos)
        .into_iter()
        .map(|text| {
            let text = text.replace('*', "@").replace('-', "");
            match text.split_once("=+") {
                Some((body, _)) => format!("{body}+"),
                None => text,
            }
        })
        .collect()
}

/// A vdl cell name on a 9x9 (or 5x5) Shogi board as USI writes it.
fn usi_square(name: &str, size: u8) -> String {
    let file = name.as_bytes()[0] - b'a';
    let rank: u8 = name[1..].parse().unwrap();
    format!("{}{}", size - file, (b'a' + size - rank) as char)
}

fn usi_moves(engine: &dyn Engine, pos: &Position, size: u8) -> Vec<String> {
    notation::legal_move_texts(engine, pos)
        .into_iter()
        .map(|text| {
            let (body, promotion) = text.split_once("=").map_or((text.as_str(), ""), |(b, _)| (b, "+"));
            match body.split_once('*') {
                Some((piece, to)) => format!("{piece}*{}", usi_square(to, size)),
                None => {
                    let (from, to) = body.split_once('-').unwrap();
                    format!("{}{}{promotion}", usi_square(from, size), usi_square(to, size))
                }
            }
        })
        .collect()
}

/// A vdl Xiang Qi cell as XBoard writes it: ranks from 0.
fn xboard_xiangqi_square(name: &str) -> String {
    let rank: u8 = name[1..].parse().unwrap();
    format!("{}{}", &name[..1], rank - 1)
}

fn xboard_xiangqi_moves(engine: &dyn Engine, pos: &Position) -> Vec<String> {
    notation::legal_move_texts(engine, pos)
        .into_iter()
        .map(|text| {
            let (from, to) = text.split_once('-').unwrap();
            format!("{}{}", xboard_xiangqi_square(from), xboard_xiangqi_square(to))
        })
        .collect()
}

fn bestmove(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or_else(|| panic!("`{line}` names no move"))
}

#[test]
fn uci_handshake_offers_every_bundled_variant() {
    let mut uci = Client::start(&["uci"]);
    uci.send("uci");
    let lines = uci.until(PATIENCE, |l| l == "uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name vdl")), "{lines:?}");
    let option = lines.iter().find(|l| l.starts_with("option name UCI_Variant type combo")).expect("the variant option");
    assert!(option.contains("default xiangqi"), "{option}");
    for bundled in vdl_variants::all() {
        assert!(option.contains(&format!(" var {}", bundled.name)), "{option}");
    }
    uci.send("isready");
    uci.line_starting("readyok");
    uci.quits_within(Duration::from_secs(2));
}

#[test]
fn uci_searches_a_position_and_names_a_legal_move() {
    let xiangqi = engine("xiangqi");
    let mut uci = Client::start(&["uci"]);
    uci.send("uci");
    uci.line_starting("uciok");
    uci.send("position startpos moves h3e3 h10g8");
    uci.send("go depth 3");
    let lines = uci.until(PATIENCE, |l| l.starts_with("bestmove"));
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 3, "one info line per iteration: {lines:?}");
    for (depth, info) in infos.iter().enumerate() {
        assert!(info.starts_with(&format!("info depth {} seldepth ", depth + 1)), "{info}");
        for field in [" multipv 1 score cp ", " nodes ", " nps ", " hashfull ", " time ", " pv "] {
            assert!(info.contains(field), "{field} missing: {info}");
        }
    }
    let expected = uci_moves(&*xiangqi, &position(&*xiangqi, None, "h3-e3 h10-g8"));
    let best = bestmove(lines.last().unwrap()).to_string();
    assert!(expected.contains(&best), "{best} is not legal: {expected:?}");
    // The principal variation starts with the best move.
    assert!(infos.last().unwrap().contains(&format!(" pv {best}")), "{lines:?}");
    uci.quits_within(Duration::from_secs(2));
}

#[test]
fn uci_reports_a_mate_and_every_limit_ends_the_search() {
    let mut uci = Client::start(&["uci"]);
    // White mates at once: the Rook on i1 goes to i10.
    uci.send("position fen 4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1");
    uci.send("go depth 3");
    let lines = uci.until(PATIENCE, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove i1i10");
    assert!(lines.iter().any(|l| l.contains("score mate 1 ")), "{lines:?}");
    // Black to move is mated: no move.
    uci.send("position fen 4k3R/R8/9/9/9/9/9/9/9/3K5 b");
    uci.send("go depth 2");
    assert_eq!(uci.line_starting("bestmove"), "bestmove (none)");
    uci.send("position startpos");
    for go in ["go nodes 1", "go movetime 150", "go wtime 3000 btime 3000 winc 0 binc 0 movestogo 20"] {
        let start = Instant::now();
        uci.send(go);
        uci.line_starting("bestmove");
        assert!(start.elapsed() < Duration::from_secs(3), "{go} took {:?}", start.elapsed());
    }
    uci.quits_within(Duration::from_secs(2));
}

#[test]
fn uci_infinite_search_answers_isready_and_stops_at_once() {
    let xiangqi = engine("xiangqi");
    let mut uci = Client::start(&["uci"]);
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    uci.send("isready");
    let lines = uci.until(Duration::from_secs(2), |l| l == "readyok");
    assert!(lines.iter().all(|l| !l.starts_with("bestmove")), "no move before stop: {lines:?}");
    assert!(uci.silent_for(Duration::from_millis(200)).is_none_or(|l| l.starts_with("info")));
    let start = Instant::now();
    uci.send("stop");
    let best = uci.line_starting("bestmove");
    assert!(start.elapsed() < Duration::from_secs(1), "stop took {:?}", start.elapsed());
    assert!(uci_moves(&*xiangqi, &position(&*xiangqi, None, "")).contains(&bestmove(&best).to_string()), "{best}");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    uci.quits_within(Duration::from_secs(1));
}

#[test]
fn uci_multipv_reports_distinct_lines_best_first() {
    let xiangqi = engine("xiangqi");
    let mut uci = Client::start(&["uci"]);
    uci.send("setoption name MultiPV value 3");
    uci.send("go depth 3");
    let lines = uci.until(PATIENCE, |l| l.starts_with("bestmove"));
    let last: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 3 ")).collect();
    assert_eq!(last.len(), 3, "three lines at depth 3: {lines:?}");
    let field = |line: &str, name: &str| -> String {
        let words: Vec<&str> = line.split_whitespace().collect();
        words[words.iter().position(|&w| w == name).unwrap_or_else(|| panic!("no {name}: {line}")) + 1].to_string()
    };
    let legal = uci_moves(&*xiangqi, &position(&*xiangqi, None, ""));
    let firsts: Vec<String> = last.iter().map(|l| field(l, "pv")).collect();
    assert!(firsts.iter().all(|m| legal.contains(m)), "{firsts:?}");
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
    let numbers: Vec<String> = last.iter().map(|l| field(l, "multipv")).collect();
    assert_eq!(numbers, ["1", "2", "3"]);
    let scores: Vec<i64> = last.iter().map(|l| field(l, "cp").parse().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    assert_eq!(bestmove(lines.last().unwrap()), firsts[0]);
    uci.quits_within(Duration::from_secs(2));
}

#[test]
fn uci_bad_input_gets_an_error_and_the_session_goes_on() {
    let xiangqi = engine("xiangqi");
    let mut uci = Client::start(&["uci"]);
    uci.send("position startpos moves h3e3");
    uci.send("position startpos moves h3e3 zz");
    assert!(uci.line_starting("info string error").contains("`zz`"));
    uci.send("position fen not-a-position w");
    assert!(uci.line_starting("info string error").contains("bad position"));
    // A position that reads but cannot arise: the Generals face each other
    // after Black's move (tests/position_validation.rs).
    uci.send("position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(uci.line_starting("info string error").contains("Black's General on e10 is in check"));
    uci.send("setoption name UCI_Variant value nonesuch");
    assert!(uci.line_starting("info string error").contains("unknown variant"));
    uci.send("setoption name Ponder value true");
    assert!(uci.line_starting("info string error").contains("no such option"));
    uci.send("setoption name MultiPV value 0");
    assert!(uci.line_starting("info string error").contains("MultiPV `0`: must be at least 1; it stays 1"));
    uci.send("setoption name Hash value lots");
    assert!(uci.line_starting("info string error").contains("Hash `lots`: not a whole number"));
    // Absurd clocks neither crash the engine nor stop it from moving.
    uci.send("go wtime 18446744073709551615 btime 18446744073709551615 winc 18446744073709551615 depth 1");
    uci.line_starting("bestmove");
    uci.send("go depth two");
    assert!(uci.line_starting("info string error").contains("depth two"));
    uci.send("frobnicate");
    assert!(uci.line_starting("info string error").contains("unknown command"));
    uci.send_bytes(b"go \xff\xfe\n");
    assert!(uci.line_starting("info string error").contains("not supported"));
    // The last good position stands: after h3e3, Black moves.
    uci.send("go depth 1");
    let best = uci.line_starting("bestmove");
    assert!(uci_moves(&*xiangqi, &position(&*xiangqi, None, "h3-e3")).contains(&bestmove(&best).to_string()), "{best}");
    uci.send("isready");
    uci.line_starting("readyok");
    uci.quits_within(Duration::from_secs(2));
}

#[test]
fn uci_plays_shogi_with_drops_and_promotions() {
    let shogi = engine("shogi");
    let mut uci = Client::start(&["uci"]);
    uci.send("setoption name UCI_Variant value shogi");
    assert!(uci.line_starting("info string variant shogi").contains("startpos lnsgkgsnl"));
    // Bishops traded: each side holds one, and moves with drops are legal.
    let moves = "c3c4 g7g6 b2h8+ g9h8";
    uci.send(&format!("position startpos moves {moves}"));
    uci.send("go depth 2");
    let best = uci.line_starting("bestmove");
    let pos = position(&*shogi, None, "c3-c4 g7-g6 b2-h8=+B g9-h8");
    let expected = uci_moves(&*shogi, &pos);
    assert!(expected.iter().any(|m| m.starts_with("B@")), "{expected:?}");
    assert!(expected.contains(&bestmove(&best).to_string()), "{best}: {expected:?}");
    uci.send("position startpos moves c3c4 g7g6 b2h8+ g9h8 B@e5");
    uci.send("isready");
    let lines = uci.until(PATIENCE, |l| l == "readyok");
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:?}");
    uci.quits_within(Duration::from_secs(2));
}

#[test]
fn usi_speaks_shogi_squares_sfen_and_byoyomi() {
    let shogi = engine("shogi");
    let mut usi = Client::start(&["usi"]);
    usi.send("usi");
    let lines = usi.until(PATIENCE, |l| l == "usiok");
    assert!(lines.iter().any(|l| l.starts_with("option name USI_Variant type combo default shogi")), "{lines:?}");
    usi.send("usinewgame");
    usi.send("position startpos moves 7g7f 3c3d");
    usi.send("go btime 0 wtime 0 byoyomi 300");
    let best = usi.line_starting("bestmove");
    let expected = usi_moves(&*shogi, &position(&*shogi, None, "c3-c4 g7-g6"), 9);
    assert!(expected.contains(&bestmove(&best).to_string()), "{best}: {expected:?}");
    // An SFEN with pieces in hand: gote (w) to move holds a Pawn and a Bishop.
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w Pb 1";
    usi.send(&format!("position sfen {sfen}"));
    usi.send("go depth 2");
    let best = usi.line_starting("bestmove");
    let pos = position(&*shogi, Some("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[Pb] b"), "");
    let expected = usi_moves(&*shogi, &pos, 9);
    assert!(expected.iter().any(|m| m.starts_with("B*")), "{expected:?}");
    assert!(expected.contains(&bestmove(&best).to_string()), "{best}: {expected:?}");
    usi.send("position sfen lnsgkgsnl b");
    assert!(usi.line_starting("info string error").contains("bad position"));
    usi.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    usi.send("isready");
    usi.line_starting("readyok");
    usi.send("stop");
    usi.line_starting("bestmove");
    usi.quits_within(Duration::from_secs(2));
}

#[test]
fn usi_plays_minishogi() {
    let minishogi = engine("minishogi");
    let mut usi = Client::start(&["usi"]);
    usi.send("setoption name USI_Variant value minishogi");
    usi.send("position startpos");
    usi.send("go depth 2");
    let best = usi.line_starting("bestmove");
    let expected = usi_moves(&*minishogi, &position(&*minishogi, None, ""), 5);
    assert!(expected.contains(&bestmove(&best).to_string()), "{best}: {expected:?}");
    usi.quits_within(Duration::from_secs(2));
}

#[test]
fn xboard_announces_the_games_it_can_draw_and_plays_xiangqi() {
    let xiangqi = engine("xiangqi");
    let mut xb = Client::start(&["xboard"]);
    xb.send("xboard");
    xb.send("protover 2");
    let features = xb.line_starting("feature");
    assert!(
        features.contains("variants=\"antichess,atomic,cambodian,capablanca,normal,fischerandom,crazyhouse,grand,janggi,king-of-the-hill,minishogi,seirawan,shatranj,shogi,3check,xiangqi\""),
        "{features}"
    );
    assert!(features.contains("usermove=1") && features.contains("setboard=1") && features.ends_with("done=1"), "{features}");
    xb.send("new");
    xb.send("variant xiangqi");
    // Picking up the Cannon on h3 (XBoard's h2): quiet targets along the
    // rank and file, and the capture of the Horse on h10 over the Cannon on h8.
    xb.send("lift h2");
    assert_eq!(xb.line_starting("highlight"), "highlight 7R1/9/9/7Y1/7Y1/7Y1/7Y1/2YYYYY1Y/7Y1/9");
    xb.send("lift h5");
    assert_eq!(xb.line_starting("highlight"), "highlight 9/9/9/9/9/9/9/9/9/9");
    xb.send("sd 2");
    xb.send("post");
    xb.send("usermove h2e2");
    let lines = xb.until(PATIENCE, |l| l.starts_with("move "));
    assert!(lines.iter().any(|l| l.starts_with("2 ")), "thinking output: {lines:?}");
    let reply = bestmove(lines.last().unwrap()).to_string();
    let mut history = vec!["h3-e3".to_string()];
    let pos = position(&*xiangqi, None, &history.join(" "));
    let expected = xboard_xiangqi_moves(&*xiangqi, &pos);
    assert!(expected.contains(&reply), "{reply}: {expected:?}");
    let vdl_reply = notation::legal_move_texts(&*xiangqi, &pos).into_iter().find(|text| {
        let (from, to) = text.split_once('-').unwrap();
        format!("{}{}", xboard_xiangqi_square(from), xboard_xiangqi_square(to)) == reply
    });
    history.push(vdl_reply.unwrap());
    // The engine's move is on its board: White's next move must be legal after it.
    let pos = position(&*xiangqi, None, &history.join(" "));
    let next = xboard_xiangqi_moves(&*xiangqi, &pos)[0].clone();
    xb.send("usermove h2h2");
    assert_eq!(xb.line_starting("Illegal move"), "Illegal move: h2h2");
    xb.send("force");
    xb.send(&format!("usermove {next}"));
    xb.send("ping 7");
    let lines = xb.until(PATIENCE, |l| l.starts_with("pong"));
    assert_eq!(lines, vec!["pong 7".to_string()], "force mode: no move, no error");
    xb.quits_within(Duration::from_secs(2));
}

#[test]
fn xboard_ends_the_game_with_a_result_line() {
    let mut xb = Client::start(&["xboard"]);
    xb.send("protover 2");
    xb.line_starting("feature");
    xb.send("new");
    xb.send("variant xiangqi");
    xb.send("force");
    xb.send("setboard 4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1");
    xb.send("sd 3");
    xb.send("go");
    assert_eq!(xb.line_starting("move"), "move i0i9");
    assert!(xb.line_starting("1-0").contains("Red wins by checkmate"), "Xiang Qi's first player is Red");
    xb.send("setboard nonsense w");
    assert!(xb.line_starting("tellusererror").contains("Illegal position"));
    // Taking the mate back: the game goes on, and White's Rook is back on i1.
    xb.send("undo");
    xb.send("usermove i0i8");
    xb.send("ping 1");
    assert_eq!(xb.until(PATIENCE, |l| l.starts_with("pong")), vec!["pong 1".to_string()]);
    // One move since the position was set: `remove` cannot take back two.
    xb.send("remove");
    assert_eq!(xb.line_starting("Error"), "Error (command not legal now): remove");
    xb.send("level 40 1e400 0");
    assert_eq!(xb.line_starting("Error"), "Error (bad number): level 40 1e400 0");
    xb.send("st 1e300");
    xb.send("time 99999999999999999999");
    xb.send("variant chess");
    assert_eq!(xb.line_starting("Error"), "Error (unknown variant): chess");
    xb.send("frobnicate");
    assert_eq!(xb.line_starting("Error"), "Error (unknown command): frobnicate");
    xb.quits_within(Duration::from_secs(2));
}

#[test]
fn xboard_moves_now_on_question_mark_and_quits_during_a_search() {
    let mut xb = Client::start(&["xboard"]);
    xb.send("protover 2");
    xb.line_starting("feature");
    xb.send("new");
    xb.send("variant xiangqi");
    xb.send("st 60");
    xb.send("go");
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    xb.send("?");
    xb.line_starting("move");
    assert!(start.elapsed() < Duration::from_secs(1), "? took {:?}", start.elapsed());
    xb.send("ping 3");
    xb.line_starting("pong 3");
    xb.send("usermove a0a1");
    std::thread::sleep(Duration::from_millis(200));
    xb.quits_within(Duration::from_secs(1));
}

#[test]
fn xboard_defines_minishogi_with_setup_and_piece_commands() {
    let minishogi = engine("minishogi");
    let mut xb = Client::start(&["xboard"]);
    xb.send("protover 2");
    xb.line_starting("feature");
    xb.send("new");
    xb.send("variant minishogi");
    let setup = xb.line_starting("setup");
    assert!(setup.contains(" 5x5+5_shogi rbsgk/4p/5/P4/KGSBR[-] w"), "{setup}");
    let pieces = xb.until(PATIENCE, |l| l.starts_with("piece +P"));
    // The Rook slides, the Pawn steps forward, the Gold moves as in Shogi.
    for piece in ["piece R& R", "piece P& fW", "piece G& flfrFW"] {
        assert!(pieces.iter().any(|l| l == piece), "{piece}: {pieces:?}");
    }
    xb.send("sd 2");
    xb.send("go");
    let reply = bestmove(&xb.line_starting("move")).to_string();
    // A 5x5 board: XBoard's squares are the cell names.
    let expected = uci_moves(&*minishogi, &position(&*minishogi, None, ""));
    assert!(expected.contains(&reply), "{reply}: {expected:?}");
    xb.quits_within(Duration::from_secs(2));
}

#[test]
fn xboard_with_only_games_it_cannot_draw_says_why() {
    let output = Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(["xboard", "variants/triaxial-qi.vdl"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("triaxial-qi is not announced to XBoard: the board has 3 axes"), "{stderr}");
}

/// From issue 45: a busy Shogi middlegame with pieces in hand, where depth 1
/// used to take 3 s whatever the limits said (and `stop` waited for it).
const BUSY_SHOGI: &str = "2+N1+RG1kp/l+P4p1s/P2n3pP/1pp1gPBbn/LrPpp4/4P2Ps/SP1g5/6Pl1/1KS3+n+l1[GPP] w";

/// Generous, for a loaded machine, but far under the 3 s these took.
const PROMPT: Duration = Duration::from_millis(500);

#[test]
fn usi_time_and_node_limits_and_stop_hold_in_a_busy_middlegame() {
    let shogi = engine("shogi");
    let expected = usi_moves(&*shogi, &position(&*shogi, Some(BUSY_SHOGI), ""), 9);
    let mut usi = Client::start(&["usi"]);
    usi.send(&format!("position fen {BUSY_SHOGI}"));
    // The piece values are measured before `readyok`, not on the search's time.
    usi.send("isready");
    usi.until(PATIENCE, |l| l == "readyok");
    for go in ["go movetime 10", "go movetime 0", "go nodes 1", "go depth 1", "go btime 0 wtime 0 byoyomi 10"] {
        let start = Instant::now();
        usi.send(go);
        let best = usi.line_starting("bestmove");
        assert!(start.elapsed() < PROMPT, "`{go}` took {:?}", start.elapsed());
        assert!(expected.contains(&bestmove(&best).to_string()), "`{go}`: {best}: {expected:?}");
    }
    for wait in [0, 100] {
        usi.send(if wait == 0 { "go movetime 10000" } else { "go infinite" });
        std::thread::sleep(Duration::from_millis(wait));
        let start = Instant::now();
        usi.send("stop");
        let best = usi.line_starting("bestmove");
        assert!(start.elapsed() < PROMPT, "stop after {wait} ms took {:?}", start.elapsed());
        assert!(expected.contains(&bestmove(&best).to_string()), "{best}");
    }
    usi.quits_within(Duration::from_secs(2));
}

/// As Stockfish: `printf 'position startpos\ngo depth 8\n' | vdl uci` prints
/// a move; the end of the input, like `quit`, stops the search, which gives
/// its move, and the engine ends.
#[test]
fn uci_end_of_input_or_quit_during_a_search_gives_its_bestmove() {
    let xiangqi = engine("xiangqi");
    let expected = uci_moves(&*xiangqi, &position(&*xiangqi, None, ""));
    for ending in ["end of input", "quit"] {
        let mut uci = Client::start(&["uci"]);
        uci.send("position startpos");
        uci.send("go depth 8");
        if ending == "quit" {
            uci.send("quit");
        } else {
            uci.end_input();
        }
        let best = uci.line_starting("bestmove");
        assert!(expected.contains(&bestmove(&best).to_string()), "{ending}: {best}");
        assert!(uci.ends_within(Duration::from_secs(2)), "{ending}: the engine goes on");
    }
}

#[test]
fn uci_chess960_plays_chess960_and_writes_castling_as_the_king_taking_its_rook() {
    let mut uci = Client::start(&["uci"]);
    uci.send("uci");
    let lines = uci.until(PATIENCE, |l| l == "uciok");
    assert!(lines.iter().any(|l| l == "option name UCI_Chess960 type check default false"), "{lines:?}");
    uci.send("setoption name UCI_Variant value chess");
    uci.line_starting("info string variant chess ");
    uci.send("setoption name UCI_Chess960 value true");
    uci.line_starting("info string variant chess960 ");
    // The King on g1 castles with h1 without moving (`g1h1`); Black's King
    // on g8 castles with b8 to c8 (`g8b8` would cross f8, which the Rook
    // now on f1 attacks, so only `g8h8` is legal).
    uci.send("position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1 moves g1h1 g8h8");
    uci.send("d");
    let shown = uci.until(PATIENCE, |l| l.starts_with("info string fen "));
    assert_eq!(shown.last().unwrap(), "info string fen 1r3rk1/8/8/8/8/8/8/1R3RK1 w - - 2 2", "{shown:?}");
    uci.send("position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1 moves g1h1 g8b8");
    let refused = uci.line_starting("info string error: illegal move `g8b8`");
    assert!(refused.contains("the position is unchanged"), "{refused}");
    // Moves are read as the engine writes them: the King's destination
    // (`g1g1`) is no castling move here.
    uci.send("position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1 moves g1g1");
    uci.line_starting("info string error: illegal move `g1g1`");
    uci.quits_within(Duration::from_secs(2));
}
