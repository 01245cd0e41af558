//! The IR interpreter: the plan's walker ([`Walker`], the move generator)
//! with its legality. It takes the shortcut generated engines take, with
//! the same influence sets (built from the plan at their first use): a move
//! that changes no cell an attack on its side's royals depends on is not
//! made and tested, and perft's last ply counts most moves as they are
//! walked. [`Interpreter::making_every_move`] keeps every hook's default
//! instead, each move made and tested: the reference that checks the
//! shortcut (`tests/engines_agree.rs`).

use crate::ir::{CellId, Game, PlayerId};
use crate::legality::engine::Engine;
use crate::legality::influence::Influence;
use crate::legality::legal_count::{count_legal_with, CountScratch};
use crate::plan::generator::Generator;
use crate::plan::interp::Walker;
use crate::plan::{Plan, Repeats};
use crate::state::position::{Move, Position};
use crate::state::sink::MoveSink;
use std::sync::{Arc, OnceLock};

pub struct Interpreter {
    walker: Walker,
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
        Interpreter { walker: Walker::new(game, plan), shortcut: OnceLock::new(), judging: Judging::Shortcut }
    }

    /// The interpreter that judges each move by making it and testing the
    /// position after it, with no influence sets: the reference for the
    /// shortcut of the others.
    pub fn making_every_move(game: Game) -> Interpreter {
        Interpreter { judging: Judging::MakingEveryMove, ..Interpreter::new(game) }
    }

    /// The plan the interpreter walks.
    pub fn plan(&self) -> &Arc<Plan> {
        self.walker.plan()
    }

    /// The shortcut, `None` for the reference.
    fn shortcut(&self) -> Option<&Shortcut> {
        if self.judging == Judging::MakingEveryMove {
            return None;
        }
        Some(self.shortcut.get_or_init(|| {
            let influence = Influence::of(self.game(), (**self.plan()).clone());
            let counts_as_it_walks = influence.is_some() && !self.lists_to_read_back();
            Shortcut { influence, counts_as_it_walks }
        }))
    }

    /// Must every move be listed to be read back: are moves gated or given
    /// a blocker once all are listed, or may a first move repeat another
    /// move of its piece ([`crate::plan::gated`])?
    fn lists_to_read_back(&self) -> bool {
        let (game, plan) = (self.game(), self.plan());
        let first_move_repeats = || {
            game.player_ids().map(|player| plan.side(player)).any(|side| {
                game.piece_ids().any(|kind| {
                    let repeats = side.repeats(kind);
                    game.cell_ids()
                        .any(|from| side.unmoved_steps(kind, from).iter().any(|step| repeats[step.rule as usize] == Repeats::Maybe))
                })
            })
        };
        game.has_gating() || game.blocker().is_some() || first_move_repeats()
    }
}

impl Generator for Interpreter {
    fn game(&self) -> &Game {
        self.walker.game()
    }

    fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        self.walker.generate_into(pos, out);
    }

    fn attacked(&self, pos: &Position, target: CellId, by: PlayerId) -> bool {
        self.walker.attacked(pos, target, by)
    }
}

/// The interpreter takes the influence sets' shortcut (unless it is the
/// reference) and keeps every other hook's default.
impl Engine for Interpreter {
    fn influence(&self) -> Option<&Influence> {
        self.shortcut()?.influence.as_ref()
    }

    /// With the shortcut, most moves are counted as they are walked, never
    /// listed, as generated engines count them.
    fn count_legal(&self, pos: &mut Position, scratch: &mut CountScratch) -> u64 {
        if self.shortcut().is_some_and(|shortcut| shortcut.counts_as_it_walks) {
            count_legal_with(self, pos, scratch, |pos, sink| self.walker.generate_into(pos, sink))
        } else {
            count_legal_with(self, pos, scratch, |pos, sink| self.generate(pos, sink.moves()))
        }
    }
}
