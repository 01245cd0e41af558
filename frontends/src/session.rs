//! One game in progress: the engine, the start position, the moves played and
//! the positions they led to. Every change is checked first, so a bad request
//! leaves the session as it was.

use std::sync::Arc;
use vdl_runtime::legal::{self, GameResult};
use vdl_runtime::position::NO_CELL;
use vdl_runtime::search::{self, eval::Evaluator, Limits, SearchResult, Searcher};
use vdl_runtime::{fen, notation, CellId, Engine, Game, Move, PieceId, PlayerId, Position};

/// A shared engine: sessions, server threads and searches all use one.
pub type SharedEngine = Arc<dyn Engine>;

#[derive(Clone)]
pub struct Session {
    engine: SharedEngine,
    /// The position before each move, then the current one (never empty).
    positions: Vec<Position>,
    /// The moves played...
    played: Vec<Move>,
    /// ... and their text.
    moves: Vec<String>,
}

/// How a game ended, in words a front end can show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winner's player index, `None` for a draw.
    pub winner: Option<PlayerId>,
    /// `"checkmate"` or `"stalemate"` (the side to move has no legal move).
    pub reason: &'static str,
    /// For example `"White wins by checkmate"`.
    pub text: String,
}

impl Session {
    /// A new game from the variant's setup.
    pub fn new(engine: SharedEngine) -> Session {
        let game = engine.game();
        let start = fen::parse(game, &game.setup).expect("a checked game has a valid setup");
        Session { engine, positions: vec![start], played: Vec::new(), moves: Vec::new() }
    }

    /// A new game from a position string, then `moves` played from it; on any
    /// error nothing is created.
    pub fn start(engine: SharedEngine, position: Option<&str>, moves: &[String]) -> Result<Session, String> {
        let mut session = Session::new(engine);
        if let Some(text) = position {
            let pos = fen::parse(session.game(), text).map_err(|e| format!("bad position string: {e}"))?;
            session.positions = vec![pos];
        }
        for mv in moves {
            session.play(mv)?;
        }
        Ok(session)
    }

    pub fn engine(&self) -> &dyn Engine {
        &*self.engine
    }

    pub fn shared_engine(&self) -> SharedEngine {
        self.engine.clone()
    }

    pub fn game(&self) -> &Game {
        self.engine.game()
    }

    pub fn position(&self) -> &Position {
        self.positions.last().expect("a session always has a position")
    }

    /// The position before the last move, if any.
    pub fn previous(&self) -> Option<&Position> {
        self.positions.len().checked_sub(2).map(|i| &self.positions[i])
    }

    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position string.
    pub fn fen(&self) -> String {
        fen::format(self.game(), self.position())
    }

    /// The index of the player to move.
    pub fn side(&self) -> PlayerId {
        self.position().side
    }

    pub fn side_name(&self) -> &str {
        &self.game().players[self.side()].name
    }

    /// The moves played so far, as text.
    pub fn history(&self) -> &[String] {
        &self.moves
    }

    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        legal::legal_moves(self.engine(), self.position())
    }

    /// The legal moves as text, sorted.
    pub fn legal_texts(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.legal_moves().into_iter().map(|mv| self.move_text(mv)).collect();
        texts.sort();
        texts
    }

    pub fn move_text(&self, mv: Move) -> String {
        notation::move_text(self.game(), mv)
    }

    pub fn in_check(&self) -> bool {
        legal::in_check(self.engine(), self.position())
    }

    pub fn result(&self) -> Option<GameResult> {
        legal::result(self.engine(), self.position())
    }

    /// The end of the game, if it is over.
    pub fn ending(&self) -> Option<Ending> {
        let (result, reason) = legal::ending(self.engine(), self.position())?;
        let reason = reason.describe();
        let players = &self.game().players;
        Some(match result {
            GameResult::Win(winner) => Ending { winner: Some(winner), reason, text: format!("{} wins by {reason}", players[winner].name) },
            GameResult::Draw => Ending { winner: None, reason, text: format!("Draw by {reason}") },
        })
    }

    /// Plays the legal move written `text`; returns its text.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        let text = text.trim();
        if let Some(ending) = self.ending() {
            return Err(format!("the game is over ({}); no move can be played", ending.text));
        }
        let mv = notation::parse_move(self.engine(), self.position(), text).map_err(|e| e.to_string())?;
        Ok(self.play_move(mv))
    }

    /// Plays a move known to be legal (from [`Session::legal_moves`] or a
    /// search); returns its text.
    pub fn play_move(&mut self, mv: Move) -> String {
        let text = self.move_text(mv);
        let mut next = self.position().clone();
        next.make(mv);
        self.positions.push(next);
        self.played.push(mv);
        self.moves.push(text.clone());
        text
    }

    /// Takes back the last move; returns its text.
    pub fn undo(&mut self) -> Result<String, String> {
        let Some(text) = self.moves.pop() else {
            return Err("no move to undo".to_string());
        };
        self.played.pop();
        self.positions.pop();
        Ok(text)
    }

    /// The cells a move leaves and reaches, as the move names them: `from`
    /// is `None` for a move that enters the board (a drop). Whatever else the
    /// move does (capture on the way, change another piece, swap with a
    /// friendly piece on `to`), these are the two cells its text starts with;
    /// the board after it comes from the position.
    pub fn move_cells(mv: Move) -> (Option<CellId>, CellId) {
        ((mv.from != NO_CELL).then_some(mv.from), mv.to)
    }

    /// Every legal move with its text and cells, sorted by text.
    pub fn legal_with_cells(&self) -> Vec<(String, Option<CellId>, CellId)> {
        let mut out: Vec<_> = self
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let (from, to) = Session::move_cells(mv);
                (self.move_text(mv), from, to)
            })
            .collect();
        out.sort();
        out
    }

    /// The cells of the last move played.
    pub fn last_move_cells(&self) -> Option<(Option<CellId>, CellId)> {
        self.played.last().map(|&mv| Session::move_cells(mv))
    }

    /// The pieces each player holds in hand, in the order the variant
    /// declares the pieces: `(kind, count)` for every kind held (empty lists
    /// in games without hands).
    pub fn hands(&self) -> Vec<Vec<(PieceId, u8)>> {
        let game = self.game();
        let pos = self.position();
        game.player_ids()
            .map(|player| game.piece_ids().map(|kind| (kind, pos.in_hand(player, kind))).filter(|&(_, count)| count > 0).collect())
            .collect()
    }

    /// Searches the current position with `eval` (measured once per game);
    /// the search knows the game's earlier positions and avoids repeating them
    /// when it is ahead.
    pub fn search(&self, eval: &Evaluator, limits: &Limits) -> SearchResult {
        let history = &self.positions[..self.positions.len() - 1];
        Searcher::with_evaluator(self.engine(), eval.clone()).search_game(history, self.position(), limits)
    }
}

