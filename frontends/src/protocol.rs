//! `protocol`: one JSON request per line on standard input, one JSON response
//! per line on standard output (docs/protocol.md). Any program in any language
//! can drive a variant through it.
//!
//! A failed request (malformed JSON or UTF-8, unknown command, illegal move,
//! a value out of range, ...) is answered `{"ok":false,"error":"..."}` and
//! changes nothing. A `search` runs on its own thread: while it runs, `stop`
//! ends it, `quit` ends it and the program, requests that only read the game
//! are answered, and requests that would change the game are refused.

use crate::input_lines::{self, Input, InputLine};
use crate::json;
use crate::request::{optional_flag, optional_moves, optional_str, search_limits};
use crate::session::Session;
use serde_json::{json, Map, Value};
use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;
use vdl_runtime::search::{eval::Evaluator, SearchResult, StopFlag};
use vdl_runtime::Engine;

/// The longest `movetime` a request may give: one day, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 24 * 60 * 60 * 1000;

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
pub const COMMANDS: &[&str] = &["info", "new", "position", "moves", "play", "undo", "search", "stop", "result", "show", "help", "quit"];

/// The commands that change the game: refused while a search runs.
const CHANGING: &[&str] = &["new", "play", "undo", "search"];

/// Serves requests from `input` until it ends (after the running search, if
/// any, has answered) or a `quit` request.
pub fn run(engine: Box<dyn Engine>, args: &ProtocolArgs, input: impl Read + Send + 'static, mut output: impl Write) -> io::Result<()> {
    let (events, inbox) = mpsc::channel();
    input_lines::spawn(input, events.clone(), Event::Input);
    let mut handler = Handler::new(Arc::from(engine), args.clone(), events);
    let mut input_error = None;
    let mut input_open = true;
    while input_open || handler.searching() {
        let Ok(event) = inbox.recv() else { break };
        let responses = match event {
            Event::Input(Input::Line(line)) => handler.line(line),
            Event::Input(Input::Ended(error)) => {
                input_open = false;
                input_error = error;
                Vec::new()
            }
            Event::SearchEnded(found) => handler.search_ended(found),
        };
        for response in responses {
            write_line(&mut output, &response)?;
        }
        if handler.quitting && !handler.searching() {
            return Ok(());
        }
    }
    input_error.map_or(Ok(()), Err)
}

/// One response on one line, written at once and flushed.
fn write_line(output: &mut impl Write, response: &Value) -> io::Result<()> {
    let mut line = serde_json::to_string(response).expect("JSON values serialise");
    line.push('\n');
    output.write_all(line.as_bytes())?;
    output.flush()
}

/// What the protocol's loop waits for.
enum Event {
    Input(Input),
    /// The running search's result, or why it failed.
    SearchEnded(Result<SearchResult, String>),
}

/// The search under way.
struct Running {
    id: Option<Value>,
    stop: StopFlag,
    play: bool,
    /// Answers due after the search's own (to `stop` and `quit`).
    then: Vec<Value>,
}

/// The protocol's state: one game and the search under way, if any.
struct Handler {
    session: Session,
    args: ProtocolArgs,
    eval: Option<Evaluator>,
    running: Option<Running>,
    quitting: bool,
    events: Sender<Event>,
}

type Reply = Result<Map<String, Value>, String>;

impl Handler {
    fn new(engine: Arc<dyn Engine>, args: ProtocolArgs, events: Sender<Event>) -> Handler {
        Handler { session: Session::new(engine), args, eval: None, running: None, quitting: false, events }
    }

    fn searching(&self) -> bool {
        self.running.is_some()
    }

    /// The responses due now to one input line (none for a blank line, or
    /// when the answer waits for the running search).
    fn line(&mut self, line: InputLine) -> Vec<Value> {
        let text = match line {
            InputLine::Text(text) => text,
            InputLine::NotUtf8 { at } => return vec![error(None, format!("the request is not valid UTF-8 (a bad byte at offset {at})"))],
            InputLine::TooLong => {
                return vec![error(None, format!("the request is longer than {} bytes; it was skipped", input_lines::MAX_LINE))]
            }
        };
        if text.trim().is_empty() {
            return Vec::new();
        }
        let request: Value = match serde_json::from_str(&text) {
            Ok(value) => value,
            Err(e) => return vec![error(None, format!("malformed JSON: {e}"))],
        };
        let id = request.get("id").cloned();
        let Some(object) = request.as_object() else {
            return vec![error(id, "a request must be a JSON object such as {\"cmd\":\"position\"}".to_string())];
        };
        let cmd = match object.get("cmd") {
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(_) => return vec![error(id, "\"cmd\" must be a string".to_string())],
            None => return vec![error(id, "missing \"cmd\": the command name, such as \"position\"".to_string())],
        };
        self.command(cmd, object, id)
    }

