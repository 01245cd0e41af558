//! `serve`: a local web server with a page that plays the given variants
//! against each other or the computer. The page (web/, compiled into the
//! binary) talks to the server through a small JSON API (docs/web.md).

use crate::json;
use crate::protocol::{optional_moves, optional_str, optional_u64};
use crate::session::Session;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::Read;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;
use tiny_http::{Header, Method, Request, Response, Server};
use vdl_runtime::search::{eval::Evaluator, Limits};
use vdl_runtime::Engine;

const INDEX_HTML: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const STYLE_CSS: &str = include_str!("../web/style.css");

/// Games kept at once; the oldest is dropped beyond this.
const MAX_GAMES: usize = 256;
/// The largest request body read.
const MAX_BODY: u64 = 1 << 20;

#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// The address to listen on (loopback by default: the page is for this
    /// machine).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port to listen on (0: any free port; the URL is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The computer's default thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs { host: "127.0.0.1".into(), port: 8080, movetime: 1000 }
    }
}

/// One variant the page offers.
pub struct Variant {
    /// Where it comes from, shown next to its name: a file name.
    pub file: String,
    /// `"compiled"` or `"interpreter"`: which engine runs it.
    pub engine_kind: String,
    pub engine: Box<dyn Engine>,
}

struct Entry {
    file: String,
    engine_kind: String,
    engine: Arc<dyn Engine>,
    description: Value,
    eval: OnceLock<Evaluator>,
}

struct GameSlot {
    variant: usize,
    session: Session,
}

#[derive(Default)]
struct Games {
    next: u64,
    slots: BTreeMap<u64, GameSlot>,
}

struct App {
    variants: Vec<Entry>,
    games: Mutex<Games>,
    movetime: u64,
}

/// A bound server, not yet serving.
pub struct Bound {
    server: Arc<Server>,
    app: Arc<App>,
    url: String,
}

impl Bound {
    /// The page's address, such as `http://127.0.0.1:8080/`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Serves requests forever, one thread per request.
    pub fn run(self) {
        for request in self.server.incoming_requests() {
            let app = self.app.clone();
            std::thread::spawn(move || handle(&app, request));
        }
    }
}

/// Binds the address of `args`; `run` then serves.
pub fn bind(variants: Vec<Variant>, args: &ServeArgs) -> Result<Bound, String> {
    if variants.is_empty() {
        return Err("no variant to serve".to_string());
    }
    let server = Server::http((args.host.as_str(), args.port)).map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = server.server_addr().to_ip().ok_or("the server has no IP address")?;
    let app = App::new(variants, args.movetime);
    Ok(Bound { server: Arc::new(server), app: Arc::new(app), url: format!("http://{addr}/") })
}

impl App {
    fn new(variants: Vec<Variant>, movetime: u64) -> App {
        let entries = variants
            .into_iter()
            .map(|v| {
                let engine: Arc<dyn Engine> = Arc::from(v.engine);
                let description = json::game_description(engine.game());
                Entry { file: v.file, engine_kind: v.engine_kind, engine, description, eval: OnceLock::new() }
            })
            .collect();
        App { variants: entries, games: Mutex::new(Games::default()), movetime }
    }
}

/// Binds, prints the address and serves forever.
pub fn serve(variants: Vec<Variant>, args: &ServeArgs) -> Result<(), String> {
    let count = variants.len();
    let bound = bind(variants, args)?;
    println!("vdl serve: {count} variant(s) at {}", bound.url());
    if !is_loopback(&args.host) {
        eprintln!("warning: listening on {}, reachable from other machines; there is no authentication", args.host);
    }
    use std::io::Write;
    std::io::stdout().flush().ok();
    bound.run();
    Ok(())
}

fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// An HTTP answer: status and JSON body.
struct Answer {
    status: u16,
    body: Value,
}

fn fail(status: u16, message: impl Into<String>) -> Answer {
    Answer { status, body: json!({"ok": false, "error": message.into()}) }
}

