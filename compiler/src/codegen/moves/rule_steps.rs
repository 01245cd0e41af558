//! What the generated code of one move rule is made from: the plan's steps of
//! that rule, gathered per start cell. The plan has decided everything that
//! depends only on the start (ranges, rings, edges, confinement, `when in`
//! zones, crossing conditions, swap partners); the code generator only
//! chooses how to store it (see `lines` for the lines) and specialises the
//! walk per rule.

use crate::codegen::moves::constructs;
use vdl_runtime::ir::{CellId, Mode, PieceId};
use vdl_runtime::plan::{LineCell, SidePlan};
use vdl_runtime::state::piece_set::PieceSet;

/// What one rule does from one start cell, its lines borrowed from the plan.
#[derive(Clone, Debug)]
pub enum Resolved<'p> {
    Ride {
        line: &'p [LineCell],
        null_move: bool,
    },
    Hop {
        line: &'p [LineCell],
    },
    /// `routes` empty: nothing can block it; else at least one must be open.
    Leap {
        to: usize,
        routes: Vec<Vec<usize>>,
    },
    /// `passing_taken`: its moves over an empty `via` are in a set
    /// (`leap_sets`); only its capture on the way is left.
    CapturingLeap {
        to: usize,
        via: usize,
        passing_taken: bool,
    },
    Swap {
        to: usize,
        partners: PieceSet,
        unattacked: bool,
    },
}

/// The steps of one rule of one piece type and player.
#[derive(Clone)]
pub struct RuleSteps<'p> {
    pub mode: Mode,
    /// The rule holds only while its piece is unmoved (its steps are the
    /// plan's `unmoved_steps`).
    pub unmoved: bool,
    /// Per start cell, the step from there, if the rule has one.
    pub starts: Vec<Option<Resolved<'p>>>,
}

impl<'p> RuleSteps<'p> {
    /// The steps of each of the `rules` rules of `kind` in `side`, by rule;
    /// `None` for a rule with none the generated code walks (no start, only
    /// steps the runtime walks, or a rule left out as a repeat).
    pub fn of_piece(side: &'p SidePlan, kind: PieceId, rules: usize, cells: usize) -> Vec<Option<RuleSteps<'p>>> {
        let mut found: Vec<RuleSteps<'p>> =
            (0..rules).map(|_| RuleSteps { mode: Mode::Both, unmoved: false, starts: vec![None; cells] }).collect();
        let mut any = vec![false; rules];
        for from in CellId::first(cells) {
            let plain = side.steps(kind, from).iter().map(|s| (s, false));
            let gated = side.unmoved_steps(kind, from).iter().map(|s| (s, true));
            for (step, unmoved) in plain.chain(gated) {
                let Some(resolved) = constructs::resolve(side, &step.kind) else { continue };
                let rule = &mut found[step.rule as usize];
                (rule.mode, rule.unmoved) = (step.mode, unmoved);
                rule.starts[from.index()] = Some(resolved);
                any[step.rule as usize] = true;
            }
        }
        found.into_iter().zip(any).map(|(rule, any)| any.then_some(rule)).collect()
    }

    /// The destination of each start, for rules with one per start.
    pub fn destinations(&self) -> Vec<Option<usize>> {
        self.starts
            .iter()
            .map(|s| match s {
                Some(Resolved::Leap { to, .. } | Resolved::CapturingLeap { to, .. } | Resolved::Swap { to, .. }) => Some(*to),
                _ => None,
            })
            .collect()
    }
}