    fn command(&mut self, cmd: &str, request: &Map<String, Value>, id: Option<Value>) -> Vec<Value> {
        match (cmd, self.running.as_mut()) {
            ("stop", Some(running)) => {
                running.stop.raise();
                running.then.push(ok(id, one("stopped", json!(true))));
                Vec::new()
            }
            ("stop", None) => vec![ok(id, one("stopped", json!(false)))],
            ("quit", Some(running)) => {
                running.stop.raise();
                running.then.push(ok(id, Map::new()));
                self.quitting = true;
                Vec::new()
            }
            ("quit", None) => {
                self.quitting = true;
                vec![ok(id, Map::new())]
            }
            (cmd, Some(_)) if CHANGING.contains(&cmd) => vec![error(
                id,
                format!("a search is running: `{cmd}` must wait for its answer (send {{\"cmd\":\"stop\"}} to end it now)"),
            )],
            ("search", None) => match self.start_search(request, id.clone()) {
                Ok(()) => Vec::new(),
                Err(message) => vec![error(id, message)],
            },
            _ => vec![match self.answer(cmd, request) {
                Ok(fields) => ok(id, fields),
                Err(message) => error(id, message),
            }],
        }
    }

    /// The commands answered at once.
    fn answer(&mut self, cmd: &str, request: &Map<String, Value>) -> Reply {
        match cmd {
            "info" => Ok(json::game_description(self.session.game()).as_object().cloned().unwrap_or_default()),
            "new" => self.new_game(request),
            "position" => Ok(json::state(&self.session)),
            "moves" => Ok(one("moves", json!(self.session.legal_texts()))),
            "play" => self.play(request),
            "undo" => self.undo(),
            "result" => Ok(one("result", json::ending(&self.session.ending(), self.session.game()))),
            "show" => Ok(one("diagram", json!(vdl_runtime::diagram::draw(self.session.game(), self.session.position())))),
            "help" => Ok(one("commands", json!(COMMANDS))),
            other => Err(format!("unknown command `{other}`; the commands are {}", COMMANDS.join(", "))),
        }
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

    /// Checks the request and starts the search on its own thread; its answer
    /// comes as [`Event::SearchEnded`].
    fn start_search(&mut self, request: &Map<String, Value>, id: Option<Value>) -> Result<(), String> {
        let mut limits = search_limits(request, self.args.movetime, MAX_MOVETIME_MS)?;
        let play = optional_flag(request, "play")?;
        if let Some(ending) = self.session.ending() {
            return Err(format!("the game is over ({}); there is nothing to search", ending.text));
        }
        let stop = StopFlag::new();
        limits.stop = Some(stop.clone());
        let eval = self.eval.get_or_insert_with(|| Evaluator::new(self.session.engine())).clone();
        let session = self.session.clone();
        let events = self.events.clone();
        std::thread::spawn(move || {
            let found = panic::catch_unwind(AssertUnwindSafe(|| session.search(&eval, &limits)))
                .map_err(|_| "the search failed (an internal error); the game is unchanged".to_string());
            let _ = events.send(Event::SearchEnded(found));
        });
        self.running = Some(Running { id, stop, play, then: Vec::new() });
        Ok(())
    }

    /// The search's answer (with the state after its move, for `"play":true`),
    /// then the answers that waited for it.
    fn search_ended(&mut self, found: Result<SearchResult, String>) -> Vec<Value> {
        let Some(running) = self.running.take() else {
            return Vec::new();
        };
        let reply = found.and_then(|found| {
            let mut reply = json::search_result(&self.session, &found);
            if running.play {
                let best = found.best.ok_or_else(|| "no legal move to play".to_string())?;
                self.session.play_move(best);
                reply.extend(json::state(&self.session));
            }
            Ok(reply)
        });
        let mut responses = vec![match reply {
            Ok(fields) => ok(running.id, fields),
            Err(message) => error(running.id, message),
        }];
        responses.extend(running.then);
        responses
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
