//! What an engine adds to its move generator for legality: the shortcuts
//! the one judgement ([`crate::legality::legal::Legality`]) may take, each
//! with a default that makes and tests. The interpreter takes the influence
//! sets' shortcut and counts as it walks; as the reference
//! ([`crate::Interpreter::making_every_move`]) it keeps every default, and checks
//! the engines that take the shortcuts. Generated code specialises them
//! per game.

use crate::ir::{CellId, PlayerId};
use crate::legality::check_cells::CheckCells;
use crate::legality::influence::{Influence, Watch};
use crate::legality::legal;
use crate::legality::legal_count::CountScratch;
use crate::plan::generator::Generator;
use crate::state::position::{Move, Position};
use crate::state::sink::MoveSink;

/// A move generator with its legality hooks: what front ends, perft and the
/// search run.
pub trait Engine: Generator {
    /// How many legal moves the side to move has in `pos`, goals aside (the
    /// last ply of perft); `scratch` holds lists to work in. By default
    /// every move is listed and then judged; generated engines count most
    /// moves as they generate them ([`crate::legality::legal_count::count_legal_with`]).
    fn count_legal(&self, pos: &mut Position, scratch: &mut CountScratch) -> u64 {
        crate::legality::legal_count::count_legal_with(self, pos, scratch, |pos, sink| self.generate(pos, sink.moves()))
    }

    /// Does the side to move have a legal move in `pos` (goals aside)? By
    /// default its moves are listed and judged until one is legal.
    /// Generated engines count them with their counting generator instead:
    /// asked at perft's last ply (by the drop-mate ban), the list
    /// generator's code, cold there, pushed the hot code out of the
    /// instruction cache.
    fn has_legal_move(&self, pos: &mut Position) -> bool {
        legal::has_legal_move_listed(self, pos)
    }

    /// After `mover` has moved: are the position's whole-board rules kept (no royal
    /// of `mover` attacked, so none facing an enemy royal)?
    fn is_safe(&self, pos: &Position, mover: PlayerId) -> bool {
        legal::royals_safe(self, pos, mover)
    }

    /// Would [`Engine::is_safe`] hold for the side to move after `mv`,
    /// judged without making it (on a copy of the board,
    /// [`crate::legality::board_after`])? `None` (the default) when the engine cannot
    /// say so: the move is then made and tested. The interpreter keeps the
    /// default: it keeps no copy of the board to walk its attacks on.
    fn safe_after(&self, pos: &Position, mv: Move) -> Option<bool> {
        let _ = (pos, mv);
        None
    }

    /// The cells each attack depends on, for skipping the safety test of moves
    /// that change none of them ([`legal::Legality`]). `None` (the default): every
    /// move is tested. The reference ([`crate::Interpreter::making_every_move`])
    /// keeps the default, so that it checks the shortcut of the engines
    /// that use it.
    fn influence(&self) -> Option<&Influence> {
        None
    }

    /// Marks in `watch` (empty) the cells that matter in `pos` for the
    /// `royals` of the side to move, none of them attacked
    /// ([`Influence::watch`]); an engine may
    /// walk some of the lines itself. Filled in place: a watch is a few
    /// hundred bytes, made at every node.
    fn watch(&self, influence: &Influence, pos: &Position, royals: &[CellId], watch: &mut Watch) {
        influence.mark_watch(pos, royals, watch);
    }

    /// While the side to move is in check in `pos` (its royals on
    /// `royals`): the cells its check depends on
    /// ([`Influence::check_cells`]). An engine may find the attacks' cells
    /// along its own tables ([`Influence::check_cells_from_bits`]).
    fn check_cells(&self, influence: &Influence, pos: &Position, royals: &[CellId]) -> Option<CheckCells> {
        influence.check_cells(pos, royals)
    }

    /// Are the `royals` of the side to move safe in `pos`: unattacked
    /// (facing no enemy royal among it: [`crate::plan::SidePlan::facing_lines`])?
    /// If so, `watch` (empty) is marked as [`Engine::watch`] marks it; if
    /// not, it holds any marks. An engine may find both on one walk of the
    /// lines out from the royals.
    fn watch_if_safe(&self, influence: &Influence, pos: &Position, royals: &[CellId], watch: &mut Watch) -> bool {
        // The royals are known already, so the board need not be searched
        // for them again.
        let safe = royals.iter().all(|&royal| !self.attacked(pos, royal, pos.side.opponent()));
        if safe {
            self.watch(influence, pos, royals, watch);
        }
        safe
    }
}
