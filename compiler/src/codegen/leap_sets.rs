//! Steps as sets of cells: on boards of up to 128 cells, the leaps that
//! nothing can block (a King's, a Knight's, a Gold's steps, a Pawn's) are
//! gathered per start cell into one set of destinations per mode. The
//! piece's function then hands them to the sink as one set, less the cells
//! its mode forbids (`vdl_runtime::occupancy::Occupancy`), instead of one
//! test and one call per step (see `set_moves`, which also sorts out the
//! moves that may promote). The other steps keep their code.
//!
//! A piece an obligation may bind tests each destination, and one that may
//! promote another by proxy tests each destination for it: those keep every
//! step as code (see `set_moves::take`).

use super::rule_steps::{Resolved, RuleSteps};
use super::Ctx;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{Mode, PieceId, PlayerId};
use vdl_runtime::occupancy::MAX_CELLS;
use vdl_runtime::plan::Repeats;

/// The steps of one piece type and player taken as sets, by mode.
pub struct LeapSets {
    /// Per start cell, the destinations of steps that may move or capture,
    /// that only move, that only capture.
    both: Vec<u128>,
    move_only: Vec<u128>,
    capture_only: Vec<u128>,
    /// The rules (by index) some of whose steps are in the sets.
    pub rules: Vec<usize>,
}

/// Takes out of `steps` (by rule) every step that can be handed over as part
/// of a set, and returns the sets; `None` when there is none. `repeats`:
/// per rule, may it repeat an earlier rule's destination (a rule that
/// always does is left alone).
pub fn take(ctx: &Ctx, repeats: &[Repeats], steps: &mut [Option<RuleSteps>]) -> Option<LeapSets> {
    if ctx.cells() > MAX_CELLS {
        return None;
    }
    let cells = ctx.cells();
    let mut sets = LeapSets { both: vec![0; cells], move_only: vec![0; cells], capture_only: vec![0; cells], rules: Vec::new() };
    for (index, rule) in steps.iter_mut().enumerate() {
        // A rule that only repeats earlier ones is left out altogether.
        let Some(rule_steps) = rule.as_mut().filter(|r| !r.unmoved && repeats[index] != Repeats::Always) else { continue };
        if !is_open_leaps(rule_steps) {
            continue;
        }
        let mode = rule_steps.mode;
        let mut taken = false;
        for (from, start) in rule_steps.starts.iter_mut().enumerate() {
            let Some(step) = start.as_ref() else { continue };
            let Some(to) = open_leap(step) else {
                // A ride that reaches no cell it may land on: no move.
                *start = None;
                continue;
            };
            sets.of_mode(mode)[from] |= 1 << to;
            *start = None;
            taken = true;
        }
        if taken {
            sets.rules.push(index);
        }
        if rule_steps.starts.iter().all(Option::is_none) {
            *rule = None;
        }
    }
    (!sets.rules.is_empty()).then_some(sets)
}

/// Is every step of the rule one that nothing can block: a leap without
/// routes, or a ride that reaches at most one cell?
fn is_open_leaps(rule: &RuleSteps) -> bool {
    let mut starts = rule.starts.iter().flatten();
    match starts.clone().next() {
        Some(Resolved::Leap { .. }) => starts.all(|step| matches!(step, Resolved::Leap { routes, .. } if routes.is_empty())),
        Some(Resolved::Ride { .. }) => starts.all(|step| matches!(step, Resolved::Ride { line, null_move: false } if line.len() <= 1)),
        _ => false,
    }
}

/// The destination of a step of a rule of open leaps (see [`is_open_leaps`]):
/// the leap's, or the one cell of the ride where the piece may land there.
fn open_leap(step: &Resolved) -> Option<usize> {
    match step {
        Resolved::Leap { to, .. } => Some(*to),
        Resolved::Ride { line, .. } => line.first().filter(|cell| cell.may_land).map(|cell| cell.cell.index()),
        _ => None,
    }
}

impl LeapSets {
    fn of_mode(&mut self, mode: Mode) -> &mut Vec<u128> {
        match mode {
            Mode::Both => &mut self.both,
            Mode::MoveOnly => &mut self.move_only,
            Mode::CaptureOnly => &mut self.capture_only,
        }
    }

    /// The sets' destinations from each start cell, any mode.
    pub fn destinations(&self) -> Vec<u128> {
        self.both.iter().zip(&self.move_only).zip(&self.capture_only).map(|((b, m), c)| b | m | c).collect()
    }

    /// The expressions of the sets' destinations from `from`, one per mode,
    /// reading the board's cells as `occupancy` holds them.
    pub fn terms(&self, ctx: &mut Ctx, kind: PieceId, player: PlayerId) -> Vec<TokenStream> {
        let label = ctx.piece_label(kind, player);
        let upper = format!("{}_{}", ctx.names.pieces[kind.index()], ctx.names.players[player as usize]);
        let mut terms = Vec::new();
        for (sets, what, cells) in [
            (&self.both, "STEPS", quote!(!occupancy.own)),
            (&self.move_only, "MOVES", quote!(occupancy.empty)),
            (&self.capture_only, "CAPTURES", quote!(occupancy.enemy)),
        ] {
            if sets.iter().all(|&set| set == 0) {
                continue;
            }
            let doc = format!("{label}: the destinations of its unblockable steps ({}) from each cell, as bits.", what.to_lowercase());
            let table = ctx.tables.bits(&format!("{upper}_{what}"), doc, sets.clone());
            terms.push(quote!(#table[from] & #cells));
        }
        terms
    }
}
