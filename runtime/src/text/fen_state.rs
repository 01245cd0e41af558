//! The position string's fields for the state beyond the board, written where
//! and as FEN writes them: after the side to move, the castling rights
//! (`KQkq`; Shredder-FEN and X-FEN file letters are read too) and the cells
//! open to capture in passing (`e3`, or `-`). Games without castling, first
//! moves or captures in passing have neither field.
//!
//! Which pieces are unmoved is the state behind both: a castling right says
//! that a royal and its partner are unmoved; a piece with first moves that is
//! not part of castling (a pawn) counts as unmoved when it stands where the
//! setup puts a piece like it, as FEN implies for chess pawns on their rank.
//!
//! Reading ([`parse_castling`], [`parse_en_passant`]) only takes the fields
//! apart into a [`crate::Setup`]; what they say is checked against the board
//! when the position is built ([`apply_castling`], [`apply_en_passant`]).

use crate::ir::{CellId, Game, PlayerId};
use crate::plan::castling;
use crate::state::passings::Passing;
use crate::state::piece::Piece;
use crate::state::position::Position;
use crate::text::position_error::PositionError;
use crate::text::setup::{CastlingRight, Partner};

/// Reads the castling field's letters: `K`, `Q` (upper case for the first
/// player) or a file letter, or `-` for none. On an unknown letter, its
/// byte offset in the field and what is wrong.
pub fn parse_castling(game: &Game, field: &str) -> Result<Vec<CastlingRight>, (usize, String)> {
    if field == "-" {
        return Ok(Vec::new());
    }
    let labels = game.board.axes.first().map_or(&[][..], |axis| axis.labels.as_slice());
    field
        .char_indices()
        .map(|(at, letter)| {
            let player = if letter.is_ascii_uppercase() { PlayerId::FIRST } else { PlayerId::SECOND };
            let lower = letter.to_ascii_lowercase();
            let partner = match lower {
                'k' => Partner::KingSide,
                'q' => Partner::QueenSide,
                _ => Partner::File(labels.iter().position(|l| l.eq_ignore_ascii_case(&lower.to_string())).ok_or_else(|| {
                    let files: Vec<&str> = labels.iter().map(String::as_str).filter(|l| l.len() == 1).collect();
                    let files = if files.is_empty() { String::new() } else { format!(" or a file letter ({})", files.join(" ")) };
                    (at, format!("unknown castling letter `{letter}`; expected `K`, `Q`, `k`, `q`{files}, or `-` for none"))
                })?),
            };
            Ok(CastlingRight { player, partner })
        })
        .collect()
}

/// Marks the pieces with first moves that are not part of castling (pawns)
/// as unmoved where they stand on a cell where the setup (`start`) has a
/// piece like them, as FEN implies for chess pawns on their start rank;
/// but not in the zone whose unmoved pieces the castling field lists
/// (`unmoved listed in`, gating), which says which are.
pub fn mark_first_movers(game: &Game, start: &[Piece], pos: &mut Position) {
    let castling = castling::castling_kinds(game);
    let listed = |cell: CellId, player: PlayerId| game.unmoved_listed().is_some_and(|zone| game.in_zone(zone, player, cell));
    for cell in game.cell_ids() {
        let piece = pos.at(cell);
        if piece.is_empty() || start.get(cell.index()) != Some(&piece) || listed(cell, piece.owner()) {
            continue;
        }
        let first_moves = game.pieces[piece.kind()].moves.iter().flatten().any(|r| r.gate.needs_unmoved());
        if first_moves && !castling.contains(&piece.kind()) {
            pos.set_unmoved(cell, true);
        }
    }
}

