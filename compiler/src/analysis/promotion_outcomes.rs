//! A piece's promotion *outcomes*: what a move from one cell to another
//! produces (the plain move or not, then one move per type the piece may
//! become). The code generator numbers them, and the tables of start cells
//! that choose among them, in bytes (`codegen/moves/promotion.rs`), and keys
//! them by a bit per promotion. So the compiler refuses, before generating,
//! a piece type past those bounds (E0305); no real game comes near them.

use std::collections::HashSet;

use vdl_runtime::ir::{CellId, Choice, Game, PieceId, PieceType, PlayerId, Trigger};

/// What a move produces: the plain move or not, then one move per open choice.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Outcome {
    pub plain: bool,
    pub choices: Vec<Choice>,
}

/// The most promotions one piece type may have: each is a bit of a key.
pub(crate) const MAX_PROMOTIONS: usize = 64;

/// The most outcomes of one piece type and player, and the most classes of
/// start cells that choose among them: each is numbered in a byte.
pub(crate) const MAX_OUTCOMES: usize = 256;

/// The most pairs of a start's class and a destination's class whose
/// outcome the bound is worked out on, which keeps the checker's time
/// bounded.
const MAX_PAIRS: usize = 1 << 22;

/// Which promotions of `piece` apply to a move of `player` from `from` to
/// `to` (bit `i` for promotion `i`), and whether one of them is compulsory; as
/// the interpreter decides it (`vdl_runtime::plan::walk`'s `push_promotions`).
pub(crate) fn promotion_key(game: &Game, piece: &PieceType, player: PlayerId, from: CellId, to: CellId) -> (u64, bool) {
    let mut applying = 0u64;
    let mut compulsory = false;
    for (i, promotion) in piece.promotions.iter().enumerate() {
        if !promotion.choices(player).is_empty() && promotion.trigger.applies(game, player, from, to) {
            applying |= 1 << i;
            compulsory |= !promotion.optional || promotion.forced_at.is_some_and(|z| game.in_zone(z, player, to));
        }
    }
    (applying, compulsory)
}

/// The outcome of a move of `player` to which the promotions of `key` apply.
pub(crate) fn outcome_of(piece: &PieceType, player: PlayerId, (applying, compulsory): (u64, bool)) -> Outcome {
    let mut choices: Vec<Choice> = Vec::new();
    for (i, promotion) in piece.promotions.iter().enumerate() {
        if applying & (1 << i) == 0 {
            continue;
        }
        for &choice in promotion.choices(player) {
            choice.merge_into(&mut choices);
        }
    }
    Outcome { plain: !compulsory, choices }
}

/// The bound a piece type's promotions go past ([`outcomes_fit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OutcomesPast {
    /// More than [`MAX_PROMOTIONS`] promotions.
    Promotions,
    /// More than [`MAX_OUTCOMES`] outcomes, or classes of start cells.
    Outcomes,
    /// Too many kinds of start and destination to work the outcomes out.
    Pairs,
}

/// Do the promotions of `kind`'s moves for `player` stay within the bounds
/// the code generator numbers them in?
pub(crate) fn outcomes_fit(game: &Game, kind: PieceId, player: PlayerId) -> Result<(), OutcomesPast> {
    let piece = &game.pieces[kind];
    if piece.promotions.len() > MAX_PROMOTIONS {
        return Err(OutcomesPast::Promotions);
    }
    // An outcome is the plain move's presence and the set of promotions
    // that apply; a start's class, the set whose start condition holds: with
    // up to 7 promotions, fewer than 256 of each.
    let promotions: Vec<usize> = (0..piece.promotions.len()).filter(|&i| !piece.promotions[i].choices(player).is_empty()).collect();
    if promotions.len() < 8 {
        return Ok(());
    }
    // A move's outcome depends only on the zones its two cells are in, as
    // the promotions name them: one cell of each kind stands for the rest.
    let starts = representatives(game, |cell| promotions.iter().map(|&i| start_condition(game, piece, i, player, cell)).collect());
    let ends = representatives(game, |cell| promotions.iter().map(|&i| end_condition(game, piece, i, player, cell)).collect());
    if starts.len() > MAX_OUTCOMES {
        return Err(OutcomesPast::Outcomes);
    }
    if starts.len().saturating_mul(ends.len()) > MAX_PAIRS {
        return Err(OutcomesPast::Pairs);
    }
    let keys: HashSet<(u64, bool)> =
        starts.iter().flat_map(|&from| ends.iter().map(move |&to| promotion_key(game, piece, player, from, to))).collect();
    // Outcome 0, the plain move alone, is always numbered.
    let mut outcomes = vec![Outcome { plain: true, choices: Vec::new() }];
    for key in keys {
        let outcome = outcome_of(piece, player, key);
        if !outcomes.contains(&outcome) {
            outcomes.push(outcome);
            if outcomes.len() > MAX_OUTCOMES {
                return Err(OutcomesPast::Outcomes);
            }
        }
    }
    Ok(())
}

/// One cell of each kind that `kind_of` tells apart, in board order.
fn representatives(game: &Game, kind_of: impl Fn(CellId) -> Vec<(bool, bool)>) -> Vec<CellId> {
    let mut seen = HashSet::new();
    game.cell_ids().filter(|&cell| seen.insert(kind_of(cell))).collect()
}

/// What promotion `i`'s trigger reads of a move's start.
fn start_condition(game: &Game, piece: &PieceType, i: usize, player: PlayerId, cell: CellId) -> (bool, bool) {
    match piece.promotions[i].trigger {
        Trigger::FromInto { from, .. } => (game.in_zone(from, player, cell), false),
        Trigger::Touches(zone) => (game.in_zone(zone, player, cell), false),
        Trigger::Always => (true, false),
    }
}

/// What promotion `i` reads of a move's destination: its trigger, and
/// whether the promotion may not be declined there.
fn end_condition(game: &Game, piece: &PieceType, i: usize, player: PlayerId, cell: CellId) -> (bool, bool) {
    let promotion = &piece.promotions[i];
    let applies = match promotion.trigger {
        Trigger::FromInto { into, .. } => game.in_zone(into, player, cell),
        Trigger::Touches(zone) => game.in_zone(zone, player, cell),
        Trigger::Always => true,
    };
    (applies, promotion.forced_at.is_some_and(|zone| game.in_zone(zone, player, cell)))
}
