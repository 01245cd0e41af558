//! A plain-text drawing of a position: the board row by row as position strings
//! list it, with row and column labels; the blocks of a 3D board (its levels)
//! side by side; a ring drawn open with its seam marked. Cells can be marked
//! (the last move's): a `*` stands in the space before them.

use crate::ir::{CellId, Game, Layout};
use crate::state::position::Position;
use crate::text::fen::piece_symbol;

/// Cells drawn with a `*` before them.
type Marked<'a> = &'a [CellId];

/// Cells as a row of text: each right-aligned to `width` after one space, or
/// after a `*` when it is marked (a missing cell is blank).
fn row_text(game: &Game, pos: &Position, cells: impl Iterator<Item = Option<CellId>>, width: usize, marked: Marked) -> String {
    cells
        .map(|slot| {
            let mark = if slot.is_some_and(|c| marked.contains(&c)) { '*' } else { ' ' };
            format!("{mark}{:>width$}", slot.map_or(String::new(), |c| cell_text(game, pos, c)))
        })
        .collect()
}

/// Rows of text for one block of rows: a header, column labels, the rows.
fn block_lines(game: &Game, pos: &Position, rows: &[usize], header: &str, width: usize, marked: Marked) -> Vec<String> {
    let layout = &game.board.layout;
    let label_width = layout.row_labels.iter().map(String::len).max().unwrap_or(0);
    let cell = |text: &str| format!("{text:>width$}");
    let mut lines = vec![format!("{:label_width$}  {header}", "")];
    if !layout.column_labels.is_empty() {
        let columns: Vec<String> = layout.column_labels.iter().map(|l| cell(l)).collect();
        lines.push(format!("{:label_width$}  {}", "", columns.join(" ")));
    }
    for &r in rows {
        let label = layout.row_labels.get(r).map_or("", String::as_str);
        lines.push(format!("{label:>label_width$} {}", row_text(game, pos, layout.rows[r].iter().copied(), width, marked)));
    }
    lines
}

/// A cell as a drawing shows it: the piece's symbol, or `.` when empty.
fn cell_text(game: &Game, pos: &Position, cell: CellId) -> String {
    let piece = pos.at(cell);
    if piece.is_empty() {
        ".".to_string()
    } else {
        piece_symbol(game, piece)
    }
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
    draw_marked(game, pos, &[])
}

/// The drawing with a `*` before each of the `marked` cells.
pub fn draw_marked(game: &Game, pos: &Position, marked: &[CellId]) -> String {
    let layout = &game.board.layout;
    if !layout.centres.is_empty() {
        if let Some(drawing) = draw_at_centres(game, pos, marked) {
            return drawing;
        }
    }
    let width = game.pieces.iter().map(|p| p.symbol.len()).chain(layout.column_labels.iter().map(String::len)).max().unwrap_or(1);
    let drawn: Vec<Vec<String>> = blocks(layout)
        .iter()
        .enumerate()
        .map(|(i, rows)| block_lines(game, pos, rows, layout.block_labels.get(i).map_or("", String::as_str), width, marked))
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

/// A board whose cells have centres (hexagons, or a board that is not a full
/// box): each cell where its centre falls on a character grid, so that
/// hexagons show as offset rows. Each row's label (a rank) stands just left
/// of the row's leftmost cell, on its line, where nothing else is drawn;
/// column labels go under the columns when there is one per column. `None`
/// when the grid would be too large to print (the rows are drawn instead).
fn draw_at_centres(game: &Game, pos: &Position, marked: Marked) -> Option<String> {
    let layout = &game.board.layout;
    let width = game.pieces.iter().map(|p| p.symbol.len()).max().unwrap_or(1);
    let (columns, lines) = grid_places(&layout.centres);
    let column_count = columns.iter().max().map_or(0, |c| c + 1);
    let line_count = lines.iter().max().map_or(0, |l| l + 1);
    if column_count.saturating_mul(line_count) > MAX_GRID {
        return None;
    }
    let mut grid = vec![vec![None; column_count]; line_count];
    for (cell, (&column, &line)) in game.cell_ids().zip(columns.iter().zip(&lines)) {
        grid[line][column] = Some(cell);
    }
    let mut text: Vec<Vec<char>> =
        grid.iter().map(|row| row_text(game, pos, row.iter().copied(), width, marked).chars().collect()).collect();
    if layout.column_labels.len() == column_count {
        text.push(layout.column_labels.iter().flat_map(|t| format!(" {t:>width$}").chars().collect::<Vec<_>>()).collect());
    }
    let labels = row_label_places(layout, &columns, &lines);
    // The labels left of the first column need a margin.
    let margin = labels.iter().map(|&(label, _, column)| label.chars().count().saturating_sub(column * (width + 1))).max().unwrap_or(0);
    for line in &mut text {
        line.splice(0..0, std::iter::repeat_n(' ', margin));
    }
    for (label, line, column) in labels {
        let end = margin + column * (width + 1);
        let place = end - label.chars().count()..end;
        if text[line][place.clone()].iter().all(|&c| c == ' ') {
            text[line].splice(place, label.chars());
        }
    }
    // The blank columns every line starts with are dropped.
    let lead = text.iter().filter(|l| l.iter().any(|&c| c != ' ')).map(|l| l.iter().take_while(|&&c| c == ' ').count()).min().unwrap_or(0);
    let mut out = String::new();
    for line in &text {
        out.push_str(line.iter().skip(lead).collect::<String>().trim_end());
        out.push('\n');
    }
    Some(out)
}

/// Each labelled row's label with the line and column of the row's leftmost
/// cell (the lowest line among the leftmost).
fn row_label_places<'a>(layout: &'a Layout, columns: &[usize], lines: &[usize]) -> Vec<(&'a str, usize, usize)> {
    layout
        .rows
        .iter()
        .zip(&layout.row_labels)
        .filter(|(_, label)| !label.is_empty())
        .filter_map(|(row, label)| {
            let leftmost = row.iter().flatten().min_by_key(|cell| (columns[cell.index()], std::cmp::Reverse(lines[cell.index()])))?;
            Some((label.as_str(), lines[leftmost.index()], columns[leftmost.index()]))
        })
        .collect()
}

/// The most places of a character grid a drawing at centres prints.
const MAX_GRID: usize = 1 << 20;

/// The column and line of each centre on a character grid: each distinct `x`
/// is a column and each step of `y` (the smallest gap between two) a line,
/// the first line at the top.
fn grid_places(centres: &[[f64; 2]]) -> (Vec<usize>, Vec<usize>) {
    let steps = |axis: usize| -> (f64, f64) {
        let mut values: Vec<f64> = centres.iter().map(|c| c[axis]).collect();
        values.sort_by(f64::total_cmp);
        let least = values.first().copied().unwrap_or(0.0);
        let gap = values.windows(2).map(|w| w[1] - w[0]).filter(|&d| d > 1e-6).fold(f64::INFINITY, f64::min);
        (least, if gap.is_finite() { gap } else { 1.0 })
    };
    let (min_x, step_x) = steps(0);
    let (min_y, step_y) = steps(1);
    let top = centres.iter().map(|c| ((c[1] - min_y) / step_y).round() as usize).max().unwrap_or(0);
    let columns = centres.iter().map(|c| ((c[0] - min_x) / step_x).round() as usize).collect();
    let lines = centres.iter().map(|c| top - ((c[1] - min_y) / step_y).round() as usize).collect();
    (columns, lines)
}
