//! A plain-text drawing of a position: the board row by row as position strings
//! list it, with row and column labels; the blocks of a 3D board (its levels)
//! side by side; a ring drawn open with its seam marked.

use crate::fen::piece_symbol;
use crate::ir::{Game, Layout};
use crate::position::Position;

/// Rows of text for one block of rows: a header, column labels, the rows.
fn block_lines(game: &Game, pos: &Position, rows: &[usize], header: &str, width: usize) -> Vec<String> {
    let layout = &game.board.layout;
    let label_width = layout.row_labels.iter().map(String::len).max().unwrap_or(0);
    let cell = |text: &str| format!("{text:>width$}");
    let mut lines = vec![format!("{:label_width$}  {header}", "")];
    if !layout.column_labels.is_empty() {
        let columns: Vec<String> = layout.column_labels.iter().map(|l| cell(l)).collect();
        lines.push(format!("{:label_width$}  {}", "", columns.join(" ")));
    }
    for &r in rows {
        let pieces: Vec<String> = layout.rows[r]
            .iter()
            .map(|&c| {
                let piece = pos.at(c);
                cell(&if piece.is_empty() { ".".to_string() } else { piece_symbol(game, piece) })
            })
            .collect();
        let label = layout.row_labels.get(r).map_or("", String::as_str);
        lines.push(format!("{label:>label_width$}  {}", pieces.join(" ")));
    }
    lines
}

/// The row indices of each block (blocks are separated by `|`).
fn blocks(layout: &Layout) -> Vec<Vec<usize>> {
    let mut blocks = vec![Vec::new()];
    for r in 0..layout.rows.len() {
        if r > 0 && layout.separators[r - 1] == "|" {
            blocks.push(Vec::new());
        }
        blocks.last_mut().expect("one block at least").push(r);
    }
    blocks
}

pub fn draw(game: &Game, pos: &Position) -> String {
    let layout = &game.board.layout;
    let width = game.pieces.iter().map(|p| p.symbol.len()).chain(layout.column_labels.iter().map(String::len)).max().unwrap_or(1);
    let drawn: Vec<Vec<String>> = blocks(layout)
        .iter()
        .enumerate()
        .map(|(i, rows)| block_lines(game, pos, rows, layout.block_labels.get(i).map_or("", String::as_str), width))
        .collect();
    let block_width = drawn.iter().flatten().map(|l| l.chars().count()).max().unwrap_or(0);
    let height = drawn.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    // On a ring the last row drawn touches the first: mark the seam at both ends.
    let seam = |out: &mut String, text: &str| {
        if layout.rows_wrap {
            out.push_str(&format!("~~~ {text} ~~~\n"));
        }
    };
    let first = layout.row_labels.first().cloned().unwrap_or_default();
    let last = layout.row_labels.last().cloned().unwrap_or_default();
    seam(&mut out, &format!("seam: above {first} comes {last}"));
    for line in 0..height {
        let parts: Vec<String> = drawn.iter().map(|b| format!("{:block_width$}", b.get(line).map_or("", String::as_str))).collect();
        out.push_str(parts.join("   ").trim_end());
        out.push('\n');
    }
    seam(&mut out, &format!("seam: below {last} comes {first}"));
    if layout.columns_wrap {
        out.push_str("(the columns form a ring: the first and last are neighbours)\n");
    }
    out
}
