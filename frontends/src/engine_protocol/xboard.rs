//! XBoard/CECP (docs/engines.md): `xboard`, `protover 2` (answered with the
//! features, the variants XBoard can show among them), `new`, `variant`,
//! `force`, `go`, `playother`, `usermove`, `?`, `setboard`, `undo`, `remove`,
//! `level`, `st`, `sd`, `time`, `otim`, `post`/`nopost`, `ping`, `lift`
//! (answered `highlight` with the piece's legal targets), `result` and `quit`. The engine's moves are `move MOVE`, followed by the result when
//! a move ends the game; thinking output is `DEPTH SCORE TIME NODES PV`.
//!
//! The engine searches on its own thread when it is its turn; the game is
//! shared with that thread, which plays its move on the game when it sends it.

use super::game::GameState;
use super::input::next_line;
use super::limits::{seconds, GoLimits};
use super::output::Output;
use super::search_thread::{shared_table, Ending, RunningSearch, SearchTask};
use super::variants::Variants;
use super::xboard_variant::{present, XboardVariant};
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use vdl_runtime::legal::GameResult;
use vdl_runtime::search::{self, table::Table, SearchResult};
use vdl_runtime::PlayerId;

/// The time per move when XBoard has set no clock.
const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);
/// XBoard's thinking output gives mate scores from this value on.
const MATE_SCORE: i32 = 100_000;

/// Serves XBoard on `input`/`output` until `quit` or the end of the input.
pub fn run(variants: Arc<Variants>, mut input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    let mut session = XboardSession::new(&variants, Output::new(output)).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    while let Some(line) = next_line(&mut input)? {
        if !session.handle(&line) || session.out.is_closed() {
            break;
        }
    }
    session.abandon_search();
    Ok(())
}

/// What the reading thread and the search thread share.
struct Shared {
    game: GameState,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<PlayerId>,
}

/// XBoard's time control: `level`, `st`, `sd`, `time` and `otim`.
#[derive(Clone, Debug, Default)]
struct Clock {
    /// Moves per session (0: the whole game), and the increment.
    level: Option<(u32, Duration)>,
    per_move: Option<Duration>,
    depth: Option<u32>,
    own: Option<Duration>,
    opponent: Option<Duration>,
}

impl Clock {
    fn limits(&self, engine_side: PlayerId, ply: usize) -> GoLimits {
        let mut go = GoLimits { depth: self.depth, movetime: self.per_move, ..GoLimits::default() };
        let (own, opponent) = (engine_side.index(), engine_side.opponent().index());
        go.time[own] = self.own;
        go.time[opponent] = self.opponent;
        if let Some((moves, increment)) = self.level {
            go.inc = [increment; 2];
            let played = (ply / 2) as u32;
            go.moves_to_go = (moves > 0).then(|| moves - played % moves);
        }
        if go.depth.is_none() && go.movetime.is_none() && go.time.iter().all(Option::is_none) {
            go.movetime = Some(DEFAULT_MOVETIME);
        }
        go
    }
}

struct XboardSession {
    offered: Vec<Arc<XboardVariant>>,
    default: usize,
    current: Arc<XboardVariant>,
    shared: Arc<Mutex<Shared>>,
    clock: Clock,
    post: bool,
    out: Output,
    search: Option<RunningSearch>,
}

impl XboardSession {
    /// A session offering the variants XBoard can show (a note on standard
    /// error says why each other one is not announced); an error when none can.
    fn new(variants: &Variants, out: Output) -> Result<XboardSession, String> {
        let mut offered = Vec::new();
        let mut refused = Vec::new();
        for variant in variants.all() {
            match present(variant) {
                Ok(shown) => offered.push(Arc::new(shown)),
                Err(why) => refused.push(format!("{} is not announced to XBoard: {why}", variant.name)),
            }
        }
        if offered.is_empty() {
            return Err(format!("no variant can be shown by XBoard:\n{}", refused.join("\n")));
        }
        for note in refused {
            eprintln!("note: {note}");
        }
        // `new` means chess (XBoard's `normal`) when it is offered, as the
        // protocol says; else the default variant.
        let default_variant = variants.default_variant();
        let default = offered
            .iter()
            .position(|o| o.name == "normal")
            .or_else(|| offered.iter().position(|o| Arc::ptr_eq(&o.variant, &default_variant)))
            .unwrap_or(0);
        let current = offered[default].clone();
        let game = GameState::new(current.variant.engine.clone());
        let shared = Arc::new(Mutex::new(Shared { game, engine_side: Some(PlayerId::SECOND) }));
        Ok(XboardSession { offered, default, current, shared, clock: Clock::default(), post: false, out, search: None })
    }

