//! En passant (`en passant by ...`): a move that passes over cells leaves
//! them open, for one ply, to the enemy's capture-only steps, which may land
//! there and capture the piece that passed.
//!
//! * [`passings`]: the moves that open cells ([`Passings`], kept by the
//!   positions). For a step or slide the cells before its destination, for
//!   a leap the cells of its route. [`passings_fit`]: whether they stay
//!   within the bounds a position can name, which the compiler asks first.
//! * [`captures_in_passing`]: the captures onto the open cells, walked for
//!   every engine, from the pieces whose capture-only steps could land there
//!   ([`SidePlan::capture_only_origins`]).

use super::{SidePlan, Span, Step, StepKind};
use crate::ir::{CellId, Game, Mode, MoveRule, PieceId, PlayerId};
use crate::plan::generator::Generator;
use crate::plan::walk::Emitter;
use crate::plan::Plan;
use crate::state::passings::{Passing, PassingId, Passings, MAX_PASSED_CELLS};
use crate::state::piece::Piece;
use crate::state::piece_set::PieceSet;
use crate::state::position::{Move, Position};

/// The passings of `game`'s rules, for every player and start cell.
pub fn passings(game: &Game) -> Passings {
    let mut list = Vec::new();
    for_each_passing(game, |passing| {
        list.push(passing);
        true
    });
    Passings::new(list, game.cell_count())
}

/// Which bound a game's passings go past ([`passings_fit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassingsPast {
    /// More than [`PassingId::MAX_COUNT`] passings, which a position could
    /// not name.
    Count,
    /// More than [`MAX_PASSED_CELLS`] cells left open in all.
    Cells,
}

/// Do `game`'s passings stay within the bounds: at most
/// [`PassingId::MAX_COUNT`] of them, leaving open at most
/// [`MAX_PASSED_CELLS`] cells in all? Counted as [`passings`] finds them,
/// and stopped once past either.
pub fn passings_fit(game: &Game) -> Result<(), PassingsPast> {
    let (mut count, mut cells) = (0, 0);
    let mut past = None;
    for_each_passing(game, |passing| {
        count += 1;
        cells += passing.cells.len();
        past = if count > PassingId::MAX_COUNT {
            Some(PassingsPast::Count)
        } else if cells > MAX_PASSED_CELLS {
            Some(PassingsPast::Cells)
        } else {
            None
        };
        past.is_none()
    });
    past.map_or(Ok(()), Err)
}

/// Calls `found` with each passing of `game`'s rules until it returns
/// false; returns whether it never did.
fn for_each_passing(game: &Game, mut found: impl FnMut(Passing) -> bool) -> bool {
    for (kind, piece) in game.piece_ids().zip(&game.pieces) {
        for (player, rules) in piece.moves.iter().enumerate() {
            let mover = Piece::new(kind, PlayerId::from_index(player));
            for rule in rules.iter().filter(|rule| !rule.en_passant.is_empty()) {
                let by = PieceSet::of(PlayerId::from_index(player).opponent(), rule.en_passant.iter().copied());
                for from in game.cell_ids() {
                    for (to, cells) in passed(game, mover, rule, from) {
                        if !found(Passing { piece: mover, from, to, cells, by }) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}

/// The destinations of `mover`'s rule from `from`, with the cells passed on
/// the way, as the rule's construct plans it ([`super::step_alone`]): for a
/// ride, each cell of its line with the cells before it; for a leap, its
/// destination with the cells of its route (the checker allows one).
fn passed(game: &Game, mover: Piece, rule: &MoveRule, from: CellId) -> Vec<(CellId, Vec<CellId>)> {
    let Some((side, step)) = super::step_alone(game, mover.owner(), mover.kind(), rule, from) else { return Vec::new() };
    match step {
        StepKind::Ride(ride) => {
            let line: Vec<CellId> = side.line(ride.cells).iter().map(|c| c.cell).collect();
            (1..line.len()).map(|i| (line[i], line[..i].to_vec())).collect()
        }
        StepKind::Leap(leap) => match side.routes(leap.routes).next() {
            Some(route) if !route.is_empty() => vec![(leap.to, route.to_vec())],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Appends the captures in passing of the side to move, if the last move
/// left cells open. Only the pieces whose capture-only steps could land on
/// an open cell are walked (in board order, as a scan would find them).
#[inline]
pub fn captures_in_passing<E: Generator + ?Sized>(engine: &E, plan: &Plan, pos: &Position, out: &mut Vec<Move>) {
    let Some(passing) = pos.en_passant() else { return };
    let side = plan.side(pos.side);
    match passing.cells[..] {
        [cell] => walk_captures_in_passing(engine, side, pos, passing, side.capture_only_origins(cell), out),
        _ => {
            let mut origins: Vec<CellId> = passing.cells.iter().flat_map(|&cell| side.capture_only_origins(cell)).copied().collect();
            origins.sort_unstable();
            origins.dedup();
            walk_captures_in_passing(engine, side, pos, passing, &origins, out);
        }
    }
}

/// Walks, for captures in passing, the steps of the pieces on `captors`
/// that `passing` lets capture.
fn walk_captures_in_passing<E: Generator + ?Sized>(
    engine: &E,
    side: &SidePlan,
    pos: &Position,
    passing: &Passing,
    captors: &[CellId],
    out: &mut Vec<Move>,
) {
    for &from in captors.iter().filter(|&&from| passing.by.contains(pos.at(from))) {
        let emitter = Emitter::new(engine.game(), pos, from, true, out.len());
        for step in side.steps(pos.at(from).kind(), from) {
            capture_in_passing(&emitter, side, step, passing, out);
        }
    }
}

/// The captures in passing of `step` onto the cells `passing` left open:
/// capture-only steps that could land there if an enemy stood there.
fn capture_in_passing(emitter: &Emitter, side: &SidePlan, step: &Step, passing: &Passing, out: &mut Vec<Move>) {
    if step.mode != Mode::CaptureOnly {
        return;
    }
    let mut land = |cell: CellId, may_land: bool| {
        if may_land && passing.cells.contains(&cell) {
            emitter.emit(cell, Some(passing.to), out);
        }
    };
    step.kind.walk_in_passing(emitter, side, &mut land);
}

impl SidePlan {
    /// The cells, in order, from which some piece's capture-only step could
    /// land on `cell` (whatever stands between): the only pieces that could
    /// capture in passing there.
    #[inline]
    pub fn capture_only_origins(&self, cell: CellId) -> &[CellId] {
        let (spans, origins) = self.capture_only.get_or_init(|| self.invert_capture_only());
        &origins[spans[cell.index()].range()]
    }

    fn invert_capture_only(&self) -> (Vec<Span>, Vec<CellId>) {
        let mut by_cell: Vec<Vec<CellId>> = vec![Vec::new(); self.cells];
        for kind in PieceId::first(self.kinds) {
            for from in CellId::first(self.cells) {
                for step in self.steps(kind, from).iter().filter(|step| step.mode == Mode::CaptureOnly) {
                    step.kind.cells_in_passing(self, &mut |cell| by_cell[cell.index()].push(from));
                }
            }
        }
        let mut spans = Vec::with_capacity(self.cells);
        let mut origins = Vec::new();
        for mut cells in by_cell {
            cells.sort_unstable();
            cells.dedup();
            let start = origins.len();
            origins.extend(cells);
            spans.push(Span::of(start..origins.len()));
        }
        (spans, origins)
    }
}
