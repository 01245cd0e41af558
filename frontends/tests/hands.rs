//! Pieces in hand through the front ends: the line protocol's `hands`, the web
//! API's hands, drops and move cells (over real HTTP), and the example of
//! docs/protocol.md.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use vdl_frontends::protocol::{self, ProtocolArgs};
use vdl_frontends::serve::{self, ServeArgs, Variant};

/// Pawns trade on c5, White's Bishop takes the g7 Pawn, Black's Bishop takes it:
/// White holds a Pawn it can drop on the free c-file, Black a Bishop and a Pawn.
const CAPTURES: &str = "c3-c4 c7-c6 c4-c5 c6-c5 b2-g7 h8-g7";

fn engine(name: &str) -> Box<dyn vdl_runtime::Engine> {
    (vdl_variants::by_name(name).unwrap().engine)()
}

/// Runs the protocol on `requests`, one response per request.
fn protocol(variant: &str, requests: &[Value]) -> Vec<Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let mut out = Vec::new();
    protocol::run(engine(variant), &ProtocolArgs::default(), std::io::Cursor::new(input.into_bytes()), &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn hand(entries: &[(&str, &str, u64)]) -> Value {
    json!(entries.iter().map(|(s, t, c)| json!({"symbol": s, "text": t, "count": c})).collect::<Vec<_>>())
}

#[test]
fn the_protocol_states_the_hands() {
    let answers = protocol(
        "shogi",
        &[
            json!({"cmd": "info"}),
            json!({"cmd": "position"}),
            json!({"cmd": "new", "moves": CAPTURES}),
            json!({"cmd": "play", "move": "P*c4"}),
            json!({"cmd": "undo"}),
            json!({"cmd": "new", "fen": "4k4/9/9/9/9/9/9/9/4K4[RG2Pb3p] w"}),
        ],
    );
    assert!(answers.iter().all(|a| a["ok"] == json!(true)), "{answers:?}");
    assert_eq!(answers[0]["hand_pieces"], json!(["R", "B", "G", "S", "N", "L", "P"]), "the King is never in hand");
    assert_eq!(answers[1]["hands"], json!([[], []]));
    let after_captures = json!([hand(&[("P", "P", 1)]), hand(&[("B", "b", 1), ("P", "p", 1)])]);
    assert_eq!(answers[2]["hands"], after_captures);
    assert!(answers[2]["fen"].as_str().unwrap().contains("[Pbp] w"));
    assert_eq!(answers[3]["move"], json!("P*c4"));
    assert_eq!(answers[3]["hands"][0], json!([]));
    assert_eq!(answers[4]["undone"], json!("P*c4"));
    assert_eq!(answers[4]["hands"], after_captures);
    assert_eq!(answers[5]["hands"], json!([hand(&[("R", "R", 1), ("G", "G", 1), ("P", "P", 2)]), hand(&[("B", "b", 1), ("P", "p", 3)])]));

    // Games without hands have no `hands` and no `hand_pieces`.
    let xiangqi = protocol("xiangqi", &[json!({"cmd": "info"}), json!({"cmd": "position"})]);
    assert!(xiangqi[0].get("hand_pieces").is_none() && xiangqi[1].get("hands").is_none(), "{xiangqi:?}");
}

#[test]
fn the_protocol_documentation_shows_real_answers() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.md")).unwrap();
    let documented = doc.lines().find(|l| l.contains("[Pbp] w\",\"hands\"")).expect("docs/protocol.md shows hands");
    let answer = &protocol("shogi", &[json!({"cmd": "new", "moves": CAPTURES})])[0];
    assert_eq!(serde_json::to_string(answer).unwrap(), documented);
}

/// One HTTP request to the server; the JSON answer and its status.
fn http(base: &str, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let addr = base.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = TcpStream::connect(addr).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, text) = response.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}")))
}

#[test]
fn the_web_api_has_hands_and_drops() {
    let variants: Vec<Variant> = ["xiangqi", "shogi"]
        .iter()
        .map(|name| Variant { file: format!("{name}.vdl"), engine_kind: "compiled".into(), engine: engine(name) })
        .collect();
    let bound = serve::bind(variants, &ServeArgs { port: 0, movetime: 100, ..ServeArgs::default() }).unwrap();
    let base = bound.url().to_string();
    std::thread::spawn(move || bound.run());

    let (_, desc) = http(&base, "GET", "/api/variants/1", None);
    assert_eq!(desc["hand_pieces"][6], json!("P"));
    let cell = |name: &str| desc["cells"].as_array().unwrap().iter().position(|c| c["name"] == name).unwrap();

    let (status, state) = http(&base, "POST", "/api/games", Some(json!({"variant": 1, "moves": CAPTURES})));
    assert_eq!(status, 200, "{state}");
    let game = state["game"].as_str().unwrap();
    assert_eq!(state["hands"][0], hand(&[("P", "P", 1)]));
    assert_eq!(state["hands"][1], hand(&[("B", "b", 1), ("P", "p", 1)]));
    let drops: Vec<&Value> = state["legal"].as_array().unwrap().iter().filter(|m| m["move"].as_str().unwrap().contains('*')).collect();
    let names: Vec<&str> = drops.iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(names, ["P*c2", "P*c3", "P*c4", "P*c6", "P*c7", "P*c8"]);
    for m in &drops {
        assert_eq!(m["from"], Value::Null, "{m}");
        assert_eq!(m["to"], json!(cell(&m["move"].as_str().unwrap()[2..])), "{m}");
    }
    // The promotion choice of the Bishop's capture: two moves, same cells.
    let (_, before) = http(&base, "POST", "/api/games", Some(json!({"variant": 1, "moves": "c3-c4 c7-c6 c4-c5 c6-c5"})));
    let to_g7: Vec<&Value> =
        before["legal"].as_array().unwrap().iter().filter(|m| m["move"].as_str().unwrap().starts_with("b2-g7")).collect();
    assert_eq!(to_g7.len(), 2);
    assert!(to_g7.iter().all(|m| m["from"] == json!(cell("b2")) && m["to"] == json!(cell("g7"))));
    // They differ in what the Bishop becomes: a Horse (`+B`), or nothing new.
    let mut promotions: Vec<&Value> = to_g7.iter().map(|m| &m["promotion"]).collect();
    promotions.sort_by_key(|p| p.to_string());
    assert_eq!(promotions, [&json!("+B"), &Value::Null]);

    let (status, dropped) = http(&base, "POST", &format!("/api/games/{game}/move"), Some(json!({"move": "P*c4", "ply": 6})));
    assert_eq!(status, 200, "{dropped}");
    assert_eq!(dropped["last"], json!({"move": "P*c4", "san": "P@c4", "from": null, "to": cell("c4")}));
    assert_eq!(dropped["history_san"][6], json!("P@c4"));
    assert_eq!(dropped["hands"][0], json!([]));
    assert_eq!(dropped["board"][cell("c4")]["text"], json!("P"));
    let (_, undone) = http(&base, "POST", &format!("/api/games/{game}/undo"), Some(json!({"ply": 7})));
    assert_eq!(undone["hands"], state["hands"]);
    assert_eq!(undone["last"], json!({"move": "h8-g7", "san": "Bxg7", "from": cell("h8"), "to": cell("g7")}));

    // Xiang Qi: no hands.
    let (_, xiangqi) = http(&base, "POST", "/api/games", Some(json!({"variant": 0})));
    assert!(xiangqi.get("hands").is_none());
    assert!(http(&base, "GET", "/api/variants/0", None).1.get("hand_pieces").is_none());
}
