//! Move strings as Fairy-Stockfish writes them: `FROMTO` with the protocol's
//! squares (`h3e3`), a drop as `P@e5` (USI: `P*5e`), a promotion to the
//! piece's promoted form (`+X`) as a `+` suffix, back from it as `-`, and
//! any other promotion as the new piece's letter in lower case (`e7e8q`); a
//! drop as a promoted form as `+P@e5`. A move that also promotes
//! another piece (a promotion by proxy) adds `,SQUARE` and that piece's
//! suffix. A declined promotion may be written with a trailing `=`. A move
//! that brings a piece from hand onto the cell it leaves (gating) adds the
//! piece's letter in lower case (`b1c3h`); castling that gates onto its
//! partner's cell is written from that cell to the royal's (`h1e1h`). A pass
//! (a null move) is `FROMFROM` (`e2e2`), or where the protocol has a word
//! for it, that word (XBoard's `@@@@`).

use super::squares::Squares;
use std::collections::HashMap;
use vdl_runtime::{Game, Move, PieceId, Position};

#[derive(Clone, Debug)]
pub struct MoveFormat {
    squares: Squares,
    /// `@` (UCI, XBoard) or `*` (USI).
    drop_mark: char,
    /// The letters the protocol uses for the variant's symbols, where they
    /// differ (XBoard's Xiang Qi calls the Horse `H`, the Elephant `E`).
    letters: HashMap<String, String>,
    castling: CastlingNotation,
    /// The protocol's word for a pass, if it has one.
    pass: Option<&'static str>,
}

/// How a castling move is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CastlingNotation {
    /// The piece's own move (`e1g1`), as chess GUIs send castling.
    #[default]
    PieceDestination,
    /// The piece taking its partner (`e1h1`), as GUIs send castling in
    /// Chess960 (UCI's `UCI_Chess960`): a King that castles without moving,
    /// or onto a cell it could also step to, has no other way to say it.
    PieceTakesPartner,
    /// `O-O` toward the higher files, `O-O-O` toward the lower, as XBoard
    /// writes castling in Fischer Random chess.
    Sides,
}

impl MoveFormat {
    pub fn new(squares: Squares, drop_mark: char) -> MoveFormat {
        MoveFormat { squares, drop_mark, letters: HashMap::new(), castling: CastlingNotation::default(), pass: None }
    }

    /// Passes written `word` (XBoard's `@@@@`).
    pub fn with_pass(mut self, word: &'static str) -> MoveFormat {
        self.pass = Some(word);
        self
    }

    pub fn with_castling(mut self, castling: CastlingNotation) -> MoveFormat {
        self.castling = castling;
        self
    }

    pub fn with_letters(mut self, letters: HashMap<String, String>) -> MoveFormat {
        self.letters = letters;
        self
    }

    pub fn squares(&self) -> &Squares {
        &self.squares
    }

    /// The protocol's upper-case letter(s) for a piece type: a promoted
    /// form `Q~` is sent as its letter (`e7e8q`).
    pub fn letter(&self, game: &Game, kind: PieceId) -> String {
        let symbol = game.pieces[kind].symbol.trim_end_matches('~').to_ascii_uppercase();
        self.letters.get(&symbol).cloned().unwrap_or(symbol)
    }

    /// The suffix for a piece of type `from` becoming `to`: `+` to its
    /// promoted form, `-` back from it (Kyoto Shogi's pieces turning over).
    fn promotion_suffix(&self, game: &Game, from: PieceId, to: PieceId) -> String {
        let (old, new) = (&game.pieces[from].symbol, &game.pieces[to].symbol);
        let is_promoted_form = |promoted: &str, base: &str| promoted.strip_prefix('+').is_some_and(|b| b.eq_ignore_ascii_case(base));
        if is_promoted_form(new, old) {
            "+".to_string()
        } else if is_promoted_form(old, new) {
            "-".to_string()
        } else {
            self.letter(game, to).to_ascii_lowercase()
        }
    }

