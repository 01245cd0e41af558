//! How a variant is shown to XBoard, if it can be:
//!
//! * Games XBoard knows, by Fairy-Stockfish's names: `xiangqi` (a 9x10 board,
//!   no hands; XBoard calls the Horse `H` and the Elephant `E`), `shogi` (9x9
//!   with hands), `chess` (XBoard's `normal`), `chess960` (XBoard's
//!   `fischerandom`, castling written `O-O` and `O-O-O`), `crazyhouse`,
//!   `shatranj`, `seirawan` (the Hawk `H` and Elephant `E` in hand, gating
//!   written `b1c3h`), `capablanca` (10x8), `grand` (10x10), `three-check`
//!   (XBoard's `3check`) and `atomic` (whose explosions XBoard plays on its
//!   own board) are announced under XBoard's own name. Antichess is
//!   not XBoard's `giveaway` nor its `suicide` (the first castles, the second
//!   counts pieces at a stalemate), so it is defined by the engine.
//! * Every other game on a plain rectangle is an engine-defined variant: it is
//!   announced under its own name, and when XBoard selects it the engine sends
//!   `setup (PIECES) WxH+HAND_PARENT FEN` (the board size, the letters of the
//!   pieces, the start position; parent `fairy`, or `shogi` for games with
//!   hands) and a `piece` command with each piece's moves in Betza notation
//!   ([`super::betza`]), so that XBoard highlights the legal targets.
//! * Games XBoard cannot draw or play are not announced, and
//!   [`present`] says why: boards that are not a rectangle of two axes (3D,
//!   folded, wrapped), boards larger than XBoard's, symbols that are not one
//!   letter (or `+` and a letter for a promoted piece), and moves XBoard cannot
//!   make (swaps, leaps that capture on their way, promotions by proxy,
//!   promotions on every move, drops as a promoted form, captures that
//!   explode in a game XBoard does not know).

use super::betza;
use super::grid::Grid;
use super::moves::{CastlingNotation, MoveFormat};
use super::squares::Squares;
use super::variants::Variant;
use std::collections::HashMap;
use std::sync::Arc;
use vdl_runtime::{fen, Game, PieceId, PlayerId, Position};

/// XBoard's board holds at most 16 files (holdings take 4 of them) and 16
/// ranks, two of which it keeps for itself.
const MAX_FILES: usize = 16;
const HOLDINGS_FILES: usize = 4;
const MAX_RANKS: usize = 14;

/// A game XBoard knows: the bundled variant's name (Fairy-Stockfish's) and
/// XBoard's.
struct Known {
    name: &'static str,
    xboard_name: &'static str,
    files: usize,
    ranks: usize,
    hands: bool,
    /// Where XBoard's letters differ from the variant file's symbols.
    letters: &'static [(&'static str, &'static str)],
    /// How XBoard writes castling in this game.
    castling: CastlingNotation,
}

/// A game XBoard knows whose castling is the King's own move (`e1g1`).
const fn known(name: &'static str, xboard_name: &'static str, (files, ranks): (usize, usize), hands: bool) -> Known {
    Known { name, xboard_name, files, ranks, hands, letters: &[], castling: CastlingNotation::PieceDestination }
}

const KNOWN: &[Known] = &[
    Known { letters: &[("N", "H"), ("B", "E")], ..known("xiangqi", "xiangqi", (9, 10), false) },
    known("shogi", "shogi", (9, 9), true),
    known("chess", "normal", (8, 8), false),
    // XBoard writes a Chess960 castling `O-O` or `O-O-O` (its engine
    // protocol, "FischerRandom castling").
    Known { castling: CastlingNotation::Sides, ..known("chess960", "fischerandom", (8, 8), false) },
    known("crazyhouse", "crazyhouse", (8, 8), true),
    // XBoard's Shatranj: `Q` is the Fers and `B` the Alfil, as in the file.
    known("shatranj", "shatranj", (8, 8), false),
    known("capablanca", "capablanca", (10, 8), false),
    known("grand", "grand", (10, 10), false),
    known("three-check", "3check", (8, 8), false),
    // XBoard plays atomic's explosions on its own board.
    known("atomic", "atomic", (8, 8), false),
    known("seirawan", "seirawan", (8, 8), true),
];

