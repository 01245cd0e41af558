//! `protocol`: one JSON request per line on standard input, one JSON response
//! per line on standard output (docs/protocol.md). Any program in any language
//! can drive a variant through it.
//!
//! A failed request (malformed JSON or UTF-8, unknown command, illegal move,
//! a value out of range, ...) is answered `{"ok":false,"error":"..."}` and
//! changes nothing. A `search` runs on its own thread: while it runs, `stop`
//! ends it and `quit` ends it and the program; other requests wait and are
//! answered in turn after it, so that answers always come in request order.

use crate::input_lines::{self, Input, InputLine};
use crate::json;
use crate::request::{optional_flag, optional_moves, optional_str, search_limits};
use crate::session::Session;
use serde_json::{json, Map, Value};
use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, OnceLock};
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
}

/// A request read while a search runs, answered in turn after it.
enum Pending {
    /// A request to carry out; `stopped` for a search that a later `stop` or
    /// `quit` ended before it began (it then answers its first move at once).
    Command { id: Option<Value>, cmd: String, request: Map<String, Value>, stopped: bool },
    /// An answer already known (an error, or `stop`'s).
    Answer(Value),
    /// `quit`'s answer: the end of the session.
    Quit(Value),
}

/// Requests that may wait for a running search; beyond this, a request is
/// refused at once.
const MAX_PENDING: usize = 4096;

/// The protocol's state: one game, the search under way and the requests
/// waiting for it.
struct Handler {
    session: Session,
    args: ProtocolArgs,
    /// The piece values, measured once, by the first search's thread.
    eval: Arc<OnceLock<Evaluator>>,
    running: Option<Running>,
    pending: VecDeque<Pending>,
    /// `quit` was read: later lines are ignored, and the program ends once
    /// `quit` is answered.
    quit_read: bool,
    quitting: bool,
    events: Sender<Event>,
}

type Reply = Result<Map<String, Value>, String>;

impl Handler {
    fn new(engine: Arc<dyn Engine>, args: ProtocolArgs, events: Sender<Event>) -> Handler {
        Handler {
            session: Session::new(engine),
            args,
            eval: Arc::default(),
            running: None,
            pending: VecDeque::new(),
            quit_read: false,
            quitting: false,
            events,
        }
    }

    fn searching(&self) -> bool {
        self.running.is_some()
    }

    /// The responses due now to one input line. `stop` and `quit` act at
    /// once on the search requested last before them (running or waiting);
    /// every request is answered in turn.
    fn line(&mut self, line: InputLine) -> Vec<Value> {
        if self.quit_read {
            return Vec::new();
        }
        let pending = match parse(line) {
            None => return Vec::new(),
            Some(Pending::Command { id, cmd, .. }) if cmd == "stop" => {
                let stopped = self.stop_last_search();
                Pending::Answer(ok(id, one("stopped", json!(stopped))))
            }
            Some(Pending::Command { id, cmd, .. }) if cmd == "quit" => {
                while self.stop_last_search() {}
                self.quit_read = true;
                Pending::Quit(ok(id, Map::new()))
            }
            Some(pending) => pending,
        };
        if self.pending.len() >= MAX_PENDING && matches!(pending, Pending::Command { .. }) {
            return vec![error(None, format!("more than {MAX_PENDING} requests wait for the running search; this one is dropped"))];
        }
        self.pending.push_back(pending);
        self.answer_pending()
    }

    /// Stops the search requested last that is not stopped yet: one still
    /// waiting, else the running one. False when there is none.
    fn stop_last_search(&mut self) -> bool {
        let waiting = self.pending.iter_mut().rev().find_map(|pending| match pending {
            Pending::Command { cmd, stopped, .. } if cmd == "search" && !*stopped => Some(stopped),
            _ => None,
        });
        if let Some(stopped) = waiting {
            *stopped = true;
            return true;
        }
        match &self.running {
            Some(running) if !running.stop.is_raised() => {
                running.stop.raise();
                true
            }
            _ => false,
        }
    }

