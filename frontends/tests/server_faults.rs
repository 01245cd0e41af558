//! `vdl serve` against hostile and busy clients, over loopback, in-process:
//! a huge `Content-Length`, a huge header, slow headers and bodies, garbage,
//! idle connections beyond the limit, many games, guessed game ids, searches
//! beyond the limit and abandoned searches, and 20 clients playing at once
//! (p99 latency of legal-move requests under 50 ms); 300 idle connections and
//! trickled headers from one address while other clients are served at once
//! (p99 under 100 ms). The server must answer as before afterwards.
//! Everything is bounded: the test ends by itself in seconds.

mod http;

use http::Client;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use vdl_frontends::serve::{self, ServeArgs, ServerLimits, Variant};

const HEADER_TIMEOUT: Duration = Duration::from_millis(400);
const BUSY_TIMEOUT: Duration = Duration::from_millis(200);
const MAX_CONNECTIONS: usize = 48;
const MAX_GAMES: usize = 200;

fn variants() -> Vec<Variant> {
    ["xiangqi", "shogi"]
        .iter()
        .map(|name| Variant {
            file: format!("{name}.vdl"),
            engine_kind: "compiled".into(),
            engine: (vdl_variants::by_name(name).unwrap().engine)(),
        })
        .collect()
}

/// Starts a server with `limits` on a free loopback port.
fn start(limits: ServerLimits) -> SocketAddr {
    let args = ServeArgs { port: 0, movetime: 100, ..ServeArgs::default() };
    let bound = serve::bind_with_limits(variants(), &args, limits).unwrap();
    let addr = bound.url().trim_start_matches("http://").trim_end_matches('/').parse().unwrap();
    std::thread::spawn(move || bound.run().unwrap());
    addr
}

fn test_limits() -> ServerLimits {
    ServerLimits {
        max_connections: MAX_CONNECTIONS,
        max_searches: 1,
        max_games: MAX_GAMES,
        header_timeout: HEADER_TIMEOUT,
        body_timeout: HEADER_TIMEOUT,
        busy_timeout: BUSY_TIMEOUT,
        max_movetime_ms: 5_000,
        ..ServerLimits::default()
    }
}

/// A game's state without its id, to compare games.
fn without_id(mut state: Value) -> Value {
    state.as_object_mut().unwrap().remove("game");
    state
}

/// Answers that must not change whatever happens to the server.
fn reference_answers(addr: SocketAddr) -> Vec<Value> {
    let mut client = Client::connect(addr);
    let game = client.post("/api/games", json!({"variant": 0, "moves": "h3-e3"}));
    let id = game.body["game"].as_str().unwrap().to_string();
    let moved = client.post(&format!("/api/games/{id}/move"), json!({"move": "h10-g8", "ply": 1}));
    vec![
        client.get("/api/variants").body,
        client.get("/api/variants/1").body,
        without_id(game.body),
        without_id(moved.body),
        client.get("/api/nothing").body,
        client.request("DELETE", "/api/games", None).body,
    ]
}

fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: u64 = status.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[test]
fn hostile_and_busy_clients_do_not_knock_the_server_over() {
    let addr = start(test_limits());
    let before = reference_answers(addr);
    assert_eq!(before[0]["variants"].as_array().unwrap().len(), 2);
    assert_eq!(before[3]["history"], json!(["h3-e3", "h10-g8"]));

    let mine = Client::connect(addr).post("/api/games", json!({"variant": 0})).body["game"].as_str().unwrap().to_string();

    kept_alive_answers_do_not_stall(addr);
    huge_content_length(addr);
    huge_header(addr);
    slow_headers_and_bodies_time_out(addr);
    garbage_is_refused(addr);
    idle_connections_beyond_the_limit_wait_their_turn(addr);
    searches_are_bounded_and_abandoned_ones_end(addr);
    twenty_clients_play_at_once(addr);
    assert_eq!(reference_answers(addr), before, "the server answers as before");

    many_games_evict_nobody(addr, &mine);
    assert_eq!(Client::connect(addr).get("/api/variants").body, before[0]);
    let state = Client::connect(addr).get(&format!("/api/games/{mine}"));
    assert_eq!((state.status, state.body["ply"].clone()), (200, json!(0)), "the first client's game is untouched");
}

