//! The page's files and the JSON API (docs/web.md) as an axum router. Every
//! answer is JSON with `"ok"`, errors included (404 and 405 too), and a failed
//! request changes nothing.

use super::body::JsonBody;
use super::games::{lock, Game, GameId, GameStore, Refusal};
use super::ServerLimits;
use crate::json;
use crate::request::{optional_moves, optional_str, optional_u64, search_limits};
use crate::session::Session;
use axum::extract::{Path, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Map, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use tokio::sync::Semaphore;
use vdl_runtime::search::{eval::Evaluator, StopFlag};
use vdl_runtime::Engine;

const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");

/// One variant the server offers.
pub(super) struct Entry {
    pub file: String,
    pub engine_kind: String,
    pub engine: Arc<dyn Engine>,
    pub description: Value,
    pub eval: OnceLock<Evaluator>,
    /// Raised when the piece values' measurement has been started.
    pub measuring: AtomicBool,
}

/// What every request shares.
pub(super) struct App {
    pub variants: Vec<Entry>,
    pub games: GameStore,
    pub searches: Arc<Semaphore>,
    pub movetime: u64,
    pub limits: ServerLimits,
}

/// An answer: HTTP status and JSON body, written in one piece.
#[derive(Debug)]
pub(super) struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        let text = serde_json::to_string(&self.body).expect("JSON values serialise");
        (self.status, [(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")], text).into_response()
    }
}

pub(super) fn fail(status: StatusCode, message: impl Into<String>) -> Answer {
    Answer { status, body: json!({"ok": false, "error": message.into()}) }
}

fn bad(message: String) -> Answer {
    fail(StatusCode::BAD_REQUEST, message)
}

fn success(fields: Map<String, Value>) -> Answer {
    let mut body = Map::new();
    body.insert("ok".into(), json!(true));
    body.extend(fields);
    Answer { status: StatusCode::OK, body: Value::Object(body) }
}

type Reply = Result<Answer, Answer>;

fn answer(reply: Reply) -> Answer {
    reply.unwrap_or_else(|answer| answer)
}

pub(super) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(|| page(INDEX_HTML, "text/html; charset=utf-8")))
        .route("/index.html", get(|| page(INDEX_HTML, "text/html; charset=utf-8")))
        .route("/app.js", get(|| page(APP_JS, "text/javascript; charset=utf-8")))
        .route("/style.css", get(|| page(STYLE_CSS, "text/css; charset=utf-8")))
        .route("/api/variants", get(variants))
        .route("/api/variants/{id}", get(variant))
        .route("/api/games", axum::routing::post(new_game))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/move", axum::routing::post(play))
        .route("/api/games/{id}/undo", axum::routing::post(undo))
        .route("/api/games/{id}/computer", axum::routing::post(computer))
        .fallback(no_page)
        .method_not_allowed_fallback(wrong_method)
        .with_state(app)
}

