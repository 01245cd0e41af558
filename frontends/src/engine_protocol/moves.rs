//! Move strings as Fairy-Stockfish writes them: `FROMTO` with the protocol's
//! squares (`h3e3`), a drop as `P@e5` (USI: `P*5e`), a promotion to the
//! piece's promoted form (`+X`) as a `+` suffix and any other promotion as the
//! new piece's letter in lower case (`e7e8q`). A move that also promotes
//! another piece (a promotion by proxy) adds `,SQUARE` and that piece's
//! suffix. A declined promotion may be written with a trailing `=`. A move
//! that brings a piece from hand onto the cell it leaves (gating) adds the
//! piece's letter in lower case (`b1c3h`); castling that gates onto its
//! partner's cell is written from that cell to the royal's (`h1e1h`).

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
        MoveFormat { squares, drop_mark, letters: HashMap::new(), castling: CastlingNotation::default() }
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

    /// The suffix for a piece of type `from` becoming `to`.
    fn promotion_suffix(&self, game: &Game, from: PieceId, to: PieceId) -> String {
        let (old, new) = (&game.pieces[from].symbol, &game.pieces[to].symbol);
        if new.strip_prefix('+').is_some_and(|base| base.eq_ignore_ascii_case(old)) {
            "+".to_string()
        } else {
            self.letter(game, to).to_ascii_lowercase()
        }
    }

    /// The text of `mv`, a move of `pos`.
    pub fn write(&self, game: &Game, pos: &Position, mv: Move) -> String {
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
}
