//! The IR interpreter: runs any checked game with no code generation, by
//! walking its [`Plan`]. The plan has already decided everything that depends
//! only on where a piece stands, so what is left here is what depends on the
//! position: empty cells, whose pieces stand where, and obligations.
//!
//! Its legality takes the shortcut generated engines take, with the same
//! influence sets (built from the plan at its first use): a move that
//! changes no cell an attack on its side's royals depends on is not made
//! and tested. [`Interpreter::making_every_move`] keeps every hook's
//! default instead, each move made and tested: the reference that checks
//! the shortcut (`tests/engines_agree.rs`).

use crate::ir::{CellId, Game, PlayerId};
use crate::legality::influence::Influence;
use crate::plan::generator::Generator;
use crate::plan::walk::Emitter;
use crate::plan::{Plan, Repeats};
use crate::state::position::{Move, Position};
use crate::state::sink::MoveSink;
use std::sync::{Arc, OnceLock};

pub struct Interpreter {
    game: Game,
    plan: Arc<Plan>,
    /// Does some piece promote in place ([`crate::plan::in_place`])? Asked
    /// at every node: found once.
    promotes_in_place: bool,
    /// What the legality shortcut needs, worked out when first asked (the
    /// compiler's analyses, which only walk moves, never ask).
    shortcut: OnceLock<Shortcut>,
    /// Which legality the interpreter runs.
    judging: Judging,
}

/// How the interpreter's moves are judged legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Judging {
    /// With the influence sets, as generated engines judge.
    Shortcut,
    /// Every move made and tested: the reference.
    MakingEveryMove,
}

/// The interpreter's share of the legality shortcut.
struct Shortcut {
    /// The influence sets; `None` for a game that has none.
    influence: Option<Influence>,
    /// Can perft's last ply count the moves as they are walked, handing
    /// them to a [`crate::legality::legal_count::LegalCount`] as generated
    /// engines do? Not where a move must be read back from the list once
    /// all are there: moves gated or given a blocker afterwards, a first
    /// move that may repeat another move of its piece.
    counts_as_it_walks: bool,
}

impl Interpreter {
    pub fn new(game: Game) -> Interpreter {
        let plan = Arc::new(Plan::of(&game));
        Interpreter::with_plan(game, plan)
    }

    /// With a plan made before, of `game` or of a game with the same moves
    /// (the plan does not depend on promotions, royalty or hands): the
    /// compiler plans once and runs its analyses on it.
    pub fn with_plan(game: Game, plan: Arc<Plan>) -> Interpreter {
        let promotes_in_place = game.has_in_place_promotions();
        Interpreter { game, plan, promotes_in_place, shortcut: OnceLock::new(), judging: Judging::Shortcut }
    }

    /// The interpreter that judges each move by making it and testing the
    /// position after it, with no influence sets: the reference for the
    /// shortcut of the others.
    pub fn making_every_move(game: Game) -> Interpreter {
        Interpreter { judging: Judging::MakingEveryMove, ..Interpreter::new(game) }
    }

    /// The plan the interpreter walks.
    pub fn plan(&self) -> &Arc<Plan> {
        &self.plan
    }

    /// The shortcut, `None` for the reference.
    fn shortcut(&self) -> Option<&Shortcut> {
        if self.judging == Judging::MakingEveryMove {
            return None;
        }
        Some(self.shortcut.get_or_init(|| {
            let influence = Influence::of(&self.game, (*self.plan).clone());
            let counts_as_it_walks = influence.is_some() && !self.lists_to_read_back();
            Shortcut { influence, counts_as_it_walks }
        }))
    }

    /// The influence sets of the game, built from the plan once.
    pub(crate) fn influence_sets(&self) -> Option<&Influence> {
        self.shortcut()?.influence.as_ref()
    }

    /// Can perft's last ply count moves as they are walked (see
    /// [`Shortcut::counts_as_it_walks`])?
    pub(crate) fn counts_as_it_walks(&self) -> bool {
        self.shortcut().is_some_and(|shortcut| shortcut.counts_as_it_walks)
    }

    /// Must every move be listed to be read back: are moves gated or given
    /// a blocker once all are listed, or may a first move repeat another
    /// move of its piece ([`crate::plan::gated`])?
    fn lists_to_read_back(&self) -> bool {
        let game = &self.game;
        let first_move_repeats = || {
            game.player_ids().map(|player| self.plan.side(player)).any(|side| {
                game.piece_ids().any(|kind| {
                    let repeats = side.repeats(kind);
                    game.cell_ids()
                        .any(|from| side.unmoved_steps(kind, from).iter().any(|step| repeats[step.rule as usize] == Repeats::Maybe))
                })
            })
        };
        game.has_gating() || game.blocker().is_some() || first_move_repeats()
    }

    /// [`Generator::generate`] into any sink: a list, or a counter of legal
    /// moves that judges plain moves as they come.
    pub(crate) fn generate_into<S: MoveSink + ?Sized>(&self, pos: &Position, out: &mut S) {
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

impl Generator for Interpreter {
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
