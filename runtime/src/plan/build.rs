//! Resolving the IR's move rules into a [`SidePlan`].

use super::{overlap, LineCell, Repeats, SidePlan, Span, Step, StepKind};
use crate::ir::{CellId, DirId, Game, Gate, Mode, MoveRule, PieceId, PlayerId, ZoneId};
use crate::state::piece_set::PieceSet;

/// A plan of `player` with no step yet.
fn empty(game: &Game, player: PlayerId) -> SidePlan {
    let cells = game.cell_count();
    SidePlan {
        player,
        cells,
        starts: Vec::new(),
        unmoved_starts: Vec::new(),
        gated_kinds: PieceSet::EMPTY,
        unattacked_kinds: PieceSet::EMPTY,
        castlers: PieceSet::EMPTY,
        may_repeat: Vec::new(),
        repeats: Vec::new(),
        steps: Vec::new(),
        line_cells: Vec::new(),
        routes: Vec::new(),
        route_cells: Vec::new(),
        hop_limits: vec![super::HopLimits::NONE],
        kinds: game.pieces.len(),
        facing: Vec::new(),
        attacks: std::sync::OnceLock::new(),
        capture_only: std::sync::OnceLock::new(),
    }
}

pub(super) fn side(game: &Game, player: PlayerId) -> SidePlan {
    let cells = game.cell_count();
    let mut plan = empty(game, player);
    plan.starts.reserve(game.pieces.len() * cells);
    plan.unmoved_starts.reserve(game.pieces.len() * cells);
    for kind in game.piece_ids() {
        let rules = &game.pieces[kind].moves[player];
        let mut repeats = overlap::covered(game, player, kind);
        let confined = game.pieces[kind].confined;
        for from in CellId::first(cells) {
            for unmoved in [false, true] {
                let start = plan.steps.len();
                for (index, rule) in rules.iter().enumerate() {
                    // A rule that only repeats an earlier one adds no move.
                    if rule.gate.needs_unmoved() == unmoved
                        && repeats[index] != Repeats::Always
                        && applies(game, player, rule.only_in, from)
                    {
                        plan.add_step(&Start { game, player, from, mode: rule.mode, confined }, index, rule);
                    }
                }
                let span = Span::of(start..plan.steps.len());
                if unmoved {
                    plan.unmoved_starts.push(span);
                } else {
                    plan.starts.push(span);
                }
            }
            let unmoved = plan.unmoved_steps(kind, from);
            let (gated, castles) = (!unmoved.is_empty(), unmoved.iter().any(|step| matches!(step.kind, StepKind::Castle(_))));
            let unattacked = unmoved.iter().any(|step| rules[step.rule as usize].gate == Gate::UnmovedUnattacked);
            if gated {
                plan.gated_kinds.insert(crate::Piece::new(kind, player));
            }
            if castles {
                plan.castlers.insert(crate::Piece::new(kind, player));
            }
            if unattacked {
                plan.unattacked_kinds.insert(crate::Piece::new(kind, player));
            }
        }
        overlap::find_clashes(&plan, game, player, kind, &mut repeats);
        for from in CellId::first(cells) {
            let maybe = plan.steps(kind, from).iter().any(|step| overlap::step_may_repeat(&repeats, step));
            plan.may_repeat.push(maybe);
        }
        plan.repeats.push(repeats);
    }
    plan.add_facing_lines(game);
    plan
}

/// The step of one rule of `player`'s `kind` from `from`, planned alone, on
/// a plan of its own that holds its cells; `None` where the rule gives no
/// move from there. For what needs a few rules' steps rather than a whole
/// game's plan: the moves that open cells to capture in passing, the
/// castling rights a position string names.
pub(crate) fn step_alone(game: &Game, player: PlayerId, kind: PieceId, rule: &MoveRule, from: CellId) -> Option<(SidePlan, StepKind)> {
    if !applies(game, player, rule.only_in, from) {
        return None;
    }
    let mut plan = empty(game, player);
    let start = Start { game, player, from, mode: rule.mode, confined: game.pieces[kind].confined };
    let step = StepKind::plan(&mut plan, &start, &rule.kind)?;
    Some((plan, step))
}

