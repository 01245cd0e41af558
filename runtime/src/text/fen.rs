//! Position strings: the board row by row as the variant's layout lists the cells
//! (digits count empty cells, upper case for the first player, lower case for the
//! second, `+X` a promoted piece), in games with hands the pieces in hand in
//! brackets (`[PPb]`, `[-]` for none; a count may precede a symbol: `[2Pb]`),
//! then the letter of the side to move; in games with castling, first moves
//! or captures in passing, FEN's castling and en-passant fields
//! ([`crate::text::fen_state`]). In a game that counts checks, the checks each
//! player still has to give follow as Fairy-Stockfish writes them (`3+3`). A
//! wall (a place of the board's box that is not a cell) is written `*`, as
//! Fairy-Stockfish does; reading, it may also be left out. In a game with a
//! blocker (`place PIECE after every move`), `*` on a cell is the blocker,
//! as Fairy-Stockfish writes its duck.
//!
//! Reading is two steps: [`parse_setup`] reads the text as written into a
//! [`Setup`], and [`Position::from_setup`] judges it against the game's
//! rules; [`parse`] does both.

use crate::ir::{ByPlayer, Game, PlayerId};
use crate::state::piece::Piece;
use crate::state::position::Position;
use crate::text::position_error::{Clock, Place, PositionError};
use crate::text::setup::{CheckCounts, Setup};
use std::fmt;

/// Why a position string was refused, and where in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Byte offset in the position string where the problem starts (for an
    /// impossible position, the place of what makes it so: the piece, the
    /// castling letter, the field; the board's start if it has no one place).
    pub offset: usize,
    pub kind: FenErrorKind,
}

/// Whether the text does not read, or reads as an impossible position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenErrorKind {
    /// The text is not a position string of the game.
    Syntax(String),
    /// It reads, but the game's rules make the position impossible (boxed:
    /// the error names its piece, cell and fix, and the readers' results
    /// stay small).
    Position(Box<PositionError>),
}

impl FenError {
    /// What is wrong, without the place.
    pub fn message(&self) -> String {
        match &self.kind {
            FenErrorKind::Syntax(message) => message.clone(),
            FenErrorKind::Position(error) => error.to_string(),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at character {})", self.message(), self.offset + 1)
    }
}

impl std::error::Error for FenError {}

fn error(offset: usize, message: impl Into<String>) -> FenError {
    FenError { offset, kind: FenErrorKind::Syntax(message.into()) }
}

/// Reads a position string and judges it ([`Position::from_setup`]): the
/// way from text to a position (front ends, which have an engine at hand,
/// call [`parse_with`]).
pub fn parse(game: &Game, text: &str) -> Result<Position, FenError> {
    let (setup, places) = read(game, text)?;
    Position::from_setup(game, &setup)
        .map_err(|error| FenError { offset: places.of(error.place()), kind: FenErrorKind::Position(Box::new(error)) })
}

/// [`parse`], asking `engine` (an engine of the game) whether a royal is
/// attacked rather than building an interpreter for it.
pub fn parse_with(engine: &dyn crate::Engine, text: &str) -> Result<Position, FenError> {
    let (setup, places) = read(engine.game(), text)?;
    Position::from_setup_with(engine, &setup)
        .map_err(|error| FenError { offset: places.of(error.place()), kind: FenErrorKind::Position(Box::new(error)) })
}

/// Reads a position string as written, without judging whether the game
/// can reach it.
pub fn parse_setup(game: &Game, text: &str) -> Result<Setup, FenError> {
    read(game, text).map(|(setup, _)| setup)
}

/// Where the parts of a position string start, to place the errors of
/// [`Position::from_setup`].
struct Places {
    board: usize,
    /// Per cell, where its piece is written (the board's start for empty
    /// cells).
    cells: Vec<usize>,
    /// Per hand slot (`player * kinds + kind`), where the type is first
    /// written.
    hands: Vec<usize>,
    kinds: usize,
    /// Per castling right, where its letter is.
    castling: Vec<usize>,
    en_passant: usize,
    countdowns: usize,
    checks: usize,
    clocks: [usize; 2],
}

