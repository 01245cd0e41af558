//! Where front ends draw each cell, for boards that are not drawn row by row:
//! hexagons, placed by projecting their coordinates onto the plane, and boards
//! with a `cells` shape, whose rows are ragged, placed on the grid of their
//! layout's rows and columns. Full boxes (with or without walls) have none:
//! their rows are the drawing.

use crate::front::board::{BoardModel, NamePart};
use crate::front::players::Players;
use vdl_runtime::ir;

/// Each cell's centre (`x` right, `y` forward), or none for a board drawn by rows.
pub fn centres(board: &BoardModel, players: &Players, drawing: ir::Drawing, col_part: Option<NamePart>) -> Vec<[f64; 2]> {
    if drawing.cells == ir::CellStyle::Hexagons {
        return hexagons(board, players);
    }
    let outside = board.places.iter().any(|p| matches!(p, crate::front::board::Place::Outside));
    let flat = board.naming.len() <= 2;
    if !outside || !flat {
        return Vec::new();
    }
    let row_part = players.forward_part;
    (0..board.cells.len())
        .map(|cell| {
            let column = col_part.map_or(0, |p| board.part_index(p, cell)) as f64;
            let row = board.part_index(row_part, cell) as f64 * f64::from(players.forward_sign);
            [column, row]
        })
        .collect()
}

/// Cube coordinates (two axial ones get `z = -x - y`) projected onto the
/// plane: the three axes 120 degrees apart, neighbours one unit apart, turned
/// so that the first player's forward points up.
fn hexagons(board: &BoardModel, players: &Players) -> Vec<[f64; 2]> {
    let cube = |coords: &[i32]| -> [f64; 3] {
        match *coords {
            [x, y] => [f64::from(x), f64::from(y), f64::from(-x - y)],
            [x, y, z, ..] => [f64::from(x), f64::from(y), f64::from(z)],
            _ => [0.0; 3],
        }
    };
    let unit = 1.0 / 3f64.sqrt();
    let axes: Vec<[f64; 2]> = (0..3)
        .map(|k| {
            let angle = f64::from(k) * 2.0 * std::f64::consts::PI / 3.0;
            [angle.cos() * unit, angle.sin() * unit]
        })
        .collect();
    let project = |c: [f64; 3]| -> [f64; 2] {
        let mut p = [0.0; 2];
        for (value, axis) in c.iter().zip(&axes) {
            p[0] += value * axis[0];
            p[1] += value * axis[1];
        }
        p
    };
    let forward = match players.forward.as_slice() {
        [x, y] => [f64::from(*x), f64::from(*y), f64::from(-x - y)],
        [x, y, z, ..] => [f64::from(*x), f64::from(*y), f64::from(*z)],
        _ => [0.0, 1.0, -1.0],
    };
    let up = project(forward);
    // Turn by the angle from the forward's image to straight up.
    let turn = std::f64::consts::FRAC_PI_2 - up[1].atan2(up[0]);
    let (sin, cos) = turn.sin_cos();
    board
        .cells
        .iter()
        .map(|cell| {
            let [x, y] = project(cube(&cell.coords));
            [round(x * cos - y * sin), round(x * sin + y * cos)]
        })
        .collect()
}

/// Rounded to a millionth, so that cells on one line share a coordinate exactly.
fn round(value: f64) -> f64 {
    (value * 1e6).round() / 1e6
}