async fn page(body: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

async fn no_page(uri: Uri) -> Answer {
    let path = uri.path();
    if path.starts_with("/api/") {
        fail(StatusCode::NOT_FOUND, format!("no API at {path}"))
    } else {
        fail(StatusCode::NOT_FOUND, format!("no page at {path}"))
    }
}

async fn wrong_method(method: Method, uri: Uri) -> Answer {
    fail(StatusCode::METHOD_NOT_ALLOWED, format!("{method} is not allowed on {}", uri.path()))
}

async fn variants(State(app): State<Arc<App>>) -> Answer {
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

async fn variant(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    let i = match variant_index(&app, &id) {
        Ok(i) => i,
        Err(refusal) => return refusal,
    };
    let mut fields = app.variants[i].description.as_object().cloned().unwrap_or_default();
    fields.insert("id".into(), json!(i));
    fields.insert("values".into(), piece_values(&app, i).await);
    success(fields)
}

/// The value of each piece type as the computer's evaluation measures it, by
/// symbol (`{"Q": 950, ...}`, royals 0), so that a page can offer the
/// strongest promotion first. Measured once per variant, on a blocking
/// thread (up to a second on the largest boards).
async fn piece_values(app: &Arc<App>, variant: usize) -> Value {
    let app = app.clone();
    let values = tokio::task::spawn_blocking(move || {
        let entry = &app.variants[variant];
        let values = entry.eval.get_or_init(|| Evaluator::new(&*entry.engine)).piece_values().to_vec();
        let game = entry.engine.game();
        game.pieces.iter().zip(values).map(|(piece, value)| (piece.symbol.clone(), json!(value))).collect::<Map<_, _>>()
    })
    .await;
    values.map_or(Value::Null, Value::Object)
}

fn variant_index(app: &App, id: &str) -> Result<usize, Answer> {
    id.parse::<usize>()
        .ok()
        .filter(|&i| i < app.variants.len())
        .ok_or_else(|| fail(StatusCode::NOT_FOUND, format!("no variant `{id}`; {}", variant_numbers(app.variants.len()))))
}

/// The variant numbers in words, both ends included: people read `0..16`
/// as seventeen numbers.
fn variant_numbers(count: usize) -> String {
    match count {
        0 => "there are no variants".to_string(),
        1 => "the only variant is 0".to_string(),
        n => format!("the variants are numbered 0 to {}", n - 1),
    }
}

/// The board state of a game, with its id.
fn state(id: GameId, game: &Game) -> Map<String, Value> {
    let mut fields = json::board_state(&game.session);
    fields.insert("variant".into(), json!(game.variant));
    fields.insert("game".into(), json!(id.to_string()));
    fields
}

async fn new_game(State(app): State<Arc<App>>, JsonBody(request): JsonBody) -> Answer {
    let reply = create_game(&app, &request);
    if let Ok(success) = &reply {
        if let Some(variant) = success.body["variant"].as_u64() {
            measure_in_background(&app, variant as usize);
        }
    }
    answer(reply)
}

/// Measures a variant's piece values (up to a second on the largest boards)
/// on a blocking thread as soon as a game of it starts, so that the
/// computer's first search spends its time searching.
fn measure_in_background(app: &Arc<App>, variant: usize) {
    if app.variants[variant].measuring.swap(true, Ordering::Relaxed) {
        return;
    }
    let app = app.clone();
    tokio::task::spawn_blocking(move || {
        let entry = &app.variants[variant];
        entry.eval.get_or_init(|| Evaluator::new(&*entry.engine));
    });
}

fn create_game(app: &App, request: &Map<String, Value>) -> Reply {
    let variant = match request.get("variant") {
        None => 0,
        Some(value) => match value.as_u64() {
            Some(i) if (i as usize) < app.variants.len() => i as usize,
            _ => return Err(bad(format!("\"variant\" must be a variant id, 0..{}", app.variants.len()))),
        },
    };
    let fen = optional_str(request, "fen").map_err(bad)?.filter(|f| !f.trim().is_empty());
    let moves = optional_moves(request, "moves").map_err(bad)?;
    if moves.len() > app.limits.max_plies {
        return Err(too_long(app.limits.max_plies));
    }
    let session = Session::start(app.variants[variant].engine.clone(), fen, &moves).map_err(bad)?;
    let id = app.games.insert(variant, session).map_err(refused)?;
    let game = app.games.get(id).map_err(refused)?;
    let fields = state(id, &lock(&game));
    Ok(success(fields))
}

fn refused(refusal: Refusal) -> Answer {
    match refusal {
        Refusal::Unknown => {
            fail(StatusCode::NOT_FOUND, "no such game (games are forgotten after a time unused, and when the server stops)")
        }
        Refusal::Full { capacity } => fail(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server holds {capacity} games, its most; try again when unused games have expired"),
        ),
        Refusal::TooManyMoves { max_moves } => fail(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server's games hold {max_moves} moves in all, its most; try again when unused games have expired"),
        ),
    }
}

fn too_long(max_plies: usize) -> Answer {
    bad(format!("a game may have at most {max_plies} moves on this server"))
}

/// The game `id`, from the store.
fn find(app: &App, id: &str) -> Result<(GameId, Arc<Mutex<Game>>), Answer> {
    let game_id: GameId = id.parse().map_err(|_| fail(StatusCode::NOT_FOUND, format!("no game `{id}`: a game id is 32 hex digits")))?;
    Ok((game_id, app.games.get(game_id).map_err(refused)?))
}

/// With `"ply"` in the request, the game must have exactly that many moves, so
/// that a stale page cannot act on a changed game.
fn check_ply(request: &Map<String, Value>, session: &Session) -> Result<(), Answer> {
    match optional_u64(request, "ply").map_err(bad)? {
        Some(ply) if ply as usize != session.ply() => {
            Err(fail(StatusCode::CONFLICT, format!("the game has changed: it has {} moves, the request expected {ply}", session.ply())))
        }
        _ => Ok(()),
    }
}

async fn game_state(State(app): State<Arc<App>>, Path(id): Path<String>, JsonBody(request): JsonBody) -> Answer {
    answer(find(&app, &id).and_then(|(id, game)| {
        let game = lock(&game);
        check_ply(&request, &game.session)?;
        Ok(success(state(id, &game)))
    }))
}

/// Changes a game: `change` works on a copy, which replaces the game only if
/// it succeeds.
fn change(app: &App, id: &str, request: &Map<String, Value>, change: impl FnOnce(&mut Session) -> Result<(), Answer>) -> Answer {
    answer(find(app, id).and_then(|(id, game)| {
        let mut game = lock(&game);
        check_ply(request, &game.session)?;
        let mut session = game.session.clone();
        change(&mut session)?;
        app.games.count_moves(game.session.ply(), session.ply()).map_err(refused)?;
        game.session = session;
        Ok(success(state(id, &game)))
    }))
}

async fn play(State(app): State<Arc<App>>, Path(id): Path<String>, JsonBody(request): JsonBody) -> Answer {
    let text = match optional_str(&request, "move") {
        Ok(Some(text)) => text.to_string(),
        Ok(None) => return bad("missing \"move\": the move to play, such as \"h3-e3\"".to_string()),
        Err(e) => return bad(e),
    };
    let max_plies = app.limits.max_plies;
    change(&app, &id, &request, |session| {
        if session.ply() >= max_plies {
            return Err(too_long(max_plies));
        }
        session.play(&text).map(drop).map_err(bad)
    })
}

async fn undo(State(app): State<Arc<App>>, Path(id): Path<String>, JsonBody(request): JsonBody) -> Answer {
    change(&app, &id, &request, |session| session.undo().map(drop).map_err(bad))
}

/// Raises a search's stop flag when dropped: when the client goes away, axum
/// drops the request's future and the search ends soon after.
struct StopOnDrop(StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

/// Searches on a blocking thread (at most `max_searches` at once, without
/// holding the game), then plays the move if the game has not changed
/// meanwhile.
async fn computer(State(app): State<Arc<App>>, Path(id): Path<String>, JsonBody(request): JsonBody) -> Answer {
    let mut limits = match search_limits(&request, app.movetime, app.limits.max_movetime_ms) {
        Ok(limits) => limits,
        Err(e) => return bad(e),
    };
    let (game_id, game) = match find(&app, &id) {
        Ok(found) => found,
        Err(answer) => return answer,
    };
    let (session, variant) = {
        let game = lock(&game);
        if let Err(answer) = check_ply(&request, &game.session) {
            return answer;
        }
        (game.session.clone(), game.variant)
    };
    if let Some(ending) = session.ending() {
        return bad(format!("the game is over ({})", ending.text));
    }
    if session.ply() >= app.limits.max_plies {
        return too_long(app.limits.max_plies);
    }
    let Ok(permit) = app.searches.clone().try_acquire_owned() else {
        return fail(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server is busy: {} searches are running, its most; try again in a moment", app.limits.max_searches),
        );
    };
    let stop = StopOnDrop(StopFlag::new());
    limits.stop = Some(stop.0.clone());
    let searcher = app.clone();
    let searched = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let entry = &searcher.variants[variant];
        let eval = entry.eval.get_or_init(|| Evaluator::new(&*entry.engine));
        let found = session.search(eval, &limits);
        (session, found)
    })
    .await;
    let Ok((searched, found)) = searched else {
        return fail(StatusCode::INTERNAL_SERVER_ERROR, "the search failed (an internal error); the game is unchanged");
    };
    let Some(best) = found.best else {
        return bad("no legal move".to_string());
    };
    let search = json::search_result(&searched, &found);
    let mut game = lock(&game);
    if game.session.ply() != searched.ply() || game.session.fen() != searched.fen() {
        return fail(StatusCode::CONFLICT, "the game changed while the computer was thinking");
    }
    let ply = game.session.ply();
    if let Err(refusal) = app.games.count_moves(ply, ply + 1) {
        return refused(refusal);
    }
    if let Err(message) = game.session.play_move(best) {
        app.games.release_moves(1);
        return bad(message);
    }
    let mut fields = state(game_id, &game);
    fields.insert("search".into(), Value::Object(search));
    success(fields)
}