/// A variant as XBoard sees it.
pub struct XboardVariant {
    pub variant: Arc<Variant>,
    /// The name XBoard knows it by (`normal` for chess).
    pub name: String,
    pub grid: Grid,
    pub format: MoveFormat,
    /// The lines sent after XBoard selects the variant (`setup`, `piece`).
    pub definition: Vec<String>,
    /// Variant letters to XBoard's (upper case; only where they differ).
    letters: HashMap<String, String>,
}

impl XboardVariant {
    /// A position as XBoard's FEN: the board (and hands) with XBoard's
    /// letters, `w` or `b`, and the castling and en-passant fields (empty in
    /// games without them) and the clocks.
    pub fn xboard_fen(&self, pos: &Position) -> String {
        let game = self.variant.engine.game();
        let text = fen::format(game, pos);
        let mut fields = text.split_whitespace();
        let board = fields.next().unwrap_or_default();
        let side = if pos.side.is_first() { 'w' } else { 'b' };
        let rest: Vec<&str> = fields.skip(1).collect();
        let rest = if game.has_move_history_fields() { rest.join(" ") } else { "- - 0 1".to_string() };
        format!("{} {side} {rest}", translate(board, &self.letters))
    }

    /// XBoard's `highlight` board for the piece on `square`: its legal
    /// targets, `Y` for a quiet move, `R` for a capture, `M` for a promotion,
    /// row by row from the top like a FEN; `None` for a square that is not on
    /// the board.
    pub fn highlight(&self, pos: &Position, legal: &[vdl_runtime::Move], square: &str) -> Option<String> {
        let from = self.format.squares().cell(square)?;
        let mut marks = vec![vec![None; self.grid.files]; self.grid.ranks];
        for mv in legal.iter().filter(|m| m.from() == Some(from)) {
            let (file, rank) = self.grid.square(mv.to());
            let capture = mv.extra_capture().is_some() || (mv.captures_on_to() && !pos.at(mv.to()).is_empty());
            let mark = if mv.promotion().is_some() {
                'M'
            } else if capture {
                'R'
            } else {
                'Y'
            };
            let slot = &mut marks[rank][file];
            // A promotion outranks a capture, which outranks a quiet move.
            if slot.is_none_or(|old| "YRM".find(old) < "YRM".find(mark)) {
                *slot = Some(mark);
            }
        }
        let rows: Vec<String> = marks
            .iter()
            .rev()
            .map(|row| {
                let mut text = String::new();
                let mut empty = 0;
                for mark in row {
                    match mark {
                        None => empty += 1,
                        Some(c) => {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                                empty = 0;
                            }
                            text.push(*c);
                        }
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        Some(rows.join("/"))
    }

    /// XBoard's FEN as a position.
    pub fn read_fen(&self, text: &str) -> Result<Position, String> {
        let game = self.variant.engine.game();
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or("an empty position")?;
        let reverse: HashMap<String, String> = self.letters.iter().map(|(a, b)| (b.clone(), a.clone())).collect();
        let side = match fields.next().unwrap_or("w") {
            "w" => game.players[0].letter,
            "b" => game.players[1].letter,
            other => return Err(format!("unknown side to move `{other}`")),
        };
        // Castling rights, en passant and clocks, in games that keep them.
        let rest: Vec<&str> = if game.has_move_history_fields() { fields.collect() } else { Vec::new() };
        let text = format!("{} {side} {}", translate(board, &reverse), rest.join(" "));
        fen::parse_with(&*self.variant.engine, &text).map_err(|e| e.to_string())
    }
}

/// Replaces letters (either case) by the map's (for upper case).
fn translate(text: &str, letters: &HashMap<String, String>) -> String {
    text.chars()
        .map(|c| match letters.get(&c.to_ascii_uppercase().to_string()) {
            Some(other) if c.is_ascii_lowercase() => other.to_ascii_lowercase(),
            Some(other) => other.clone(),
            None => c.to_string(),
        })
        .collect()
}

/// How XBoard gets this variant, or why it cannot.
pub fn present(variant: &Arc<Variant>) -> Result<XboardVariant, String> {
    let game = variant.engine.game();
    let grid = Grid::of(game)?;
    if game.players.len() != 2 {
        return Err("XBoard plays games of two players".to_string());
    }
    let files_allowed = MAX_FILES - if game.has_hands() { HOLDINGS_FILES } else { 0 };
    if grid.files > files_allowed || grid.ranks > MAX_RANKS {
        return Err(format!("a {}x{} board is larger than XBoard's ({files_allowed}x{MAX_RANKS})", grid.files, grid.ranks));
    }
    let squares = Squares::xboard(game, &grid);
    // XBoard plays the games it knows by its own rules.
    if let Some(known) =
        KNOWN.iter().find(|k| k.name == variant.name && (k.files, k.ranks, k.hands) == (grid.files, grid.ranks, game.has_hands()))
    {
        let letters: HashMap<String, String> = known.letters.iter().map(|&(a, b)| (a.to_string(), b.to_string())).collect();
        let format = MoveFormat::new(squares, '@').with_letters(letters.clone()).with_castling(known.castling);
        let name = known.xboard_name.to_string();
        return Ok(XboardVariant { variant: variant.clone(), name, grid, format, definition: Vec::new(), letters });
    }
    for piece in &game.pieces {
        for rule in piece.moves.iter().flatten() {
            betza::playable(rule).map_err(|what| format!("the {} has {what}, which XBoard cannot play", piece.name))?;
        }
    }
    if !game.rules.proxy_promotions.is_empty() {
        return Err("moves that promote another piece cannot be written in XBoard's notation".to_string());
    }
    // XBoard offers a promotion only in a zone, and drops a piece as itself.
    if game.pieces.iter().flat_map(|p| &p.promotions).any(|p| p.trigger == vdl_runtime::ir::Trigger::Always) {
        return Err("pieces that change type on every move cannot be moved in XBoard".to_string());
    }
    if game.pieces.iter().any(|p| !p.drop_forms.is_empty()) {
        return Err("pieces dropped as their promoted forms cannot be dropped in XBoard".to_string());
    }
    // XBoard knows no Sittuyin: its holdings are filled by captures, and a
    // piece changes type only as it moves.
    if game.rules.must_drop {
        return Err("its pieces are placed from hand before play, which XBoard cannot play".to_string());
    }
    if game.has_in_place_promotions() {
        return Err("pieces that promote where they stand cannot be moved in XBoard".to_string());
    }
    if game.rules.explosion.is_some() {
        return Err("its captures explode, which XBoard shows only in its own atomic chess".to_string());
    }
    if game.blocker().is_some() {
        return Err("a blocker placed after every move is no game XBoard knows".to_string());
    }
    let table = super::xboard_table::piece_table(game, &grid)?;
    // XBoard's word for a pass, as Fairy-Stockfish's Janggi uses it.
    let format = MoveFormat::new(squares, '@').with_pass("@@@@");
    let start = fen::parse_with(&*variant.engine, &game.setup).map_err(|e| e.to_string())?;
    let hand = if game.has_hands() { held_kinds(game).len() } else { 0 };
    let size = format!("{}x{}+{hand}_{}", grid.files, grid.ranks, parent(game));
    let name = variant.name.clone();
    let mut xboard = XboardVariant { variant: variant.clone(), name, grid, format, definition: Vec::new(), letters: HashMap::new() };
    xboard.definition.push(format!("setup ({table}) {size} {}", xboard.xboard_fen(&start)));
    for kind in game.piece_ids() {
        let symbol = &game.pieces[kind].symbol;
        let (white, black) =
            (betza::describe(game, &xboard.grid, kind, PlayerId::FIRST), betza::describe(game, &xboard.grid, kind, PlayerId::SECOND));
        if white.betza == black.betza {
            xboard.definition.push(format!("piece {symbol}& {}", white.betza));
        } else {
            xboard.definition.push(format!("piece {symbol} {}", white.betza));
            xboard.definition.push(format!("piece {} {}", symbol.to_ascii_lowercase(), black.betza));
        }
    }
    Ok(xboard)
}

/// The XBoard variant whose rules an engine-defined one follows where its
/// pieces' moves do not say: `shogi` for drops and captures into the hand,
/// `giveaway` for compulsory captures without royals (XBoard's King is then
/// no royal), `fairy` otherwise.
fn parent(game: &Game) -> &'static str {
    if game.has_hands() {
        "shogi"
    } else if game.rules.must_capture && !game.has_royals() {
        "giveaway"
    } else {
        "fairy"
    }
}

/// The piece types that can be held in hand, in declaration order (a royal
/// piece is never captured, so never held).
pub(super) fn held_kinds(game: &Game) -> Vec<PieceId> {
    game.piece_ids().filter(|&k| !game.pieces[k].royal && game.pieces.iter().any(|p| !p.royal && p.captured_as == Some(k))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_protocol::variants::Variant;
    use vdl_runtime::legal::legal_moves;

    fn variant(name: &str) -> Arc<Variant> {
        Arc::new(Variant::new(name, Arc::from((vdl_variants::by_name(name).unwrap().engine)())))
    }

    /// XBoard has no Kyoto Shogi, and could not enter its moves: every one
    /// turns the piece over, and drops may be of the promoted side.
    #[test]
    fn kyoto_shogi_is_not_offered() {
        let why = present(&variant("kyotoshogi")).err().unwrap();
        assert!(why.contains("change type on every move"), "{why}");
    }

    /// XBoard has no Sittuyin: its holdings fill from captures, and it
    /// has no move that promotes a piece where it stands.
    #[test]
    fn sittuyin_is_not_offered() {
        let why = present(&variant("sittuyin")).err().unwrap();
        assert!(why.contains("placed from hand before play"), "{why}");
    }

    #[test]
    fn xiangqi_and_shogi_are_xboards_own() {
        let xiangqi = present(&variant("xiangqi")).unwrap();
        assert!(xiangqi.definition.is_empty());
        let start = xiangqi.read_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1").unwrap();
        let game = xiangqi.variant.engine.game();
        assert_eq!(fen::format(game, &start), game.setup);
        assert_eq!(xiangqi.xboard_fen(&start), "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1");
        assert!(present(&variant("shogi")).unwrap().definition.is_empty());
    }

    #[test]
    fn capablanca_is_xboards_own_with_its_castling_field() {
        let capablanca = present(&variant("capablanca")).unwrap();
        assert_eq!(capablanca.name, "capablanca");
        assert!(capablanca.definition.is_empty());
        // XBoard's start position of `capablanca`, as its FEN writes it.
        let start = capablanca.read_fen("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1").unwrap();
        let game = capablanca.variant.engine.game();
        assert_eq!(fen::format(game, &start), game.setup);
        assert_eq!(capablanca.xboard_fen(&start), "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
    }

    #[test]
    fn atomic_is_xboards_own() {
        let atomic = present(&variant("atomic")).unwrap();
        assert_eq!(atomic.name, "atomic");
        assert!(atomic.definition.is_empty());
        let start = atomic.read_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(fen::format(atomic.variant.engine.game(), &start), atomic.variant.engine.game().setup);
    }

    #[test]
    fn duck_chess_is_not_offered() {
        // XBoard has no Duck chess (its variants list none), and no game
        // of its own places a blocker after every move.
        let refused = present(&variant("duck")).err().expect("duck chess is not offered to XBoard");
        assert!(refused.contains("blocker"), "{refused}");
    }

    #[test]
    fn chess960_is_fischerandom_castling_by_sides() {
        let v960 = present(&variant("chess960")).unwrap();
        assert_eq!(v960.name, "fischerandom");
        assert!(v960.definition.is_empty());
        // A start position XBoard could deal, with Shredder-FEN rights; the
        // King on b1 castles long with the Rook on a1 (c1, d1 empty) and
        // short with the Rook on h1 once c1..g1 are empty.
        let pos = v960.read_fen("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1").unwrap();
        let game = v960.variant.engine.game();
        let legal = legal_moves(&*v960.variant.engine, &pos);
        let written: Vec<String> = legal.iter().map(|&mv| v960.format.write(game, &pos, mv)).collect();
        assert!(written.contains(&"O-O".to_string()) && written.contains(&"O-O-O".to_string()), "{written:?}");
        let long = v960.format.read(game, &pos, &legal, "O-O-O").unwrap();
        assert_eq!(long.castling_partner().map(|(partner, _)| game.board.cells[partner].name.as_str()), Some("a1"));
    }

    #[test]
    fn crazyhouse_and_shatranj_are_xboards_own() {
        let crazyhouse = present(&variant("crazyhouse")).unwrap();
        assert_eq!(crazyhouse.name, "crazyhouse");
        assert!(crazyhouse.definition.is_empty());
        // XBoard's FEN marks a promoted piece with `~` and holds the hands in brackets.
        let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR[Pp] w KQkq - 0 1";
        let pos = crazyhouse.read_fen(text).unwrap();
        assert_eq!(crazyhouse.xboard_fen(&pos), text);
        let shatranj = present(&variant("shatranj")).unwrap();
        assert_eq!(shatranj.name, "shatranj");
        // XBoard's Shatranj array: the King on d1, the Fers (`Q`) on e1.
        let start = shatranj.read_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1").unwrap();
        let game = shatranj.variant.engine.game();
        assert_eq!(fen::format(game, &start), game.setup);
    }

    #[test]
    fn first_moves_captures_in_passing_and_castling_are_said_in_betza() {
        // As Fairy-Stockfish sends them: the Pawn's `fmWfceF` and `ifmnD`, the King's `O2`.
        let koth = present(&variant("king-of-the-hill")).unwrap();
        assert!(koth.definition[0].contains(") 8x8+0_fairy "), "{:?}", koth.definition);
        assert!(koth.definition.contains(&"piece K& FWO2".to_string()), "{:?}", koth.definition);
        assert!(koth.definition.contains(&"piece P& flfrceFfmWifmnD".to_string()), "{:?}", koth.definition);
        // Compulsory captures and no royal: XBoard's `giveaway` rules, as
        // Fairy-Stockfish's antichess (`8x8+0_giveaway`).
        let antichess = present(&variant("antichess")).unwrap();
        assert!(antichess.definition[0].contains(") 8x8+0_giveaway "), "{:?}", antichess.definition);
        assert!(antichess.definition.contains(&"piece K& FW".to_string()), "{:?}", antichess.definition);
    }

    #[test]
    fn seirawan_is_xboards_own_with_its_gates() {
        let seirawan = present(&variant("seirawan")).unwrap();
        assert_eq!(seirawan.name, "seirawan");
        assert!(seirawan.definition.is_empty());
        // The start of `seirawan`, as Fairy-Stockfish writes it (`position startpos`, `d`).
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1";
        let start = seirawan.read_fen(fen).unwrap();
        assert_eq!(seirawan.xboard_fen(&start), fen);
        let engine = &*seirawan.variant.engine;
        let legal = legal_moves(engine, &start);
        let gated = vdl_runtime::notation::parse_move(engine, &start, "b1-c3/H").unwrap();
        assert_eq!(seirawan.format.write(engine.game(), &start, gated), "b1c3h");
        assert_eq!(seirawan.format.read(engine.game(), &start, &legal, "b1c3h"), Some(gated));
    }

    #[test]
    fn minishogi_is_defined_with_its_hand_and_pieces() {
        let minishogi = present(&variant("minishogi")).unwrap();
        let setup = &minishogi.definition[0];
        assert!(setup.starts_with("setup ("), "{setup}");
        assert!(setup.contains(") 5x5+5_shogi rbsgk/4p/5/P4/KGSBR[-] w"), "{setup}");
        assert!(minishogi.definition.contains(&"piece +P& flfrFW".to_string()), "{:?}", minishogi.definition);
    }

    #[test]
    fn games_xboard_cannot_show_are_refused_with_a_reason() {
        assert!(present(&variant("triaxial-qi")).err().unwrap().contains("axes"));
        assert!(present(&variant("ladies-and-generals")).err().unwrap().contains("axes"));
        assert!(present(&variant("switchback-xiangqi")).err().unwrap().contains("axes"));
        assert!(present(&variant("turn-qi")).err().unwrap().contains("wraps"));
        assert!(present(&variant("taijitu-qi")).err().unwrap().contains("swap"));
    }
}
