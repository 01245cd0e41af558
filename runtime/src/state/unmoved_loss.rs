//! Unmoved pieces that count as moved without moving (`unmoved lost when
//! enemy PIECES lands in line along DIRS`, [`crate::ir::UnmovedLoss`]):
//! which cells a landing reaches, and the record of the marks it took,
//! which unmake puts back.
//!
//! A piece of a lander type that lands on a cell takes the unmoved mark of
//! every enemy piece of the loser type that a slide along the directions
//! from that cell would reach on the empty board: the lines are the board's
//! alone, whatever stands on them.

use crate::ir::{ByPlayer, CellId, DirId, Direction, Game, PlayerId};
use crate::state::frame_log::FrameLog;
use crate::state::piece_set::PieceSet;

/// The game's losses, as every position of it shares them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnmovedLosses {
    losses: Vec<Loss>,
}

/// One loss: who lands, whose mark goes, and where the lines reach.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Loss {
    /// The landing pieces, of either owner.
    landers: PieceSet,
    /// The pieces that lose their marks, of either owner.
    losers: PieceSet,
    /// Per landing player, the lines out from each cell.
    lines: ByPlayer<LossLines>,
}

/// Per cell, the cells a slide along the directions reaches on the empty
/// board, as one list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LossLines {
    /// `cells[starts[c] .. starts[c + 1]]` are the cells out from cell `c`.
    starts: Vec<u32>,
    cells: Vec<CellId>,
}

impl UnmovedLosses {
    /// The losses of `game` (none in most games).
    pub fn of(game: &Game) -> UnmovedLosses {
        let losses = game
            .rules
            .unmoved_losses
            .iter()
            .map(|loss| {
                let both = |kinds: &[crate::ir::PieceId]| {
                    PlayerId::BOTH.into_iter().fold(PieceSet::EMPTY, |set, owner| set.union(PieceSet::of(owner, kinds.iter().copied())))
                };
                let lines = ByPlayer::from_fn(|player| {
                    let directions = loss.directions.get(player.index()).map_or(&[][..], |dirs| &dirs[..]);
                    // The compiler has bounded the lines (E0305).
                    LossLines::of(&game.directions, directions, game.cell_count(), usize::MAX).unwrap_or_default()
                });
                Loss { landers: both(&loss.landers), losers: both(&[loss.loser]), lines }
            })
            .collect();
        UnmovedLosses { losses }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.losses.is_empty()
    }

    /// The cells whose marks a landing of `lander` (owned by `mover`) on
    /// `to` may take, each with the enemy type that loses its mark there:
    /// the caller keeps those that hold such a piece.
    pub(crate) fn reached(
        &self,
        lander: crate::state::piece::Piece,
        mover: PlayerId,
        to: CellId,
    ) -> impl Iterator<Item = (CellId, PieceSet)> + '_ {
        self.losses
            .iter()
            .filter(move |loss| loss.landers.contains(lander))
            .flat_map(move |loss| loss.lines[mover].around(to).iter().map(move |&cell| (cell, loss.losers)))
    }
}

impl LossLines {
    /// Would the lines through `directions` (ids into `table`) on a board of
    /// `cells` cells hold more than `max_entries` cells in all? `Err` with
    /// how many they would hold, counted up to the bound.
    pub fn check_size(table: &[Direction], directions: &[DirId], cells: usize, max_entries: usize) -> Result<(), usize> {
        LossLines::of(table, directions, cells, max_entries).map(|_| ())
    }

    fn of(table: &[Direction], directions: &[DirId], count: usize, max_entries: usize) -> Result<LossLines, usize> {
        let mut lines = LossLines { starts: Vec::with_capacity(count + 1), cells: Vec::new() };
        for from in CellId::first(count) {
            lines.starts.push(lines.cells.len() as u32);
            let first = lines.cells.len();
            for &dir in directions {
                let mut at = from;
                // A ring's line comes round to its start: stop there.
                while let Some(next) = table[dir.index()].target[at.index()].filter(|&next| next != from) {
                    lines.cells.push(next);
                    at = next;
                    if lines.cells.len() > max_entries {
                        return Err(lines.cells.len());
                    }
                }
            }
            lines.cells[first..].sort_unstable();
            let mut seen = first;
            for i in first..lines.cells.len() {
                if i == first || lines.cells[i] != lines.cells[seen - 1] {
                    lines.cells[seen] = lines.cells[i];
                    seen += 1;
                }
            }
            lines.cells.truncate(seen);
        }
        lines.starts.push(lines.cells.len() as u32);
        Ok(lines)
    }

    #[inline]
    fn around(&self, cell: CellId) -> &[CellId] {
        &self.cells[self.starts[cell.index()] as usize..self.starts[cell.index() + 1] as usize]
    }
}

/// The marks landings took, for unmake to put back: one frame per move
/// still made that took some.
pub(crate) type LostMarks = FrameLog<CellId>;
