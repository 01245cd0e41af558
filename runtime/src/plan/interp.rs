//! The IR interpreter's move generator: runs any checked game with no code
//! generation, by walking its [`Plan`]. The plan has already decided
//! everything that depends only on where a piece stands, so what is left
//! here is what depends on the position: empty cells, whose pieces stand
//! where, and obligations. The interpreter ([`crate::Interpreter`], in
//! `legality/`) adds its legality to it.

use crate::ir::{CellId, Game, PlayerId};
use crate::plan::generator::Generator;
use crate::plan::walk::Emitter;
use crate::plan::Plan;
use crate::state::position::{Move, Position};
use crate::state::sink::MoveSink;
use std::sync::Arc;

/// Walks a game's plan: the interpreter's move generator.
pub struct Walker {
    game: Game,
    plan: Arc<Plan>,
    /// Does some piece promote in place ([`crate::plan::in_place`])? Asked
    /// at every node: found once.
    promotes_in_place: bool,
}

impl Walker {
    /// The walker of `plan`, made of `game` or of a game with the same
    /// moves (the plan does not depend on promotions, royalty or hands).
    pub fn new(game: Game, plan: Arc<Plan>) -> Walker {
        let promotes_in_place = game.has_in_place_promotions();
        Walker { game, plan, promotes_in_place }
    }

    /// The plan it walks.
    pub fn plan(&self) -> &Arc<Plan> {
        &self.plan
    }

    /// [`Generator::generate`] into any sink: a list, or a counter of legal
    /// moves that judges plain moves as they come.
    pub fn generate_into<S: MoveSink + ?Sized>(&self, pos: &Position, out: &mut S) {
        let start = out.moves().len();
        let side = self.plan.side(pos.side);
        for (from, piece) in pos.cells() {
            if !piece.is_of(pos.side) {
                continue;
            }
            let emitter = Emitter::new(&self.game, pos, from, side.may_repeat(piece.kind(), from), out.moves().len());
            for step in side.steps(piece.kind(), from) {
                emitter.step(self, side, step, out);
            }
            if emitter.null_move.get() {
                emitter.emit(from, None, out);
            }
        }
        crate::plan::gated::generate(self, &self.plan, pos, out);
        if self.promotes_in_place {
            crate::plan::in_place::generate(self, &self.plan, pos, out.moves());
        }
        crate::plan::gating::add(pos, out.moves());
        crate::plan::drops::generate(pos, out);
        if self.game.blocker().is_some() {
            crate::plan::blocker::place(pos, out.moves(), start);
        }
    }
}

impl Generator for Walker {
    fn game(&self) -> &Game {
        &self.game
    }

    fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate_into(pos, out);
    }

    fn attacked(&self, pos: &Position, target: CellId, by: PlayerId) -> bool {
        let attacks = self.plan.side(by).attacks();
        if self.game.rules.obligations.is_empty() {
            attacks.attacked(pos, target, by, &mut |_, _| true)
        } else {
            // A piece an obligation binds attacks only inside its zone.
            let game = &self.game;
            attacks.attacked(pos, target, by, &mut |piece, from| {
                crate::plan::obligation::zone_binding(game, pos, piece, from).is_none_or(|zone| game.in_zone(zone, by, target))
            })
        }
    }
}
