//! How each protocol names the cells of a board.
//!
//! * UCI (and USI on boards that are not grids): the cell names of the
//!   variant file, such as `h3` or `a10` on Xiang Qi's board (Fairy-Stockfish's
//!   UCI squares for the 2D bundled games), `c5v` on Triaxial Qi's. Names must be
//!   lowercase letters and digits, and no two pairs of names may run together
//!   into the same text (so that `FROMTO` reads back one way).
//! * USI on a grid: files numbered from the right, ranks lettered from the top
//!   (`7g`), as Shogi writes them.
//! * XBoard on a grid: files lettered from the left, ranks numbered from the
//!   bottom from 1 — or from 0 on boards of exactly ten ranks, as XBoard does
//!   for Xiang Qi (`h2` is Xiang Qi's `h3`).

use super::grid::Grid;
use std::collections::{HashMap, HashSet};
use vdl_runtime::{CellId, Game};

#[derive(Clone, Debug)]
pub struct Squares {
    names: Vec<String>,
    cells: HashMap<String, CellId>,
}

impl Squares {
    fn from_names(names: Vec<String>) -> Squares {
        let cells = names.iter().zip(CellId::first(names.len())).map(|(name, cell)| (name.clone(), cell)).collect();
        Squares { names, cells }
    }

    /// The variant's own cell names, when moves written with them read back.
    pub fn cell_names(game: &Game) -> Result<Squares, String> {
        let names: Vec<String> = game.board.cells.iter().map(|c| c.name.clone()).collect();
        if let Some(bad) = names.iter().find(|n| n.is_empty() || !n.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())) {
            return Err(format!("the cell name `{bad}` is not made of lowercase letters and digits"));
        }
        let mut joined = HashSet::with_capacity(names.len() * names.len());
        for from in &names {
            for to in &names {
                if !joined.insert(format!("{from}{to}")) {
                    return Err(format!("two pairs of cell names run together into `{from}{to}`"));
                }
            }
        }
        Ok(Squares::from_names(names))
    }

    /// USI's squares on a grid (file number from the right, rank letter from
    /// the top), else the cell names.
    pub fn usi(game: &Game) -> Result<Squares, String> {
        match Grid::of(game) {
            Ok(grid) if grid.ranks <= 26 => {
                let names = game
                    .cell_ids()
                    .map(|cell| {
                        let (file, rank) = grid.square(cell);
                        format!("{}{}", grid.files - file, (b'a' + (grid.ranks - 1 - rank) as u8) as char)
                    })
                    .collect();
                Ok(Squares::from_names(names))
            }
            _ => Squares::cell_names(game),
        }
    }

    /// XBoard's squares on a grid.
    pub fn xboard(game: &Game, grid: &Grid) -> Squares {
        let first_rank = if grid.ranks == 10 { 0 } else { 1 };
        let names = game
            .cell_ids()
            .map(|cell| {
                let (file, rank) = grid.square(cell);
                format!("{}{}", (b'a' + file as u8) as char, rank + first_rank)
            })
            .collect();
        Squares::from_names(names)
    }

    pub fn name(&self, cell: CellId) -> &str {
        &self.names[cell.index()]
    }

    pub fn cell(&self, name: &str) -> Option<CellId> {
        self.cells.get(name).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> Game {
        (vdl_variants::by_name(name).unwrap().engine)().game().clone()
    }

    #[test]
    fn uci_squares_are_the_cell_names() {
        for bundled in vdl_variants::all() {
            let game = (bundled.engine)().game().clone();
            let squares = Squares::cell_names(&game).unwrap_or_else(|e| panic!("{}: {e}", bundled.name));
            assert_eq!(squares.name(CellId::from_index(0)), game.board.cells[0].name);
        }
    }

    #[test]
    fn usi_squares_count_files_from_the_right_and_ranks_from_the_top() {
        let shogi = game("shogi");
        let squares = Squares::usi(&shogi).unwrap();
        // Shogi's first move 7g7f is the Pawn on c3 (files a-i from the first player's left).
        assert_eq!(squares.name(shogi.cell_by_name("c3").unwrap()), "7g");
        assert_eq!(squares.name(shogi.cell_by_name("a9").unwrap()), "9a");
        assert_eq!(squares.name(shogi.cell_by_name("i1").unwrap()), "1i");
        let triaxial = game("triaxial-qi");
        assert_eq!(Squares::usi(&triaxial).unwrap().name(CellId::from_index(0)), triaxial.board.cells[0].name);
    }

    #[test]
    fn xboard_counts_ten_ranks_from_zero() {
        let xiangqi = game("xiangqi");
        let squares = Squares::xboard(&xiangqi, &Grid::of(&xiangqi).unwrap());
        assert_eq!(squares.name(xiangqi.cell_by_name("h3").unwrap()), "h2");
        assert_eq!(squares.name(xiangqi.cell_by_name("a10").unwrap()), "a9");
        let shogi = game("shogi");
        let squares = Squares::xboard(&shogi, &Grid::of(&shogi).unwrap());
        assert_eq!(squares.name(shogi.cell_by_name("c3").unwrap()), "c3");
        assert_eq!(squares.cell("i9"), shogi.cell_by_name("i9"));
    }
}
