//! Position strings: the board row by row as the variant's layout lists the cells
//! (digits count empty cells, upper case for the first player, lower case for the
//! second, `+X` a promoted piece), in games with hands the pieces in hand in
//! brackets (`[PPb]`, `[-]` for none; a count may precede a symbol: `[2Pb]`),
//! then the letter of the side to move; in games with castling, first moves
//! or captures in passing, FEN's castling and en-passant fields
//! ([`crate::fen_state`]). In a game that counts checks, the checks each
//! player still has to give follow as Fairy-Stockfish writes them (`3+3`). A
//! wall (a place of the board's box that is not a cell) is written `*`, as
//! Fairy-Stockfish does; reading, it may also be left out.

use crate::ir::{ByPlayer, Game, PlayerId};
use crate::piece::Piece;
use crate::position::Position;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Byte offset in the position string where the problem starts.
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at character {})", self.message, self.offset + 1)
    }
}

impl std::error::Error for FenError {}

fn error(offset: usize, message: impl Into<String>) -> FenError {
    FenError { offset, message: message.into() }
}

/// Reads a position string. Fields after the side to move (such as FEN's
/// `- - 0 1`) are ignored.
pub fn parse(game: &Game, text: &str) -> Result<Position, FenError> {
    let trimmed = text.trim_start();
    let start = text.len() - trimmed.len();
    let board_len = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
    let mut pos = Position::empty(game);
    let field = &trimmed[..board_len];
    let board_text = match field.find('[') {
        Some(open) => {
            parse_hands(game, &field[open..], start + open, &mut pos)?;
            &field[..open]
        }
        None => field,
    };
    parse_board(game, board_text, start, &mut pos)?;
    let rest = &trimmed[board_len..];
    let mut fields = rest.split_whitespace();
    if let Some(side) = fields.next() {
        let offset = start + board_len + (rest.len() - rest.trim_start().len());
        pos.side = side_from_letter(game, side).ok_or_else(|| {
            let letters: Vec<String> = game.players.iter().map(|p| format!("`{}`", p.letter)).collect();
            error(offset, format!("unknown side to move `{side}`; expected one of {}", letters.join(", ")))
        })?;
    }
    if crate::fen_state::has_fields(game) {
        let castling = fields.next().unwrap_or("-");
        let offset = |field: &str| text.find(field).unwrap_or(0);
        let setup = setup_board(game);
        crate::fen_state::parse_castling(game, castling, setup.as_ref(), &mut pos).map_err(|m| error(offset(castling), m))?;
        if let Some(field) = fields.next() {
            crate::fen_state::parse_en_passant(game, field, &mut pos).map_err(|m| error(offset(field), m))?;
        }
        // The clocks, where given (a game-end field such as check counts
        // may come first; it is not read here).
        let numbers: Vec<u16> = fields.clone().filter_map(|f| f.parse().ok()).collect();
        if let [.., halfmove, fullmove] = numbers[..] {
            pos.halfmove = halfmove;
            pos.fullmove = fullmove.max(1);
        }
    }
    if pos.obligations() > 0 {
        if let Some(field) = fields.next() {
            let offset = text.rfind(field).unwrap_or(0);
            parse_countdowns(field, &mut pos).map_err(|m| error(offset, m))?;
        }
    }
    if let Some(checks) = game.checks_to_win() {
        for field in fields {
            if let Some(left) = parse_checks(field, checks) {
                pos.checks_left = left;
                break;
            }
        }
    }
    Ok(pos)
}

/// The check counts of a game that counts checks, as Fairy-Stockfish writes
/// them after the en-passant field: `1+3`, the checks each player still has
/// to give. Lichess's `+2+0` (after the move numbers) counts the checks given
/// instead. Without either, nobody has given a check yet.
fn parse_checks(field: &str, checks: u8) -> Option<ByPlayer<u8>> {
    let (given, body) = match field.strip_prefix('+') {
        Some(body) => (true, body),
        None => (false, field),
    };
    let (white, black) = body.split_once('+')?;
    let number = |text: &str| text.parse::<u8>().ok().filter(|_| text.bytes().all(|b| b.is_ascii_digit()));
    let (white, black) = (number(white)?, number(black)?);
    Some(if given {
        ByPlayer::new(checks.saturating_sub(white), checks.saturating_sub(black))
    } else {
        ByPlayer::new(white.min(checks), black.min(checks))
    })
}