fn success(mut fields: Map<String, Value>) -> Answer {
    let mut body = Map::new();
    body.insert("ok".into(), json!(true));
    body.append(&mut fields);
    Answer { status: 200, body: Value::Object(body) }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn handle(app: &App, mut request: Request) {
    let path = request.url().split('?').next().unwrap_or("/").to_string();
    let method = request.method().clone();
    let static_file = match (&method, path.as_str()) {
        (Method::Get, "/" | "/index.html") => Some((INDEX_HTML, "text/html; charset=utf-8")),
        (Method::Get, "/app.js") => Some((APP_JS, "text/javascript; charset=utf-8")),
        (Method::Get, "/style.css") => Some((STYLE_CSS, "text/css; charset=utf-8")),
        _ => None,
    };
    if let Some((body, kind)) = static_file {
        let response =
            Response::from_string(body).with_header(header("Content-Type", kind)).with_header(header("Cache-Control", "no-cache"));
        let _ = request.respond(response);
        return;
    }
    let answer = if path.starts_with("/api/") {
        let mut body = String::new();
        let read = request.as_reader().take(MAX_BODY).read_to_string(&mut body);
        match read {
            Err(e) => fail(400, format!("cannot read the request body: {e}")),
            Ok(_) => api(app, &method, &path, &body),
        }
    } else {
        fail(404, format!("no page at {path}"))
    };
    let text = serde_json::to_string(&answer.body).expect("JSON values serialise");
    let response = Response::from_string(text)
        .with_status_code(answer.status)
        .with_header(header("Content-Type", "application/json"))
        .with_header(header("Cache-Control", "no-store"));
    let _ = request.respond(response);
}

/// The request body as a JSON object (an empty body is an empty object).
fn body_object(body: &str) -> Result<Map<String, Value>, Answer> {
    if body.trim().is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_str::<Value>(body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(fail(400, "the request body must be a JSON object")),
        Err(e) => Err(fail(400, format!("malformed JSON: {e}"))),
    }
}

fn api(app: &App, method: &Method, path: &str, body: &str) -> Answer {
    let parts: Vec<&str> = path.trim_start_matches("/api/").trim_end_matches('/').split('/').collect();
    let request = match body_object(body) {
        Ok(map) => map,
        Err(answer) => return answer,
    };
    match (method, parts.as_slice()) {
        (Method::Get, ["variants"]) => variants(app),
        (Method::Get, ["variants", id]) => match variant_index(app, id) {
            Ok(i) => {
                let mut fields = app.variants[i].description.as_object().cloned().unwrap_or_default();
                fields.insert("id".into(), json!(i));
                success(fields)
            }
            Err(answer) => answer,
        },
        (Method::Post, ["games"]) => new_game(app, &request),
        (Method::Get, ["games", id]) => with_game(app, id, &request, false, |_, slot| Ok(game_state(slot, Map::new()))),
        (Method::Post, ["games", id, "move"]) => with_game(app, id, &request, true, |request, slot| {
            let Some(text) = optional_str(request, "move").map_err(bad)? else {
                return Err(bad("missing \"move\": the move to play, such as \"h3-e3\"".to_string()));
            };
            slot.session.play(text).map_err(bad)?;
            Ok(game_state(slot, Map::new()))
        }),
        (Method::Post, ["games", id, "undo"]) => with_game(app, id, &request, true, |_, slot| {
            slot.session.undo().map_err(bad)?;
            Ok(game_state(slot, Map::new()))
        }),
        (Method::Post, ["games", id, "computer"]) => computer(app, id, &request),
        (_, ["variants"] | ["variants", _] | ["games"] | ["games", _] | ["games", _, "move" | "undo" | "computer"]) => {
            fail(405, format!("{} is not allowed on {path}", method))
        }
        _ => fail(404, format!("no API at {path}")),
    }
}

fn bad(message: String) -> Answer {
    fail(400, message)
}

fn variants(app: &App) -> Answer {
    let list: Vec<Value> = app
        .variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let game = v.engine.game();
            json!({
                "id": i,
                "name": game.name,
                "file": v.file,
                "engine": v.engine_kind,
                "players": game.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut fields = Map::new();
    fields.insert("variants".into(), json!(list));
    fields.insert("movetime".into(), json!(app.movetime));
    success(fields)
}

fn variant_index(app: &App, id: &str) -> Result<usize, Answer> {
    id.parse::<usize>()
        .ok()
        .filter(|&i| i < app.variants.len())
        .ok_or_else(|| fail(404, format!("no variant `{id}`; the variants are 0..{}", app.variants.len())))
}

fn lock(app: &App) -> MutexGuard<'_, Games> {
    app.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn game_state(slot: &GameSlot, extra: Map<String, Value>) -> Map<String, Value> {
    let mut fields = json::board_state(&slot.session);
    fields.insert("variant".into(), json!(slot.variant));
    fields.extend(extra);
    fields
}

fn new_game(app: &App, request: &Map<String, Value>) -> Answer {
    let variant = match request.get("variant") {
        None => 0,
        Some(value) => match value.as_u64() {
            Some(i) if (i as usize) < app.variants.len() => i as usize,
            _ => return fail(400, format!("\"variant\" must be a variant id, 0..{}", app.variants.len())),
        },
    };
    let fen = match optional_str(request, "fen") {
        Ok(fen) => fen.filter(|f| !f.trim().is_empty()),
        Err(e) => return bad(e),
    };
    let moves = match optional_moves(request, "moves") {
        Ok(moves) => moves,
        Err(e) => return bad(e),
    };
    let session = match Session::start(app.variants[variant].engine.clone(), fen, &moves) {
        Ok(session) => session,
        Err(e) => return bad(e),
    };
    let slot = GameSlot { variant, session };
    let mut games = lock(app);
    let id = games.next;
    games.next += 1;
    let mut extra = Map::new();
    extra.insert("game".into(), json!(id));
    let answer = success(game_state(&slot, extra));
    games.slots.insert(id, slot);
    while games.slots.len() > MAX_GAMES {
        let oldest = *games.slots.keys().next().expect("not empty");
        games.slots.remove(&oldest);
    }
    answer
}

/// Runs `f` on a game, checking `"ply"` (when the request gives it, the game
/// must have exactly that many moves, so that a stale page cannot act on a
/// changed game). On error the game is left as it was.
fn with_game(
    app: &App,
    id: &str,
    request: &Map<String, Value>,
    changes: bool,
    f: impl FnOnce(&Map<String, Value>, &mut GameSlot) -> Result<Map<String, Value>, Answer>,
) -> Answer {
    let Ok(id) = id.parse::<u64>() else {
        return fail(404, format!("no game `{id}`"));
    };
    let mut games = lock(app);
    let Some(slot) = games.slots.get_mut(&id) else {
        return fail(404, format!("no game {id} (games are forgotten when the server restarts)"));
    };
    if let Err(answer) = check_ply(request, &slot.session) {
        return answer;
    }
    // Work on a copy, so that a failure changes nothing.
    let mut copy = GameSlot { variant: slot.variant, session: slot.session.clone() };
    match f(request, &mut copy) {
        Ok(mut fields) => {
            if changes {
                *slot = copy;
            }
            fields.insert("game".into(), json!(id));
            success(fields)
        }
        Err(answer) => answer,
    }
}

fn check_ply(request: &Map<String, Value>, session: &Session) -> Result<(), Answer> {
    match optional_u64(request, "ply") {
        Err(e) => Err(bad(e)),
        Ok(Some(ply)) if ply as usize != session.ply() => {
            Err(fail(409, format!("the game has changed: it has {} moves, the request expected {ply}", session.ply())))
        }
        Ok(_) => Ok(()),
    }
}

/// Searches without holding the lock, then plays the move if the game has not
/// changed meanwhile.
fn computer(app: &App, id: &str, request: &Map<String, Value>) -> Answer {
    let Ok(game_id) = id.parse::<u64>() else {
        return fail(404, format!("no game `{id}`"));
    };
    let limits = match limits(app, request) {
        Ok(limits) => limits,
        Err(e) => return bad(e),
    };
    let (session, variant) = {
        let games = lock(app);
        let Some(slot) = games.slots.get(&game_id) else {
            return fail(404, format!("no game {game_id}"));
        };
        if let Err(answer) = check_ply(request, &slot.session) {
            return answer;
        }
        (slot.session.clone(), slot.variant)
    };
    if let Some(ending) = session.ending() {
        return bad(format!("the game is over ({})", ending.text));
    }
    let entry = &app.variants[variant];
    let eval = entry.eval.get_or_init(|| Evaluator::new(&*entry.engine));
    let found = session.search(eval, &limits);
    let Some(best) = found.best else {
        return bad("no legal move".to_string());
    };
    let search = json::search_result(&session, &found);
    let mut games = lock(app);
    let Some(slot) = games.slots.get_mut(&game_id) else {
        return fail(404, format!("no game {game_id}"));
    };
    if slot.session.ply() != session.ply() || slot.session.fen() != session.fen() {
        return fail(409, "the game changed while the computer was thinking");
    }
    slot.session.play_move(best);
    let mut extra = Map::new();
    extra.insert("search".into(), Value::Object(search));
    extra.insert("game".into(), json!(game_id));
    success(game_state(slot, extra))
}

fn limits(app: &App, request: &Map<String, Value>) -> Result<Limits, String> {
    let movetime = optional_u64(request, "movetime")?;
    let depth = optional_u64(request, "depth")?;
    let nodes = optional_u64(request, "nodes")?;
    let mut limits = Limits {
        // Bounded, so that one request cannot occupy the server for long.
        movetime: movetime.map(|ms| Duration::from_millis(ms.min(60_000))),
        depth: depth.map(|d| d.clamp(1, 64) as u32),
        nodes,
        ..Limits::default()
    };
    if limits.movetime.is_none() {
        limits.movetime = Some(Duration::from_millis(app.movetime));
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app() -> App {
        let variants = vdl_variants::all()
            .iter()
            .map(|b| Variant { file: b.file_name.into(), engine_kind: "compiled".into(), engine: (b.engine)() })
            .collect();
        App::new(variants, 100)
    }

    fn xiangqi_id() -> usize {
        vdl_variants::all().iter().position(|b| b.name == "xiangqi").unwrap()
    }

    fn call(app: &App, method: Method, path: &str, body: Value) -> Answer {
        api(app, &method, path, &body.to_string())
    }

    #[test]
    fn a_game_through_the_api() {
        let app = app();
        let answer = call(&app, Method::Get, "/api/variants", json!({}));
        assert_eq!(answer.status, 200);
        assert_eq!(answer.body["variants"].as_array().unwrap().len(), vdl_variants::all().len());
        let id = xiangqi_id();
        let desc = call(&app, Method::Get, &format!("/api/variants/{id}"), json!({}));
        assert_eq!(desc.body["cells"].as_array().unwrap().len(), 90);

        let new = call(&app, Method::Post, "/api/games", json!({"variant": id}));
        assert_eq!(new.status, 200, "{}", new.body);
        let game = new.body["game"].as_u64().unwrap();
        let legal = new.body["legal"].as_array().unwrap();
        let h3e3 = legal.iter().find(|m| m["move"] == "h3-e3").unwrap();
        assert_eq!(desc.body["cells"][h3e3["from"].as_u64().unwrap() as usize]["name"], "h3");
        assert_eq!(desc.body["cells"][h3e3["to"].as_u64().unwrap() as usize]["name"], "e3");

        let moved = call(&app, Method::Post, &format!("/api/games/{game}/move"), json!({"move": "h3-e3", "ply": 0}));
        assert_eq!(moved.status, 200, "{}", moved.body);
        assert_eq!(moved.body["history"], json!(["h3-e3"]));
        assert_eq!(moved.body["last"]["move"], "h3-e3");
        let state = |app: &App| call(app, Method::Get, &format!("/api/games/{game}"), json!({})).body;
        let before = state(&app);

        // Bad requests: each refused with its status, the game unchanged.
        let bad = [
            (Method::Post, format!("/api/games/{game}/move"), json!({"move": "h3-e3", "ply": 0}), 409),
            (Method::Post, format!("/api/games/{game}/move"), json!({"move": "h3-e3"}), 400),
            (Method::Post, format!("/api/games/{game}/move"), json!({"move": "nonsense"}), 400),
            (Method::Post, format!("/api/games/{game}/move"), json!({}), 400),
            (Method::Post, format!("/api/games/{game}/move"), json!({"move": 3}), 400),
            (Method::Post, format!("/api/games/{game}/undo"), json!({"ply": 5}), 409),
            (Method::Post, format!("/api/games/{game}/computer"), json!({"ply": 0}), 409),
            (Method::Post, format!("/api/games/{game}/computer"), json!({"depth": "deep"}), 400),
            (Method::Post, "/api/games/999/move".to_string(), json!({"move": "h3-e3"}), 404),
            (Method::Post, "/api/games".to_string(), json!({"variant": 99}), 400),
            (Method::Post, "/api/games".to_string(), json!({"variant": id, "fen": "nonsense"}), 400),
            (Method::Get, "/api/nothing".to_string(), json!({}), 404),
            (Method::Delete, format!("/api/games/{game}"), json!({}), 405),
        ];
        for (method, path, body, status) in bad {
            let answer = call(&app, method, &path, body.clone());
            assert_eq!(answer.status, status, "{path} {body}: {}", answer.body);
            assert_eq!(answer.body["ok"], json!(false));
            assert!(answer.body["error"].as_str().is_some_and(|e| !e.is_empty()));
            assert_eq!(state(&app), before, "{path} {body} changed the game");
        }
        let malformed = api(&app, &Method::Post, &format!("/api/games/{game}/move"), "{oops");
        assert_eq!(malformed.status, 400);
        assert_eq!(state(&app), before);

        let computer = call(&app, Method::Post, &format!("/api/games/{game}/computer"), json!({"depth": 2, "ply": 1}));
        assert_eq!(computer.status, 200, "{}", computer.body);
        assert_eq!(computer.body["ply"], json!(2));
        assert_eq!(computer.body["history"][1], computer.body["search"]["move"]);

        let undone = call(&app, Method::Post, &format!("/api/games/{game}/undo"), json!({"ply": 2}));
        assert_eq!(undone.body["history"], json!(["h3-e3"]));
    }

    #[test]
    fn old_games_are_dropped() {
        let app = app();
        for _ in 0..MAX_GAMES + 3 {
            assert_eq!(call(&app, Method::Post, "/api/games", json!({})).status, 200);
        }
        assert_eq!(lock(&app).slots.len(), MAX_GAMES);
        assert_eq!(call(&app, Method::Get, "/api/games/0", json!({})).status, 404);
    }
}
