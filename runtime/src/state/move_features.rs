//! What a game's moves can do to a position besides moving, capturing and
//! promoting pieces: known when its engine is compiled, so that the
//! generated engine's make and unmake leave out the work of the features
//! its game lacks (see [`crate::plan::generator::Generator::make`]). The interpreter
//! plays every game with [`AnyGame`], which asks the position at run time.

use crate::ir::{Game, MoveKind};

/// The features a game's moves may have, as constants (see the module's
/// documentation). A feature set `false` must be one the game lacks:
/// [`Position::make_with`](crate::Position::make_with) then skips its work.
pub trait MoveFeatures {
    /// A goal counts checks: a move may take one from the checks left,
    /// which unmake restores.
    const CHECKS: bool;
    /// Some rule holds only while its piece is unmoved: the position
    /// keeps track of unmoved pieces.
    const UNMOVED: bool;
    /// Captured pieces go to hands, and pieces are dropped from them.
    const HANDS: bool;
    /// A move may change a second cell ([`crate::Move::second_cell`]): a
    /// capture on the way or in passing, a promotion by proxy, castling.
    const EXTRA_CELL: bool;
    /// A piece may change places with a friendly one.
    const SWAPS: bool;
    /// A move may open cells to capture in passing.
    const PASSINGS: bool;
    /// The game has obligations, whose countdowns every move advances.
    const COUNTDOWNS: bool;
    /// The position keeps FEN's clocks, which every move advances (games
    /// whose position strings carry them, [`crate::ir::Game::has_move_history_fields`]).
    const CLOCKS: bool;
    /// A piece may pass (`pass`): the position counts the passes in a row.
    const PASSES: bool;
    /// Captures explode ([`crate::ir::Explosion`]): make removes the
    /// pieces around, unmake puts them back.
    const EXPLOSIONS: bool;
    /// A landing may take enemy pieces' unmoved marks (`unmoved lost
    /// when ...`): make takes them, unmake puts them back.
    const UNMOVED_LOSSES: bool;
}

/// Any game: every feature may be there, and make asks the position.
pub struct AnyGame;

impl MoveFeatures for AnyGame {
    const CHECKS: bool = true;
    const UNMOVED: bool = true;
    const HANDS: bool = true;
    const EXTRA_CELL: bool = true;
    const SWAPS: bool = true;
    const PASSINGS: bool = true;
    const COUNTDOWNS: bool = true;
    const CLOCKS: bool = true;
    const PASSES: bool = true;
    const EXPLOSIONS: bool = true;
    const UNMOVED_LOSSES: bool = true;
}

/// The features of one game, as the code generator writes them into the
/// game's engine (one field per constant of [`MoveFeatures`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeaturesOf {
    pub checks: bool,
    pub unmoved: bool,
    pub hands: bool,
    pub extra_cell: bool,
    pub swaps: bool,
    pub passings: bool,
    pub countdowns: bool,
    pub clocks: bool,
    pub passes: bool,
    pub explosions: bool,
    pub unmoved_losses: bool,
}

impl FeaturesOf {
    pub fn game(game: &Game) -> FeaturesOf {
        let any_kind = |f: fn(&MoveKind) -> bool| game.move_rules().any(|rule| f(&rule.kind));
        FeaturesOf {
            checks: game.checks_to_win().is_some(),
            unmoved: game.has_unmoved_rules(),
            hands: game.has_hands(),
            extra_cell: any_kind(|kind| matches!(kind, MoveKind::CapturingLeap { .. }))
                || !game.rules.proxy_promotions.is_empty()
                || game.has_castling()
                || game.has_en_passant(),
            swaps: any_kind(|kind| matches!(kind, MoveKind::Swap { .. })),
            passings: game.has_en_passant(),
            countdowns: !game.rules.obligations.is_empty(),
            clocks: game.has_move_history_fields(),
            passes: game.has_passes(),
            explosions: game.rules.explosion.is_some(),
            unmoved_losses: !game.rules.unmoved_losses.is_empty(),
        }
    }
}