/// The board of the game's setup, to tell which pieces stand where they
/// started; `None` if the setup does not read (the checker reports it).
fn setup_board(game: &Game) -> Option<Position> {
    let field = game.setup.split_whitespace().next()?;
    let board = field.split('[').next()?;
    let mut pos = Position::empty(game);
    parse_board(game, board, 0, &mut pos).ok()?;
    Some(pos)
}

/// `-/2`: each player's countdowns (`,` between several), `-` where none runs.
fn parse_countdowns(field: &str, pos: &mut Position) -> Result<(), String> {
    let values: Vec<&str> = field.split(['/', ',']).collect();
    let obligations = pos.obligations();
    if values.len() != 2 * obligations {
        return Err(format!("expected {} countdowns such as `-/2`, found `{field}`", 2 * obligations));
    }
    for (countdowns, values) in pos.countdowns.iter_mut().zip(values.chunks(obligations)) {
        for (slot, value) in countdowns.iter_mut().zip(values) {
            *slot = match *value {
                "-" => crate::position::NOT_COUNTING,
                n => n.parse::<u8>().ok().filter(|&n| n < crate::position::NOT_COUNTING).ok_or_else(|| format!("bad countdown `{n}`"))?,
            };
        }
    }
    Ok(())
}

fn side_from_letter(game: &Game, text: &str) -> Option<PlayerId> {
    let mut chars = text.chars();
    let letter = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    game.players.iter().position(|p| p.letter == letter.to_ascii_lowercase()).map(PlayerId::from_index)
}

fn parse_board(game: &Game, text: &str, base: usize, pos: &mut Position) -> Result<(), FenError> {
    let layout = &game.board.layout;
    let bytes = text.as_bytes();
    let mut i = 0;
    for (row_index, row) in layout.rows.iter().enumerate() {
        if row_index > 0 {
            let sep = &layout.separators[row_index - 1];
            if !text[i..].starts_with(sep.as_str()) {
                return Err(error(base + i, format!("expected `{sep}` before row {}", row_index + 1)));
            }
            i += sep.len();
        }
        let cells = row.iter().flatten().count();
        let too_short =
            |at: usize, filled: usize| error(base + at, format!("row {} is too short: {filled} of {cells} cells", row_index + 1));
        let mut slot = 0;
        let mut filled = 0;
        while slot < row.len() {
            // A wall is written `*`, as Fairy-Stockfish does, or left out.
            let Some(cell) = row[slot] else {
                if bytes.get(i) == Some(&WALL) {
                    i += 1;
                }
                slot += 1;
                continue;
            };
            let at = i;
            match bytes.get(i) {
                None => return Err(too_short(i, filled)),
                Some(b) if b.is_ascii_digit() => {
                    while bytes.get(i).is_some_and(|b| b.is_ascii_digit()) {
                        i += 1;
                    }
                    let count: usize = text[at..i].parse().unwrap_or(usize::MAX);
                    if count == 0 || filled + count > cells {
                        return Err(error(base + at, format!("row {} is too long: it has {cells} cells", row_index + 1)));
                    }
                    // The empty cells counted, and any walls among them.
                    let mut left = count;
                    while left > 0 {
                        if row[slot].is_some() {
                            left -= 1;
                        }
                        slot += 1;
                    }
                    filled += count;
                }
                Some(&WALL) => {
                    let name = &game.board.cells[cell].name;
                    return Err(error(base + at, format!("`*` (a wall) where the board has cell {name}")));
                }
                Some(_) if layout.separators.iter().any(|sep| text[i..].starts_with(sep.as_str())) => return Err(too_short(i, filled)),
                Some(_) => {
                    let (piece, len) = parse_piece(game, &text[i..])
                        .ok_or_else(|| error(base + at, format!("unknown piece `{}`", symbol_at(&text[i..]))))?;
                    pos.put(cell, piece);
                    filled += 1;
                    slot += 1;
                    i += len;
                }
            }
        }
    }
    if i != text.len() {
        return Err(error(base + i, format!("unexpected `{}` after the last row", &text[i..])));
    }
    Ok(())
}

/// How position strings write a wall.
const WALL: u8 = b'*';

