//! `vdl protocol`: drives games of every bundled variant through the JSON line
//! protocol (docs/protocol.md) and checks every answer against the runtime.

mod skip;

mod common;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use vdl_runtime::PlayerId;
use vdl_runtime::{fen, legal, notation, Engine, Position};

/// A running `vdl protocol` (or a built program's `protocol`).
struct Protocol {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Protocol {
    fn start(program: &Path, args: &[&str]) -> Protocol {
        let (child, stdin, stdout) = common::spawn_piped(program, args);
        Protocol { child, stdin, stdout: BufReader::new(stdout) }
    }

    fn vdl(file: &str) -> Protocol {
        Protocol::start(Path::new(env!("CARGO_BIN_EXE_vdl")), &["protocol", file])
    }

    /// Sends one line, reads one line back.
    fn send(&mut self, line: &str) -> Value {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).expect("an answer line");
        assert!(answer.ends_with('\n'), "one answer per line, got {answer:?} for {line}");
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("the answer to {line} is not JSON ({e}): {answer}"))
    }

    fn ok(&mut self, request: Value) -> Value {
        let answer = self.send(&request.to_string());
        assert_eq!(answer["ok"], json!(true), "{request} failed: {answer}");
        answer
    }

    fn err(&mut self, line: &str) -> String {
        let answer = self.send(line);
        assert_eq!(answer["ok"], json!(false), "{line} should fail: {answer}");
        let error = answer["error"].as_str().expect("an error message").to_string();
        assert!(!error.is_empty());
        error
    }

    fn position(&mut self) -> Value {
        self.ok(json!({"cmd": "position"}))
    }

    fn quit(mut self) {
        let answer = self.send(r#"{"cmd":"quit"}"#);
        assert_eq!(answer["ok"], json!(true));
        let status = self.child.wait().unwrap();
        assert!(status.success(), "quit exits with 0: {status}");
    }
}

/// The legal moves of `pos` as the runtime writes them, sorted.
fn legal_texts(engine: &dyn Engine, pos: &Position) -> Vec<String> {
    let mut texts: Vec<String> = legal::legal_moves(engine, pos).into_iter().map(|mv| notation::move_text(engine.game(), mv)).collect();
    texts.sort();
    texts
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().expect("an array").iter().map(|v| v.as_str().expect("a string").to_string()).collect()
}

fn variant_path(file_name: &str) -> String {
    format!("variants/{file_name}")
}

