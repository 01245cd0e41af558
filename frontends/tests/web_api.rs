//! The web API (docs/web.md) over HTTP: a game of Xiang Qi with moves, undo and
//! the computer's answer; bad requests of every kind, each refused with its
//! status and a JSON error, the game unchanged.

mod http;

use http::Client;
use serde_json::{json, Value};
use vdl_frontends::serve::{self, ServeArgs, Variant};

fn start() -> Client {
    let variants = vdl_variants::all()
        .iter()
        .map(|b| Variant { file: b.file_name.into(), engine_kind: "compiled".into(), engine: (b.engine)() })
        .collect();
    let bound = serve::bind(variants, &ServeArgs { port: 0, movetime: 100, ..ServeArgs::default() }).unwrap();
    let addr = bound.url().trim_start_matches("http://").trim_end_matches('/').parse().unwrap();
    std::thread::spawn(move || bound.run().unwrap());
    Client::connect(addr)
}

#[test]
fn a_game_through_the_api() {
    let mut client = start();
    let list = client.get("/api/variants");
    assert_eq!(list.status, 200);
    assert_eq!(list.body["variants"].as_array().unwrap().len(), vdl_variants::all().len());
    let id = vdl_variants::all().iter().position(|b| b.name == "xiangqi").unwrap();
    let desc = client.get(&format!("/api/variants/{id}")).body;
    assert_eq!(desc["cells"].as_array().unwrap().len(), 90);

    let new = client.post("/api/games", json!({"variant": id}));
    assert_eq!(new.status, 200, "{:?}", new.body);
    let game = new.body["game"].as_str().unwrap().to_string();
    let legal = new.body["legal"].as_array().unwrap();
    let h3e3 = legal.iter().find(|m| m["move"] == "h3-e3").unwrap();
    assert_eq!(desc["cells"][h3e3["from"].as_u64().unwrap() as usize]["name"], "h3");
    assert_eq!(desc["cells"][h3e3["to"].as_u64().unwrap() as usize]["name"], "e3");

    let moved = client.post(&format!("/api/games/{game}/move"), json!({"move": "h3-e3", "ply": 0}));
    assert_eq!(moved.status, 200, "{:?}", moved.body);
    assert_eq!(moved.body["history"], json!(["h3-e3"]));
    assert_eq!(moved.body["last"]["move"], "h3-e3");
    // SAN names the file: the Cannon on b3 could go to e3 too.
    assert_eq!(h3e3["san"], "Che3");
    assert_eq!(moved.body["history_san"], json!(["Che3"]));
    assert_eq!(moved.body["last"]["san"], "Che3");
    let before = client.get(&format!("/api/games/{game}")).body;

    // Bad requests: each refused with its status, the game unchanged.
    let bad: Vec<(&str, String, Value, u16)> = vec![
        ("POST", format!("/api/games/{game}/move"), json!({"move": "h3-e3", "ply": 0}), 409),
        ("POST", format!("/api/games/{game}/move"), json!({"move": "h3-e3"}), 400),
        ("POST", format!("/api/games/{game}/move"), json!({"move": "nonsense"}), 400),
        ("POST", format!("/api/games/{game}/move"), json!({}), 400),
        ("POST", format!("/api/games/{game}/move"), json!({"move": 3}), 400),
        ("POST", format!("/api/games/{game}/move"), json!([1, 2]), 400),
        ("POST", format!("/api/games/{game}/undo"), json!({"ply": 5}), 409),
        ("POST", format!("/api/games/{game}/computer"), json!({"ply": 0}), 409),
        ("POST", format!("/api/games/{game}/computer"), json!({"depth": "deep"}), 400),
        ("POST", format!("/api/games/{game}/computer"), json!({"depth": 65}), 400),
        ("POST", format!("/api/games/{game}/computer"), json!({"movetime": 60001}), 400),
        ("POST", "/api/games/999/move".to_string(), json!({"move": "h3-e3"}), 404),
        ("POST", format!("/api/games/{}/move", "0".repeat(32)), json!({"move": "h3-e3"}), 404),
        ("POST", "/api/games".to_string(), json!({"variant": 99}), 400),
        ("POST", "/api/games".to_string(), json!({"variant": id, "fen": "nonsense"}), 400),
        ("GET", "/api/nothing".to_string(), json!({}), 404),
        ("GET", "/nothing.html".to_string(), json!({}), 404),
        ("DELETE", format!("/api/games/{game}"), json!({}), 405),
        ("GET", format!("/api/games/{game}/move"), json!({}), 405),
    ];
    for (method, path, body, status) in bad {
        let answer = client.request(method, &path, Some(&body));
        assert_eq!(answer.status, status, "{method} {path} {body}: {:?}", answer.body);
        assert_eq!(answer.body["ok"], json!(false));
        assert!(answer.body["error"].as_str().is_some_and(|e| !e.is_empty()));
        assert_eq!(client.get(&format!("/api/games/{game}")).body, before, "{path} {body} changed the game");
    }
    let out_of_range = client.post(&format!("/api/games/{game}/computer"), json!({"depth": 65}));
    assert_eq!(out_of_range.body["error"], json!("\"depth\" must be from 1 to 64 (plies), not 65"));

    let computer = client.post(&format!("/api/games/{game}/computer"), json!({"depth": 2, "ply": 1}));
    assert_eq!(computer.status, 200, "{:?}", computer.body);
    assert_eq!(computer.body["ply"], json!(2));
    assert_eq!(computer.body["history"][1], computer.body["search"]["move"]);

    let undone = client.post(&format!("/api/games/{game}/undo"), json!({"ply": 2}));
    assert_eq!(undone.body["history"], json!(["h3-e3"]));
    let page = client.get("/");
    assert_eq!(page.status, 200);
}

