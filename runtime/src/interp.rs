//! The IR interpreter: runs any checked game with no code generation, by
//! walking its [`Plan`]. The plan has already decided everything that depends
//! only on where a piece stands, so what is left here is what depends on the
//! position: empty cells, whose pieces stand where, and obligations.

use crate::engine::Engine;
use crate::ir::{CellId, Choice, Game, Mode, PlayerId};
use crate::piece::Piece;
use crate::plan::{Plan, SidePlan, Step, StepKind};
use crate::position::{Move, Position};
use std::sync::Arc;

pub struct Interpreter {
    game: Game,
    plan: Arc<Plan>,
}

impl Interpreter {
    pub fn new(game: Game) -> Interpreter {
        let plan = Arc::new(Plan::of(&game));
        Interpreter { game, plan }
    }

    /// With a plan made before, of `game` or of a game with the same moves
    /// (the plan does not depend on promotions, royalty or hands): the
    /// compiler plans once and runs its analyses on it.
    pub fn with_plan(game: Game, plan: Arc<Plan>) -> Interpreter {
        Interpreter { game, plan }
    }

    /// The plan the interpreter walks.
    pub fn plan(&self) -> &Arc<Plan> {
        &self.plan
    }
}

/// Appends the moves of one piece, keeping them inside the zone an obligation
/// binds it to and, where two steps may reach one destination, each once.
struct Emitter<'a> {
    game: &'a Game,
    pos: &'a Position,
    piece: Piece,
    from: CellId,
    /// The zone an obligation keeps the piece in now, if any.
    bound: Option<crate::ir::ZoneId>,
    /// Check for repeats: moves from `first` on are this piece's.
    dedup: bool,
    first: usize,
    /// Some ride came round a ring back to the start: the null move, given
    /// once however many do.
    null_move: std::cell::Cell<bool>,
}

impl Emitter<'_> {
    #[inline]
    fn emit(&self, to: CellId, extra: Option<CellId>, out: &mut Vec<Move>) {
        if self.bound.is_some_and(|zone| !self.game.in_zone(zone, self.piece.owner(), to)) {
            return;
        }
        if self.dedup && out[self.first..].iter().any(|m| m.to == to && m.extra_capture() == extra && !m.swap) {
            return;
        }
        let mut plain = Move::new(self.from, to);
        if let Some(extra) = extra {
            plain = plain.capturing_on_the_way(extra);
        }
        push_with_promotions(self.game, self.pos, self.piece, plain, out);
    }

    /// Lands on `cell` if the mode allows; returns whether a line goes on.
    #[inline]
    fn land(&self, cell: CellId, may_land: bool, mode: Mode, out: &mut Vec<Move>) -> bool {
        let occupant = self.pos.at(cell);
        if occupant.is_empty() {
            if may_land && mode != Mode::CaptureOnly {
                self.emit(cell, None, out);
            }
            true
        } else {
            if may_land && mode != Mode::MoveOnly && !occupant.is_of(self.piece.owner()) {
                self.emit(cell, None, out);
            }
            false
        }
    }

    fn step(&self, engine: &Interpreter, side: &SidePlan, step: &Step, out: &mut Vec<Move>) {
        let owner = self.piece.owner();
        match step.kind {
            StepKind::Ride { cells, null_move } => {
                let line = side.line(cells);
                if line.iter().all(|c| self.land(c.cell, c.may_land, step.mode, out)) && null_move {
                    self.null_move.set(true);
                }
            }
            StepKind::Hop { cells } => {
                let line = side.line(cells);
                if let Some(screen) = line.iter().position(|c| !self.pos.at(c.cell).is_empty()) {
                    line[screen + 1..].iter().all(|c| self.land(c.cell, c.may_land, step.mode, out));
                }
            }
            StepKind::Leap { to, routes } => {
                let open = routes.is_empty() || side.routes(routes).any(|route| route.iter().all(|&c| self.pos.at(c).is_empty()));
                if open {
                    self.land(to, true, step.mode, out);
                }
            }
            StepKind::CapturingLeap { to, via } => {
                let on_the_way = self.pos.at(via);
                if on_the_way.is_empty() {
                    self.land(to, true, step.mode, out);
                } else if !on_the_way.is_of(owner) && step.mode != Mode::MoveOnly && !self.pos.at(to).is_of(owner) {
                    // The capture on the way makes it a capturing move.
                    self.emit(to, Some(via), out);
                }
            }
            StepKind::Swap { to, partners, unattacked } => {
                if !partners.contains(self.pos.at(to)) {
                    return;
                }
                let enemy = owner ^ 1;
                if unattacked && (engine.attacked(self.pos, self.from, enemy) || engine.attacked(self.pos, to, enemy)) {
                    return;
                }
                if self.bound.is_some_and(|zone| !self.game.in_zone(zone, owner, to)) {
                    return;
                }
                if self.dedup && out[self.first..].iter().any(|m| m.swap && m.to == to) {
                    return;
                }
                out.push(Move::swapping(self.from, to));
            }
        }
    }
}

