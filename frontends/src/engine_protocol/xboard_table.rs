//! XBoard's piece table (`-pieceToCharTable`, sent in `setup (TABLE) ...`):
//! which of XBoard's piece types, and so which picture, stands for each of
//! the variant's letters.
//!
//! XBoard numbers its piece types (`ChessSquare` in its common.h): Pawn,
//! Knight, Bishop, Rook, Queen, Ferz, Alfil, Angel (Archbishop), Marshall
//! (Chancellor), Wazir, Man, Cannon, ... and the table gives, for each side,
//! one letter per type in that order (`.` for a type the game does not use,
//! `+` for the promoted form of the type 11 places before), then the King.
//! A piece takes the type whose picture moves as it does (a Ferz, an Alfil, a
//! Knight-Bishop compound ...), else the one XBoard names with its letter.
//! XBoard's holdings hold the first types of the table that are used, so the
//! pieces that can be held must come first; when the pictures put another
//! piece before them, the held pieces fill the table from its start instead.

use super::betza;
use super::grid::Grid;
use super::xboard_variant::held_kinds;
use vdl_runtime::{Game, PieceId, PlayerId};

/// XBoard's piece types per side besides the King (a piece table is 12 to 88
/// letters long: pieces, then the King, for each side).
const PIECE_SLOTS: usize = 43;
/// The promoted form of the piece in slot `s < 11` is in slot `s + 11`.
const PROMOTED_OFFSET: usize = 11;

/// XBoard's piece type that moves as the first player's Betza description
/// says. Its Shogi family draws the Ferz and Wazir types as the Silver and
/// Gold generals, where Fairy-Stockfish puts them (its minishogi table).
fn slot_by_moves(betza: &str) -> Option<usize> {
    Some(match betza {
        "N" => 1,
        "B" => 2,
        "R" => 3,
        "BR" => 4,
        "F" | "FfW" => 5,
        "A" => 6,
        "BN" => 7,
        "NR" => 8,
        "W" | "flfrFW" => 9,
        "FW" => 10,
        "cpRmR" => 11,
        _ => return None,
    })
}

/// XBoard's piece type whose picture fits a letter.
fn slot_by_letter(letter: char) -> Option<usize> {
    let slots = [
        ('P', 0),
        ('N', 1),
        ('B', 2),
        ('R', 3),
        ('Q', 4),
        ('F', 5),
        ('E', 6),
        ('A', 7),
        ('C', 11),
        ('W', 9),
        ('M', 10),
        ('G', 15),
        ('S', 16),
        ('L', 18),
        ('U', 20),
        ('Z', 23),
        ('H', 34),
    ];
    slots.iter().find(|&&(l, _)| l == letter).map(|&(_, slot)| slot)
}

/// A symbol's letter (upper case) and whether it is a promoted form (`+P`).
fn letter_of(symbol: &str) -> Result<(bool, char), String> {
    let (promoted, base) = symbol.strip_prefix('+').map_or((false, symbol), |b| (true, b));
    match base.chars().collect::<Vec<_>>().as_slice() {
        [c] if c.is_ascii_alphabetic() => Ok((promoted, c.to_ascii_uppercase())),
        _ => Err(format!("the symbol `{symbol}` is not one letter (or `+` and a letter), as XBoard's pieces are")),
    }
}

/// The table: one side's letters, then the same in lower case.
pub(super) fn piece_table(game: &Game, grid: &Grid) -> Result<String, String> {
    let held = held_kinds(game);
    let by_pictures = layout(game, grid, &[])?;
    let side = if holds_first(&by_pictures, game, &held) { by_pictures } else { layout(game, grid, &held)? };
    Ok(format!("{side}{}", side.to_ascii_lowercase()))
}

/// Do the held pieces' letters come first among the table's used types (as
/// XBoard's holdings count them, skipping `.` and `+`)?
fn holds_first(side: &str, game: &Game, held: &[PieceId]) -> bool {
    let used: Vec<char> = side.chars().filter(|&c| c != '.' && c != '+').take(held.len()).collect();
    held.iter().all(|&k| letter_of(&game.pieces[k].symbol).is_ok_and(|(_, letter)| used.contains(&letter)))
}