    /// Answers waiting requests in order until one starts a search.
    fn answer_pending(&mut self) -> Vec<Value> {
        let mut responses = Vec::new();
        while self.running.is_none() {
            let Some(pending) = self.pending.pop_front() else { break };
            match pending {
                Pending::Answer(answer) => responses.push(answer),
                Pending::Quit(answer) => {
                    responses.push(answer);
                    self.quitting = true;
                    self.pending.clear();
                }
                Pending::Command { id, cmd, request, stopped } if cmd == "search" => {
                    if let Err(message) = self.start_search(&request, id.clone(), stopped) {
                        responses.push(error(id, message));
                    }
                }
                Pending::Command { id, cmd, request, .. } => responses.push(match self.answer(&cmd, &request) {
                    Ok(fields) => ok(id, fields),
                    Err(message) => error(id, message),
                }),
            }
        }
        responses
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
    fn start_search(&mut self, request: &Map<String, Value>, id: Option<Value>, stopped: bool) -> Result<(), String> {
        let mut limits = search_limits(request, self.args.movetime, MAX_MOVETIME_MS)?;
        let play = optional_flag(request, "play")?;
        if let Some(ending) = self.session.ending() {
            return Err(format!("the game is over ({}); there is nothing to search", ending.text));
        }
        let stop = StopFlag::new();
        if stopped {
            stop.raise();
        }
        limits.stop = Some(stop.clone());
        let eval = self.eval.clone();
        let session = self.session.clone();
        let events = self.events.clone();
        std::thread::spawn(move || {
            let found = panic::catch_unwind(AssertUnwindSafe(|| {
                let eval = eval.get_or_init(|| Evaluator::new(session.engine()));
                session.search(eval, &limits)
            }))
            .map_err(|_| "the search failed (an internal error); the game is unchanged".to_string());
            let _ = events.send(Event::SearchEnded(found));
        });
        self.running = Some(Running { id, stop, play });
        Ok(())
    }

    /// The search's answer (with the state after its move, for `"play":true`),
    /// then the answers of the requests that waited.
    fn search_ended(&mut self, found: Result<SearchResult, String>) -> Vec<Value> {
        let Some(running) = self.running.take() else {
            return Vec::new();
        };
        let reply = found.and_then(|found| {
            let mut reply = json::search_result(&self.session, &found);
            if running.play {
                let best = found.best.ok_or_else(|| "no legal move to play".to_string())?;
                self.session.play_move(best)?;
                reply.extend(json::state(&self.session));
            }
            Ok(reply)
        });
        let mut responses = vec![match reply {
            Ok(fields) => ok(running.id, fields),
            Err(message) => error(running.id, message),
        }];
        responses.extend(self.answer_pending());
        responses
    }
}

/// A request line as a command to carry out or the error it gets; `None` for
/// a blank line.
fn parse(line: InputLine) -> Option<Pending> {
    let refuse = |id: Option<Value>, message: String| Some(Pending::Answer(error(id, message)));
    let text = match line {
        InputLine::Text(text) => text,
        InputLine::NotUtf8 { at } => return refuse(None, format!("the request is not valid UTF-8 (a bad byte at offset {at})")),
        InputLine::TooLong => return refuse(None, format!("the request is longer than {} bytes; it was skipped", input_lines::MAX_LINE)),
    };
    if text.trim().is_empty() {
        return None;
    }
    let request: Value = match serde_json::from_str(&text) {
        Ok(value) => value,
        Err(e) => return refuse(None, format!("malformed JSON: {e}")),
    };
    let id = request.get("id").cloned();
    let Value::Object(request) = request else {
        return refuse(id, "a request must be a JSON object such as {\"cmd\":\"position\"}".to_string());
    };
    match request.get("cmd") {
        Some(Value::String(cmd)) => Some(Pending::Command { id, cmd: cmd.clone(), request, stopped: false }),
        Some(_) => refuse(id, "\"cmd\" must be a string".to_string()),
        None => refuse(id, "missing \"cmd\": the command name, such as \"position\"".to_string()),
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
