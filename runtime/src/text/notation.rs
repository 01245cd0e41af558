//! Move text: `FROM-TO`, with `=SYMBOL` when the moving piece changes type,
//! `SYMBOL*CELL` for a drop, `,CELL=SYMBOL` appended when the move also
//! promotes another piece, `/SYMBOL` when a piece from hand enters the cell
//! the move leaves (gating; `/SYMBOLCELL` when castling gates onto the
//! partner's cell), `,CELL` when the mover then places the blocker on
//! `CELL` (`place PIECE after every move`); symbols in upper case whichever
//! side moves. This
//! is the form vdl writes; reading, it also takes the forms other programs
//! and players write: SAN ([`crate::text::san`]: `Nf3`, `exd6`, `O-O`, `e8=Q+`),
//! coordinates without the dash (`e2e4`, `e7e8q` as UCI writes them, or
//! `e7e8=Q`), drops written `SYMBOL@CELL`, and the blocker's placing as
//! Fairy-Stockfish's UCI writes it (`e2e4,e4d5`: the move's destination,
//! then the blocker's cell).

use crate::ir::Game;
use crate::legality::engine::Engine;
use crate::legality::legal::legal_moves;
use crate::state::position::{Move, Position};
use std::fmt;

pub fn move_text(game: &Game, mv: Move) -> String {
    let cells = &game.board.cells;
    let Some(from) = mv.from() else {
        let kind = mv.drop_kind().map_or(String::new(), |kind| game.pieces[kind].symbol.to_ascii_uppercase());
        return format!("{kind}*{}", cells[mv.to().index()].name);
    };
    let mut text = format!("{}-{}", cells[from.index()].name, cells[mv.to().index()].name);
    if let Some(kind) = mv.promotion() {
        text.push('=');
        text.push_str(&game.pieces[kind].symbol.to_ascii_uppercase());
    }
    if let Some((cell, kind)) = mv.proxy_promotion() {
        text.push_str(&format!(",{}={}", cells[cell.index()].name, game.pieces[kind].symbol.to_ascii_uppercase()));
    }
    if let Some((cell, kind)) = mv.gated() {
        text.push('/');
        text.push_str(&game.pieces[kind].symbol.to_ascii_uppercase());
        if cell != from {
            text.push_str(&cells[cell.index()].name);
        }
    }
    if let Some(cell) = mv.blocker() {
        text.push(',');
        text.push_str(&cells[cell.index()].name);
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
            MoveError::Unparsable(text) => {
                write!(f, "cannot parse move `{text}`: expected FROM-TO with cell names (`e2-e4`, `e2e4`) or SAN (`Nf3`, `O-O`)")
            }
            MoveError::Illegal(text) => write!(f, "illegal move `{text}` in this position"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Finds the legal move written as `text`, in any of the forms above.
pub fn parse_move<E: Engine + ?Sized>(engine: &E, pos: &Position, text: &str) -> Result<Move, MoveError> {
    let game = engine.game();
    let text = text.trim();
    let legal = legal_moves(engine, pos);
    let canonical = coordinates(game, text);
    let written = canonical.as_deref().unwrap_or(text);
    if let Some(&mv) = legal.iter().find(|&&mv| move_text(game, mv) == written) {
        return Ok(mv);
    }
    // UCI writes a gating move with the piece's letter as a promotion's
    // (`b1c3h`).
    let gating = canonical.as_deref().and_then(|text| text.rsplit_once('=')).map(|(mv, symbol)| format!("{mv}/{symbol}"));
    if let Some(&mv) = gating.and_then(|written| legal.iter().find(|&&mv| mv.gated().is_some() && move_text(game, mv) == written)) {
        return Ok(mv);
    }
    if canonical.is_none() {
        if let Some(mv) = crate::text::san::find(engine, pos, text, &legal) {
            return Ok(mv);
        }
    }
    if canonical.is_some() || looks_like_move(game, text) {
        Err(MoveError::Illegal(text.to_string()))
    } else {
        Err(MoveError::Unparsable(text.to_string()))
    }
}

/// `text` in vdl's own form, when it is written with coordinates: `e2e4`,
/// `e2-e4`, `e7e8q`, `e7-e8q`, `e7e8=Q`, `P@e4`. Cell names are split where both
/// halves name cells, the longest origin first.
fn coordinates(game: &Game, text: &str) -> Option<String> {
    if let Some((body, blocker)) = text.split_once(',').filter(|_| game.blocker().is_some()) {
        return Some(format!("{},{}", coordinates(game, body)?, blocker_cell(game, blocker)?));
    }
    if let Some((symbol, cell)) = text.split_once('@') {
        let kind = game.piece_by_symbol(symbol)?;
        game.cell_by_name(cell)?;
        return Some(format!("{}*{cell}", game.pieces[kind].symbol.to_ascii_uppercase()));
    }
    let splits = (1..text.len()).rev().filter(|&at| text.is_char_boundary(at));
    splits.filter(|&at| game.cell_by_name(&text[..at]).is_some()).find_map(|at| {
        let (from, rest) = text.split_at(at);
        let rest = rest.strip_prefix('-').unwrap_or(rest);
        let ends = (1..=rest.len()).rev().filter(|&end| rest.is_char_boundary(end));
        ends.filter(|&end| game.cell_by_name(&rest[..end]).is_some()).find_map(|end| {
            let (to, promotion) = rest.split_at(end);
            let (promotion, gating) = promotion.split_once('/').unwrap_or((promotion, ""));
            let promotion = promotion.strip_prefix('=').unwrap_or(promotion);
            let symbol = |text: &str| game.piece_by_symbol(text).map(|kind| game.pieces[kind].symbol.to_ascii_uppercase());
            let mut canonical = format!("{from}-{to}");
            if !promotion.is_empty() {
                canonical = format!("{canonical}={}", symbol(promotion)?);
            }
            if !gating.is_empty() {
                canonical = format!("{canonical}/{}", gated(game, gating)?);
            }
            Some(canonical)
        })
    })
}

/// The blocker's cell after a move's `,`: a cell's name, or the move's
/// destination and then the cell, as Fairy-Stockfish's UCI writes it
/// (`e4d5`). The destination is not checked: the move's own text says it.
fn blocker_cell<'t>(game: &Game, text: &'t str) -> Option<&'t str> {
    if game.cell_by_name(text).is_some() {
        return Some(text);
    }
    let splits = (1..text.len()).filter(|&at| text.is_char_boundary(at));
    splits
        .map(|at| text.split_at(at))
        .find(|(to, cell)| game.cell_by_name(to).is_some() && game.cell_by_name(cell).is_some())
        .map(|(_, cell)| cell)
}

/// A gating suffix after its `/`, in vdl's form: the symbol, and the cell
/// it enters where castling gates onto the partner's (`H`, `Hh1`).
fn gated(game: &Game, text: &str) -> Option<String> {
    let ends = (1..=text.len()).rev().filter(|&end| text.is_char_boundary(end));
    ends.filter_map(|end| {
        let (symbol, cell) = text.split_at(end);
        let kind = game.piece_by_symbol(symbol)?;
        (cell.is_empty() || game.cell_by_name(cell).is_some()).then(|| format!("{}{cell}", game.pieces[kind].symbol.to_ascii_uppercase()))
    })
    .next()
}

/// Does `text` look like a move of this game, legal or not: vdl's form, or
/// SAN ending on a cell name, or castling?
fn looks_like_move(game: &Game, text: &str) -> bool {
    if let Some((symbol, cell)) = text.split_once('*') {
        return game.piece_by_symbol(symbol).is_some() && game.cell_by_name(cell).is_some();
    }
    let body = text.split(['=', ',']).next().unwrap_or(text);
    if let Some((from, to)) = body.split_once('-') {
        if game.cell_by_name(from).is_some() && game.cell_by_name(to).is_some() {
            return true;
        }
    }
    let san = body.trim_end_matches(['+', '#', '!', '?']);
    // SAN: letters, digits and `+` (a piece's symbol, its origin, `x`), then
    // the destination.
    let ends_on_a_cell = |at: usize| {
        let (before, cell) = san.split_at(at);
        game.cell_by_name(cell).is_some() && before.chars().all(|c| c.is_alphanumeric() || c == '+')
    };
    matches!(san, "O-O" | "O-O-O" | "0-0" | "0-0-0") || (0..san.len()).filter(|&at| san.is_char_boundary(at)).any(ends_on_a_cell)
}

/// Plays a space-separated list of moves from `pos`, returning the final position.
pub fn play_moves<E: Engine + ?Sized>(engine: &E, pos: &Position, moves: &str) -> Result<Position, MoveError> {
    let mut pos = pos.clone();
    for text in moves.split_whitespace() {
        let mv = parse_move(engine, &pos, text)?;
        crate::legality::legal::play(engine, &mut pos, mv);
    }
    Ok(pos)
}

/// The legal moves written in the notation, sorted bytewise (as `vdl moves`
/// prints them).
pub fn legal_move_texts<E: Engine + ?Sized>(engine: &E, pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = legal_moves(engine, pos).into_iter().map(|mv| move_text(engine.game(), mv)).collect();
    moves.sort();
    moves
}