impl Places {
    fn of(&self, place: Place) -> usize {
        match place {
            Place::Board => self.board,
            Place::Cell(cell) => self.cells.get(cell.index()).copied().unwrap_or(self.board),
            Place::Hand(player, kind) => self.hands.get(player.index() * self.kinds + kind.index()).copied().unwrap_or(self.board),
            Place::Castling(index) => self.castling.get(index).copied().unwrap_or(self.board),
            Place::EnPassant => self.en_passant,
            Place::Countdowns => self.countdowns,
            Place::Checks => self.checks,
            Place::Clock(Clock::Halfmove) => self.clocks[0],
            Place::Clock(Clock::Fullmove) => self.clocks[1],
        }
    }
}

/// The whitespace-separated fields of `text`, each with its byte offset.
fn fields(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace().map(move |field| (field.as_ptr() as usize - text.as_ptr() as usize, field))
}

/// Reads the fields in order: the board (with the hands), the side to move,
/// the castling and en-passant fields where the game has them, the
/// countdowns where it has obligations, then the check counts (in a game
/// that counts checks) and FEN's clocks. In a game without the castling and
/// en-passant fields, `-` placeholders for them are skipped, as
/// Fairy-Stockfish writes them (`w - - 0 1`).
fn read(game: &Game, text: &str) -> Result<(Setup, Places), FenError> {
    let mut setup = Setup::new(game);
    let mut fields = fields(text);
    let (start, field) = fields.next().unwrap_or((text.len(), ""));
    let kinds = if game.has_hands() { game.pieces.len() } else { 0 };
    let mut places = Places {
        board: start,
        cells: vec![start; game.cell_count()],
        hands: vec![start; kinds * game.players.len()],
        kinds,
        castling: Vec::new(),
        en_passant: start,
        countdowns: start,
        checks: start,
        clocks: [start; 2],
    };
    let board_text = match field.find('[') {
        Some(open) => {
            parse_hands(game, &field[open..], start + open, &mut setup, &mut places)?;
            &field[..open]
        }
        None => field,
    };
    parse_board(game, board_text, start, &mut setup, &mut places)?;
    if let Some((offset, side)) = fields.next() {
        setup.side = side_from_letter(game, side).ok_or_else(|| {
            let letters: Vec<String> = game.players.iter().map(|p| format!("`{}`", p.letter)).collect();
            error(offset, format!("unknown side to move `{side}`; expected one of {}", letters.join(", ")))
        })?;
    }
    if game.has_move_history_fields() {
        if let Some((offset, field)) = fields.next() {
            setup.castling = crate::text::fen_state::parse_castling(game, field).map_err(|(at, message)| error(offset + at, message))?;
            places.castling = field.char_indices().map(|(at, _)| offset + at).collect();
        }
        if let Some((offset, field)) = fields.next() {
            setup.en_passant = crate::text::fen_state::parse_en_passant(game, field).map_err(|message| error(offset, message))?;
            places.en_passant = offset;
        }
    }
    if !game.rules.obligations.is_empty() {
        if let Some((offset, field)) = fields.next() {
            parse_countdowns(field, &mut setup).map_err(|m| error(offset, m))?;
            places.countdowns = offset;
        }
    }
    read_counts(game, fields, &mut setup, &mut places)?;
    Ok((setup, places))
}

