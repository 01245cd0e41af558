//! A board that is a plain rectangle of cells, as GUIs draw boards: two
//! unwrapped axes, every cell in the position string's rows, each row as long
//! as the others. Columns are counted from the left of the position string's
//! rows (files), rows from its last row (ranks): the first row listed is the
//! top of the board, as in FEN. Direction vectors of the game's axes turn into
//! (file, rank) steps through the grid's orientation.

use vdl_runtime::{CellId, Game};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub files: usize,
    pub ranks: usize,
    /// `(file, rank)` of every cell, counted from 0 at the bottom left.
    squares: Vec<(usize, usize)>,
    /// Which axis runs along the files and which along the ranks, with the
    /// sign of each (+1: the coordinate grows to the right / upwards).
    file_axis: (usize, i32),
    rank_axis: (usize, i32),
}

impl Grid {
    /// The grid of a game's board, or `None` (and why) when the board is not
    /// a plain rectangle.
    pub fn of(game: &Game) -> Result<Grid, String> {
        let board = &game.board;
        if board.axes.len() != 2 {
            return Err(format!("the board has {} axes; a GUI draws two", board.axes.len()));
        }
        if board.axes.iter().any(|a| a.wrap) {
            return Err("the board wraps around; a GUI's board has edges".to_string());
        }
        let rows: Vec<Vec<CellId>> = board
            .layout
            .rows
            .iter()
            .map(|row| row.iter().copied().collect::<Option<Vec<CellId>>>())
            .collect::<Option<_>>()
            .ok_or("the board has walls; a GUI's board is a full rectangle")?;
        let ranks = rows.len();
        let files = rows.first().map_or(0, Vec::len);
        let total: usize = rows.iter().map(Vec::len).sum();
        if ranks == 0 || rows.iter().any(|r| r.len() != files) || total != game.cell_count() {
            return Err("the cells do not form a rectangle of rows".to_string());
        }
        let mut squares = vec![(0, 0); game.cell_count()];
        for (i, row) in rows.iter().enumerate() {
            for (file, &cell) in row.iter().enumerate() {
                squares[cell.index()] = (file, ranks - 1 - i);
            }
        }
        let coords = |file: usize, rank: usize| &board.cells[rows[ranks - 1 - rank][file].index()].coords;
        let origin = coords(0, 0).clone();
        let step = |to: &Vec<i32>| -> Option<(usize, i32)> {
            let diff: Vec<i32> = to.iter().zip(&origin).map(|(a, b)| a - b).collect();
            let axis = diff.iter().position(|&d| d != 0)?;
            (diff[axis].abs() == 1 && diff.iter().filter(|&&d| d != 0).count() == 1).then_some((axis, diff[axis]))
        };
        if files < 2 || ranks < 2 {
            return Err("the board is a single line of cells".to_string());
        }
        let (Some(file_axis), Some(rank_axis)) = (step(coords(1, 0)), step(coords(0, 1))) else {
            return Err("the rows of the position string do not follow the board's axes".to_string());
        };
        let grid = Grid { files, ranks, squares, file_axis, rank_axis };
        // Every cell must sit where the orientation puts it.
        for (cell, &(file, rank)) in grid.squares.iter().enumerate() {
            let c = &board.cells[cell].coords;
            let expected_file = (c[file_axis.0] - origin[file_axis.0]) * file_axis.1;
            let expected_rank = (c[rank_axis.0] - origin[rank_axis.0]) * rank_axis.1;
            if file_axis.0 == rank_axis.0 || (expected_file, expected_rank) != (file as i32, rank as i32) {
                return Err("the rows of the position string do not follow the board's axes".to_string());
            }
        }
        Ok(grid)
    }

    /// `(file, rank)` of a cell, from 0 at the bottom left.
    pub fn square(&self, cell: CellId) -> (usize, usize) {
        self.squares[cell.index()]
    }

    /// A direction vector of the game's axes as a (file, rank) step.
    pub fn step(&self, vector: &[i32]) -> (i32, i32) {
        (vector[self.file_axis.0] * self.file_axis.1, vector[self.rank_axis.0] * self.rank_axis.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> Game {
        (vdl_variants::by_name(name).unwrap().engine)().game().clone()
    }

    #[test]
    fn xiangqi_is_a_nine_by_ten_grid_with_cells_in_place() {
        let game = game("xiangqi");
        let grid = Grid::of(&game).unwrap();
        assert_eq!((grid.files, grid.ranks), (9, 10));
        assert_eq!(grid.square(game.cell_by_name("a1").unwrap()), (0, 0));
        assert_eq!(grid.square(game.cell_by_name("h3").unwrap()), (7, 2));
        assert_eq!(grid.square(game.cell_by_name("i10").unwrap()), (8, 9));
        assert_eq!(grid.step(&[1, 2]), (1, 2));
    }

    #[test]
    fn boards_a_gui_cannot_draw_are_refused_with_a_reason() {
        assert!(Grid::of(&game("triaxial-qi")).unwrap_err().contains("3 axes"));
        assert!(Grid::of(&game("switchback-xiangqi")).unwrap_err().contains("3 axes"));
        assert!(Grid::of(&game("turn-qi")).unwrap_err().contains("wraps"));
        assert!(Grid::of(&game("shogi")).is_ok());
        assert!(Grid::of(&game("taijitu-qi")).is_ok());
    }
}
