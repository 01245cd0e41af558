//! One game in progress: the engine and the game's [`History`] (the current
//! position and the moves that led to it). Every change is checked first, so
//! a bad request leaves the session as it was.

use crate::history::History;
use crate::move_texts::MoveTexts;
use std::sync::Arc;
use vdl_runtime::legal::{self, GameResult};
use vdl_runtime::search::{self, eval::Evaluator, Limits, SearchResult, Searcher};
use vdl_runtime::{fen, notation, san, CellId, Engine, Game, Move, PieceId, PlayerId, Position};

/// A shared engine: sessions, server threads and searches all use one.
pub type SharedEngine = Arc<dyn Engine>;

#[derive(Clone)]
pub struct Session {
    engine: SharedEngine,
    history: History,
    /// The moves of `history` in SAN, each written when it was played (in
    /// the position before it).
    sans: MoveTexts,
}

/// A legal move as a board shows and offers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    /// In vdl's move text (`e7-e8=Q`).
    pub text: String,
    /// In SAN (`e8=Q+`).
    pub san: String,
    /// The cell it leaves (`None` for a drop) and the cell it reaches.
    pub from: Option<CellId>,
    pub to: CellId,
    /// The symbol of the type the moving piece becomes, as declared (`Q`,
    /// `+R`); for a drop, the type it is dropped as when that is not the
    /// type taken from the hand (`may drop promoted`: `+P`).
    pub promotion: Option<String>,
    /// For castling, the partner's cell: a click on it picks the castling
    /// (the only way to point at a Chess960 castling whose King stays put).
    pub partner: Option<CellId>,
    /// The symbol of the type a gating move brings from hand (`H`).
    pub gate: Option<String>,
    /// For a drop, the symbol of the type taken from the hand (`P`).
    pub held: Option<String>,
    /// Where the mover then places the blocker (`place PIECE after every
    /// move`).
    pub blocker: Option<CellId>,
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
        let start = fen::parse_with(&*engine, &engine.game().setup).expect("a checked game has a valid setup");
        Session { engine, history: History::new(start), sans: MoveTexts::default() }
    }

    /// A new game from a position string, then `moves` played from it; on any
    /// error nothing is created. A list of more moves than a game may have
    /// ([`crate::history::MAX_PLIES`]) is refused before any is read.
    pub fn start(engine: SharedEngine, position: Option<&str>, moves: &[String]) -> Result<Session, String> {
        History::fits(moves.len()).map_err(|full| format!("{} moves: {full}", moves.len()))?;
        let mut session = Session::new(engine);
        if let Some(text) = position {
            let pos = fen::parse_with(session.engine(), text).map_err(|e| format!("bad position string: {e}"))?;
            session.history = History::new(pos);
            session.sans = MoveTexts::default();
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
        self.history.position()
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
    pub fn history(&self) -> Vec<String> {
        self.history.moves().map(|mv| self.move_text(mv)).collect()
    }

    /// The moves played so far in SAN, each written in the position before it.
    pub fn history_san(&self) -> impl DoubleEndedIterator<Item = &str> + '_ {
        self.sans.iter()
    }

    /// The last move played, in SAN.
    pub fn last_move_san(&self) -> Option<&str> {
        self.sans.last()
    }

    /// The SAN of a legal move of the current position.
    pub fn san(&self, mv: Move) -> String {
        san::san(self.engine(), self.position(), mv)
    }

    /// The last move played, as text.
    pub fn last_move_text(&self) -> Option<String> {
        self.history.last_move().map(|mv| self.move_text(mv))
    }

    pub fn ply(&self) -> usize {
        self.history.len()
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
        ending(self.engine(), self.position())
    }

    /// Plays the legal move written `text`; returns its text.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        let text = text.trim();
        if let Some(ending) = self.ending() {
            return Err(format!("the game is over ({}); no move can be played", ending.text));
        }
        if self.history.is_full() {
            return Err(format!("the game has {} moves: {}", self.ply(), crate::history::Full));
        }
        let mv = notation::parse_move(self.engine(), self.position(), text).map_err(|e| e.to_string())?;
        self.play_move(mv)
    }

    /// Plays a move known to be legal (from [`Session::legal_moves`] or a
    /// search); returns its text, or an error when the game already has as
    /// many moves as a game may have.
    pub fn play_move(&mut self, mv: Move) -> Result<String, String> {
        let san = self.san(mv);
        self.history.play(&*self.engine, mv).map_err(|full| format!("the game has {} moves: {full}", self.ply()))?;
        self.sans.push(&san);
        Ok(self.move_text(mv))
    }

    /// Takes back the last move; returns its text.
    pub fn undo(&mut self) -> Result<String, String> {
        let mv = self.history.undo().ok_or("no move to undo")?;
        self.sans.pop();
        Ok(self.move_text(mv))
    }

    /// The cells a move leaves and reaches, as the move names them: `from`
    /// is `None` for a move that enters the board (a drop). Whatever else the
    /// move does (capture on the way, change another piece, swap with a
    /// friendly piece on `to`), these are the two cells its text starts with;
    /// the board after it comes from the position.
    pub fn move_cells(mv: Move) -> (Option<CellId>, CellId) {
        (mv.from(), mv.to())
    }

    /// Every legal move with its texts, cells and promotion, sorted by text.
    pub fn legal_with_cells(&self) -> Vec<LegalMove> {
        let game = self.game();
        let mut out: Vec<LegalMove> = san::legal_sans(self.engine(), self.position())
            .into_iter()
            .map(|(mv, san)| {
                let (from, to) = Session::move_cells(mv);
                let symbol = |kind: PieceId| game.pieces[kind].symbol.clone();
                let dropped_as = mv.drop_kind().filter(|&kind| mv.held_kind() != Some(kind));
                let promotion = mv.promotion().or(dropped_as).map(symbol);
                let partner = mv.castling_partner().map(|(partner, _)| partner);
                let gate = mv.gated().map(|(_, kind)| game.pieces[kind].symbol.clone());
                let (text, held, blocker) = (self.move_text(mv), mv.held_kind().map(symbol), mv.blocker());
                LegalMove { text, san, from, to, promotion, partner, gate, held, blocker }
            })
            .collect();
        out.sort_by(|a, b| a.text.cmp(&b.text));
        out
    }

    /// The cells of the last move played.
    pub fn last_move_cells(&self) -> Option<(Option<CellId>, CellId)> {
        self.history.last_move().map(Session::move_cells)
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
        Searcher::with_evaluator(self.engine(), eval.clone()).search_game(&self.history.earlier_keys(), self.position(), limits)
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

/// The end of the game in `pos`, if it is over, with the text a player
/// reads: "White wins by checkmate", "Draw by stalemate".
pub fn ending(engine: &dyn Engine, pos: &Position) -> Option<Ending> {
    let (result, reason) = legal::ending(engine, pos)?;
    let reason = reason.describe();
    let players = &engine.game().players;
    Some(match result {
        GameResult::Win(winner) => {
            Ending { winner: Some(winner), reason, text: format!("{} wins by {reason}", players[winner.index()].name) }
        }
        GameResult::Draw => Ending { winner: None, reason, text: format!("Draw by {reason}") },
    })
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
    fn a_move_list_over_the_cap_is_refused_before_any_move_is_read() {
        let moves = vec!["not even a move".to_string(); crate::history::MAX_PLIES + 1];
        let error = Session::start(s_engine(), None, &moves).err().unwrap();
        assert_eq!(error, "100001 moves: a game may have at most 100000 moves");
    }

    /// A Kyoto Shogi Lance in hand is dropped as a Lance or as a Tokin
    /// (`+L`): both drops name the Lance as the piece taken from the hand,
    /// and the Tokin drop its type as its promotion, so that the page offers
    /// the two as a choice of pieces.
    #[test]
    fn a_drop_as_the_other_side_names_both_types() {
        let engine = Arc::from((vdl_variants::by_name("kyotoshogi").unwrap().engine)());
        let s = Session::start(engine, Some("2k2/5/5/5/2K2[L] w"), &[]).unwrap();
        let legal = s.legal_with_cells();
        let drop = |text: &str| legal.iter().find(|m| m.text == text).unwrap();
        assert_eq!((drop("L*e1").promotion.as_deref(), drop("L*e1").held.as_deref()), (None, Some("L")));
        assert_eq!((drop("+L*e1").promotion.as_deref(), drop("+L*e1").held.as_deref()), (Some("+L"), Some("L")));
        assert_eq!(drop("+L*e1").san, "+L@e1");
    }

    #[test]
    fn move_cells_are_the_cells_the_move_names() {
        let mut s = session();
        let game = s.game();
        let legal = s.legal_with_cells().into_iter().find(|m| m.text == "h3-h10").unwrap();
        // The Cannon takes the Horse on h10 over the Cannon on h8 (Xiang Qi's cannon is `C`).
        assert_eq!(legal.san, "Cxh10");
        assert_eq!(legal.from, game.cell_by_name("h3"));
        assert_eq!(Some(legal.to), game.cell_by_name("h10"));
        assert_eq!((legal.promotion, legal.held), (None, None));
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
        let drops: Vec<_> = s.legal_with_cells().into_iter().filter(|m| m.text.contains('*')).collect();
        let c4 = game.cell_by_name("c4").unwrap();
        let drop = drops.iter().find(|m| m.text == "P*c4").unwrap_or_else(|| panic!("{drops:?}"));
        assert_eq!((drop.san.as_str(), drop.from, drop.to), ("P@c4", None, c4));
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
        assert_eq!(ending.text, "Red wins by checkmate");
        assert!(s.clone().play("e10-e9").unwrap_err().contains("over"));
    }

    fn s_engine() -> SharedEngine {
        session().shared_engine()
    }
}
