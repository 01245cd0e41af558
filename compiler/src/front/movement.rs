//! The game of movement alone, which lowering gives and the analysis asks
//! what each piece can do.

use vdl_runtime::ir::Game;

/// A game whose pieces only move: no piece type promotes, captured pieces
/// leave the game (no hands), and no limit or drop-mate ban applies. It is a
/// whole game of those simpler rules (the plan and the interpreter play it),
/// never the file's game: only the finishing step
/// (`crate::analysis::finish`) turns it, with the rest of the rules, into
/// the file's [`Game`], so no half-built game of the file exists.
pub struct Movement(Game);

impl Movement {
    /// `game`, whose pieces have no promotions, hands or limits.
    pub fn new(game: Game) -> Movement {
        debug_assert!(game.pieces.iter().all(|p| p.promotions.is_empty() && p.captured_as.is_none() && p.no_drop.is_none()));
        debug_assert!(game.rules.limits.is_empty() && game.rules.no_drop_mate.is_empty());
        Movement(game)
    }

    /// The game of movement, to plan and to play.
    pub fn game(&self) -> &Game {
        &self.0
    }

    /// The game, for the finishing step to complete.
    pub fn into_game(self) -> Game {
        self.0
    }
}