/// Browsers keep connections alive: each answer must come at once, not after
/// the 40 ms of a Nagle stall (a response written in two pieces waits for the
/// client's delayed acknowledgement).
fn kept_alive_answers_do_not_stall(addr: SocketAddr) {
    let mut client = Client::connect(addr);
    let id = client.post("/api/games", json!({})).body["game"].as_str().unwrap().to_string();
    let mut times: Vec<Duration> = (0..15)
        .map(|i| {
            let start = Instant::now();
            let answer = if i % 3 == 0 { client.get("/app.js") } else { client.get(&format!("/api/games/{id}")) };
            assert!(answer.status == 200 && !answer.closing);
            start.elapsed()
        })
        .collect();
    times.sort();
    eprintln!("kept-alive requests: {times:?}");
    assert!(times[times.len() / 2] < Duration::from_millis(20), "kept-alive requests take {times:?}");
}

/// `Content-Length: 9223372036854775807`, then the client goes away: refused
/// before any of it is read, and the server lives on.
fn huge_content_length(addr: SocketAddr) {
    let head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 9223372036854775807\r\n\r\n{";
    let mut client = Client::connect(addr);
    client.raw().write_all(head.as_bytes()).unwrap();
    drop(client);
    let mut client = Client::connect(addr);
    client.raw().write_all(head.as_bytes()).unwrap();
    let answer = client.response().unwrap();
    assert_eq!(answer.status, 413);
    assert_eq!(answer.body["ok"], json!(false));
    assert!(answer.body["error"].as_str().unwrap().contains("larger than"), "{answer:?}");
    // A body longer than the limit without a Content-Length (chunked).
    let mut client = Client::connect(addr);
    client.raw().write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n").unwrap();
    let chunk = format!("{:x}\r\n{}\r\n", 64 * 1024, " ".repeat(64 * 1024));
    for _ in 0..20 {
        if client.raw().write_all(chunk.as_bytes()).is_err() {
            break;
        }
    }
    assert_eq!(client.response().unwrap().status, 413);
}

/// A 512 MB header is refused after a few kilobytes, without the server's
/// memory growing.
fn huge_header(addr: SocketAddr) {
    let resident = resident_bytes();
    let mut client = Client::connect(addr);
    client.raw().write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Huge: ").unwrap();
    let chunk = vec![b'a'; 1 << 20];
    let mut sent = 0usize;
    while sent < 512 << 20 {
        match client.raw().write(&chunk) {
            Ok(n) => sent += n,
            Err(e) => {
                assert!(
                    !matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut),
                    "the server stopped reading: {e}"
                );
                break;
            }
        }
    }
    assert!(sent < 64 << 20, "the server read {sent} bytes of one header");
    if let (Some(before), Some(after)) = (resident, resident_bytes()) {
        assert!(after < before + (64 << 20), "memory grew from {before} to {after} bytes");
    }
}

/// A client that sends its headers (or body) too slowly is cut off after the
/// timeout, and so is a kept-alive connection that stays idle.
fn slow_headers_and_bodies_time_out(addr: SocketAddr) {
    let start = Instant::now();
    let mut slow = Client::connect(addr);
    slow.raw().write_all(b"GET /api/variants HTTP/1.1\r\nHo").unwrap();
    std::thread::sleep(HEADER_TIMEOUT / 2);
    let _ = slow.raw().write_all(b"st: x\r\n");
    slow.closed_by_server().expect("slow headers are cut off");
    let waited = start.elapsed();
    assert!(waited >= HEADER_TIMEOUT && waited < HEADER_TIMEOUT * 4, "cut off after {waited:?}");

    let mut idle = Client::connect(addr);
    assert_eq!(idle.get("/api/variants").status, 200);
    let start = Instant::now();
    idle.closed_by_server().expect("an idle connection is closed");
    assert!(start.elapsed() < HEADER_TIMEOUT * 4);

    let mut slow_body = Client::connect(addr);
    slow_body.raw().write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"variant\"").unwrap();
    let start = Instant::now();
    let answer = slow_body.response().unwrap();
    assert_eq!(answer.status, 408, "{answer:?}");
    assert!(answer.body["error"].as_str().unwrap().contains("in time"));
    assert!(start.elapsed() < HEADER_TIMEOUT * 4);
}

