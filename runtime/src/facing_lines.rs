//! The lines along which royals may not face each other (`facing along
//! ...`), laid out for the walks the counter makes at every node: the next
//! cell along every line, and the cell before, in one flat table of cell
//! numbers each, the end of a line marked by a number no cell has.
//!
//! A line ends at the board's edge, or comes back round to where its walk
//! started (on a wrapped board): every walk stops at either.

use crate::influence::Watch;
use crate::ir::{CellId, Game};
use crate::piece::Piece;

/// Past the end of a line.
const END: u16 = u16::MAX;

/// The facing lines of a game (see the module's documentation).
#[derive(Clone, Debug)]
pub struct FacingLines {
    cells: usize,
    /// `next[line * cells + cell]`: the cell after `cell` along `line`.
    next: Vec<u16>,
    /// `back[line * cells + cell]`: the cell before it, where each line's
    /// cells have one cell before them at most and the board has at most
    /// 128 cells (see [`FacingLines::cells_facing`]).
    back: Option<Vec<u16>>,
}

impl FacingLines {
    pub fn of(game: &Game) -> FacingLines {
        let cells = game.cell_count();
        let lines: Vec<&[Option<CellId>]> = game.rules.facing.iter().map(|&dir| game.directions[dir].target.as_slice()).collect();
        let next = lines.iter().flat_map(|line| line.iter().map(|cell| cell.map_or(END, |cell| cell.0))).collect();
        let back = if cells <= 128 { lines.iter().map(|line| inverse(line)).collect::<Option<Vec<_>>>().map(|b| b.concat()) } else { None };
        FacingLines { cells, next, back }
    }

    /// Does some rule keep royals from facing each other?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.next.is_empty()
    }

    /// Each line's successor table.
    fn lines(&self) -> impl Iterator<Item = &[u16]> {
        self.next.chunks(self.cells.max(1))
    }

    /// The cells along `line` out from `from`, in order, up to the end or
    /// back at `from`.
    fn walk<'a>(line: &'a [u16], from: CellId) -> impl Iterator<Item = usize> + 'a {
        let mut cell = from.0;
        std::iter::from_fn(move || {
            if cell != END {
                cell = line[usize::from(cell)];
                if cell == from.0 {
                    cell = END;
                }
            }
            (cell != END).then_some(usize::from(cell))
        })
    }

    /// The first cell holding a piece along each line out from `from`.
    pub(crate) fn first_pieces<'a>(&'a self, board: &'a [Piece], from: CellId) -> impl Iterator<Item = (&'a [u16], usize)> + 'a {
        self.lines().filter_map(move |line| Some((line, first_piece_after(line, board, from, from.index())?)))
    }

    /// The cells along `line` out from `from` up to and including `last`.
    pub(crate) fn cells_up_to(line: &[u16], from: CellId, last: usize) -> impl Iterator<Item = usize> + '_ {
        let mut done = false;
        Self::walk(line, from).take_while(move |&cell| !std::mem::replace(&mut done, cell == last))
    }

    /// Marks in `watch` the first piece along each line out from `royal`
    /// when an enemy royal stands next behind it: that piece must not
    /// leave. `true` if the first piece along a line is an enemy royal:
    /// the royal faces it now (the marks are then unfinished).
    #[inline]
    pub(crate) fn mark_from(&self, board: &[Piece], royal: CellId, enemy_royal: impl Fn(Piece) -> bool, watch: &mut Watch) -> bool {
        for line in self.lines() {
            let Some(first) = first_piece_after(line, board, royal, usize::from(royal.0)) else { continue };
            if enemy_royal(board[first]) {
                return true;
            }
            if first_piece_after(line, board, royal, first).is_some_and(|second| enemy_royal(board[second])) {
                watch.mark_vacating(CellId(first as u16));
            }
        }
        false
    }

    /// The cells on which a royal would face one of the royals on
    /// `royals` (as bits): walked back from each along each line, the
    /// empty cells up to the first piece, and its cell. `None` where the
    /// lines cannot be walked back.
    #[inline]
    pub(crate) fn cells_facing(&self, board: &[Piece], mut royals: u128) -> Option<u128> {
        let back = self.back.as_ref()?;
        let mut cells = 0u128;
        while royals != 0 {
            let royal = royals.trailing_zeros() as u16;
            royals &= royals - 1;
            for line in back.chunks(self.cells) {
                let mut cell = line[usize::from(royal)];
                while cell != END && cell != royal {
                    cells |= 1 << cell;
                    if !board[usize::from(cell)].is_empty() {
                        break;
                    }
                    cell = line[usize::from(cell)];
                }
            }
        }
        Some(cells)
    }
}

/// The first cell holding a piece along `line` after `after`, a walk out
/// from `start` ending back there.
#[inline(always)]
fn first_piece_after(line: &[u16], board: &[Piece], start: CellId, after: usize) -> Option<usize> {
    let mut cell = line[after];
    while cell != END && cell != start.0 {
        if !board[usize::from(cell)].is_empty() {
            return Some(usize::from(cell));
        }
        cell = line[usize::from(cell)];
    }
    None
}

/// The table of the cells before, from the table of the cells after, as
/// cell numbers; `None` if some cell has two cells before it.
fn inverse(next: &[Option<CellId>]) -> Option<Vec<u16>> {
    let mut back = vec![END; next.len()];
    for (cell, after) in next.iter().enumerate() {
        if let Some(after) = after {
            if std::mem::replace(&mut back[after.index()], cell as u16) != END {
                return None;
            }
        }
    }
    Some(back)
}
