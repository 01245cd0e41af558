//! What the code generator needs to know about the direction tables (for the
//! facing rule's walks and the displacement tables other tables are matched
//! to): whether a ray can come back to its start. Nothing here assumes a
//! regular grid.

use vdl_runtime::ir::{DirId, Game};

pub struct DirInfo {
    /// `forward[cell]`: the cell reached from `cell`.
    pub forward: Vec<Option<usize>>,
    /// Some ray along this direction comes back to the cell it started from
    /// (only on wrapped boards), so walks must check for it.
    pub returns: bool,
}

pub fn analyse(game: &Game) -> Vec<DirInfo> {
    (0..game.directions.len()).map(|d| analyse_dir(game, DirId(d as u16))).collect()
}

fn analyse_dir(game: &Game, dir: DirId) -> DirInfo {
    let n = game.cell_count();
    let forward: Vec<Option<usize>> = game.directions[dir.index()].target.iter().map(|t| t.map(|c| c.index())).collect();
    assert_eq!(forward.len(), n, "direction {dir} has a target table of the wrong size");
    let returns = (0..n).any(|start| {
        let mut cell = start;
        for _ in 0..n {
            match forward[cell] {
                Some(next) if next == start => return true,
                Some(next) => cell = next,
                None => return false,
            }
        }
        false
    });
    DirInfo { forward, returns }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vdl_runtime::ir::*;

    fn game_with(targets: Vec<Vec<Option<CellId>>>) -> Game {
        let n = targets[0].len();
        Game {
            name: "t".into(),
            board: Board {
                axes: vec![Axis { name: "x".into(), size: n as u32, labels: vec![], wrap: false }],
                cells: (0..n).map(|i| Cell { name: format!("c{i}"), coords: vec![i as i32] }).collect(),
                layout: Layout {
                    rows: vec![CellId::first(n).map(Some).collect()],
                    separators: vec![],
                    row_labels: vec![],
                    column_labels: vec![],
                    block_labels: vec![],
                    rows_wrap: false,
                    columns_wrap: false,
                    drawing: Drawing::default(),
                    centres: Vec::new(),
                },
            },
            players: vec![],
            directions: targets.into_iter().map(|target| Direction { vector: vec![1], target }).collect(),
            zones: vec![],
            pieces: vec![],
            rules: Rules {
                facing: vec![],
                stalemate: Outcome::Draw,
                limits: vec![],
                no_drop_mate: vec![],
                proxy_promotions: vec![],
                obligations: vec![],
                goals: vec![],
                checks_forbidden: false,
            },
            setup: String::new(),
        }
    }

    #[test]
    fn line_ring_and_fold() {
        let game = game_with(vec![
            vec![Some(CellId(1)), Some(CellId(2)), None],
            vec![Some(CellId(1)), Some(CellId(2)), Some(CellId(0))],
            vec![Some(CellId(2)), Some(CellId(2)), None],
            vec![Some(CellId(1)), Some(CellId(2)), Some(CellId(1))],
        ]);
        let info = analyse(&game);
        assert!(!info[0].returns);
        assert!(info[1].returns);
        assert!(!info[2].returns);
        // 1 -> 2 -> 1 comes back; 0 -> 1 -> 2 -> 1 loops without coming back.
        assert!(info[3].returns);
    }
}