/// The last fields: the check counts (in a game that counts checks, before
/// or after the clocks) and FEN's two clocks; in a game without the
/// castling and en-passant fields, up to two `-` placeholders for them
/// before the clocks.
fn read_counts<'t>(
    game: &Game,
    fields: impl Iterator<Item = (usize, &'t str)>,
    setup: &mut Setup,
    places: &mut Places,
) -> Result<(), FenError> {
    let has_fields = game.has_move_history_fields();
    let (mut clocks, mut placeholders) = (0, 0);
    for (offset, field) in fields {
        if game.checks_to_win().is_some() && setup.checks.is_none() && field.contains('+') {
            setup.checks = Some(parse_checks(field).ok_or_else(|| {
                error(
                    offset,
                    format!("bad check counts `{field}`; write the checks each player still has to give (`3+3`) or has given (`+0+0`)"),
                )
            })?);
            places.checks = offset;
        } else if !has_fields && clocks == 0 && placeholders < 2 && field == "-" {
            placeholders += 1;
        } else if clocks < 2 && !field.is_empty() && field.bytes().all(|b| b.is_ascii_digit()) {
            let value = field.parse().map_err(|_| error(offset, format!("`{field}` is too large for a clock")))?;
            if clocks == 0 {
                setup.halfmove = value;
            } else {
                setup.fullmove = value;
            }
            places.clocks[clocks] = offset;
            clocks += 1;
        } else {
            let expected = if clocks < 2 { "a clock (a number of moves, such as `0 1`)" } else { "nothing after the clocks" };
            return Err(error(offset, format!("unexpected `{field}`; expected {expected}")));
        }
    }
    Ok(())
}

/// Check counts as Fairy-Stockfish writes them after the en-passant field,
/// `1+3`, the checks each player still has to give; or as Lichess writes
/// them after the clocks, `+2+0`, the checks given.
fn parse_checks(field: &str) -> Option<CheckCounts> {
    let (given, body) = match field.strip_prefix('+') {
        Some(body) => (true, body),
        None => (false, field),
    };
    let (first, second) = body.split_once('+')?;
    let number = |text: &str| text.parse::<u32>().ok().filter(|_| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()));
    let counts = ByPlayer::new(number(first)?, number(second)?);
    Some(if given { CheckCounts::Given(counts) } else { CheckCounts::Left(counts) })
}

