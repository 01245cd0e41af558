//! UCI as Fairy-Stockfish speaks it for variants (docs/engines.md): the
//! `UCI_Variant` option chooses the game, `position startpos|fen ... moves
//! ...` sets the position, `go` searches on its own thread and reports `info`
//! lines for every finished iteration and then `bestmove`; `stop` ends it at
//! once, `isready` is answered during it, `quit` and the end of the input end
//! it (it still gives its `bestmove`, as Stockfish does) and then the session.
//!
//! The same session serves USI ([`Dialect::Usi`]), which differs only in
//! names and notations ([`super::usi`]). Errors are reported as
//! `info string error: ...`; the command is ignored and the session goes on.

use super::game::GameState;
use super::input::next_line;
use super::limits::{ClockNames, GoLimits};
use super::moves::{CastlingNotation, MoveFormat};
use super::output::Output;
use super::search_thread::{shared_table, Ending, RunningSearch, SearchTask, SharedTable};
use super::squares::Squares;
use super::usi;
use super::variants::{Variant, Variants};
use crate::history::History;
use std::io::{self, BufRead, Write};
use std::num::NonZeroUsize;
use std::sync::Arc;
use vdl_runtime::search::{self, table::Table, Limits, SearchResult};
use vdl_runtime::{fen, Game};

/// UCI or its Shogi dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Usi,
}

impl Dialect {
    fn name(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Usi => "usi",
        }
    }

    fn variant_option(self) -> &'static str {
        match self {
            Dialect::Uci => "UCI_Variant",
            Dialect::Usi => "USI_Variant",
        }
    }

    fn clock_names(self) -> ClockNames {
        match self {
            Dialect::Uci => ClockNames::WhiteFirst,
            Dialect::Usi => ClockNames::BlackFirst,
        }
    }

    /// The answer `bestmove` gives when there is no move.
    fn no_move(self) -> &'static str {
        match self {
            Dialect::Uci => "(none)",
            Dialect::Usi => "resign",
        }
    }

    /// How this dialect writes a game's moves.
    pub fn move_format(self, game: &Game) -> Result<MoveFormat, String> {
        match self {
            Dialect::Uci => Ok(MoveFormat::new(Squares::cell_names(game)?, '@')),
            Dialect::Usi => Ok(MoveFormat::new(Squares::usi(game)?, '*')),
        }
    }

    /// `score cp N` or `score mate N` (UCI: moves, USI: plies; negative when
    /// the engine is mated).
    fn score(self, score: i32) -> String {
        match (search::mate_in(score), self) {
            (Some(plies), Dialect::Usi) => format!("mate {plies}"),
            (Some(plies), Dialect::Uci) => format!("mate {}", plies.signum() * ((plies.abs() + 1) / 2)),
            (None, _) => format!("cp {score}"),
        }
    }
}

/// A `spin` option's value: a whole number up to `max`.
fn spin(value: &str, max: usize) -> Result<usize, String> {
    let n: usize = value.parse().map_err(|_| "not a whole number".to_string())?;
    if n > max {
        return Err(format!("the most is {max}"));
    }
    Ok(n)
}

/// A variant this dialect can write moves of.
struct Offered {
    variant: Arc<Variant>,
    format: Arc<MoveFormat>,
}

/// Serves the dialect on `input`/`output` until `quit` or the end of the input.
pub fn serve(dialect: Dialect, variants: Arc<Variants>, mut input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    let mut session =
        UciSession::new(dialect, &variants, Output::new(output)).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    while let Some(line) = next_line(&mut input)? {
        if session.handle(&line) == Flow::Quit || session.out.is_closed() {
            break;
        }
    }
    // A script that pipes `go` and ends its input still gets a move; a GUI
    // that closed its end reads nothing.
    if session.out.is_closed() {
        session.abandon_search();
    } else {
        session.stop_search();
    }
    Ok(())
}

