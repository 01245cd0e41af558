//! Explosions (`captures explode within N steps along DIRS sparing
//! PIECES`, [`crate::ir::Explosion`]): where a capture's blast reaches, and
//! the record of the pieces it removed, which unmake puts back.
//!
//! The blast of a capture on a cell takes the capturer (on that cell, after
//! its move), what it took, and every piece within `reach` steps of the cell
//! through the capturer's directions but those of the spared types. Reach is
//! counted in the board's own steps (one direction table per step), so it
//! means the same on any board: one King step of chess is the 8 cells
//! around, on a hexagonal or 3D board whatever its directions reach.

use crate::ir::{ByPlayer, CellId, DirId, Direction, Game, PlayerId};
use crate::state::frame_log::FrameLog;
use crate::state::piece::Piece;
use crate::state::piece_set::PieceSet;

/// The cells around each cell that a capture there blasts, per capturing
/// player, and the pieces the blast spares: what every position of a game
/// with explosions shares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Blasts {
    areas: ByPlayer<Areas>,
    /// The pieces (of either owner) of the spared types.
    spared: PieceSet,
}

/// Per cell, the other cells within reach of it, as one list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Areas {
    /// `cells[starts[c] .. starts[c + 1]]` are the cells around cell `c`.
    starts: Vec<u32>,
    cells: Vec<CellId>,
}

/// The blast areas would hold more than the bound given to [`Blasts::of`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// How many entries they would hold, counted up to the bound.
    pub entries: usize,
}

impl Blasts {
    /// The blast areas of `game`'s explosion, if it has one; `Err` when
    /// they would hold more than `max_entries` cells in all (the compiler
    /// refuses such a file before the runtime ever sees it).
    pub fn of(game: &Game, max_entries: usize) -> Result<Option<Blasts>, TooLarge> {
        let Some(explosion) = &game.rules.explosion else { return Ok(None) };
        let mut areas = ByPlayer::from_fn(|_| Areas::default());
        for (player, area) in PlayerId::BOTH.into_iter().zip(areas.iter_mut()) {
            let directions = explosion.directions.get(player.index()).map_or(&[][..], |dirs| &dirs[..]);
            *area = Areas::of(&game.directions, directions, game.cell_count(), explosion.reach, max_entries)?;
        }
        let spared =
            PlayerId::BOTH.into_iter().fold(PieceSet::EMPTY, |set, owner| set.union(PieceSet::of(owner, explosion.spared.iter().copied())));
        Ok(Some(Blasts { areas, spared }))
    }

    /// Would the blast areas of one player, through `directions` (ids into
    /// `table`) on a board of `cells` cells, hold more than `max_entries`
    /// cells in all? (The compiler asks before it builds the game.)
    pub fn check_size(table: &[Direction], directions: &[DirId], cells: usize, reach: u8, max_entries: usize) -> Result<(), TooLarge> {
        Areas::of(table, directions, cells, reach, max_entries).map(|_| ())
    }

    /// The cells around `cell` that a capture there by `capturer` blasts
    /// (the capture's own cell is not among them).
    #[inline]
    pub fn around(&self, capturer: PlayerId, cell: CellId) -> &[CellId] {
        let area = &self.areas[capturer];
        &area.cells[area.starts[cell.index()] as usize..area.starts[cell.index() + 1] as usize]
    }

    /// Does the blast leave `piece` standing (a piece around the capture)?
    #[inline]
    pub fn spares(&self, piece: Piece) -> bool {
        self.spared.contains(piece)
    }
}

impl Areas {
    /// Breadth first from each cell, `reach` steps through the direction
    /// tables.
    fn of(table: &[Direction], directions: &[DirId], count: usize, reach: u8, max_entries: usize) -> Result<Areas, TooLarge> {
        let mut areas = Areas { starts: Vec::with_capacity(count + 1), cells: Vec::new() };
        let mut seen = vec![usize::MAX; count];
        for centre in CellId::first(count) {
            areas.starts.push(areas.cells.len() as u32);
            seen[centre.index()] = centre.index();
            let first = areas.cells.len();
            let mut frontier_start = first;
            areas.cells.push(centre);
            for _ in 0..reach {
                let frontier_end = areas.cells.len();
                for i in frontier_start..frontier_end {
                    let from = areas.cells[i];
                    for &dir in directions {
                        if let Some(to) = table[dir.index()].target[from.index()] {
                            if seen[to.index()] != centre.index() {
                                seen[to.index()] = centre.index();
                                areas.cells.push(to);
                            }
                        }
                    }
                }
                if areas.cells.len() > max_entries {
                    return Err(TooLarge { entries: areas.cells.len() });
                }
                frontier_start = frontier_end;
            }
            // The centre is the capture's cell, blasted as such.
            areas.cells.remove(first);
            areas.cells[first..].sort_unstable();
        }
        areas.starts.push(areas.cells.len() as u32);
        Ok(areas)
    }
}

/// The pieces explosions removed, for unmake to put back: one frame per
/// exploding move still made.
pub(crate) type ExplosionLog = FrameLog<Removed>;

/// A piece an explosion removed, and whether it was unmoved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Removed {
    pub cell: CellId,
    pub piece: Piece,
    pub unmoved: bool,
}