/// Bad requests of every kind: each is refused and the game is as it was.
fn check_errors_leave_state(proto: &mut Protocol, engine: &dyn Engine, pos: &Position) {
    let before = proto.position();
    let game = engine.game();
    let legal = legal_texts(engine, pos);
    // A well-formed move between two cells that is not legal here.
    let names: Vec<&str> = game.board.cells.iter().map(|c| c.name.as_str()).collect();
    let illegal = names
        .iter()
        .flat_map(|a| names.iter().map(move |b| format!("{a}-{b}")))
        .find(|m| !legal.contains(m))
        .expect("some move is illegal");
    let some_move = legal.first().cloned().unwrap_or_else(|| illegal.clone());
    let bad = [
        json!({"cmd": "play", "move": illegal}).to_string(),
        json!({"cmd": "play", "move": "not a move"}).to_string(),
        json!({"cmd": "play"}).to_string(),
        json!({"cmd": "play", "move": 42}).to_string(),
        json!({"cmd": "fly"}).to_string(),
        json!({"move": some_move}).to_string(),
        json!({"cmd": 7}).to_string(),
        json!({"cmd": "new", "fen": "this is no position"}).to_string(),
        json!({"cmd": "new", "moves": [some_move, some_move]}).to_string(),
        json!({"cmd": "search", "depth": "deep"}).to_string(),
        json!({"cmd": "search", "play": "yes"}).to_string(),
        "[1, 2, 3]".to_string(),
        "{\"cmd\": \"play\", \"move\": ".to_string(),
        "not json at all".to_string(),
    ];
    for line in &bad {
        proto.err(line);
        assert_eq!(proto.position(), before, "the state changed after {line}");
    }
    let message = proto.err(&json!({"cmd": "play", "move": illegal}).to_string());
    if legal.is_empty() {
        assert!(message.contains("the game is over"), "{message}");
    } else {
        assert!(message.contains("illegal"), "{message}");
    }
    let message = proto.err(r#"{"cmd":"fly"}"#);
    assert!(message.contains("unknown command") && message.contains("play"), "{message}");
    let message = proto.err("{oops");
    assert!(message.contains("malformed JSON"), "{message}");
}

/// Plays up to `max_plies` moves (the searcher for the first player, a fixed
/// choice for the second), checking every answer against the runtime.
/// Returns the moves played.
fn play_game(proto: &mut Protocol, engine: &dyn Engine, start: &Position, max_plies: usize) -> (Vec<String>, Position) {
    let game = engine.game();
    let mut pos = start.clone();
    let mut played = Vec::new();
    while played.len() < max_plies {
        let moves = strings(&proto.ok(json!({"cmd": "moves"}))["moves"]);
        assert_eq!(moves, legal_texts(engine, &pos), "legal moves after {played:?}");
        if let Some(result) = legal::result(engine, &pos) {
            let answer = proto.ok(json!({"cmd": "result"}));
            assert!(!answer["result"].is_null(), "the game is over: {result:?}");
            break;
        }
        assert!(proto.ok(json!({"cmd": "result"}))["result"].is_null());
        let choice = if pos.side == PlayerId::FIRST {
            let found = proto.ok(json!({"cmd": "search", "depth": 2}));
            let mv = found["move"].as_str().expect("a move").to_string();
            assert!(moves.contains(&mv), "the search returned {mv}, not a legal move");
            mv
        } else {
            moves[(played.len() * 7 + 3) % moves.len()].clone()
        };
        let answer = proto.ok(json!({"cmd": "play", "move": choice}));
        let mv = notation::parse_move(engine, &pos, &choice).unwrap();
        legal::play(engine, &mut pos, mv);
        played.push(choice.clone());
        assert_eq!(answer["move"], json!(choice));
        assert_eq!(answer["fen"], json!(fen::format(game, &pos)), "after {played:?}");
        assert_eq!(answer["side"], json!(game.players[pos.side.index()].name));
        assert_eq!(answer["ply"], json!(played.len()));
        assert_eq!(strings(&answer["history"]), played);
    }
    (played, pos)
}

#[test]
fn plays_a_short_game_of_every_bundled_variant() {
    assert!(!vdl_variants::all().is_empty());
    for bundled in vdl_variants::all() {
        let engine = (bundled.engine)();
        let game = engine.game();
        let start = fen::parse(game, &game.setup).unwrap();
        let mut proto = Protocol::vdl(&variant_path(bundled.file_name));

        let info = proto.ok(json!({"cmd": "info", "id": "first"}));
        assert_eq!(info["id"], json!("first"), "the id is echoed");
        assert_eq!(info["name"], json!(game.name));
        assert_eq!(info["cells"].as_array().unwrap().len(), game.cell_count());

        let new = proto.ok(json!({"cmd": "new"}));
        assert_eq!(new["fen"], json!(fen::format(game, &start)), "{}", bundled.name);
        assert_eq!(new["ply"], json!(0));
        assert!(new["result"].is_null());

        check_errors_leave_state(&mut proto, &*engine, &start);
        proto.err(r#"{"cmd":"undo"}"#); // nothing to undo yet

        let (played, pos) = play_game(&mut proto, &*engine, &start, 40);
        eprintln!("{}: {} ({:?})", bundled.name, played.join(" "), legal::result(&*engine, &pos));
        // Ten plies, unless the game ended sooner (atomic's search blasts
        // the King in nine).
        let ended = legal::result(&*engine, &pos).is_some();
        assert!(played.len() >= 10 || ended && played.len() >= 4, "{}: only {} plies", bundled.name, played.len());
        check_errors_leave_state(&mut proto, &*engine, &pos);

        // Undo twice: back to two plies earlier; then the same moves again.
        let mut earlier = start.clone();
        for text in &played[..played.len() - 2] {
            let mv = notation::parse_move(&*engine, &earlier, text).unwrap();
            legal::play(&*engine, &mut earlier, mv);
        }
        let undone = proto.ok(json!({"cmd": "undo"}));
        assert_eq!(undone["undone"], json!(played[played.len() - 1]));
        proto.ok(json!({"cmd": "undo"}));
        let now = proto.position();
        assert_eq!(now["fen"], json!(fen::format(game, &earlier)));
        assert_eq!(strings(&now["history"]), played[..played.len() - 2].to_vec());
        for text in &played[played.len() - 2..] {
            proto.ok(json!({"cmd": "play", "move": text}));
        }
        assert_eq!(proto.position()["fen"], json!(fen::format(game, &pos)));

        // Search and play in one request, with each kind of limit.
        if legal::result(&*engine, &pos).is_none() {
            for limits in [json!({"movetime": 100}), json!({"nodes": 2000}), json!({"depth": 1})] {
                let mut request = limits.clone();
                request["cmd"] = json!("search");
                let found = proto.ok(request);
                let mv = found["move"].as_str().unwrap();
                let current = fen::parse(game, proto.position()["fen"].as_str().unwrap()).unwrap();
                assert!(legal_texts(&*engine, &current).contains(&mv.to_string()), "{limits}: {mv}");
                assert!(found["depth"].as_u64().unwrap() >= 1);
            }
            let before = proto.position();
            let answer = proto.ok(json!({"cmd": "search", "depth": 2, "play": true}));
            assert_eq!(answer["ply"], json!(before["ply"].as_u64().unwrap() + 1));
            assert_eq!(strings(&answer["history"]).last().unwrap(), answer["move"].as_str().unwrap());
        }

        // A new game from a position string and moves, all or nothing.
        let first = legal_texts(&*engine, &start)[0].clone();
        let answer = proto.ok(json!({"cmd": "new", "fen": game.setup, "moves": [first]}));
        assert_eq!(answer["ply"], json!(1));
        let show = proto.ok(json!({"cmd": "show"}));
        let diagram = show["diagram"].as_str().unwrap();
        let layout = &game.board.layout;
        // Boards drawn at their cells' centres (hexagons) label their columns only.
        let row_labelled = layout.centres.is_empty();
        assert!((!row_labelled || diagram.contains(&layout.row_labels[0])) && diagram.contains(&layout.column_labels[0]), "{diagram}");
        proto.quit();
    }
}

#[test]
fn reports_the_end_of_a_game_and_refuses_further_moves() {
    let mut proto = Protocol::vdl("variants/xiangqi.vdl");
    // Red (Xiang Qi's first player) mates with i1-i10 (see tests/search.rs).
    proto.ok(json!({"cmd": "new", "fen": "4k4/R8/9/9/9/9/9/9/9/3K4R w"}));
    let found = proto.ok(json!({"cmd": "search", "depth": 3, "play": true}));
    assert_eq!(found["move"], json!("i1-i10"));
    assert_eq!(found["mate"], json!(1));
    assert_eq!(found["result"]["winner"], json!("Red"));
    assert_eq!(found["result"]["reason"], json!("checkmate"));
    assert_eq!(found["in_check"], json!(true));
    let result = proto.ok(json!({"cmd": "result"}));
    assert_eq!(result["result"]["text"], json!("Red wins by checkmate"));
    assert_eq!(proto.ok(json!({"cmd": "moves"}))["moves"], json!([]));
    let before = proto.position();
    assert!(proto.err(r#"{"cmd":"play","move":"e10-e9"}"#).contains("over"));
    assert!(proto.err(r#"{"cmd":"search"}"#).contains("over"));
    assert_eq!(proto.position(), before);
    // Undo reopens the game.
    proto.ok(json!({"cmd": "undo"}));
    assert!(proto.ok(json!({"cmd": "result"}))["result"].is_null());
    proto.quit();
}

#[test]
fn input_ending_ends_the_program() {
    let mut proto = Protocol::vdl("variants/xiangqi.vdl");
    proto.ok(json!({"cmd": "position"}));
    drop(proto.stdin);
    let status = proto.child.wait().unwrap();
    assert!(status.success());
}

/// `vdl build` makes a program that speaks the same protocol. It builds a
/// cargo project (about a minute the first time, then incremental), so it
/// runs only with VDL_BUILD_TESTS=1.
#[test]
fn a_built_program_speaks_the_protocol() {
    if !skip::enabled("VDL_BUILD_TESTS", "a_built_program_speaks_the_protocol", "build a variant program with `vdl build`") {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("vdl-build-test");
    let out = Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(["build", "variants/xiangqi.vdl", "-o"])
        .arg(&dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stderr(Stdio::inherit())
        .output()
        .unwrap();
    assert!(out.status.success(), "vdl build failed");
    let binary = PathBuf::from(String::from_utf8(out.stdout).unwrap().trim());
    assert!(binary.is_file(), "{} is the built program", binary.display());
    // Built with the workspace's code generation settings (the processor level).
    let settings = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.cargo/config.toml")).unwrap();
    assert_eq!(std::fs::read_to_string(dir.join(".cargo/config.toml")).unwrap(), settings);

    let perft = Command::new(&binary).args(["perft", "3"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&perft.stdout).lines().last(), Some("79666"));

    let mut proto = Protocol::start(&binary, &["protocol"]);
    assert_eq!(proto.ok(json!({"cmd": "info"}))["name"], json!("Xiang Qi"));
    proto.ok(json!({"cmd": "play", "move": "h3-e3"}));
    proto.err(r#"{"cmd":"play","move":"h3-e3"}"#);
    let found = proto.ok(json!({"cmd": "search", "depth": 2}));
    assert!(found["move"].is_string());
    proto.quit();
}

impl Protocol {
    /// Sends one line without waiting for an answer.
    fn write(&mut self, line: &[u8]) {
        self.stdin.write_all(line).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads the next answer.
    fn read(&mut self) -> Value {
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).expect("an answer line");
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("not JSON ({e}): {answer:?}"))
    }
}

#[test]
fn a_tiny_node_budget_still_finds_a_move_and_plays_it() {
    let mut proto = Protocol::vdl("variants/xiangqi.vdl");
    let start = fen::parse(xiangqi().game(), &xiangqi().game().setup).unwrap();
    let legal = legal_texts(&*xiangqi(), &start);
    for nodes in [0, 1, 2] {
        let found = proto.ok(json!({"cmd": "search", "nodes": nodes}));
        assert!(legal.contains(&found["move"].as_str().unwrap().to_string()), "nodes {nodes}: {found}");
        assert_eq!(found["mate"], Value::Null, "nodes {nodes}: no mate in the opening");
        assert_eq!(found["depth"], json!(0), "nodes {nodes}: too few to finish depth 1");
    }
    let played = proto.ok(json!({"cmd": "search", "nodes": 1, "play": true}));
    assert_eq!(played["ply"], json!(1));
    assert_eq!(strings(&played["history"]), [played["move"].as_str().unwrap()]);
    proto.quit();
}

fn xiangqi() -> Box<dyn Engine> {
    (vdl_variants::by_name("xiangqi").unwrap().engine)()
}

#[test]
fn out_of_range_limits_and_bad_bytes_are_refused_and_the_session_goes_on() {
    let mut proto = Protocol::vdl("variants/xiangqi.vdl");
    proto.ok(json!({"cmd": "play", "move": "h3-e3"}));
    let before = proto.position();
    let refused = [
        (json!({"cmd": "search", "depth": 65}), "\"depth\" must be from 1 to 64 (plies), not 65"),
        (json!({"cmd": "search", "depth": 0}), "\"depth\" must be from 1 to 64 (plies), not 0"),
        (json!({"cmd": "search", "depth": 2.5}), "\"depth\" must be an integer from 1 to 64 (plies)"),
        (json!({"cmd": "search", "movetime": 86_400_001u64}), "\"movetime\" must be from 0 to 86400000 (milliseconds), not 86400001"),
        (json!({"cmd": "search", "nodes": -1}), "\"nodes\" must be a non-negative integer"),
        (json!({"cmd": "search", "depth": 3, "play": 1}), "\"play\" must be true or false"),
    ];
    for (request, message) in refused {
        assert_eq!(proto.err(&request.to_string()), message, "{request}");
    }
    let prefix = br#"{"cmd":"play","move":"h10-g8"#;
    proto.write(&[&prefix[..], b"\xff\"}"].concat());
    let answer = proto.read();
    assert_eq!(answer["ok"], json!(false));
    assert_eq!(answer["error"], json!(format!("the request is not valid UTF-8 (a bad byte at offset {})", prefix.len())));
    let mut long = vec![b' '; 2 << 20];
    long.extend(br#"{"cmd":"position"}"#);
    proto.write(&long);
    assert!(proto.read()["error"].as_str().unwrap().contains("longer than"));
    assert_eq!(proto.position(), before, "the game goes on unchanged");
    proto.quit();
}

#[test]
fn stop_ends_a_long_search_and_requests_meanwhile_wait_their_turn() {
    let mut proto = Protocol::vdl("variants/xiangqi.vdl");
    assert_eq!(proto.ok(json!({"cmd": "stop"}))["stopped"], json!(false), "no search to stop");
    let started = std::time::Instant::now();
    proto.write(br#"{"cmd":"search","depth":64,"id":"long"}"#);
    proto.write(br#"{"cmd":"play","move":"h3-e3","id":"during"}"#);
    std::thread::sleep(std::time::Duration::from_millis(300));
    proto.write(br#"{"cmd":"stop","id":"stop"}"#);
    let found = proto.read();
    assert_eq!((found["id"].as_str(), found["ok"].as_bool()), (Some("long"), Some(true)), "{found}");
    assert!(found["move"].is_string() && found["depth"].as_u64().unwrap() >= 1, "{found}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "stop took {:?}", started.elapsed());
    let played = proto.read();
    assert_eq!((played["id"].as_str(), played["ply"].as_u64()), (Some("during"), Some(1)), "answered in turn: {played}");
    assert_eq!(proto.read(), json!({"id": "stop", "ok": true, "stopped": true}));
    // A search stopped before it began still answers a move.
    proto.write(br#"{"cmd":"search","movetime":60000,"play":true}"#);
    proto.write(br#"{"cmd":"stop"}"#);
    let found = proto.read();
    assert_eq!(found["ply"], json!(2), "{found}");
    assert_eq!(proto.read()["stopped"], json!(true));
    // `quit` ends a search and the program at once.
    let started = std::time::Instant::now();
    proto.write(br#"{"cmd":"search","depth":64}"#);
    proto.write(br#"{"cmd":"position"}"#);
    std::thread::sleep(std::time::Duration::from_millis(200));
    proto.write(br#"{"cmd":"quit"}"#);
    assert_eq!(proto.read()["ok"], json!(true));
    assert_eq!(proto.read()["ply"], json!(2));
    assert_eq!(proto.read(), json!({"ok": true}));
    assert!(proto.child.wait().unwrap().success());
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

/// From issue 45: a busy Shogi middlegame with pieces in hand, where depth 1
/// used to take 3 s whatever the limits said.
const BUSY_SHOGI: &str = "2+N1+RG1kp/l+P4p1s/P2n3pP/1pp1gPBbn/LrPpp4/4P2Ps/SP1g5/6Pl1/1KS3+n+l1[GPP] w";

#[test]
fn time_and_node_limits_and_stop_hold_from_the_first_node() {
    use std::time::{Duration, Instant};
    let shogi = (vdl_variants::by_name("shogi").unwrap().engine)();
    let legal = legal_texts(&*shogi, &fen::parse(shogi.game(), BUSY_SHOGI).unwrap());
    let mut proto = Protocol::vdl("variants/shogi.vdl");
    proto.ok(json!({"cmd": "new", "fen": BUSY_SHOGI}));
    // The first search measures the piece values (once per session) before
    // its clock starts; the later ones are timed.
    proto.ok(json!({"cmd": "search", "depth": 1}));
    // Generous bounds, for a loaded machine; these searches took 3 s each.
    let prompt = Duration::from_millis(500);
    for limit in [json!({"movetime": 10}), json!({"movetime": 0}), json!({"nodes": 1}), json!({"depth": 1})] {
        let mut request = json!({"cmd": "search"});
        request.as_object_mut().unwrap().extend(limit.as_object().unwrap().clone());
        let start = Instant::now();
        let found = proto.ok(request.clone());
        assert!(start.elapsed() < prompt, "{request} took {:?}", start.elapsed());
        assert!(legal.contains(&found["move"].as_str().unwrap().to_string()), "{request}: {found}");
    }
    proto.write(br#"{"cmd":"search","movetime":60000}"#);
    std::thread::sleep(Duration::from_millis(50));
    let stopped = Instant::now();
    proto.write(br#"{"cmd":"stop"}"#);
    let found = proto.read();
    assert!(stopped.elapsed() < prompt, "stop took {:?}", stopped.elapsed());
    assert!(legal.contains(&found["move"].as_str().unwrap().to_string()), "{found}");
    assert_eq!(proto.read()["stopped"], json!(true));
    proto.quit();
}