/// Serves UCI.
pub fn run(variants: Arc<Variants>, input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    serve(Dialect::Uci, variants, input, output)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

struct UciSession {
    dialect: Dialect,
    offered: Vec<Offered>,
    current: usize,
    game: GameState,
    out: Output,
    search: Option<RunningSearch>,
    /// `MultiPV`: how many best lines each search reports.
    lines: NonZeroUsize,
    /// `Hash`: the transposition table's size, in megabytes.
    hash_megabytes: usize,
    /// Kept from search to search within a game; a new one for a new game,
    /// variant or size.
    table: SharedTable,
    /// The variant `UCI_Variant` last named.
    requested: String,
    /// `UCI_Chess960`: castling written as the King taking its Rook, and a
    /// variant `NAME` played as `NAME960` where one is offered.
    chess960: bool,
}

/// The most lines `MultiPV` asks for.
const MAX_LINES: usize = 256;
/// The largest transposition table `Hash` asks for, in megabytes.
const MAX_HASH_MEGABYTES: usize = 4096;

impl UciSession {
    /// A session offering the variants whose moves the dialect can write (a
    /// note on standard error says why each other one is not offered); an
    /// error when there is none.
    fn new(dialect: Dialect, variants: &Variants, out: Output) -> Result<UciSession, String> {
        let mut offered = Vec::new();
        let mut refused = Vec::new();
        for variant in variants.all() {
            match dialect.move_format(variant.engine.game()) {
                Ok(format) => offered.push(Offered { variant: variant.clone(), format: Arc::new(format) }),
                Err(why) => refused.push(format!("{} is not offered over {}: {why}", variant.name, dialect.name().to_uppercase())),
            }
        }
        if offered.is_empty() {
            return Err(format!("no variant can be offered:\n{}", refused.join("\n")));
        }
        for note in refused {
            eprintln!("note: {note}");
        }
        let default = variants.default_variant();
        let current = offered.iter().position(|o| Arc::ptr_eq(&o.variant, &default)).unwrap_or(0);
        let game = GameState::new(offered[current].variant.engine.clone());
        let requested = offered[current].variant.name.clone();
        Ok(UciSession {
            dialect,
            offered,
            current,
            game,
            out,
            search: None,
            lines: NonZeroUsize::MIN,
            hash_megabytes: Table::DEFAULT_MEGABYTES,
            table: shared_table(Table::DEFAULT_MEGABYTES),
            requested,
            chess960: false,
        })
    }

    fn variant(&self) -> &Offered {
        &self.offered[self.current]
    }

    fn error(&self, message: impl AsRef<str>) {
        self.out.line(format!("info string error: {}", message.as_ref()));
    }

    fn handle(&mut self, line: &str) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return Flow::Continue;
        };
        self.forget_finished_search();
        match command {
            "uci" | "usi" => self.hello(),
            "isready" => {
                // Piece values are measured here, before the GUI's `go`, so
                // that the search's time is all its own.
                self.variant().variant.evaluator();
                self.out.line("readyok")
            }
            "setoption" => self.set_option(args),
            "ucinewgame" | "usinewgame" => {
                self.stop_search();
                self.table = shared_table(self.hash_megabytes);
                self.game = GameState::new(self.variant().variant.engine.clone());
            }
            "position" => {
                self.stop_search();
                if let Err(message) = self.position(args) {
                    self.error(format!("{message}; the position is unchanged"));
                }
            }
            "go" => self.go(args),
            "stop" | "gameover" => self.stop_search(),
            "ponderhit" => {}
            "d" => self.show(),
            "quit" => return Flow::Quit,
            other => self.error(format!("unknown command `{other}`")),
        }
        Flow::Continue
    }

    fn hello(&self) {
        let dialect = self.dialect;
        self.out.line(format!("id name vdl {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the vdl authors");
        let names: Vec<&str> = self.offered.iter().map(|o| o.variant.name.as_str()).collect();
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        self.out.line(format!("option name {} type combo default {}{vars}", dialect.variant_option(), self.variant().variant.name));
        self.out.line(format!("option name MultiPV type spin default 1 min 1 max {MAX_LINES}"));
        self.out.line(format!("option name Hash type spin default {} min 1 max {MAX_HASH_MEGABYTES}", Table::DEFAULT_MEGABYTES));
        if dialect == Dialect::Uci {
            self.out.line("option name UCI_Chess960 type check default false");
        }
        self.out.line(format!("{}ok", dialect.name()));
    }

    /// `setoption name NAME value VALUE`: the variant, `MultiPV` or `Hash`.
    fn set_option(&mut self, args: &[&str]) {
        let text = args.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return self.error("expected `setoption name NAME value VALUE`");
        };
        let (name, value) = rest.split_once(" value ").map_or((rest.trim(), ""), |(n, v)| (n.trim(), v.trim()));
        if name.eq_ignore_ascii_case("MultiPV") {
            return match spin(value, MAX_LINES).and_then(|n| NonZeroUsize::new(n).ok_or_else(|| "must be at least 1".to_string())) {
                Ok(lines) => self.lines = lines,
                Err(why) => self.error(format!("MultiPV `{value}`: {why}; it stays {}", self.lines)),
            };
        }
        if name.eq_ignore_ascii_case("Hash") {
            return match spin(value, MAX_HASH_MEGABYTES).and_then(|n| if n == 0 { Err("must be at least 1".to_string()) } else { Ok(n) }) {
                Ok(megabytes) => {
                    self.hash_megabytes = megabytes;
                    self.table = shared_table(megabytes);
                }
                Err(why) => self.error(format!("Hash `{value}`: {why}; it stays {}", self.hash_megabytes)),
            };
        }
        if self.dialect == Dialect::Uci && name.eq_ignore_ascii_case("UCI_Chess960") {
            return match value.to_ascii_lowercase().as_str() {
                "true" => self.set_chess960(true),
                "false" => self.set_chess960(false),
                _ => self.error(format!("UCI_Chess960 `{value}`: expected `true` or `false`; it stays {}", self.chess960)),
            };
        }
        if !name.eq_ignore_ascii_case(self.dialect.variant_option()) && !name.eq_ignore_ascii_case("UCI_Variant") {
            return self.error(format!("no such option: {name}"));
        }
        if !self.offered.iter().any(|o| o.variant.name == value) {
            let names: Vec<&str> = self.offered.iter().map(|o| o.variant.name.as_str()).collect();
            return self.error(format!("unknown variant `{value}`; the variants are {}", names.join(", ")));
        }
        self.requested = value.to_string();
        self.select_variant();
    }

    /// `UCI_Chess960`: rewrites every variant's castling notation and plays
    /// the requested variant's Chess960 form, if offered.
    fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
        let castling = if on { CastlingNotation::PieceTakesPartner } else { CastlingNotation::PieceDestination };
        for offered in &mut self.offered {
            offered.format = Arc::new((*offered.format).clone().with_castling(castling));
        }
        self.select_variant();
    }

    /// Plays the variant `UCI_Variant` named (its `960` form while
    /// `UCI_Chess960` is on, where one is offered) from its start.
    fn select_variant(&mut self) {
        let chess960 = format!("{}960", self.requested);
        let by_name = |name: &str| self.offered.iter().position(|o| o.variant.name == name);
        let Some(index) = self.chess960.then(|| by_name(&chess960)).flatten().or_else(|| by_name(&self.requested)) else {
            return;
        };
        self.stop_search();
        self.table = shared_table(self.hash_megabytes);
        self.current = index;
        self.game = GameState::new(self.variant().variant.engine.clone());
        let game = self.game.engine().game();
        self.out.line(format!("info string variant {} ({}) startpos {}", self.variant().variant.name, game.name, game.setup));
    }

    /// `position startpos|fen FEN|sfen SFEN [moves M...]`: all or nothing.
    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let engine = self.variant().variant.engine.clone();
        let game = engine.game();
        let moves_at = args.iter().position(|&w| w == "moves").unwrap_or(args.len());
        let (start, moves) = (&args[..moves_at], args.get(moves_at + 1..).unwrap_or(&[]));
        let position = match start.split_first() {
            Some((&"startpos", [])) => game.setup.clone(),
            Some((&"fen", fields)) if !fields.is_empty() => fields.join(" "),
            Some((&"sfen", fields)) if !fields.is_empty() => usi::sfen_to_position_string(game, &fields.join(" "))?,
            _ => {
                let sfen = if self.dialect == Dialect::Usi { "|sfen SFEN" } else { "" };
                return Err(format!("expected `position startpos|fen FEN{sfen} [moves MOVE...]`"));
            }
        };
        let start = fen::parse_with(&*engine, &position).map_err(|e| format!("bad position `{position}`: {e}"))?;
        History::fits(moves.len()).map_err(|full| format!("{} moves: {full}", moves.len()))?;
        let mut state = GameState::from_position(engine.clone(), start);
        let format = self.variant().format.clone();
        for (i, text) in moves.iter().enumerate() {
            let legal = state.legal_moves();
            let mv = format
                .read(game, state.position(), &legal, text)
                .ok_or_else(|| format!("illegal move `{text}` (move {} of the list)", i + 1))?;
            state.play(mv).map_err(|full| full.to_string())?;
        }
        self.game = state;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) {
        self.forget_finished_search();
        if self.search.is_some() {
            return self.error("a search is running; send `stop` first");
        }
        let go = match GoLimits::parse(args, self.dialect.clock_names()) {
            Ok(go) => go,
            Err(message) => return self.error(message),
        };
        let offered = self.variant();
        let (variant, format) = (offered.variant.clone(), offered.format.clone());
        let position = self.game.position().clone();
        if self.game.legal_moves().is_empty() {
            self.out.line(format!("bestmove {}", self.dialect.no_move()));
            return;
        }
        let task = SearchTask {
            engine: variant.engine.clone(),
            eval: variant.evaluator().clone(),
            history: self.game.earlier(),
            position: position.clone(),
            limits: Limits { lines: self.lines, ..go.limits(position.side) },
            table: self.table.clone(),
            hold: go.infinite,
        };
        let dialect = self.dialect;
        let (out, report_out) = (self.out.clone(), self.out.clone());
        let (report_variant, report_format, report_position) = (variant.clone(), format.clone(), position.clone());
        let report = move |found: &SearchResult| {
            let millis = found.elapsed.as_millis() as u64;
            let nps = found.nodes * 1000 / millis.max(1);
            for (index, line) in found.lines.iter().enumerate() {
                let pv = report_format.write_line(&*report_variant.engine, &report_position, &line.pv);
                report_out.line(format!(
                    "info depth {} seldepth {} multipv {} score {} nodes {} nps {nps} hashfull {} time {millis} pv {}",
                    found.depth,
                    found.seldepth,
                    index + 1,
                    dialect.score(line.score),
                    found.nodes,
                    found.hashfull,
                    pv.join(" ")
                ));
            }
        };
        let finish = move |found: SearchResult, ending: Ending| {
            if ending == Ending::Abandoned {
                return;
            }
            let best = found.best.map_or(dialect.no_move().to_string(), |mv| format.write(variant.engine.game(), &position, mv));
            out.line(format!("bestmove {best}"));
        };
        self.search = Some(RunningSearch::start(task, report, finish));
    }

    /// Ends a running search; it gives its best move.
    fn stop_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop();
        }
    }

    fn abandon_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.abandon();
        }
    }

    /// A search that ended by itself has given (or is giving) its move.
    fn forget_finished_search(&mut self) {
        if self.search.as_ref().is_some_and(RunningSearch::is_done) {
            self.search = None;
        }
    }

    /// `d`: the position as a diagram and a position string (for people).
    fn show(&self) {
        let game = self.game.engine().game();
        for line in vdl_runtime::diagram::draw(game, self.game.position()).lines() {
            self.out.line(format!("info string {line}"));
        }
        self.out.line(format!("info string fen {}", fen::format(game, self.game.position())));
    }
}
