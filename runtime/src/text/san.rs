//! Standard algebraic notation (SAN), as chess players read and write moves
//! (`Nf3`, `exd6`, `O-O`, `b8=Q+`), defined for any board:
//!
//! * the moving piece's symbol in upper case (`N`, `+B`), left out for the
//!   type whose symbol is `P`, as chess and its relatives write pawns;
//! * `x` when the move captures (on its destination, on its way or in
//!   passing);
//! * the destination's name;
//! * `=SYMBOL` when the piece changes type, `,CELL=SYMBOL` when the move also
//!   promotes another piece by proxy;
//! * `O-O` and `O-O-O` for castling with a partner toward the higher and the lower end of
//!   the board's first axis (files on a chess board);
//! * `SYMBOL@CELL` for a drop from the hand;
//! * `/SYMBOL` when a piece from hand enters the cell the move leaves
//!   (gating: `Nc3/H`), `/SYMBOLCELL` after castling, which leaves two
//!   (`O-O/He1`), as Fairy-Stockfish writes it;
//! * `,CELL` when the mover then places the blocker on `CELL` (`place PIECE
//!   after every move`: `e4,d5`), as Fairy-Stockfish writes its duck;
//! * `+` when the move leaves the enemy in check, `#` when it mates.
//!
//! Where another piece of the same type could make a legal move to the same
//! cell, the origin is added, as SAN does: the shortest part of its name that
//! tells it apart (a cell name is read as runs of letters and of digits:
//! `e4` is `e` then `4`, so the file comes first, then the rank), or the
//! whole name. A capture by a letterless piece always names its origin's
//! first part (`exd5`).

use crate::ir::{CellId, Game};
use crate::legality::engine::Engine;
use crate::legality::legal::{in_check, legal_moves};
use crate::state::position::{Move, Position};

/// The SAN of every legal move of `pos`, in [`legal_moves`]' order.
pub fn legal_sans<E: Engine + ?Sized>(engine: &E, pos: &Position) -> Vec<(Move, String)> {
    sans_of(engine, pos, &legal_moves(engine, pos))
}

/// The SAN of each of `legal`, the legal moves of `pos`.
fn sans_of<E: Engine + ?Sized>(engine: &E, pos: &Position, legal: &[Move]) -> Vec<(Move, String)> {
    legal.iter().map(|&mv| (mv, san_among(engine, pos, mv, legal))).collect()
}

/// The SAN of `mv`, a legal move of `pos`.
pub fn san<E: Engine + ?Sized>(engine: &E, pos: &Position, mv: Move) -> String {
    san_among(engine, pos, mv, &legal_moves(engine, pos))
}

/// The SAN of `mv` among `legal`, the legal moves of `pos`.
fn san_among<E: Engine + ?Sized>(engine: &E, pos: &Position, mv: Move, legal: &[Move]) -> String {
    let game = engine.game();
    let mut text = body(game, pos, mv, Some(legal));
    text.push_str(check_suffix(engine, pos, mv));
    text
}

/// A castling of the piece on `from` with its partner on `partner`: `O-O`
/// toward the higher end of the board's first axis, `O-O-O` toward the lower.
/// The partner's side, not the piece's way: a Chess960 King may stay put or
/// move away from its Rook.
pub fn castling(game: &Game, from: CellId, partner: CellId) -> &'static str {
    let toward_higher = game.board.cells[partner].coords.first() > game.board.cells[from].coords.first();
    if toward_higher {
        "O-O"
    } else {
        "O-O-O"
    }
}

/// Everything but the check suffix. The origin is told apart from the other
/// moves of `legal` as SAN does; without `legal` it is written in full (the
/// long form, `Ng1f3`, which readers also accept).
fn body(game: &Game, pos: &Position, mv: Move, legal: Option<&[Move]>) -> String {
    let mut text = piece_body(game, pos, mv, legal);
    if let Some(cell) = mv.blocker() {
        text.push(',');
        text.push_str(&game.board.cells[cell].name);
    }
    text
}

/// [`body`] without the blocker's placing.
fn piece_body(game: &Game, pos: &Position, mv: Move, legal: Option<&[Move]>) -> String {
    let name = |cell: CellId| game.board.cells[cell].name.as_str();
    let Some(from) = mv.from() else {
        let kind = mv.drop_kind().map_or(String::new(), |kind| symbol(game, kind));
        return format!("{kind}@{}", name(mv.to()));
    };
    if let Some((partner, _)) = mv.castling_partner() {
        let castling = castling(game, from, partner);
        return match mv.gated() {
            Some((cell, kind)) => format!("{castling}/{}{}", symbol(game, kind), name(cell)),
            None => castling.to_string(),
        };
    }
    let kind = pos.at(from).kind();
    let letterless = is_letterless(game, kind);
    let capture = pos.captures(mv);
    let mut text = if letterless { String::new() } else { symbol(game, kind) };
    text.push_str(&match legal {
        Some(legal) => origin(game, pos, from, mv.to(), legal, letterless && capture),
        None => name(from).to_string(),
    });
    if capture {
        text.push('x');
    }
    text.push_str(name(mv.to()));
    if let Some(kind) = mv.promotion() {
        text.push('=');
        text.push_str(&symbol(game, kind));
    }
    if let Some((cell, kind)) = mv.proxy_promotion() {
        text.push_str(&format!(",{}={}", name(cell), symbol(game, kind)));
    }
    if let Some((_, kind)) = mv.gated() {
        text.push('/');
        text.push_str(&symbol(game, kind));
    }
    text
}

