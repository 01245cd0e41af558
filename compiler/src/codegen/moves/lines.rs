//! How generated code stores the lines of a ride or hop: the plan lists, per
//! start cell, the cells each line passes, which on a board of any size would
//! be large tables (Ladies and Generals' lines hold 384,656 cells). Lines of
//! one rule are nearly always one successor function walked from each start,
//! so they are stored as two tables of cells, the first cell from each start
//! and the next cell after each cell, with what ends a walk: the board's edge,
//! a range, or coming back to the start round a ring. Walking those tables
//! from every start must give exactly the plan's lines, or the lines are
//! stored as they are, one list per start.

use vdl_runtime::plan::LineCell;

/// Lines as successor tables, checked to give the plan's lines.
#[derive(Debug, PartialEq, Eq)]
pub struct Walk {
    /// The first cell of the line from each start.
    pub first: Vec<Option<usize>>,
    /// The cell after each cell on a line.
    pub next: Vec<Option<usize>>,
    /// At most this many cells.
    pub range: Option<usize>,
    /// Stop before coming back to the start.
    pub stop_at_start: bool,
}

/// The lines of a rule from each start (`None`: no line there), as successor
/// tables if they are one walk.
pub fn as_walk(lines: &[Option<&[LineCell]>]) -> Option<Walk> {
    let cells = lines.len();
    let mut first = vec![None; cells];
    let mut next = vec![None; cells];
    for (from, line) in lines.iter().enumerate() {
        let Some(line) = line else { continue };
        first[from] = line.first().map(|c| c.cell.index());
        for pair in line.windows(2) {
            let (a, b) = (pair[0].cell.index(), pair[1].cell.index());
            match next[a] {
                None => next[a] = Some(b),
                Some(n) if n == b => {}
                Some(_) => return None,
            }
        }
    }
    // Where no line goes on from a cell, the walk is free to: taking the
    // line from that cell makes both tables one (a displacement's, on most
    // boards), if the walks still give the lines.
    let filled: Vec<Option<usize>> = next.iter().zip(&first).map(|(&next, &first)| next.or(first)).collect();
    let longest = lines.iter().flatten().map(|l| l.len()).max().unwrap_or(0);
    for next in [filled, next] {
        for range in [None, Some(longest)] {
            for stop_at_start in [false, true] {
                let walk = Walk { first: first.clone(), next: next.clone(), range, stop_at_start };
                if gives(&walk, lines) {
                    return Some(walk);
                }
            }
        }
    }
    None
}

/// Does walking `walk` from every start give exactly `lines`?
fn gives(walk: &Walk, lines: &[Option<&[LineCell]>]) -> bool {
    lines.iter().enumerate().all(|(from, line)| {
        let line = line.unwrap_or(&[]);
        let mut cell = walk.first[from];
        let mut walked = 0;
        while let Some(c) = cell {
            if walk.stop_at_start && c == from || walk.range == Some(walked) {
                break;
            }
            // A walk longer than the line, or leaving it, is not the line.
            if walked == line.len() || line[walked].cell.index() != c {
                return false;
            }
            walked += 1;
            cell = walk.next[c];
        }
        walked == line.len()
    })
}

/// Per cell: may the piece land there? The plan's lines say it per cell on
/// each line; a piece's confinement depends only on the cell, so one table
/// serves every line (`None` when it may land everywhere).
pub fn landing_flags(lines: &[Option<&[LineCell]>]) -> Option<Vec<bool>> {
    let mut lands = vec![true; lines.len()];
    for c in lines.iter().flatten().flat_map(|line| line.iter()) {
        lands[c.cell.index()] &= c.may_land;
    }
    lands.contains(&false).then_some(lands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use vdl_runtime::CellId;

    fn line(cells: &[u16]) -> Vec<LineCell> {
        cells.iter().map(|&cell| LineCell { cell: CellId::from_index(usize::from(cell)), may_land: true }).collect()
    }

    #[test]
    fn rays_on_a_row_are_one_walk_and_ranges_and_rings_are_found() {
        // A row of four cells, east: from 0 the line is 1, 2, 3.
        let rays: Vec<Vec<LineCell>> = (0..4u16).map(|from| line(&(from + 1..4).collect::<Vec<_>>())).collect();
        let lines: Vec<Option<&[LineCell]>> = rays.iter().map(|l| Some(l.as_slice())).collect();
        let walk = as_walk(&lines).expect("a walk");
        assert_eq!((walk.range, walk.stop_at_start), (None, false));
        assert_eq!(walk.next, vec![Some(1), Some(2), Some(3), None]);
        assert_eq!(walk.first, walk.next, "the line from a cell goes on where no line passes");

        // At most two cells.
        let short: Vec<Vec<LineCell>> = rays.iter().map(|l| l.iter().take(2).copied().collect()).collect();
        let lines: Vec<Option<&[LineCell]>> = short.iter().map(|l| Some(l.as_slice())).collect();
        assert_eq!(as_walk(&lines).expect("a walk").range, Some(2));

        // A ring of three: each line stops before its start.
        let ring: Vec<Vec<LineCell>> = (0..3u16).map(|from| line(&[(from + 1) % 3, (from + 2) % 3])).collect();
        let lines: Vec<Option<&[LineCell]>> = ring.iter().map(|l| Some(l.as_slice())).collect();
        assert!(as_walk(&lines).expect("a walk").stop_at_start);
    }

    #[test]
    fn lines_that_branch_are_not_a_walk() {
        // Two lines leave cell 1 for different cells.
        let (a, b) = (line(&[1, 2]), line(&[1, 3]));
        assert_eq!(as_walk(&[Some(&a), Some(&b), None, None]), None);
    }
}