/// Does a rule limited to `zone` apply on `cell`?
fn applies(game: &Game, player: PlayerId, zone: Option<ZoneId>, cell: CellId) -> bool {
    zone.is_none_or(|zone| game.in_zone(zone, player, cell))
}

/// What planning one rule from one start cell knows: the game, the player,
/// the start, the rule's mode and the piece's confinement.
pub(super) struct Start<'g> {
    pub game: &'g Game,
    pub player: PlayerId,
    pub from: CellId,
    pub mode: Mode,
    /// The zone the moving piece is confined to, if any.
    confined: Option<ZoneId>,
}

impl Start<'_> {
    /// May the moving piece end its move on `cell` (inside its confinement)?
    pub fn lands(&self, cell: CellId) -> bool {
        applies(self.game, self.player, self.confined, cell)
    }

    /// May a piece of type `kind` (of the same player) stand on `cell`?
    pub fn confines(&self, kind: PieceId, cell: CellId) -> bool {
        applies(self.game, self.player, self.game.pieces[kind].confined, cell)
    }

    /// The cell `dir` reaches from the start, if on the board.
    pub fn target(&self, dir: DirId) -> Option<CellId> {
        self.game.directions[dir].target[self.from.index()]
    }
}

/// The cells along `dir` from `from`, at most `range` of them, up to the edge
/// or, round a ring, up to the start (then `back_at_start`, if within range).
pub(super) struct Ray<'g> {
    table: &'g [Option<CellId>],
    from: CellId,
    cell: CellId,
    left: Option<u32>,
    pub back_at_start: bool,
}

impl<'g> Ray<'g> {
    pub(super) fn new(game: &'g Game, dir: DirId, from: CellId, range: Option<u32>) -> Ray<'g> {
        Ray { table: &game.directions[dir].target, from, cell: from, left: range, back_at_start: false }
    }
}

impl Iterator for Ray<'_> {
    type Item = CellId;

    fn next(&mut self) -> Option<CellId> {
        if self.left == Some(0) {
            return None;
        }
        let next = self.table[self.cell.index()]?;
        if next == self.from {
            self.back_at_start = true;
            return None;
        }
        self.left = self.left.map(|left| left - 1);
        self.cell = next;
        Some(next)
    }
}

impl SidePlan {
    /// The index of `limits` among the plan's hop limits, added if new.
    pub(super) fn add_hop_limits(&mut self, limits: super::HopLimits) -> u16 {
        let index = self.hop_limits.iter().position(|&l| l == limits).unwrap_or_else(|| {
            self.hop_limits.push(limits);
            self.hop_limits.len() - 1
        });
        u16::try_from(index).expect("fewer hop limits than rules")
    }

    /// The lines along which this player's royals face (see
    /// [`SidePlan::facing_lines`]): from every cell, whatever confines the
    /// royal, for the rule holds wherever a royal stands.
    fn add_facing_lines(&mut self, game: &Game) {
        for kind in game.piece_ids().filter(|&kind| game.pieces[kind].royal) {
            for from in CellId::first(self.cells) {
                for &dir in &game.rules.facing {
                    let start = self.line_cells.len();
                    self.line_cells.extend(Ray::new(game, dir, from, None).map(|cell| LineCell { cell, may_land: true }));
                    self.facing.push((kind, from, Span::of(start..self.line_cells.len())));
                }
            }
        }
    }

    fn add_step(&mut self, start: &Start, index: usize, rule: &MoveRule) {
        if let Some(kind) = StepKind::plan(self, start, &rule.kind) {
            self.steps.push(Step { rule: index as u16, mode: rule.mode, kind });
        }
    }

    /// The cells along `dir` from the start, at most `range` of them,
    /// stopping at the edge or before coming back to the start round a ring
    /// (then also returning `true` when it comes back within range).
    pub(super) fn add_line(&mut self, start: &Start, dir: DirId, range: Option<u32>) -> (Span, bool) {
        let first = self.line_cells.len();
        let mut ray = Ray::new(start.game, dir, start.from, range);
        self.line_cells.extend(ray.by_ref().map(|cell| LineCell { cell, may_land: start.lands(cell) }));
        (Span::of(first..self.line_cells.len()), ray.back_at_start)
    }
}