/// The type written without a letter: the one whose symbol is `P`.
fn is_letterless(game: &Game, kind: crate::PieceId) -> bool {
    game.pieces[kind].symbol.eq_ignore_ascii_case("P")
}

/// The type's letter: its symbol, without the `~` of a promoted form
/// (a Pawn promoted to `Q~` is written `=Q`, as players write it).
fn symbol(game: &Game, kind: crate::PieceId) -> String {
    game.pieces[kind].symbol.trim_end_matches('~').to_ascii_uppercase()
}

/// As much of the origin's name as tells it apart from the other pieces of
/// its type that could go to the same cell: nothing, a part of the name or
/// the whole of it. `first_part` asks for the first part at least.
fn origin(game: &Game, pos: &Position, from: CellId, to: CellId, legal: &[Move], first_part: bool) -> String {
    let name = |cell: CellId| game.board.cells[cell].name.as_str();
    let piece = pos.at(from);
    let rivals: Vec<&str> = legal
        .iter()
        .filter(|other| other.to() == to && !other.is_castle())
        .filter_map(|other| other.from())
        .filter(|&other| other != from && pos.at(other) == piece)
        .map(name)
        .collect();
    let parts = name_parts(name(from));
    let unique = |at: usize| rivals.iter().all(|rival| name_parts(rival).get(at) != Some(&parts[at]));
    if rivals.is_empty() && !first_part {
        return String::new();
    }
    if first_part {
        return if unique(0) { parts[0].to_string() } else { name(from).to_string() };
    }
    match (0..parts.len()).find(|&at| unique(at)) {
        Some(at) => parts[at].to_string(),
        None => name(from).to_string(),
    }
}

/// A cell name as runs of letters and of digits (`e4`: `e`, `4`; `a10`:
/// `a`, `10`); any other character ends a run and is a part of its own.
fn name_parts(name: &str) -> Vec<&str> {
    let class = |c: char| {
        if c.is_alphabetic() {
            0
        } else if c.is_numeric() {
            1
        } else {
            2
        }
    };
    let mut parts = Vec::new();
    let mut start = 0;
    let mut chars = name.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let ends = match chars.peek() {
            Some(&(_, next)) => class(next) != class(c) || class(c) == 2,
            None => true,
        };
        if ends {
            let end = at + c.len_utf8();
            parts.push(&name[start..end]);
            start = end;
        }
    }
    parts
}

/// `+` when the move leaves the enemy in check, `#` when it also leaves them
/// no legal move; nothing in a game without royals.
fn check_suffix<E: Engine + ?Sized>(engine: &E, pos: &Position, mv: Move) -> &'static str {
    if !engine.game().has_royals() {
        return "";
    }
    let mut after = pos.clone();
    crate::legality::legal::play(engine, &mut after, mv);
    if !in_check(engine, &after) {
        ""
    } else if legal_moves(engine, &after).is_empty() {
        "#"
    } else {
        "+"
    }
}

/// The legal move written in SAN as `text`. Also accepted: without the
/// check suffix, with annotations (`!`, `?`), `0-0` for `O-O`, and the origin
/// written in full (`Ng1f3`, `Ng1-f3`, `e7d8=Q`... as long algebraic
/// notation writes it). `legal`: the legal moves of `pos`, which the caller
/// has listed already.
pub fn find<E: Engine + ?Sized>(engine: &E, pos: &Position, text: &str, legal: &[Move]) -> Option<Move> {
    let wanted = match strip(text) {
        "" => return None,
        "0-0" => "O-O",
        "0-0-0" => "O-O-O",
        wanted => wanted,
    };
    let game = engine.game();
    let long = |mv: Move| body(game, pos, mv, None);
    let dashed = wanted.replacen('-', "", 1);
    let legal = sans_of(engine, pos, legal);
    let exact = legal.iter().find(|(_, san)| strip(san) == wanted);
    let long_form = || legal.iter().find(|(mv, _)| [wanted, dashed.as_str()].contains(&long(*mv).as_str()));
    exact.or_else(long_form).map(|&(mv, _)| mv)
}

/// `text` without its check suffix and annotations.
fn strip(text: &str) -> &str {
    text.trim_end_matches(['+', '#', '!', '?'])
}

#[cfg(test)]
mod tests {
    use super::name_parts;

    #[test]
    fn names_split_into_runs() {
        assert_eq!(name_parts("e4"), ["e", "4"]);
        assert_eq!(name_parts("a10"), ["a", "10"]);
        assert_eq!(name_parts("b3c"), ["b", "3", "c"]);
        assert_eq!(name_parts("x-1"), ["x", "-", "1"]);
    }
}