/// Bytes that are no HTTP: refused or dropped, nothing else.
fn garbage_is_refused(addr: SocketAddr) {
    let mut noise: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    noise.extend(b"\r\n\r\n");
    let garbage: [&[u8]; 7] = [
        &noise,
        b"\0\0\0\0\r\n\r\n",
        b"GET / HTTP/9.9\r\n\r\n",
        b"FLY /api/variants HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /api/variants HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n{}}",
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\n\xff\xfe\x00{",
    ];
    for bytes in garbage {
        let mut client = Client::connect(addr);
        client.raw().write_all(bytes).unwrap();
        let mut answer = Vec::new();
        let _ = client.stream.read_to_end(&mut answer);
        let text = String::from_utf8_lossy(&answer);
        assert!(text.is_empty() || text.starts_with("HTTP/1.1 4"), "{text}");
    }
}

/// Connections beyond the limit, from many addresses, wait in the listen
/// queue; idle ones are cut off after the header timeout (the busy one for
/// those accepted when more than half the places were taken), so a real
/// client gets through.
fn idle_connections_beyond_the_limit_wait_their_turn(addr: SocketAddr) {
    let idle: Vec<TcpStream> = (0..MAX_CONNECTIONS + 8).flat_map(|i| connect_from([127, 0, 1, (i % 8) as u8 + 1], addr, 1)).collect();
    let start = Instant::now();
    let mut client = Client::connect(addr);
    assert_eq!(client.get("/api/variants").status, 200);
    assert!(start.elapsed() < HEADER_TIMEOUT * 6, "waited {:?}", start.elapsed());
    drop(idle);
}

/// `count` connections to `addr` from the loopback address `source` (Linux
/// delivers all of 127.0.0.0/8 to this machine), as other clients would open.
fn connect_from(source: [u8; 4], addr: SocketAddr, count: usize) -> Vec<TcpStream> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_io().build().unwrap();
    runtime.block_on(async {
        let mut streams = Vec::with_capacity(count);
        for _ in 0..count {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(SocketAddr::from((source, 0))).unwrap();
            let stream = socket.connect(addr).await.expect("the listen queue takes the connection").into_std().unwrap();
            stream.set_nonblocking(false).unwrap();
            streams.push(stream);
        }
        streams
    })
}

