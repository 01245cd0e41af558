//! Resolving the IR's move rules into a [`SidePlan`].

use super::{overlap, LineCell, Repeats, SidePlan, Span, Step, StepKind};
use crate::ir::{CellId, DirId, Game, Gate, MoveKind, MoveRule, PlayerId, Route, ZoneId};
use crate::piece_set::PieceSet;

pub(super) fn side(game: &Game, player: PlayerId) -> SidePlan {
    let cells = game.cell_count();
    let mut plan = SidePlan {
        player,
        cells,
        starts: Vec::with_capacity(game.pieces.len() * cells),
        unmoved_starts: Vec::with_capacity(game.pieces.len() * cells),
        gated_kinds: PieceSet::EMPTY,
        castlers: PieceSet::EMPTY,
        may_repeat: Vec::new(),
        repeats: Vec::new(),
        steps: Vec::new(),
        line_cells: Vec::new(),
        routes: Vec::new(),
        route_cells: Vec::new(),
        kinds: game.pieces.len(),
        facing: Vec::new(),
        attacks: std::sync::OnceLock::new(),
        capture_only: std::sync::OnceLock::new(),
    };
    for kind in game.piece_ids() {
        let rules = &game.pieces[kind].moves[player];
        let mut repeats = overlap::covered(game, player, kind);
        let lands = Landing { game, player, confined: game.pieces[kind].confined };
        for from in CellId::first(cells) {
            for gate in [Gate::Always, Gate::Unmoved] {
                let start = plan.steps.len();
                for (index, rule) in rules.iter().enumerate() {
                    // A rule that only repeats an earlier one adds no move.
                    if rule.gate == gate && repeats[index] != Repeats::Always && applies(game, player, rule.only_in, from) {
                        plan.add_step(game, player, from, index, rule, &lands);
                    }
                }
                let span = Span::of(start..plan.steps.len());
                match gate {
                    Gate::Always => plan.starts.push(span),
                    Gate::Unmoved => plan.unmoved_starts.push(span),
                }
            }
            let unmoved = plan.unmoved_steps(kind, from);
            let (gated, castles) = (!unmoved.is_empty(), unmoved.iter().any(|step| matches!(step.kind, StepKind::Castle { .. })));
            if gated {
                plan.gated_kinds.insert(crate::Piece::new(kind, player));
            }
            if castles {
                plan.castlers.insert(crate::Piece::new(kind, player));
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

/// Does a rule limited to `zone` apply on `cell`?
fn applies(game: &Game, player: PlayerId, zone: Option<ZoneId>, cell: CellId) -> bool {
    zone.is_none_or(|zone| game.in_zone(zone, player, cell))
}

/// Where a piece may end its move: inside its confinement.
struct Landing<'g> {
    game: &'g Game,
    player: PlayerId,
    confined: Option<ZoneId>,
}

impl Landing<'_> {
    fn allows(&self, cell: CellId) -> bool {
        applies(self.game, self.player, self.confined, cell)
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

fn target(game: &Game, dir: DirId, from: CellId) -> Option<CellId> {
    game.directions[dir].target[from.index()]
}

impl SidePlan {
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

    fn add_step(&mut self, game: &Game, player: PlayerId, from: CellId, index: usize, rule: &MoveRule, lands: &Landing) {
        let kind = match &rule.kind {
            MoveKind::Ride { dir, range, circuit } => {
                let (cells, back_at_start) = self.add_line(game, *dir, from, *range, lands);
                let null_move = *circuit && back_at_start && rule.mode != crate::ir::Mode::CaptureOnly && lands.allows(from);
                if cells.is_empty() && !null_move {
                    return;
                }
                StepKind::Ride { cells, null_move }
            }
            MoveKind::Hop { dir } => {
                let (cells, _) = self.add_line(game, *dir, from, None, lands);
                if cells.end - cells.start < 2 {
                    return;
                }
                StepKind::Hop { cells }
            }
            MoveKind::Leap { target: dir, routes } => {
                let Some(to) = target(game, *dir, from).filter(|&to| lands.allows(to)) else { return };
                let Some(routes) = self.add_routes(game, player, from, to, routes) else { return };
                StepKind::Leap { to, routes }
            }
            MoveKind::CapturingLeap { target: dir, via, crossing } => {
                let Some(to) = target(game, *dir, from).filter(|&to| lands.allows(to)) else { return };
                let Some(via) = target(game, *via, from) else { return };
                if crossing.is_some_and(|c| !c.allows(game, player, from, to)) {
                    return;
                }
                StepKind::CapturingLeap { to, via }
            }
            MoveKind::Swap { dir, with, unattacked } => {
                let Some(to) = target(game, *dir, from) else { return };
                if !lands.allows(to) {
                    return;
                }
                // The partner must be allowed on the mover's cell too.
                let partners = with.iter().copied().filter(|&k| applies(game, player, game.pieces[k].confined, from));
                let partners = PieceSet::of(player, partners);
                if partners.is_empty() {
                    return;
                }
                StepKind::Swap { to, partners, unattacked: *unattacked }
            }
            MoveKind::Castle { dir, distance, with } => {
                let (line, _) = self.add_line(game, *dir, from, None, lands);
                let distance = *distance as usize;
                let cells = self.line(line);
                // The partner stands beyond the destination, and the piece
                // may end there.
                if distance < 2 || cells.len() <= distance || !cells[distance - 1].may_land {
                    return;
                }
                let landing = cells[distance - 2].cell;
                let partners = with.iter().copied().filter(|&k| applies(game, player, game.pieces[k].confined, landing));
                let partners = PieceSet::of(player, partners);
                if partners.is_empty() {
                    return;
                }
                StepKind::Castle { line, distance: distance as u16, partners }
            }
        };
        self.steps.push(Step { rule: index as u16, mode: rule.mode, kind });
    }

    /// The cells along `dir` from `from`, at most `range` of them, stopping at
    /// the edge or before coming back to `from` round a ring (then also
    /// returning `true` when it comes back within range).
    fn add_line(&mut self, game: &Game, dir: DirId, from: CellId, range: Option<u32>, lands: &Landing) -> (Span, bool) {
        let start = self.line_cells.len();
        let mut ray = Ray::new(game, dir, from, range);
        self.line_cells.extend(ray.by_ref().map(|cell| LineCell { cell, may_land: lands.allows(cell) }));
        (Span::of(start..self.line_cells.len()), ray.back_at_start)
    }

    /// The routes a leap from `from` to `to` may use (crossing conditions
    /// decided, routes leaving the board dropped): `None` when none is left,
    /// an empty span when nothing can block the leap.
    fn add_routes(&mut self, game: &Game, player: PlayerId, from: CellId, to: CellId, routes: &[Route]) -> Option<Span> {
        let first = self.routes.len();
        if routes.is_empty() {
            return Some(Span::of(first..first));
        }
        let mut open_routes = Vec::new();
        for route in routes.iter().filter(|r| r.allowed(game, player, from, to)) {
            let cells: Option<Vec<CellId>> = route.cells.iter().map(|&d| target(game, d, from)).collect();
            match cells {
                Some(cells) if cells.is_empty() => return Some(Span::of(first..first)),
                Some(cells) => open_routes.push(cells),
                None => {}
            }
        }
        if open_routes.is_empty() {
            return None;
        }
        for cells in open_routes {
            let start = self.route_cells.len();
            self.route_cells.extend(cells);
            self.routes.push(Span::of(start..self.route_cells.len()));
        }
        Some(Span::of(first..self.routes.len()))
    }
}