/// The moves of `piece` with `plain`'s destination: with every promotion that
/// applies and every choice of it open in `pos`, and without one unless a
/// promotion is compulsory there. A compulsory promotion whose choices are all
/// closed leaves no move at all.
fn push_with_promotions(game: &Game, pos: &Position, piece: Piece, plain: Move, out: &mut Vec<Move>) {
    let kind = &game.pieces[piece.kind() as usize];
    if kind.promotions.is_empty() && game.rules.proxy_promotions.is_empty() {
        out.push(plain);
        return;
    }
    let owner = piece.owner();
    let (from, to) = (plain.from, plain.to);
    let mut compulsory = false;
    let mut choices: Vec<Choice> = Vec::new();
    for promotion in &kind.promotions {
        let offered = promotion.choices(owner);
        if offered.is_empty() || !promotion.trigger.applies(game, owner, from, to) {
            continue;
        }
        compulsory |= !promotion.optional || promotion.forced_at.is_some_and(|z| game.in_zone(z, owner, to));
        for &choice in offered {
            choice.merge_into(&mut choices);
        }
    }
    let start = out.len();
    if !compulsory {
        out.push(plain);
    }
    out.extend(choices.into_iter().filter(|c| c.is_open(pos, owner)).map(|c| plain.with_promotion(c.kind)));
    if !game.rules.proxy_promotions.is_empty() {
        for i in start..out.len() {
            let mv = out[i];
            crate::proxy::add(game, pos, piece, mv, out);
        }
    }
}

impl Engine for Interpreter {
    fn game(&self) -> &Game {
        &self.game
    }

    fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        let side = self.plan.side(pos.side);
        let obligations = !self.game.rules.obligations.is_empty();
        for (cell, &piece) in pos.board().iter().enumerate() {
            if !piece.is_of(pos.side) {
                continue;
            }
            let from = cell as CellId;
            let emitter = Emitter {
                game: &self.game,
                pos,
                piece,
                from,
                bound: if obligations { crate::legal::obligation_zone(&self.game, pos, piece, from) } else { None },
                dedup: side.may_repeat(piece.kind(), from),
                first: out.len(),
                null_move: std::cell::Cell::new(false),
            };
            for step in side.steps(piece.kind(), from) {
                emitter.step(self, side, step, out);
            }
            if emitter.null_move.get() {
                emitter.emit(from, None, out);
            }
        }
        crate::drops::generate(&self.game, pos, out);
    }

    fn attacked(&self, pos: &Position, target: CellId, by: PlayerId) -> bool {
        let attacks = self.plan.side(by).attacks();
        if self.game.rules.obligations.is_empty() {
            attacks.attacked(pos, target, by, &mut |_, _| true)
        } else {
            // A piece an obligation binds attacks only inside its zone.
            let game = &self.game;
            attacks.attacked(pos, target, by, &mut |piece, from| {
                crate::legal::obligation_zone(game, pos, piece, from).is_none_or(|zone| game.in_zone(zone, by, target))
            })
        }
    }
}
