//! Move text, as `../shared/rules/README.md` fixes it: `FROM-TO`, with `=SYMBOL`
//! when the moving piece changes type, `SYMBOL*CELL` for a drop, `,CELL=SYMBOL`
//! appended when the move also promotes another piece; symbols in upper case
//! whichever side moves.

use crate::engine::Engine;
use crate::ir::Game;
use crate::legal::legal_moves;
use crate::position::{Move, Position};
use std::fmt;

pub fn move_text(game: &Game, mv: Move) -> String {
    let cells = &game.board.cells;
    if let Some(kind) = mv.drop_kind() {
        return format!("{}*{}", game.pieces[kind].symbol.to_ascii_uppercase(), cells[mv.to.index()].name);
    }
    let mut text = format!("{}-{}", cells[mv.from.index()].name, cells[mv.to.index()].name);
    if let Some(kind) = mv.promotion() {
        text.push('=');
        text.push_str(&game.pieces[kind].symbol.to_ascii_uppercase());
    }
    if let Some((cell, kind)) = mv.proxy_promotion() {
        text.push_str(&format!(",{}={}", cells[cell.index()].name, game.pieces[kind].symbol.to_ascii_uppercase()));
    }
    text
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move of this game's notation.
    Unparsable(String),
    /// The text is a move, but not a legal one here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unparsable(text) => write!(f, "cannot parse move `{text}`: expected FROM-TO with cell names, such as `e4-e5`"),
            MoveError::Illegal(text) => write!(f, "illegal move `{text}` in this position"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Finds the legal move written as `text`.
pub fn parse_move<E: Engine + ?Sized>(engine: &E, pos: &Position, text: &str) -> Result<Move, MoveError> {
    let game = engine.game();
    let legal = legal_moves(engine, pos);
    if let Some(&mv) = legal.iter().find(|&&mv| move_text(game, mv) == text) {
        return Ok(mv);
    }
    if looks_like_move(game, text) {
        Err(MoveError::Illegal(text.to_string()))
    } else {
        Err(MoveError::Unparsable(text.to_string()))
    }
}

fn looks_like_move(game: &Game, text: &str) -> bool {
    if let Some((symbol, cell)) = text.split_once('*') {
        return game.piece_by_symbol(symbol).is_some() && game.cell_by_name(cell).is_some();
    }
    let body = text.split(['=', ',']).next().unwrap_or(text);
    match body.split_once('-') {
        Some((from, to)) => game.cell_by_name(from).is_some() && game.cell_by_name(to).is_some(),
        None => false,
    }
}

/// Plays a space-separated list of moves from `pos`, returning the final position.
pub fn play_moves<E: Engine + ?Sized>(engine: &E, pos: &Position, moves: &str) -> Result<Position, MoveError> {
    let mut pos = pos.clone();
    for text in moves.split_whitespace() {
        let mv = parse_move(engine, &pos, text)?;
        pos.make(mv);
    }
    Ok(pos)
}