/// Reads `[...]`: the pieces in hand.
fn parse_hands(game: &Game, text: &str, base: usize, pos: &mut Position) -> Result<(), FenError> {
    if !game.has_hands() {
        return Err(error(base, "this game has no pieces in hand"));
    }
    let Some(body) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
        return Err(error(base, "pieces in hand are written in brackets: `[PPb]`"));
    };
    if body == "-" {
        return Ok(());
    }
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let at = i;
        while bytes.get(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        let count: u8 = if i > at { body[at..i].parse().map_err(|_| error(base + 1 + at, "too many pieces in hand"))? } else { 1 };
        let (piece, len) = parse_piece(game, &body[i..])
            .ok_or_else(|| error(base + 1 + i, format!("unknown piece in hand `{}`", symbol_at(&body[i..]))))?;
        if game.pieces[piece.kind()].captured_as != Some(piece.kind()) {
            return Err(error(base + 1 + i, format!("`{}` cannot be held in hand", &body[i..i + len])));
        }
        let held = &mut pos.hands[piece.owner()][piece.kind().index()];
        *held = held.saturating_add(count);
        i += len;
    }
    Ok(())
}

/// The symbol-like text at the start of `text`, for messages: `+X` or one character.
fn symbol_at(text: &str) -> &str {
    let len = if text.starts_with('+') { 1 } else { 0 };
    let end = text[len..].chars().next().map_or(len, |c| len + c.len_utf8());
    &text[..end]
}

/// Reads one piece symbol (`P`, `p`, `+P`) at the start of `text`.
fn parse_piece(game: &Game, text: &str) -> Option<(Piece, usize)> {
    let len = if text.starts_with('+') { 2 } else { 1 };
    let symbol = text.get(..len)?;
    let letter = symbol.chars().last()?;
    if !letter.is_ascii_alphabetic() {
        return None;
    }
    let owner = if letter.is_ascii_uppercase() { PlayerId::FIRST } else { PlayerId::SECOND };
    let kind = game.piece_by_symbol(symbol)?;
    Some((Piece::new(kind, owner), len))
}

/// Writes `pos` as a position string.
pub fn format(game: &Game, pos: &Position) -> String {
    let layout = &game.board.layout;
    let mut out = String::new();
    for (row_index, row) in layout.rows.iter().enumerate() {
        if row_index > 0 {
            out.push_str(&layout.separators[row_index - 1]);
        }
        let mut empty = 0;
        for &slot in row {
            let Some(cell) = slot else {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(WALL as char);
                continue;
            };
            let piece = pos.at(cell);
            if piece.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push_str(&piece_symbol(game, piece));
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    if game.has_hands() {
        out.push('[');
        let before = out.len();
        for player in game.player_ids() {
            for kind in game.piece_ids() {
                for _ in 0..pos.in_hand(player, kind) {
                    out.push_str(&piece_symbol(game, Piece::new(kind, player)));
                }
            }
        }
        if out.len() == before {
            out.push('-');
        }
        out.push(']');
    }
    out.push(' ');
    out.push(game.players[pos.side.index()].letter);
    if crate::fen_state::has_fields(game) {
        out.push(' ');
        out.push_str(&crate::fen_state::format_castling(game, pos));
        out.push(' ');
        out.push_str(&crate::fen_state::format_en_passant(game, pos));
    }
    if pos.obligations() > 0 {
        let text: Vec<String> = pos
            .countdowns
            .iter()
            .map(|c| &c[..pos.obligations()])
            .map(|c| {
                c.iter()
                    .map(|&n| if n == crate::position::NOT_COUNTING { "-".to_string() } else { n.to_string() })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        out.push(' ');
        out.push_str(&text.join("/"));
    }
    if game.checks_to_win().is_some() {
        out.push_str(&format!(" {}+{}", pos.checks_left[PlayerId::FIRST], pos.checks_left[PlayerId::SECOND]));
    }
    // FEN's clocks come last, after Fairy-Stockfish's check counts.
    if crate::fen_state::has_fields(game) {
        out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    }
    out
}

/// The symbol of a piece as a position string writes it: case shows the owner.
pub fn piece_symbol(game: &Game, piece: Piece) -> String {
    let symbol = &game.pieces[piece.kind()].symbol;
    if piece.owner().is_first() {
        symbol.to_ascii_uppercase()
    } else {
        symbol.to_ascii_lowercase()
    }
}