/// One side's table; the pieces `first` fill its first places in order.
fn layout(game: &Game, grid: &Grid, first: &[PieceId]) -> Result<String, String> {
    let mut slots: Vec<Option<char>> = vec![None; PIECE_SLOTS];
    let mut king = None;
    let promotable = |letter: char| game.pieces.iter().any(|p| p.symbol.eq_ignore_ascii_case(&format!("+{letter}")));
    // A promotable piece needs a free slot among the first 11 and the one 11 later.
    let fits = |slots: &[Option<char>], s: usize, letter: char| {
        slots[s].is_none() && (!promotable(letter) || (s < PROMOTED_OFFSET && slots[s + PROMOTED_OFFSET].is_none()))
    };
    let mut rest: Vec<PieceId> = game.piece_ids().filter(|k| !first.contains(k)).collect();
    // Promotable pieces choose before the others, which could take their partner slots.
    rest.sort_by_key(|&k| !game.pieces[k].symbol.chars().next().is_some_and(promotable));
    for (position, &kind) in first.iter().chain(&rest).enumerate() {
        let piece = &game.pieces[kind];
        let (promoted, letter) = letter_of(&piece.symbol)?;
        if promoted {
            continue;
        }
        if piece.royal && king.is_none() && position >= first.len() {
            king = Some(letter);
            continue;
        }
        let slot = if position < first.len() {
            Some(position).filter(|&s| fits(&slots, s, letter))
        } else {
            let moves = betza::describe(game, grid, kind, PlayerId::FIRST).betza;
            [slot_by_moves(&moves), slot_by_letter(letter)]
                .into_iter()
                .flatten()
                .find(|&s| s >= first.len() && fits(&slots, s, letter))
                .or_else(|| (first.len()..PIECE_SLOTS).find(|&s| fits(&slots, s, letter)))
        };
        let slot = slot.ok_or_else(|| format!("the {} finds no place in XBoard's piece table", piece.name))?;
        slots[slot] = Some(letter);
        if promotable(letter) {
            slots[slot + PROMOTED_OFFSET] = Some('+');
        }
    }
    let used = slots.iter().rposition(Option::is_some).map_or(0, |s| s + 1).max(5);
    Ok(slots[..used].iter().map(|s| s.unwrap_or('.')).collect::<String>() + &king.unwrap_or('.').to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str) -> String {
        let game = (vdl_variants::by_name(name).unwrap().engine)().game().clone();
        piece_table(&game, &Grid::of(&game).unwrap()).unwrap()
    }

    /// Without the `.` before the King: the same letter stands for the same
    /// XBoard piece type whatever the table's length.
    fn types(table: &str) -> String {
        let (white, black) = table.split_at(table.len() / 2);
        let trim = |side: &str| side[..side.len() - 1].trim_end_matches('.').to_string() + &side[side.len() - 1..];
        trim(white) + &trim(black)
    }

    /// Fairy-Stockfish's `pieceToCharTable`s (src/variant.cpp at commit
    /// c19b5f6c: `minishogi_variant`, `shatranj_variant` and `chess_variant_base`
    /// for King of the Hill; it sends them in `setup` for the games XBoard
    /// does not know). Omicron, the other game both have, has walls, so vdl
    /// does not offer it to XBoard.
    #[test]
    fn tables_give_fairy_stockfishs_piece_types() {
        let fairy_stockfish = [
            ("minishogi", "P.BR.S...G.+.++.+Kp.br.s...g.+.++.+k"),
            ("shatranj", "PN.R.QB....Kpn.r.qb....k"),
            ("king-of-the-hill", "PNBRQ................Kpnbrq................k"),
        ];
        for (name, expected) in fairy_stockfish {
            assert_eq!(types(&table(name)), types(expected), "{name}: {}", table(name));
        }
    }

    /// The held pieces come first among the used types, as XBoard's holdings
    /// need, and promoted forms 11 places after their pieces.
    #[test]
    fn held_pieces_come_first_among_the_used_types() {
        let game = (vdl_variants::by_name("minishogi").unwrap().engine)().game().clone();
        let grid = Grid::of(&game).unwrap();
        let held = held_kinds(&game);
        let white = table("minishogi")[..table("minishogi").len() / 2].to_string();
        assert!(holds_first(&white, &game, &held), "{white}");
        assert!(white.ends_with('K'));
        for (i, _) in white.char_indices().filter(|&(_, c)| c == '+') {
            assert!(i >= PROMOTED_OFFSET && white.as_bytes()[i - PROMOTED_OFFSET] != b'.', "{white}");
        }
        // The layout used when the pictures put another piece before them
        // starts with the held pieces, in order.
        let forced = layout(&game, &grid, &held).unwrap();
        assert_eq!(
            forced[..held.len()].chars().collect::<Vec<_>>(),
            held.iter().map(|&k| letter_of(&game.pieces[k].symbol).unwrap().1).collect::<Vec<_>>()
        );
    }
}