    /// The text of `mv`, a move of `pos`.
    pub fn write(&self, game: &Game, pos: &Position, mv: Move) -> String {
        if let Some(word) = self.pass.filter(|_| mv.is_null()) {
            return word.to_string();
        }
        let Some(from) = mv.from() else {
            let kind = mv.drop_kind().map_or(String::new(), |kind| self.letter(game, kind));
            return format!("{kind}{}{}", self.drop_mark, self.squares.name(mv.to()));
        };
        let to = match (self.castling, mv.castling_partner()) {
            (CastlingNotation::PieceTakesPartner, Some((partner, _))) => partner,
            (CastlingNotation::Sides, Some((partner, _))) => return vdl_runtime::san::castling(game, from, partner).to_string(),
            _ => mv.to(),
        };
        // Fairy-Stockfish's way of saying which of castling's two cells a
        // piece from hand enters: the partner's cell comes first.
        let (from, to) = match (mv.gated(), mv.castling_partner()) {
            (Some((gate, _)), Some((partner, _))) if gate == partner => (partner, from),
            _ => (from, to),
        };
        let mut text = format!("{}{}", self.squares.name(from), self.squares.name(to));
        if let Some(kind) = mv.promotion() {
            text.push_str(&self.promotion_suffix(game, pos.at(from).kind(), kind));
        }
        if let Some((cell, kind)) = mv.proxy_promotion() {
            text.push(',');
            text.push_str(self.squares.name(cell));
            text.push_str(&self.promotion_suffix(game, pos.at(cell).kind(), kind));
        }
        if let Some((_, kind)) = mv.gated() {
            text.push_str(&self.letter(game, kind).to_ascii_lowercase());
        }
        // Fairy-Stockfish's duck: the move's destination, then the
        // blocker's cell.
        if let Some(cell) = mv.blocker() {
            text.push(',');
            text.push_str(self.squares.name(to));
            text.push_str(self.squares.name(cell));
        }
        text
    }

    /// The legal move (of `legal`, the moves of `pos`) written `text`.
    pub fn read(&self, game: &Game, pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
        let text = text.strip_suffix('=').unwrap_or(text);
        let lower = text.to_ascii_lowercase();
        legal.iter().copied().find(|&mv| {
            let written = self.write(game, pos, mv);
            // A promotion letter may come in upper case (as some GUIs send it).
            written == text || ((mv.promotion().is_some() || mv.gated().is_some()) && !mv.is_drop() && written == lower)
        })
    }