/// A short description of a search for people: `depth 5, +1.25` or `mate in 3`.
pub fn describe_search(found: &SearchResult) -> String {
    let score = match search::mate_in(found.score) {
        Some(plies) if plies > 0 => format!("mate in {}", (plies + 1) / 2),
        Some(plies) => format!("mated in {}", (-plies + 1) / 2),
        None => format!("{:+.2}", found.score as f64 / search::eval::UNIT as f64),
    };
    format!("depth {}, {score}, {} nodes, {} ms", found.depth, found.nodes, found.elapsed.as_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(Arc::from((vdl_variants::by_name("xiangqi").unwrap().engine)()))
    }

    #[test]
    fn failures_change_nothing() {
        let mut s = session();
        assert!(s.undo().is_err());
        s.play("h3-e3").unwrap();
        let fen = s.fen();
        assert!(s.play("h3-e3").unwrap_err().contains("illegal"));
        assert!(s.play("zz").unwrap_err().contains("cannot parse"));
        assert_eq!((s.fen(), s.history().len()), (fen, 1));
        assert!(Session::start(s.shared_engine(), Some("nonsense"), &[]).is_err());
        assert!(Session::start(s.shared_engine(), None, &["h3-e3".into(), "h3-e3".into()]).is_err());
        assert_eq!(s.undo().unwrap(), "h3-e3");
        assert_eq!(s.fen(), s.game().setup);
    }

    #[test]
    fn move_cells_are_the_cells_the_move_names() {
        let mut s = session();
        let game = s.game();
        let (text, from, to) = s.legal_with_cells().into_iter().find(|(t, _, _)| t == "h3-h10").unwrap();
        assert_eq!(text, "h3-h10");
        assert_eq!(from, game.cell_by_name("h3"));
        assert_eq!(Some(to), game.cell_by_name("h10"));
        assert_eq!(s.last_move_cells(), None);
        s.play("h3-h10").unwrap();
        let h10 = s.game().cell_by_name("h10").unwrap();
        assert_eq!(s.last_move_cells(), Some((s.game().cell_by_name("h3"), h10)));
        s.undo().unwrap();
        assert_eq!(s.last_move_cells(), None);
    }

    #[test]
    fn hands_and_drops() {
        let engine: SharedEngine = Arc::from((vdl_variants::by_name("shogi").unwrap().engine)());
        let mut s = Session::new(engine.clone());
        assert!(s.hands().iter().all(Vec::is_empty));
        // Pawns trade on c5, White's Bishop takes a Pawn, Black's takes it.
        for mv in ["c3-c4", "c7-c6", "c4-c5", "c6-c5", "b2-g7", "h8-g7"] {
            s.play(mv).unwrap();
        }
        let game = s.game();
        let (pawn, bishop) = (game.piece_by_symbol("P").unwrap(), game.piece_by_symbol("B").unwrap());
        assert_eq!(s.hands(), vec![vec![(pawn, 1)], vec![(bishop, 1), (pawn, 1)]]);
        let drops: Vec<_> = s.legal_with_cells().into_iter().filter(|(t, _, _)| t.contains('*')).collect();
        let c4 = game.cell_by_name("c4").unwrap();
        assert!(drops.contains(&("P*c4".to_string(), None, c4)), "{drops:?}");
        s.play("P*c4").unwrap();
        assert_eq!(s.last_move_cells(), Some((None, c4)));
        assert_eq!(s.hands(), vec![vec![], vec![(bishop, 1), (pawn, 1)]]);
        s.undo().unwrap();
        assert_eq!(s.hands()[0], vec![(pawn, 1)]);
        let s = Session::start(engine, Some("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[2Pb] w"), &[]).unwrap();
        assert_eq!(s.hands(), vec![vec![(pawn, 2)], vec![(bishop, 1)]]);
    }

    #[test]
    fn endings_are_described() {
        let engine = s_engine();
        let s = Session::start(engine, Some("4k3R/R8/9/9/9/9/9/9/9/3K5 b"), &[]).unwrap();
        let ending = s.ending().unwrap();
        assert_eq!(ending.winner, Some(PlayerId::FIRST));
        assert_eq!(ending.text, "White wins by checkmate");
        assert!(s.clone().play("e10-e9").unwrap_err().contains("over"));
    }

    fn s_engine() -> SharedEngine {
        session().shared_engine()
    }
}