/// A Pawn about to promote: the page lists its four promotions, each with
/// the type it makes, and the description's piece values put the Queen
/// first, then the Rook, then the minor pieces (as every chess player
/// values them).
#[test]
fn promotions_name_their_type_and_piece_values_rank_them() {
    let mut client = start();
    let id = vdl_variants::all().iter().position(|b| b.name == "chess").unwrap();
    let desc = client.get(&format!("/api/variants/{id}")).body;
    let value = |symbol: &str| desc["values"][symbol].as_i64().unwrap_or_else(|| panic!("no value for {symbol}: {desc}"));
    assert!(value("Q") > value("R") && value("R") > value("B").max(value("N")), "{}", desc["values"]);
    assert!(value("B").min(value("N")) > value("P"), "{}", desc["values"]);

    let new = client.post("/api/games", json!({"variant": id, "fen": "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"}));
    assert_eq!(new.status, 200, "{:?}", new.body);
    let legal = new.body["legal"].as_array().unwrap();
    let mut to_b8: Vec<(&str, &str)> = legal
        .iter()
        .filter(|m| m["move"].as_str().unwrap().starts_with("b7-b8"))
        .map(|m| (m["promotion"].as_str().unwrap(), m["san"].as_str().unwrap()))
        .collect();
    to_b8.sort();
    assert_eq!(to_b8, [("B", "b8=B"), ("N", "b8=N"), ("Q", "b8=Q+"), ("R", "b8=R+")]);
    assert!(legal.iter().filter(|m| m["move"].as_str().unwrap().starts_with("e1")).all(|m| m["promotion"].is_null()));
}

/// From issue 45: the page's computer with `movetime` 0 took 2.4 s in this
/// busy Shogi middlegame (pieces in hand), because depth 1 could not be
/// interrupted. The piece values are measured when the game starts, so even
/// the first search keeps a short time limit.
#[test]
fn the_computer_keeps_a_short_time_limit_in_a_busy_middlegame() {
    use std::time::{Duration, Instant};
    const BUSY_SHOGI: &str = "2+N1+RG1kp/l+P4p1s/P2n3pP/1pp1gPBbn/LrPpp4/4P2Ps/SP1g5/6Pl1/1KS3+n+l1[GPP] w";
    let mut client = start();
    let id = vdl_variants::all().iter().position(|b| b.name == "shogi").unwrap();
    let new = client.post("/api/games", json!({"variant": id, "fen": BUSY_SHOGI}));
    assert_eq!(new.status, 200, "{:?}", new.body);
    let game = new.body["game"].as_str().unwrap().to_string();
    let legal: Vec<Value> = new.body["legal"].as_array().unwrap().iter().map(|m| m["move"].clone()).collect();
    // Time to measure the piece values in the background (about 30 ms for
    // Shogi; generous for a loaded machine).
    std::thread::sleep(Duration::from_millis(1000));
    for movetime in [0, 10] {
        let start = Instant::now();
        let answer = client.post(&format!("/api/games/{game}/computer"), json!({"movetime": movetime, "ply": 0}));
        let took = start.elapsed();
        assert_eq!(answer.status, 200, "{:?}", answer.body);
        assert!(took < Duration::from_millis(500), "movetime {movetime} took {took:?}");
        assert!(legal.contains(&answer.body["search"]["move"]), "{:?}", answer.body);
        let undone = client.post(&format!("/api/games/{game}/undo"), json!({"ply": 1}));
        assert_eq!(undone.status, 200, "{:?}", undone.body);
    }
}

/// An unknown variant number is refused with the numbers there are, both
/// ends included.
#[test]
fn an_unknown_variant_names_the_numbers_there_are() {
    let mut client = start();
    let count = vdl_variants::all().len();
    let answer = client.get(&format!("/api/variants/{count}"));
    assert_eq!(answer.status, 404);
    assert_eq!(answer.body["error"], json!(format!("no variant `{count}`; the variants are numbered 0 to {}", count - 1)));
}