/// Marks the pieces the castling rights name as unmoved: each right needs a
/// piece that castles and a partner on the side it names where a castling
/// move could use it, both standing where the setup (`start`, if it reads)
/// puts pieces like them, since an unmoved piece is still on its setup cell
/// (unless the rule puts its pieces on given cells wherever they start).
/// `K` and `Q` name the partner Fairy-Stockfish's do (see [`SideLetters`]).
pub fn apply_castling(game: &Game, rights: &[CastlingRight], start: Option<&[Piece]>, pos: &mut Position) -> Result<(), PositionError> {
    let possible = castling::rights(game, |cell| pos.at(cell));
    let letters = SideLetters::of(game, &possible, start);
    for (index, right) in rights.iter().enumerate() {
        if mark_gates(game, right, pos) {
            continue;
        }
        let chosen: Vec<&castling::Right> = possible
            .iter()
            .filter(|r| {
                r.player == right.player
                    && match right.partner {
                        Partner::KingSide => r.king_side && letters.names(r),
                        Partner::QueenSide => !r.king_side && letters.names(r),
                        Partner::File(file) => game.board.cells[r.partner].coords.first() == Some(&(file as i32)),
                    }
            })
            .collect();
        let letter = right.letter(game);
        let player_name = game.players[right.player.index()].name.clone();
        if chosen.is_empty() && game.unmoved_listed().is_some() && matches!(right.partner, Partner::File(_)) {
            return Err(if game.has_gating() {
                PositionError::GateWithoutPiece { index, letter, player_name }
            } else {
                PositionError::ListedWithoutPiece { index, letter, player_name }
            });
        }
        if chosen.is_empty() {
            return Err(PositionError::CastlingWithoutPieces { index, letter, player_name });
        }
        let moved = |r: &castling::Right, cell: CellId| {
            !r.starts_anywhere && start.is_some_and(|start| start.get(cell.index()) != Some(&pos.at(cell)))
        };
        let unmoved: Vec<&&castling::Right> = chosen.iter().filter(|r| !moved(r, r.piece) && !moved(r, r.partner)).collect();
        if unmoved.is_empty() {
            let cell = if moved(chosen[0], chosen[0].piece) { chosen[0].piece } else { chosen[0].partner };
            return Err(PositionError::CastlingPieceMoved {
                index,
                letter,
                player_name,
                piece: game.pieces[pos.at(cell).kind()].name.clone(),
                cell_name: game.board.cells[cell].name.clone(),
                setup_cells: cells_holding(game, start.unwrap_or_default(), pos.at(cell)),
            });
        }
        let usable: Vec<&&castling::Right> = unmoved.iter().copied().filter(|r| r.usable).collect();
        if usable.is_empty() {
            let (piece, partner) = (unmoved[0].piece, unmoved[0].partner);
            let named = |cell: CellId| format!("{} on {}", game.pieces[pos.at(cell).kind()].name, game.board.cells[cell].name);
            return Err(PositionError::CastlingUnusable { index, letter, player_name, piece: named(piece), partner: named(partner) });
        }
        for right in usable {
            pos.set_unmoved(right.piece, true);
            pos.set_unmoved(right.partner, true);
        }
    }
    Ok(())
}

/// In a game with gating or `unmoved listed in`, a file letter names the
/// pieces of its player on that file in the player's image of the zone
/// (Fairy-Stockfish's gating rights, `KQBCDFGkqbcdfg`, and first-move
/// rights, `DEde`): marks them unmoved, and says whether it named any.
/// Elsewhere the letter names a castling partner.
fn mark_gates(game: &Game, right: &CastlingRight, pos: &mut Position) -> bool {
    let (Some(zone), Partner::File(file)) = (game.unmoved_listed(), right.partner) else { return false };
    let player = right.player;
    let on_file = |cell: CellId| game.board.cells[cell].coords.first() == Some(&(file as i32));
    let named: Vec<CellId> =
        game.cell_ids().filter(|&cell| on_file(cell) && game.in_zone(zone, player, cell) && pos.at(cell).is_of(player)).collect();
    named.iter().for_each(|&cell| pos.set_unmoved(cell, true));
    !named.is_empty()
}

/// Which partners the letters `K` and `Q` name, as Fairy-Stockfish reads
/// them: on each side of each castling piece, the partner met first going
/// from the file where the game's setup puts that side's partner (its
/// castling-rook file) in toward the piece; with no such file, the
/// outermost partner (X-FEN's rule, the same on a chess board).
struct SideLetters {
    /// The rights the letters name, by player, piece, side and partner.
    named: Vec<(PlayerId, CellId, bool, CellId)>,
}

