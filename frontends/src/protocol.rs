//! `protocol`: one JSON request per line on standard input, one JSON response
//! per line on standard output (docs/protocol.md). Any program in any language
//! can drive a variant through it.
//!
//! A failed request (malformed JSON, unknown command, illegal move, ...) is
//! answered `{"ok":false,"error":"..."}` and changes nothing.

use crate::json;
use crate::session::Session;
use serde_json::{json, Map, Value};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::time::Duration;
use vdl_runtime::search::{eval::Evaluator, Limits};
use vdl_runtime::Engine;

#[derive(clap::Args, Clone, Debug)]
pub struct ProtocolArgs {
    /// Time for a `search` request that gives no limit, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
}

impl Default for ProtocolArgs {
    fn default() -> Self {
        ProtocolArgs { movetime: 1000 }
    }
}

/// The commands, for error messages and `help`.
pub const COMMANDS: &[&str] = &["info", "new", "position", "moves", "play", "undo", "search", "result", "show", "help", "quit"];

/// Serves requests from `input` until it ends or a `quit` request.
pub fn run(engine: Box<dyn Engine>, args: &ProtocolArgs, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut handler = Handler::new(Arc::from(engine), args.clone());
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let (response, quit) = handler.handle(&line);
        writeln!(output, "{}", serde_json::to_string(&response).expect("JSON values serialise"))?;
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

/// The protocol's state: one game.
pub struct Handler {
    session: Session,
    args: ProtocolArgs,
    eval: Option<Evaluator>,
}

type Reply = Result<Map<String, Value>, String>;

impl Handler {
    pub fn new(engine: Arc<dyn Engine>, args: ProtocolArgs) -> Handler {
        Handler { session: Session::new(engine), args, eval: None }
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Answers one request line; the flag says the client asked to quit.
    pub fn handle(&mut self, line: &str) -> (Value, bool) {
        let request: Value = match serde_json::from_str(line) {
            Ok(value) => value,
            Err(e) => return (error(None, format!("malformed JSON: {e}")), false),
        };
        let id = request.get("id").cloned();
        let Some(object) = request.as_object() else {
            return (error(id, "a request must be a JSON object such as {\"cmd\":\"position\"}".to_string()), false);
        };
        let cmd = match object.get("cmd") {
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(_) => return (error(id, "\"cmd\" must be a string".to_string()), false),
            None => return (error(id, "missing \"cmd\": the command name, such as \"position\"".to_string()), false),
        };
        let reply = match cmd {
            "info" => self.info(),
            "new" => self.new_game(object),
            "position" => Ok(json::state(&self.session)),
            "moves" => Ok(one("moves", json!(self.session.legal_texts()))),
            "play" => self.play(object),
            "undo" => self.undo(),
            "search" => self.search(object),
            "result" => Ok(one("result", json::ending(&self.session.ending(), self.session.game()))),
            "show" => Ok(one("diagram", json!(vdl_runtime::diagram::draw(self.session.game(), self.session.position())))),
            "help" => Ok(one("commands", json!(COMMANDS))),
            "quit" => return (ok(id, Map::new()), true),
            other => Err(format!("unknown command `{other}`; the commands are {}", COMMANDS.join(", "))),
        };
        let response = match reply {
            Ok(fields) => ok(id, fields),
            Err(message) => error(id, message),
        };
        (response, false)
    }

    fn info(&self) -> Reply {
        let description = json::game_description(self.session.game());
        Ok(description.as_object().cloned().unwrap_or_default())
    }

    fn new_game(&mut self, request: &Map<String, Value>) -> Reply {
        let fen = optional_str(request, "fen")?;
        let moves = optional_moves(request, "moves")?;
        self.session = Session::start(self.session.shared_engine(), fen, &moves)?;
        Ok(json::state(&self.session))
    }

    fn play(&mut self, request: &Map<String, Value>) -> Reply {
        let Some(text) = optional_str(request, "move")? else {
            return Err("missing \"move\": the move to play, such as \"h3-e3\"".to_string());
        };
        let played = self.session.play(text)?;
        let mut reply = json::state(&self.session);
        reply.insert("move".into(), json!(played));
        Ok(reply)
    }

    fn undo(&mut self) -> Reply {
        let undone = self.session.undo()?;
        let mut reply = json::state(&self.session);
        reply.insert("undone".into(), json!(undone));
        Ok(reply)
    }

    fn search(&mut self, request: &Map<String, Value>) -> Reply {
        let movetime = optional_u64(request, "movetime")?;
        let depth = optional_u64(request, "depth")?;
        let nodes = optional_u64(request, "nodes")?;
        let play = match request.get("play") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err("\"play\" must be true or false".to_string()),
        };
        if let Some(ending) = self.session.ending() {
            return Err(format!("the game is over ({}); there is nothing to search", ending.text));
        }
        let mut limits = Limits {
            depth: depth.map(|d| d.clamp(1, 64) as u32),
            movetime: movetime.map(Duration::from_millis),
            nodes,
            ..Limits::default()
        };
        if limits == Limits::default() {
            limits.movetime = Some(Duration::from_millis(self.args.movetime));
        }
        let eval = self.eval.get_or_insert_with(|| Evaluator::new(self.session.engine()));
        let found = self.session.search(eval, &limits);
        let mut reply = json::search_result(&self.session, &found);
        if play {
            let mv = found.best.expect("a game that is not over has a move");
            self.session.play_move(mv);
            reply.extend(json::state(&self.session));
        }
        Ok(reply)
    }
}

fn one(key: &str, value: Value) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert(key.to_string(), value);
    map
}

fn ok(id: Option<Value>, fields: Map<String, Value>) -> Value {
    let mut map = Map::new();
    if let Some(id) = id {
        map.insert("id".into(), id);
    }
    map.insert("ok".into(), json!(true));
    map.extend(fields);
    Value::Object(map)
}

fn error(id: Option<Value>, message: String) -> Value {
    let mut map = Map::new();
    if let Some(id) = id {
        map.insert("id".into(), id);
    }
    map.insert("ok".into(), json!(false));
    map.insert("error".into(), json!(message));
    Value::Object(map)
}

/// A string field, if present (`null` counts as absent).
pub(crate) fn optional_str<'a>(request: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, String> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("\"{key}\" must be a string")),
    }
}

/// A non-negative integer field, if present.
pub(crate) fn optional_u64(request: &Map<String, Value>, key: &str) -> Result<Option<u64>, String> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => value.as_u64().map(Some).ok_or_else(|| format!("\"{key}\" must be a non-negative integer")),
    }
}

/// A list of moves: an array of strings or one space-separated string.
pub(crate) fn optional_moves(request: &Map<String, Value>, key: &str) -> Result<Vec<String>, String> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(s)) => Ok(s.split_whitespace().map(str::to_string).collect()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| item.as_str().map(str::to_string).ok_or_else(|| format!("\"{key}\" must list moves as strings")))
            .collect(),
        Some(_) => Err(format!("\"{key}\" must be an array of moves")),
    }
}
