//! A plain-text drawing of a position, row by row as position strings list them.

use crate::fen::piece_symbol;
use crate::ir::Game;
use crate::position::Position;

/// One line per layout row: the pieces (`.` for an empty cell), then the names
/// of the row's first and last cells; blocks of a 3D board are separated by a
/// blank line.
pub fn draw(game: &Game, pos: &Position) -> String {
    let layout = &game.board.layout;
    let width = game.pieces.iter().map(|p| p.symbol.len()).max().unwrap_or(1);
    let mut out = String::new();
    for (i, row) in layout.rows.iter().enumerate() {
        if i > 0 && layout.separators[i - 1] != "/" {
            out.push('\n');
        }
        let cells: Vec<String> = row
            .iter()
            .map(|&cell| {
                let piece = pos.at(cell);
                let text = if piece.is_empty() { ".".to_string() } else { piece_symbol(game, piece) };
                format!("{text:>width$}")
            })
            .collect();
        let names = &game.board.cells;
        let first = &names[row[0] as usize].name;
        let last = &names[row[row.len() - 1] as usize].name;
        out.push_str(&format!("{}   {first}..{last}\n", cells.join(" ")));
    }
    out
}