impl SideLetters {
    fn of(game: &Game, possible: &[castling::Right], start: Option<&[Piece]>) -> SideLetters {
        // A partner's file counted outward, toward its side's edge.
        let outward = |r: &castling::Right| {
            let file = game.board.cells[r.partner].coords.first().copied().unwrap_or(0);
            if r.king_side {
                file
            } else {
                -file
            }
        };
        let mut home: [[Option<i32>; 2]; 2] = [[None; 2]; 2];
        for r in start.map(|start| castling::rights(game, |cell| start[cell.index()])).unwrap_or_default() {
            let slot = &mut home[r.player.index()][usize::from(r.king_side)];
            *slot = Some(slot.map_or(outward(&r), |file| file.max(outward(&r))));
        }
        let mut best: Vec<(PlayerId, CellId, bool, CellId, i32)> = Vec::new();
        for r in possible {
            let file = outward(r);
            if home[r.player.index()][usize::from(r.king_side)].is_some_and(|limit| file > limit) {
                continue;
            }
            match best.iter_mut().find(|b| (b.0, b.1, b.2) == (r.player, r.piece, r.king_side)) {
                Some(b) if b.4 < file => (b.3, b.4) = (r.partner, file),
                Some(_) => {}
                None => best.push((r.player, r.piece, r.king_side, r.partner, file)),
            }
        }
        SideLetters { named: best.into_iter().map(|(player, piece, side, partner, _)| (player, piece, side, partner)).collect() }
    }

    /// Does `K` (or `Q`) name this right's partner?
    fn names(&self, r: &castling::Right) -> bool {
        self.named.contains(&(r.player, r.piece, r.king_side, r.partner))
    }
}

/// The names of the cells of `board` that hold `piece`.
fn cells_holding(game: &Game, board: &[Piece], piece: Piece) -> Vec<String> {
    board.iter().zip(game.cell_ids()).filter(|&(&p, _)| p == piece).map(|(_, cell)| game.board.cells[cell].name.clone()).collect()
}