    /// A line of moves from `pos` as text, each written in the position it is
    /// played in; stops at a move that is not legal there.
    pub fn write_line(&self, engine: &dyn vdl_runtime::Engine, pos: &Position, line: &[Move]) -> Vec<String> {
        let mut pos = pos.clone();
        let mut out = Vec::new();
        for &mv in line {
            if !vdl_runtime::legal::legal_moves(engine, &pos).contains(&mv) {
                break;
            }
            out.push(self.write(engine.game(), &pos, mv));
            vdl_runtime::legal::play(engine, &mut pos, mv);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vdl_runtime::{fen, legal, notation, Engine};

    fn engine(name: &str) -> Box<dyn Engine> {
        (vdl_variants::by_name(name).unwrap().engine)()
    }

    #[test]
    fn xiangqi_moves_are_fairy_stockfish_coordinates() {
        let engine = engine("xiangqi");
        let game = engine.game();
        let pos = fen::parse(game, &game.setup).unwrap();
        let format = MoveFormat::new(Squares::cell_names(game).unwrap(), '@');
        let legal = legal::legal_moves(&*engine, &pos);
        let cannon = notation::parse_move(&*engine, &pos, "h3-e3").unwrap();
        assert_eq!(format.write(game, &pos, cannon), "h3e3");
        assert_eq!(format.read(game, &pos, &legal, "h3e3"), Some(cannon));
        assert_eq!(format.read(game, &pos, &legal, "h3e4"), None);
        let rook = notation::parse_move(&*engine, &pos, "a1-a2").unwrap();
        assert_eq!(format.write(game, &pos, rook), "a1a2");
    }

    #[test]
    fn shogi_drops_and_promotions() {
        let engine = engine("shogi");
        let game = engine.game();
        // Pawns moved on c and g open the Bishops' diagonal; White holds a Bishop and a Pawn.
        let pos = fen::parse(game, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[BP] w").unwrap();
        let legal = legal::legal_moves(&*engine, &pos);
        let uci = MoveFormat::new(Squares::cell_names(game).unwrap(), '@');
        let usi = MoveFormat::new(Squares::usi(game).unwrap(), '*');
        let drop = notation::parse_move(&*engine, &pos, "B*e5").unwrap();
        assert_eq!(uci.write(game, &pos, drop), "B@e5");
        assert_eq!(usi.write(game, &pos, drop), "B*5e");
        assert_eq!(uci.read(game, &pos, &legal, "B@e5"), Some(drop));
        let promote = notation::parse_move(&*engine, &pos, "b2-g7=+B").unwrap();
        let decline = notation::parse_move(&*engine, &pos, "b2-g7").unwrap();
        assert_eq!(uci.write(game, &pos, promote), "b2g7+");
        assert_eq!(usi.write(game, &pos, promote), "8h3c+");
        assert_eq!(uci.write(game, &pos, decline), "b2g7");
        assert_eq!(usi.read(game, &pos, &legal, "8h3c="), Some(decline));
        assert_eq!(usi.read(game, &pos, &legal, "8h3c+"), Some(promote));
    }

    /// Kyoto Shogi: every move turns the piece over (`+` to the promoted
    /// side, `-` back), and a Lance in hand is dropped either side up. The
    /// lists are Fairy-Stockfish's (`go perft 1`, sorted) in UCI and USI.
    #[test]
    fn kyoto_shogi_moves_are_fairy_stockfishs() {
        let engine = engine("kyotoshogi");
        let game = engine.game();
        let pos = fen::parse(game, "1+nksP/5/5/5/pSK+N1[Ll] w - - 0 3").unwrap();
        let legal = legal::legal_moves(&*engine, &pos);
        let written = |format: &MoveFormat| {
            let mut moves: Vec<String> = legal.iter().map(|&mv| format.write(game, &pos, mv)).collect();
            moves.sort();
            moves.join(" ")
        };
        let uci = MoveFormat::new(Squares::cell_names(game).unwrap(), '@');
        let usi = MoveFormat::new(Squares::usi(game).unwrap(), '*');
        assert_eq!(
            written(&uci),
            "+L@a2 +L@a3 +L@a4 +L@a5 +L@b2 +L@b3 +L@b4 +L@c2 +L@c3 +L@c4 +L@d2 +L@d3 +L@d4 +L@e1 +L@e2 +L@e3 +L@e4 \
             L@a2 L@a3 L@a4 L@a5 L@b2 L@b3 L@b4 L@c2 L@c3 L@c4 L@d2 L@d3 L@d4 L@e1 L@e2 L@e3 L@e4 \
             b1a2+ b1b2+ b1c2+ c1b2 c1c2 c1d2 d1c2- d1d2- d1e1- d1e2-"
        );
        assert_eq!(
            written(&usi),
            "+L*1b +L*1c +L*1d +L*1e +L*2b +L*2c +L*2d +L*3b +L*3c +L*3d +L*4b +L*4c +L*4d +L*5a +L*5b +L*5c +L*5d \
             2e1d- 2e1e- 2e2d- 2e3d- 3e2d 3e3d 3e4d 4e3d+ 4e4d+ 4e5d+ \
             L*1b L*1c L*1d L*1e L*2b L*2c L*2d L*3b L*3c L*3d L*4b L*4c L*4d L*5a L*5b L*5c L*5d"
        );
        for &mv in &legal {
            assert_eq!(uci.read(game, &pos, &legal, &uci.write(game, &pos, mv)), Some(mv));
            assert_eq!(usi.read(game, &pos, &legal, &usi.write(game, &pos, mv)), Some(mv));
        }
    }
}