    fn lock(&self) -> MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Handles one command; false on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).map_or((line, ""), |(c, r)| (c, r.trim()));
        if self.search.as_ref().is_some_and(RunningSearch::is_done) {
            self.search = None;
        }
        match command {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer" | "name" | "rating" | "ics" | "draw"
            | "hint" | "bk" | "nps" | "memory" | "cores" | "egtpath" | "option" | "." => {}
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => self.select_variant(rest),
            "force" | "result" => {
                self.abandon_search();
                self.lock().engine_side = None;
            }
            "go" => {
                self.abandon_search();
                let mut shared = self.lock();
                shared.engine_side = Some(shared.game.position().side);
                drop(shared);
                self.think();
            }
            "playother" => {
                self.abandon_search();
                let mut shared = self.lock();
                shared.engine_side = Some(shared.game.position().side.opponent());
            }
            "?" => {
                if let Some(search) = self.search.take() {
                    search.stop();
                }
            }
            "ping" => {
                // The answer comes after the engine's move, if it is thinking.
                if let Some(search) = self.search.take() {
                    search.wait();
                }
                // Piece values are measured here, before the engine's turn,
                // so that a search's time is all its own.
                self.current.variant.evaluator();
                self.out.line(format!("pong {rest}"));
            }
            "usermove" => self.user_move(rest),
            "setboard" => self.set_board(rest),
            "undo" => self.take_back(command, 1),
            "remove" => self.take_back(command, 2),
            "level" | "st" | "sd" | "time" | "otim" => {
                if let Err(message) = self.set_clock(command, rest) {
                    self.out.line(format!("Error ({message}): {line}"));
                }
            }
            "lift" => self.highlight(rest),
            "put" | "hover" => {}
            "post" => self.post = true,
            "nopost" => self.post = false,
            "quit" => return false,
            _ if self.is_move(command) => self.user_move(command),
            _ => self.out.line(format!("Error (unknown command): {command}")),
        }
        true
    }

    fn features(&self) {
        let names: Vec<&str> = self.offered.iter().map(|o| o.name.as_str()).collect();
        self.out.line(format!(
            "feature myname=\"vdl {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 playother=1 time=1 colors=0 highlight=1 sigint=0 sigterm=0 reuse=1 analyze=0 san=0 done=1",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
    }

    fn new_game(&mut self) {
        self.abandon_search();
        self.clock.depth = None;
        self.current = self.offered[self.default].clone();
        let mut shared = self.lock();
        shared.game = GameState::new(self.current.variant.engine.clone());
        shared.engine_side = Some(PlayerId::SECOND);
    }

    fn select_variant(&mut self, name: &str) {
        self.abandon_search();
        let Some(chosen) = self.offered.iter().find(|o| o.name == name).cloned() else {
            return self.out.line(format!("Error (unknown variant): {name}"));
        };
        self.current = chosen;
        self.lock().game = GameState::new(self.current.variant.engine.clone());
        for line in &self.current.definition {
            self.out.line(line);
        }
    }

    /// `lift SQUARE`: the legal targets of the piece the user picked up.
    fn highlight(&self, square: &str) {
        let shared = self.lock();
        let game = &shared.game;
        if let Some(board) = self.current.highlight(game.position(), &game.legal_moves(), square) {
            self.out.line(format!("highlight {board}"));
        }
    }

    fn is_move(&self, text: &str) -> bool {
        let shared = self.lock();
        let game = &shared.game;
        self.current.format.read(game.engine().game(), game.position(), &game.legal_moves(), text).is_some()
    }

    fn user_move(&mut self, text: &str) {
        let found = {
            let shared = self.lock();
            let game = &shared.game;
            self.current.format.read(game.engine().game(), game.position(), &game.legal_moves(), text)
        };
        let Some(mv) = found else {
            return self.out.line(format!("Illegal move: {text}"));
        };
        // XBoard sends a move while the engine thinks only when it ponders, which it does not.
        self.abandon_search();
        let mut shared = self.lock();
        if !shared.game.is_legal(mv) {
            return self.out.line(format!("Illegal move: {text}"));
        }
        if let Err(full) = shared.game.play(mv) {
            return self.out.line(format!("Illegal move ({full}): {text}"));
        }
        if let Some(result) = result_line(&shared.game) {
            return self.out.line(result);
        }
        let engine_to_move = shared.engine_side == Some(shared.game.position().side);
        drop(shared);
        if engine_to_move {
            self.think();
        }
    }

    fn set_board(&mut self, text: &str) {
        self.abandon_search();
        match self.current.read_fen(text) {
            Ok(position) => self.lock().game = GameState::from_position(self.current.variant.engine.clone(), position),
            Err(message) => self.out.line(format!("tellusererror Illegal position: {message}")),
        }
    }

    /// Takes back `moves` moves, or as many as there are and says so.
    fn take_back(&mut self, command: &str, moves: usize) {
        self.abandon_search();
        let mut shared = self.lock();
        for _ in 0..moves {
            if !shared.game.undo() {
                drop(shared);
                return self.out.line(format!("Error (command not legal now): {command}"));
            }
        }
    }

    fn set_clock(&mut self, command: &str, args: &str) -> Result<(), String> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let number = |i: usize| -> Result<f64, String> {
            words.get(i).and_then(|w| w.parse::<f64>().ok()).filter(|n| n.is_finite() && *n >= 0.0).ok_or_else(|| "bad number".to_string())
        };
        let duration = |s: f64| seconds(s).ok_or_else(|| "bad number".to_string());
        match command {
            "level" => {
                let moves = number(0)? as u32;
                // The base time is minutes, or minutes:seconds.
                let base = words.get(1).ok_or("bad number")?;
                let (minutes, extra) = base.split_once(':').unwrap_or((base, "0"));
                let parse = |t: &str| t.parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0).ok_or("bad number");
                let total = duration(parse(minutes)? * 60.0 + parse(extra)?)?;
                self.clock.level = Some((moves, duration(number(2)?)?));
                self.clock.per_move = None;
                (self.clock.own, self.clock.opponent) = (Some(total), Some(total));
            }
            "st" => {
                self.clock.per_move = Some(duration(number(0)?)?);
                self.clock.level = None;
                (self.clock.own, self.clock.opponent) = (None, None);
            }
            "sd" => self.clock.depth = Some(number(0)?.clamp(1.0, search::MAX_DEPTH as f64) as u32),
            // time and otim are in centiseconds; they only matter under `level`.
            "time" if self.clock.per_move.is_none() => self.clock.own = Some(duration(number(0)? / 100.0)?),
            "otim" if self.clock.per_move.is_none() => self.clock.opponent = Some(duration(number(0)? / 100.0)?),
            _ => {}
        }
        Ok(())
    }

    /// Starts the engine's search for the side to move.
    fn think(&mut self) {
        let shared = self.lock();
        let game = &shared.game;
        if result_line(game).is_some() {
            return;
        }
        if game.is_full() {
            return self.out.line(format!("tellusererror {}", crate::history::Full));
        }
        let variant = self.current.clone();
        let position = game.position().clone();
        let go = self.clock.limits(position.side, game.ply());
        let task = SearchTask {
            engine: variant.variant.engine.clone(),
            eval: variant.variant.evaluator().clone(),
            history: game.earlier(),
            position: position.clone(),
            limits: go.limits(position.side),
            table: shared_table(Table::DEFAULT_MEGABYTES),
            hold: false,
        };
        drop(shared);
        let (post, report_out, report_variant) = (self.post, self.out.clone(), variant.clone());
        let report = move |found: &SearchResult| {
            if post {
                let pv = report_variant.format.write_line(&*report_variant.variant.engine, &position, &found.pv);
                let centiseconds = found.elapsed.as_millis() / 10;
                report_out.line(format!("{} {} {centiseconds} {} {}", found.depth, thinking_score(found.score), found.nodes, pv.join(" ")));
            }
        };
        let (shared, out) = (self.shared.clone(), self.out.clone());
        let finish = move |found: SearchResult, ending: Ending| {
            if ending == Ending::Abandoned {
                return;
            }
            let mut shared = shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let Some(mv) = found.best else { return };
            let text = variant.format.write(variant.variant.engine.game(), shared.game.position(), mv);
            // think() starts no search in a full game.
            if shared.game.play(mv).is_err() {
                return;
            }
            out.line(format!("move {text}"));
            if let Some(result) = result_line(&shared.game) {
                out.line(result);
            }
        };
        self.search = Some(RunningSearch::start(task, report, finish));
    }

    fn abandon_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.abandon();
        }
    }
}

/// Centipawns, or XBoard's mate scores (100000 + moves to mate).
fn thinking_score(score: i32) -> i32 {
    match search::mate_in(score) {
        Some(plies) => plies.signum() * (MATE_SCORE + (plies.abs() + 1) / 2),
        None => score,
    }
}

/// The result line when the game is over: `1-0 {White wins by checkmate}`.
fn result_line(game: &GameState) -> Option<String> {
    let (result, reason) = game.ending()?;
    let reason = reason.describe();
    let players = &game.engine().game().players;
    Some(match result {
        GameResult::Win(PlayerId::FIRST) => format!("1-0 {{{} wins by {reason}}}", players[0].name),
        GameResult::Win(_) => format!("0-1 {{{} wins by {reason}}}", players[1].name),
        GameResult::Draw => format!("1/2-1/2 {{Draw by {reason}}}"),
    })
}