/// `-/2`: each player's countdowns (`,` between several), `-` where none runs.
fn parse_countdowns(field: &str, setup: &mut Setup) -> Result<(), String> {
    let values: Vec<&str> = field.split(['/', ',']).collect();
    let expected = setup.countdowns.iter().map(Vec::len).sum::<usize>();
    if values.len() != expected {
        return Err(format!("expected {expected} countdowns such as `-/2`, found `{field}`"));
    }
    for (slot, value) in setup.countdowns.iter_mut().flatten().zip(values) {
        *slot = match value {
            "-" => None,
            n => Some(
                n.parse::<u32>()
                    .ok()
                    .filter(|_| n.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| format!("bad countdown `{n}`: a number of moves, or `-` where none runs"))?,
            ),
        };
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

fn parse_board(game: &Game, text: &str, base: usize, setup: &mut Setup, places: &mut Places) -> Result<(), FenError> {
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
                        if let Some(cell) = row[slot] {
                            places.cells[cell.index()] = base + at;
                            left -= 1;
                        }
                        slot += 1;
                    }
                    filled += count;
                }
                Some(&WALL) if game.blocker().is_some() => {
                    // The blocker, as Fairy-Stockfish writes its duck; its
                    // owner is the side to move (`Position::from_setup`).
                    let blocker = game.blocker().expect("a game with a blocker");
                    setup.board[cell.index()] = Piece::new(blocker, PlayerId::FIRST);
                    places.cells[cell.index()] = base + at;
                    filled += 1;
                    slot += 1;
                    i += 1;
                }
                Some(&WALL) => {
                    let name = &game.board.cells[cell].name;
                    return Err(error(base + at, format!("`*` (a wall) where the board has cell {name}")));
                }
                Some(_) if layout.separators.iter().any(|sep| text[i..].starts_with(sep.as_str())) => return Err(too_short(i, filled)),
                Some(_) => {
                    let (piece, len) = parse_piece(game, &text[i..])
                        .ok_or_else(|| error(base + at, format!("unknown piece `{}`", symbol_at(&text[i..]))))?;
                    setup.board[cell.index()] = piece;
                    places.cells[cell.index()] = base + at;
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

/// Reads `[...]`: the pieces in hand, counted in full (the judgement refuses
/// more than a hand holds).
fn parse_hands(game: &Game, text: &str, base: usize, setup: &mut Setup, places: &mut Places) -> Result<(), FenError> {
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
    let mut seen = vec![false; places.hands.len()];
    let mut i = 0;
    while i < bytes.len() {
        let at = i;
        while bytes.get(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        let too_many = || error(base + 1 + at, format!("`{}` pieces in hand is far too many", &body[at..i]));
        let count: u32 = if i > at { body[at..i].parse().map_err(|_| too_many())? } else { 1 };
        let (piece, len) = parse_piece(game, &body[i..])
            .ok_or_else(|| error(base + 1 + i, format!("unknown piece in hand `{}`", symbol_at(&body[i..]))))?;
        // Where captures go to hand, a hand holds what they bring it; a hand
        // that gates or that the setup fills for `must drop` holds whatever
        // the setup gives it.
        if game.captures_go_to_hand() && game.pieces[piece.kind()].captured_as != Some(piece.kind()) {
            return Err(error(base + 1 + i, format!("`{}` cannot be held in hand", &body[i..i + len])));
        }
        let held = &mut setup.hands[piece.owner()][piece.kind().index()];
        *held = held.checked_add(count).ok_or_else(too_many)?;
        let slot = piece.owner().index() * places.kinds + piece.kind().index();
        if !std::mem::replace(&mut seen[slot], true) {
            places.hands[slot] = base + 1 + at;
        }
        i += len;
    }
    Ok(())
}

/// The symbol-like text at the start of `text`, for messages: `+X`, `X~` or
/// one character.
fn symbol_at(text: &str) -> &str {
    let len = if text.starts_with('+') { 1 } else { 0 };
    let mut end = text[len..].chars().next().map_or(len, |c| len + c.len_utf8());
    if text[end..].starts_with('~') {
        end += 1;
    }
    &text[..end]
}

/// Reads one piece symbol (`P`, `p`, `+P`, `Q~`) at the start of `text`.
fn parse_piece(game: &Game, text: &str) -> Option<(Piece, usize)> {
    let mut len = if text.starts_with('+') { 2 } else { 1 };
    if text.get(len..).is_some_and(|rest| rest.starts_with('~')) {
        len += 1;
    }
    let symbol = text.get(..len)?;
    let letter = symbol.trim_end_matches('~').chars().last()?;
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
    if game.has_move_history_fields() {
        out.push(' ');
        out.push_str(&crate::text::fen_state::format_castling(game, pos));
        out.push(' ');
        out.push_str(&crate::text::fen_state::format_en_passant(game, pos));
    }
    if pos.obligations() > 0 {
        let text: Vec<String> = pos
            .countdowns
            .iter()
            .map(|c| &c[..pos.obligations()])
            .map(|c| {
                c.iter()
                    .map(|&n| if n == crate::state::position::NOT_COUNTING { "-".to_string() } else { n.to_string() })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        out.push(' ');
        out.push_str(&text.join("/"));
    }
    if game.checks_to_win().is_some() {
        out.push_str(&format!(" {}+{}", pos.checks_left()[PlayerId::FIRST], pos.checks_left()[PlayerId::SECOND]));
    }
    // FEN's clocks come last, after Fairy-Stockfish's check counts.
    if game.has_move_history_fields() {
        out.push_str(&format!(" {} {}", pos.halfmove(), pos.fullmove()));
    }
    out
}

/// The symbol of a piece as a position string writes it: case shows the
/// owner; the blocker is `*`, as Fairy-Stockfish writes its duck.
pub fn piece_symbol(game: &Game, piece: Piece) -> String {
    if game.blocker() == Some(piece.kind()) {
        return (WALL as char).to_string();
    }
    let symbol = &game.pieces[piece.kind()].symbol;
    if piece.owner().is_first() {
        symbol.to_ascii_uppercase()
    } else {
        symbol.to_ascii_lowercase()
    }
}