/// The castling field: `KQkq` where the letter names the partner (see
/// [`SideLetters`]), the partner's file letter otherwise (as X-FEN does),
/// `-` for none. In a game with gating, each player's rights are followed
/// by the files of the cells where it may still gate that no right names
/// (`KQBCDFG`), while it holds a piece to gate, as Fairy-Stockfish writes
/// them; with `unmoved listed in`, by the files of its unmoved pieces in
/// the zone (`DE`).
pub fn format_castling(game: &Game, pos: &Position) -> String {
    let all = castling::rights(game, |cell| pos.at(cell));
    let start = crate::text::fen::parse_setup(game, &game.setup).ok();
    let letters = SideLetters::of(game, &all, start.as_ref().map(|s| s.board.as_slice()));
    let mut rights: Vec<(&castling::Right, bool)> =
        all.iter().filter(|r| pos.is_unmoved(r.piece) && pos.is_unmoved(r.partner)).map(|r| (r, letters.names(r))).collect();
    // FEN's order: the first player's rights, then the second's; `K` before `Q`.
    rights.sort_by_key(|&(r, named)| (r.player, !named, !r.king_side, game.board.cells[r.partner].coords.first().copied()));
    let letter_of = |&(r, named): &(&castling::Right, bool)| {
        let letter = match (named, r.king_side) {
            (true, true) => 'k',
            (true, false) => 'q',
            (false, _) => file_letter(game, r.partner),
        };
        cased(r.player, letter)
    };
    let mut text = String::new();
    for player in PlayerId::BOTH {
        let own: Vec<&(&castling::Right, bool)> = rights.iter().filter(|(r, _)| r.player == player).collect();
        text.extend(own.iter().copied().map(letter_of));
        let named = |cell: CellId| own.iter().any(|(r, _)| r.piece == cell || r.partner == cell);
        let mut gates: Vec<char> =
            listed_cells(game, pos, player).filter(|&cell| !named(cell)).map(|cell| cased(player, file_letter(game, cell))).collect();
        gates.dedup();
        text.extend(gates);
    }
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

/// The cells whose pieces the castling field lists for `player` by file:
/// where it may gate, or its unmoved pieces in the zone of `unmoved listed
/// in`.
fn listed_cells<'p>(game: &'p Game, pos: &'p Position, player: PlayerId) -> Box<dyn Iterator<Item = CellId> + 'p> {
    match game.rules.unmoved_listed {
        Some(zone) => Box::new(pos.unmoved_cells().filter(move |&cell| game.in_zone(zone, player, cell) && pos.at(cell).is_of(player))),
        None => Box::new(pos.gates(player)),
    }
}

/// The letter of `cell`'s file (the first letter of its label on the
/// board's first axis).
fn file_letter(game: &Game, cell: CellId) -> char {
    let file = game.board.cells[cell].coords[0] as usize;
    game.board.axes[0].labels.get(file).and_then(|l| l.chars().next()).unwrap_or('?')
}

/// `letter` in the case of `player`'s letters: upper case for the first.
fn cased(player: PlayerId, letter: char) -> char {
    if player.is_first() {
        letter.to_ascii_uppercase()
    } else {
        letter
    }
}

/// Opens the cells the en-passant field names (`open`, none for `-`) to
/// capture in passing: a piece of the side that has just moved must have
/// passed over them with its last move (the field may name where it landed
/// too, as Fairy-Stockfish writes it for pieces that are not its pawns), which left its start and the cells
/// passed over empty (or the blocker placed there after it). A move that a piece makes only while unmoved (a
/// pawn's double step) starts where the setup (`start`, if given) puts a
/// piece like it.
pub fn apply_en_passant(game: &Game, open: &[CellId], start: Option<&[Piece]>, pos: &mut Position) -> Result<(), PositionError> {
    if open.is_empty() {
        return Ok(());
    }
    let mover = pos.side.opponent();
    let could_start =
        |p: &Passing| start.is_none_or(|start| start.get(p.from.index()) == Some(&p.piece) || !only_when_unmoved(game, p.piece));
    // Fairy-Stockfish names the destination too where the passing piece is
    // no pawn of its (Berolina's `c5d6`): read, not required.
    let named = |p: &Passing| open.iter().all(|c| p.cells.contains(c) || *c == p.to) && open.iter().any(|c| p.cells.contains(c));
    let over_them = |p: &Passing| p.piece.owner() == mover && named(p) && could_start(p);
    // The blocker may have been placed on a cell the move left empty.
    let left_empty = |cell: CellId| pos.at(cell).is_empty() || pos.blocker() == Some(cell);
    let stands = |p: &Passing| pos.at(p.to) == p.piece && left_empty(p.from) && p.cells.iter().all(|&c| left_empty(c));
    let found = pos.passings().iter().find(|(_, p)| over_them(p) && stands(p)).map(|(index, _)| index);
    let Some(index) = found else {
        let name = |cell: CellId| game.board.cells[cell].name.as_str();
        let field: String = open.iter().map(|&c| name(c)).collect();
        let reason = match pos.passings().iter().map(|(_, p)| p).find(|p| over_them(p)) {
            Some(p) => {
                let empty: Vec<&str> = std::iter::once(p.from).chain(p.cells.iter().copied()).map(name).collect();
                format!(
                    "that needs its {} `{}` on {} with {} empty",
                    game.pieces[p.piece.kind()].name,
                    crate::text::fen::piece_symbol(game, p.piece),
                    name(p.to),
                    empty.join(" and ")
                )
            }
            None => format!("no move of {} passes over {field}", game.players[mover.index()].name),
        };
        return Err(PositionError::EnPassantNotPassed { field, mover_name: game.players[mover.index()].name.clone(), reason });
    };
    pos.set_en_passant(index);
    Ok(())
}

/// Does every rule of `piece` that opens cells to capture in passing hold
/// only while the piece is unmoved?
fn only_when_unmoved(game: &Game, piece: Piece) -> bool {
    let rules = game.pieces[piece.kind()].moves.get(piece.owner().index()).map_or(&[][..], Vec::as_slice);
    rules.iter().filter(|rule| !rule.en_passant.is_empty()).all(|rule| rule.gate.needs_unmoved())
}

/// Reads the en-passant field: the cells it names, none for `-`.
pub fn parse_en_passant(game: &Game, field: &str) -> Result<Vec<CellId>, String> {
    if field == "-" {
        return Ok(Vec::new());
    }
    cells_named(game, field)
        .ok_or_else(|| format!("unknown cell `{field}` in the en-passant field; name the cell passed over (`e3`) or write `-`"))
}

/// Cell names written one after the other (`e3`, `e3e4`), read greedily.
fn cells_named(game: &Game, mut text: &str) -> Option<Vec<CellId>> {
    let mut cells = Vec::new();
    while !text.is_empty() {
        let (cell, len) = (1..=text.len())
            .rev()
            .filter(|&len| text.is_char_boundary(len))
            .find_map(|len| game.cell_by_name(&text[..len]).map(|cell| (cell, len)))?;
        cells.push(cell);
        text = &text[len..];
    }
    Some(cells)
}

/// The en-passant field.
pub fn format_en_passant(game: &Game, pos: &Position) -> String {
    match pos.en_passant() {
        Some(passing) => passing.cells.iter().map(|&c| game.board.cells[c].name.as_str()).collect(),
        None => "-".to_string(),
    }
}
