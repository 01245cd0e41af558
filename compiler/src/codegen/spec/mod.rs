//! The engine spec: what the generated module holds, as plain data decided
//! from the game and its plan before any code is printed. The printers read
//! it (never a flag another printer set), so the order in which they run
//! changes nothing it decides.

pub(crate) mod generate_inputs;
pub(crate) mod helpers;
pub(crate) mod needs;
pub(crate) mod rules;

use vdl_runtime::ir::Game;
use vdl_runtime::state::move_features::FeaturesOf;

/// The engine's parts that follow from the game's rules alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EngineSpec {
    /// Drops, with hands: the runtime's (`vdl_runtime::plan::drops`), sized by the
    /// number of piece types.
    pub drops: Option<Drops>,
    /// Gating (`gate from hand`): the runtime adds the moves that gate to
    /// the listed moves (`vdl_runtime::plan::gating::add`).
    pub gating: bool,
    /// A blocker placed after every move: the runtime turns the listed
    /// moves into the moves with the blocker placed
    /// (`vdl_runtime::plan::blocker::place`), and the counter takes them.
    pub blocker: bool,
    /// Captures in passing, walked by the runtime from the plan
    /// (`vdl_runtime::plan::gated::captures_in_passing`).
    pub captures_in_passing: bool,
    /// Promotions in place, walked by the runtime from the plan
    /// (`vdl_runtime::plan::in_place::generate`).
    pub in_place_promotions: bool,
    /// How the engine tests attacks.
    pub attacks: AttackTest,
    /// Royals, whose safety after a move is judged on a copy of the board
    /// (`safe_after`); never where captures explode or a blocker is placed,
    /// which the copy does not play (such moves are made and judged).
    pub safe_after: bool,
    /// What the moves can do, for make and unmake.
    pub features: FeaturesOf,
}

/// Drops from the hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Drops {
    /// The number of piece types, the size of a hand.
    pub kinds: usize,
}

/// Whether an attack depends on the board alone or on the countdowns too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AttackTest {
    /// On the board (and the cells the position keeps): the royals' steps,
    /// the board with a cell vacated and the watch are the module's own.
    OnTheBoard,
    /// With obligations, whose countdowns keep bound pieces from attacking:
    /// `attacked_now`, and the runtime's general paths for the rest.
    WithCountdowns,
}

impl EngineSpec {
    pub fn of(game: &Game) -> EngineSpec {
        EngineSpec {
            drops: game.has_drops().then_some(Drops { kinds: game.pieces.len() }),
            gating: game.has_gating(),
            blocker: game.blocker().is_some(),
            captures_in_passing: game.has_en_passant(),
            in_place_promotions: game.has_in_place_promotions(),
            attacks: if game.rules.obligations.is_empty() { AttackTest::OnTheBoard } else { AttackTest::WithCountdowns },
            safe_after: game.pieces.iter().any(|piece| piece.royal) && game.rules.explosion.is_none() && game.blocker().is_none(),
            features: FeaturesOf::game(game),
        }
    }

    /// Does the game have obligations (countdowns in its positions)?
    pub fn has_obligations(&self) -> bool {
        self.attacks == AttackTest::WithCountdowns
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec_of(file: &str) -> EngineSpec {
        let path = format!("{}/../variants/{file}", env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(&path).unwrap();
        EngineSpec::of(&crate::compile(file, &source).unwrap_or_else(|e| panic!("{file}: {e:?}")))
    }

    #[test]
    fn a_game_without_hands_has_no_drops() {
        // Chess: captured pieces leave the game; a Pawn captures en passant;
        // the King is royal, and no obligation binds a piece.
        let chess = spec_of("chess.vdl");
        assert_eq!(chess.drops, None);
        assert!(chess.captures_in_passing);
        assert_eq!(chess.attacks, AttackTest::OnTheBoard);
        assert!(chess.safe_after);
        assert!(!chess.features.hands);
    }

    #[test]
    fn a_game_with_hands_drops_into_hands_the_size_of_its_piece_types() {
        // Minishogi: captured pieces join the captor's hand; its types are
        // King, Rook, Bishop, Gold, Silver, Pawn and the promoted Rook,
        // Bishop, Silver and Pawn, ten in all; no piece captures in passing.
        let minishogi = spec_of("minishogi.vdl");
        assert_eq!(minishogi.drops, Some(Drops { kinds: 10 }));
        assert!(!minishogi.captures_in_passing);
        assert!(minishogi.features.hands);
    }

    #[test]
    fn the_same_rules_give_the_same_spec() {
        assert_eq!(spec_of("chess.vdl"), spec_of("chess.vdl"));
        assert_ne!(spec_of("chess.vdl"), spec_of("minishogi.vdl"));
    }
}
