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

use crate::ir::{CellId, DirId, Game, Gate, MoveKind, PieceId, PlayerId};
use crate::piece::Piece;
use crate::position::Position;

/// Does the game's position string carry the castling and en-passant fields?
pub fn has_fields(game: &Game) -> bool {
    game.has_unmoved_rules() || game.has_en_passant()
}

/// A castling rule of a piece type: the line it castles along and its partners.
struct CastleLine {
    player: PlayerId,
    kind: PieceId,
    dir: DirId,
    partners: Vec<PieceId>,
}

fn castle_lines(game: &Game) -> Vec<CastleLine> {
    let mut lines = Vec::new();
    for (kind, piece) in game.piece_ids().zip(&game.pieces) {
        for (player, rules) in piece.moves.iter().enumerate() {
            for rule in rules {
                if let MoveKind::Castle { dir, with, .. } = &rule.kind {
                    lines.push(CastleLine { player: PlayerId::from_index(player), kind, dir: *dir, partners: with.clone() });
                }
            }
        }
    }
    lines
}

/// One castling right: a piece, and a partner on one of its lines.
struct Right {
    player: PlayerId,
    piece: CellId,
    partner: CellId,
    /// The side of the board the line goes to: `K` (toward higher files) or `Q`.
    king_side: bool,
    /// The partner is the outermost of its kind on the line (FEN's `K`/`Q`
    /// mean that one).
    outermost: bool,
}

/// Every right the board allows, moved pieces or not: each piece with a
/// castling rule and each partner on its lines.
fn possible_rights(game: &Game, pos: &Position) -> Vec<Right> {
    let mut rights = Vec::new();
    for line in castle_lines(game) {
        let piece = Piece::new(line.kind, line.player);
        let table = &game.directions[line.dir].target;
        let king_side = game.directions[line.dir].vector.first().is_some_and(|&x| x > 0);
        for (cell, there) in pos.cells() {
            if there != piece {
                continue;
            }
            let mut partners = Vec::new();
            let mut at = cell;
            while let Some(next) = table[at.index()].filter(|&n| n != cell) {
                let p = pos.at(next);
                if p.is_of(line.player) && line.partners.contains(&p.kind()) {
                    partners.push(next);
                }
                at = next;
            }
            let last = partners.last().copied();
            for partner in partners {
                rights.push(Right { player: line.player, piece: cell, partner, king_side, outermost: Some(partner) == last });
            }
        }
    }
    rights
}

/// The piece types whose unmoved state the castling field carries.
fn castling_kinds(game: &Game) -> Vec<PieceId> {
    castle_lines(game).into_iter().flat_map(|line| std::iter::once(line.kind).chain(line.partners)).collect()
}

/// Reads the castling field and marks the unmoved pieces: those its rights
/// name, and pieces with first moves standing where the setup has one like
/// them.
pub fn parse_castling(game: &Game, field: &str, setup: Option<&Position>, pos: &mut Position) -> Result<(), String> {
    let castling = castling_kinds(game);
    if let Some(setup) = setup {
        for cell in game.cell_ids() {
            let piece = pos.at(cell);
            if piece.is_empty() {
                continue;
            }
            let first_moves = game.pieces[piece.kind()].moves.iter().flatten().any(|r| r.gate == Gate::Unmoved);
            if first_moves && !castling.contains(&piece.kind()) && setup.at(cell) == piece {
                pos.set_unmoved(cell, true);
            }
        }
    }
    if field == "-" {
        return Ok(());
    }
    let rights = possible_rights(game, pos);
    for letter in field.chars() {
        let player = if letter.is_ascii_uppercase() { PlayerId::FIRST } else { PlayerId::SECOND };
        let lower = letter.to_ascii_lowercase();
        let chosen: Vec<&Right> = match lower {
            'k' | 'q' => rights.iter().filter(|r| r.player == player && r.outermost && r.king_side == (lower == 'k')).collect(),
            _ => {
                let file =
                    game.board.axes.first().and_then(|axis| axis.labels.iter().position(|l| l.eq_ignore_ascii_case(&lower.to_string())));
                rights
                    .iter()
                    .filter(|r| r.player == player && file.is_some_and(|f| game.board.cells[r.partner].coords[0] == f as i32))
                    .collect()
            }
        };
        if chosen.is_empty() {
            return Err(format!("castling right `{letter}`: no piece of that side can castle that way"));
        }
        for right in chosen {
            pos.set_unmoved(right.piece, true);
            pos.set_unmoved(right.partner, true);
        }
    }
    Ok(())
}

/// The castling field: `KQkq` where the partner is the outermost on its
/// line, the partner's file letter otherwise (as X-FEN does), `-` for none.
pub fn format_castling(game: &Game, pos: &Position) -> String {
    let mut rights: Vec<&Right> = Vec::new();
    let all = possible_rights(game, pos);
    for right in &all {
        if pos.is_unmoved(right.piece) && pos.is_unmoved(right.partner) {
            rights.push(right);
        }
    }
    // FEN's order: the first player's rights, then the second's; `K` before `Q`.
    rights.sort_by_key(|r| (r.player, !r.outermost, !r.king_side, game.board.cells[r.partner].coords.first().copied()));
    let text: String = rights
        .iter()
        .map(|r| {
            let letter = match (r.outermost, r.king_side) {
                (true, true) => 'k',
                (true, false) => 'q',
                (false, _) => {
                    let file = game.board.cells[r.partner].coords[0] as usize;
                    game.board.axes[0].labels.get(file).and_then(|l| l.chars().next()).unwrap_or('?')
                }
            };
            if r.player.is_first() {
                letter.to_ascii_uppercase()
            } else {
                letter
            }
        })
        .collect();
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

/// Reads the en-passant field: the cell (or cells, written one after the
/// other) that the last move passed over, or `-`.
pub fn parse_en_passant(game: &Game, field: &str, pos: &mut Position) -> Result<(), String> {
    if field == "-" {
        return Ok(());
    }
    let mover = pos.side.opponent();
    let open = cells_named(game, field).ok_or_else(|| format!("unknown cell `{field}` in the en-passant field"))?;
    let found = pos.passings().iter().find(|(_, p)| {
        p.piece.owner() == mover && pos.at(p.to) == p.piece && pos.at(p.from).is_empty() && open.iter().all(|c| p.cells.contains(c))
    });
    let (index, _) = found.ok_or_else(|| format!("no piece has just passed over `{field}`"))?;
    pos.set_en_passant(index);
    Ok(())
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
