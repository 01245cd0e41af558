//! The direction tables as the code generator reads them: the displacement
//! tables other tables are matched to. Nothing here assumes a regular grid.

use vdl_runtime::ir::{DirId, Game};

pub struct DirInfo {
    /// `forward[cell]`: the cell reached from `cell`.
    pub forward: Vec<Option<usize>>,
}

pub fn analyse(game: &Game) -> Vec<DirInfo> {
    (0..game.directions.len()).map(|d| analyse_dir(game, DirId::from_index(d))).collect()
}

fn analyse_dir(game: &Game, dir: DirId) -> DirInfo {
    let n = game.cell_count();
    let forward: Vec<Option<usize>> = game.directions[dir.index()].target.iter().map(|t| t.map(|c| c.index())).collect();
    assert_eq!(forward.len(), n, "direction {dir} has a target table of the wrong size");
    DirInfo { forward }
}