/// From issue 45: 300 idle connections (within the documented 256 connections
/// at once) made every other client wait 9.5 s, and trickled headers held a
/// connection for 8.5 s. With the default limits, one address holds at most
/// its share; the rest of its connections are refused at once, and clients
/// elsewhere are served as if nothing happened: the 99th percentile of their
/// requests, each on a new connection, is under 100 ms.
#[test]
fn idle_and_slow_connections_from_one_address_do_not_starve_the_others() {
    let limits = ServerLimits::default();
    let share = limits.max_connections_per_address;
    assert!(300 > limits.max_connections && share < limits.max_connections / 2);
    let addr = start(limits);
    let hostile = [127, 0, 0, 2];
    const TRICKLING: usize = 20;
    let trickling: Vec<TcpStream> = connect_from(hostile, addr, TRICKLING)
        .into_iter()
        .map(|mut stream| {
            stream.write_all(b"GET /api/variants HTTP/1.1\r\nHo").unwrap();
            stream
        })
        .collect();
    let idle = connect_from(hostile, addr, 300);
    // The connections beyond the address's share get a 503 and are closed;
    // the held ones wait (the trickling ones hold their places).
    let held = share - TRICKLING;
    let deadline = Instant::now() + Duration::from_secs(5);
    let refused = loop {
        let refused = idle.iter().filter(|stream| answered_503_or_closed(stream)).count();
        if refused >= 300 - held || Instant::now() > deadline {
            break refused;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(refused, 300 - held, "{refused} of 300 idle connections from one address were refused");

    let mut latencies: Vec<Duration> = (0..100)
        .map(|i| {
            let start = Instant::now();
            let answer = Client::connect(addr).get("/api/variants");
            assert_eq!(answer.status, 200, "request {i}: {answer:?}");
            if i % 10 == 0 {
                for mut stream in &trickling {
                    let _ = stream.write_all(b"s");
                }
            }
            start.elapsed()
        })
        .collect();
    latencies.sort();
    let p99 = latencies[latencies.len() * 99 / 100];
    eprintln!("requests beside 300 idle connections: median {:?}, p99 {p99:?}", latencies[latencies.len() / 2]);
    assert!(p99 < Duration::from_millis(100), "p99 latency {p99:?}");
    drop((idle, trickling));
}

/// Has the server answered 503 on `stream` or closed it (without waiting)?
fn answered_503_or_closed(mut stream: &TcpStream) -> bool {
    stream.set_nonblocking(true).unwrap();
    let mut answer = [0u8; 512];
    let verdict = match stream.read(&mut answer) {
        Ok(0) => true,
        Ok(n) => String::from_utf8_lossy(&answer[..n]).starts_with("HTTP/1.1 503"),
        Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
    };
    stream.set_nonblocking(false).unwrap();
    verdict
}

/// One search at a time (the test server's limit): a second is refused with
/// 503. A search whose client went away stops and frees its place.
fn searches_are_bounded_and_abandoned_ones_end(addr: SocketAddr) {
    let new_game = || Client::connect(addr).post("/api/games", json!({})).body["game"].as_str().unwrap().to_string();
    let (first, second) = (new_game(), new_game());
    let mut abandoned = Client::connect(addr);
    let body = json!({"movetime": 5000}).to_string();
    let request = format!("POST /api/games/{first}/computer HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}", body.len());
    abandoned.raw().write_all(request.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let busy = Client::connect(addr).post(&format!("/api/games/{second}/computer"), json!({"movetime": 50}));
    assert_eq!(busy.status, 503, "{busy:?}");
    assert!(busy.body["error"].as_str().unwrap().contains("busy"));
    drop(abandoned);
    let start = Instant::now();
    let answer = loop {
        let answer = Client::connect(addr).post(&format!("/api/games/{second}/computer"), json!({"movetime": 50}));
        if answer.status != 503 || start.elapsed() > Duration::from_secs(3) {
            break answer;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(answer.status, 200, "the abandoned search still runs: {answer:?}");
    assert!(start.elapsed() < Duration::from_secs(2));
    let out_of_range = Client::connect(addr).post(&format!("/api/games/{second}/computer"), json!({"depth": 65}));
    assert_eq!(out_of_range.status, 400);
    assert_eq!(out_of_range.body["error"], json!("\"depth\" must be from 1 to 64 (plies), not 65"));
}

/// 20 clients, each with its own game on its own kept-alive connection, ask
/// for the legal moves and play: the 99th percentile of the answers' latency
/// is under 50 ms, and no move shows in another client's game.
fn twenty_clients_play_at_once(addr: SocketAddr) {
    let clients: Vec<_> = (0..20)
        .map(|n| {
            std::thread::spawn(move || {
                let mut client = Client::connect(addr);
                let variant = n % 2;
                let state = client.post("/api/games", json!({"variant": variant})).body;
                let id = state["game"].as_str().unwrap().to_string();
                let mut played: Vec<String> = Vec::new();
                let mut latencies = Vec::new();
                for round in 0..40 {
                    let start = Instant::now();
                    let state = client.get(&format!("/api/games/{id}"));
                    latencies.push(start.elapsed());
                    assert_eq!(state.status, 200);
                    assert_eq!(state.body["history"], json!(played), "client {n}'s game has another's moves");
                    if round % 4 == 3 {
                        let legal = state.body["legal"].as_array().unwrap();
                        let choice = legal[(n * 7 + round) % legal.len()]["move"].as_str().unwrap().to_string();
                        let moved = client.post(&format!("/api/games/{id}/move"), json!({"move": choice, "ply": played.len()}));
                        assert_eq!(moved.status, 200, "{moved:?}");
                        played.push(choice);
                    }
                }
                (id, latencies)
            })
        })
        .collect();
    let mut ids = HashSet::new();
    let mut latencies = Vec::new();
    for client in clients {
        let (id, times) = client.join().expect("a client thread failed");
        assert!(id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
        ids.insert(id);
        latencies.extend(times);
    }
    assert_eq!(ids.len(), 20, "every game has its own id");
    latencies.sort();
    let p99 = latencies[latencies.len() * 99 / 100];
    eprintln!("legal-move requests from 20 clients: median {:?}, p99 {p99:?}", latencies[latencies.len() / 2]);
    assert!(p99 < Duration::from_millis(50), "p99 latency {p99:?}");
}

/// Creating games up to the limit drops nobody's game: the store refuses new
/// ones instead. Ids cannot be guessed from one another.
fn many_games_evict_nobody(addr: SocketAddr, mine: &str) {
    let mut client = Client::connect(addr);
    let mut ids = HashSet::new();
    let refused = loop {
        let answer = client.post("/api/games", json!({}));
        if answer.status != 200 {
            break answer;
        }
        ids.insert(answer.body["game"].as_str().unwrap().to_string());
        assert!(ids.len() <= MAX_GAMES);
    };
    assert_eq!(refused.status, 503, "{refused:?}");
    assert!(refused.body["error"].as_str().unwrap().contains("games"));
    assert_eq!(client.get(&format!("/api/games/{mine}")).status, 200, "a full server dropped a game");
    let mut guesses = vec!["0".to_string(), "1".to_string(), "0".repeat(32), "f".repeat(32)];
    for id in ids.iter().take(20) {
        let last = u8::from_str_radix(&id[31..], 16).unwrap();
        guesses.push(format!("{}{:x}", &id[..31], (last + 1) % 16));
    }
    for guess in guesses.iter().filter(|g| !ids.contains(*g)) {
        let answer = client.post(&format!("/api/games/{guess}/move"), json!({"move": "h3-e3"}));
        assert_eq!(answer.status, 404, "{guess}: {answer:?}");
    }
}

#[test]
fn a_game_has_at_most_max_plies_moves() {
    let addr = start(ServerLimits { max_plies: 4, ..test_limits() });
    let mut client = Client::connect(addr);
    let moves = ["h3-e3", "h10-g8", "h1-g3", "i10-h10"];
    let five = [moves.as_slice(), &["b3-b7"]].concat();
    let long = client.post("/api/games", json!({ "moves": five }));
    assert_eq!(long.status, 400);
    assert_eq!(long.body["error"], json!("a game may have at most 4 moves on this server"));
    let game = client.post("/api/games", json!({"moves": moves}));
    assert_eq!(game.status, 200, "{game:?}");
    let id = game.body["game"].as_str().unwrap();
    for (path, body) in [("move", json!({"move": "b3-b7"})), ("computer", json!({"depth": 1}))] {
        let refused = client.post(&format!("/api/games/{id}/{path}"), body);
        assert_eq!(refused.status, 400);
        assert_eq!(refused.body["error"], json!("a game may have at most 4 moves on this server"));
    }
    assert_eq!(client.post(&format!("/api/games/{id}/undo"), json!({})).status, 200);
    assert_eq!(client.post(&format!("/api/games/{id}/move"), json!({"move": "i10-h10"})).status, 200);
}

#[test]
fn idle_games_expire_and_make_room() {
    let addr = start(ServerLimits { max_games: 2, game_idle: Duration::from_millis(300), ..test_limits() });
    let mut client = Client::connect(addr);
    let kept = client.post("/api/games", json!({})).body["game"].as_str().unwrap().to_string();
    let idle = client.post("/api/games", json!({})).body["game"].as_str().unwrap().to_string();
    assert_eq!(client.post("/api/games", json!({})).status, 503);
    for _ in 0..6 {
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(client.get(&format!("/api/games/{kept}")).status, 200);
    }
    assert_eq!(client.get(&format!("/api/games/{idle}")).status, 404, "a game unused for longer than its idle time is gone");
    assert_eq!(client.post("/api/games", json!({})).status, 200);
}
