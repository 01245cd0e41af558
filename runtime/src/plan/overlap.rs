//! The moves of a piece form a set: when two of its rules reach the same
//! destination (two rides round a ring both ways, a step and a slide along one
//! direction, two leaps that wrap onto one cell), the piece has that move once.
//! Most games have no such pair, so engines check for an earlier move only
//! where two steps might give one, as found here from the plan, start cell by
//! start cell. A rule that only repeats an earlier one (the same move wherever
//! it applies, as a soldier's forward step that holds on both sides of a
//! river) gets no steps at all.

use super::{SidePlan, Step, StepKind};
use crate::ir::{CellId, DirId, Game, Mode, MoveKind, MoveRule, PieceId, PlayerId};

/// How a rule's destinations relate to those of the rules before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeats {
    /// It never reaches a destination an earlier rule may also give.
    Never,
    /// It sometimes may: each destination must be checked.
    Maybe,
    /// It only ever gives what an earlier rule gives too: it has no steps.
    Always,
}

/// Per rule of `kind` for `player`: [`Repeats::Always`] for a rule that an
/// earlier one covers (the same move, with no narrower mode, applying
/// wherever it does), else [`Repeats::Never`] until the steps say otherwise.
pub(super) fn covered(game: &Game, player: PlayerId, kind: PieceId) -> Vec<Repeats> {
    let rules = &game.pieces[kind].moves[player];
    let applies = |rule: &MoveRule, cell: CellId| rule.only_in.is_none_or(|z| game.in_zone(z, player, cell));
    (0..rules.len())
        .map(|index| {
            let rule = &rules[index];
            let covered = rules[..index].iter().any(|earlier| {
                earlier.kind == rule.kind
                    && (earlier.mode == rule.mode || earlier.mode == Mode::Both)
                    && earlier.gate.covers(rule.gate)
                    && game.cell_ids().all(|c| !applies(rule, c) || applies(earlier, c))
            });
            if covered {
                Repeats::Always
            } else {
                Repeats::Never
            }
        })
        .collect()
}

/// One way a step reaches a destination.
#[derive(Clone, Copy)]
struct Reach {
    to: CellId,
    extra: Option<CellId>,
    swap: bool,
    rule: u16,
    mode: Mode,
    /// Along a line: its direction, and whether over a screen (a hop).
    line: Option<(DirId, bool)>,
}

impl Reach {
    /// Can `self` and `other`, reaching one destination, both do so in one
    /// position?
    fn compatible(&self, other: &Reach) -> bool {
        let exclusive_modes = matches!((self.mode, other.mode), (Mode::MoveOnly, Mode::CaptureOnly) | (Mode::CaptureOnly, Mode::MoveOnly));
        // Along one direction, a ride ends at the first piece and a hop starts
        // beyond it.
        let ride_and_hop = matches!((self.line, other.line), (Some((d, h)), Some((e, k))) if d == e && h != k);
        !exclusive_modes && !ride_and_hop
    }
}

/// Marks [`Repeats::Maybe`] in `repeats` each rule whose steps, from some
/// start, may reach a destination another rule's step reaches too.
pub(super) fn find_clashes(plan: &SidePlan, game: &Game, player: PlayerId, kind: PieceId, repeats: &mut [Repeats]) {
    let rules = &game.pieces[kind].moves[player];
    let mut reaches: Vec<Reach> = Vec::new();
    for from in CellId::first(plan.cells) {
        reaches.clear();
        for step in plan.steps(kind, from).iter().chain(plan.unmoved_steps(kind, from)) {
            let rule = &rules[step.rule as usize];
            let swap = matches!(step.kind, StepKind::Swap(_));
            let line = match rule.kind {
                MoveKind::Ride { dir, .. } => Some((dir, false)),
                MoveKind::Hop { dir, .. } => Some((dir, true)),
                _ => None,
            };
            plan.reach(from, step, &mut |to, extra| {
                // Rides back to their start are null moves, given once; a swap
                // there (with the piece itself) is a move like any other.
                if to == from && !swap {
                    return;
                }
                // A capture on the way makes it a capture whatever the mode.
                let mode = if extra.is_some() { Mode::Both } else { step.mode };
                reaches.push(Reach { to, extra, swap, rule: step.rule, mode, line });
            });
        }
        reaches.sort_by_key(|r| (r.to, r.extra, r.swap, r.rule));
        for group in reaches.chunk_by(|a, b| (a.to, a.extra, a.swap) == (b.to, b.extra, b.swap)) {
            for (i, later) in group.iter().enumerate() {
                if group[..i].iter().any(|earlier| earlier.rule != later.rule && earlier.compatible(later)) {
                    repeats[later.rule as usize] = Repeats::Maybe;
                }
            }
        }
    }
}

/// Is `step` from a rule that may repeat an earlier one?
pub(super) fn step_may_repeat(repeats: &[Repeats], step: &Step) -> bool {
    repeats[step.rule as usize] == Repeats::Maybe
}
