//! A partition of the board's cells into numbered classes: the lines or
//! bindings a `limit` counts in.

use vdl_runtime::ir::CellId;

#[derive(Clone)]
pub struct CellClasses {
    /// `class_of[cell]` indexes `classes`.
    pub class_of: Vec<u16>,
    pub classes: Vec<Vec<CellId>>,
}

impl CellClasses {
    /// Numbers the distinct keys of the cells in order of first appearance.
    pub fn from_keys<K: Eq + std::hash::Hash>(cells: usize, mut key: impl FnMut(usize) -> K) -> CellClasses {
        let mut index_of: std::collections::HashMap<K, u16> = std::collections::HashMap::new();
        let mut class_of = Vec::with_capacity(cells);
        let mut classes: Vec<Vec<CellId>> = Vec::new();
        for cell in 0..cells {
            let next = classes.len() as u16;
            let index = *index_of.entry(key(cell)).or_insert(next);
            if index == next {
                classes.push(Vec::new());
            }
            class_of.push(index);
            classes[index as usize].push(CellId::from_index(cell));
        }
        CellClasses { class_of, classes }
    }
}
