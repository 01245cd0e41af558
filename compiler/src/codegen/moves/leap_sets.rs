//! Steps as sets of cells: on boards of up to 128 cells, the leaps that
//! nothing can block (a King's, a Knight's, a Gold's steps, a Pawn's) are
//! gathered per start cell into one set of destinations per mode, and the
//! leaps that one cell blocks (a Xiang Qi Horse's or Elephant's, whose
//! routes are one cell long) into one such set per cell that blocks them,
//! let through when that cell is empty. The piece's function then hands
//! them to the sink as one set, less the cells its mode forbids
//! (`vdl_runtime::state::occupancy::Occupancy`), instead of one test and one call
//! per step (see `set_moves`, which also sorts out the moves that may
//! promote). The other steps keep their code. A leap that captures the
//! enemy piece on the cell it passes has its moves over an empty cell in
//! the sets, and only its captures on the way as code.
//!
//! A piece an obligation may bind tests each destination, and one that may
//! promote another by proxy tests each destination for it: those keep every
//! step as code (see `set_moves::take`).

use crate::codegen::moves::rule_steps::{Resolved, RuleSteps};
use crate::codegen::Ctx;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{Mode, PieceId, PlayerId};
use vdl_runtime::plan::Repeats;
use vdl_runtime::state::occupancy::MAX_CELLS;

/// Per start cell, the destinations of steps that may move or capture,
/// that only move, that only capture.
#[derive(Clone)]
struct ModeSets {
    both: Vec<u128>,
    move_only: Vec<u128>,
    capture_only: Vec<u128>,
}

/// The leaps that one cell blocks, the `k`-th such cell of each start: the
/// cell (none where the start has fewer) and the destinations it lets
/// through when empty.
struct Gate {
    cell: Vec<Option<usize>>,
    sets: ModeSets,
}

/// The steps of one piece type and player taken as sets, by mode.
pub struct LeapSets {
    open: ModeSets,
    gates: Vec<Gate>,
    /// The rules (by index) some of whose steps nothing blocks, in `open`.
    pub rules: Vec<usize>,
    /// The rules (by index) of leaps one cell blocks, in `gates`. Those
    /// that capture on the way keep that capture as code.
    pub gated_rules: Vec<usize>,
}

/// One step a set holds, from one start: where it lands, by which mode,
/// and the one cell that must be empty for it (a leap one cell blocks),
/// if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetStep {
    pub from: usize,
    pub to: usize,
    pub mode: Mode,
    pub via: Option<usize>,
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
    let mut sets = LeapSets { open: ModeSets::new(cells), gates: Vec::new(), rules: Vec::new(), gated_rules: Vec::new() };
    for (index, rule) in steps.iter_mut().enumerate() {
        // A rule that only repeats earlier ones is left out altogether.
        let Some(rule_steps) = rule.as_mut().filter(|r| !r.unmoved && repeats[index] != Repeats::Always) else { continue };
        if is_open_leaps(rule_steps) {
            if sets.take_open(rule_steps) {
                sets.rules.push(index);
            }
        } else if is_gated_leaps(rule_steps) {
            sets.take_gated(rule_steps);
            sets.gated_rules.push(index);
        }
        if rule_steps.starts.iter().all(Option::is_none) {
            *rule = None;
        }
    }
    (!sets.rules.is_empty() || !sets.gated_rules.is_empty()).then_some(sets)
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

/// Is every step of the rule a leap that one cell blocks: one route of one
/// cell, or a leap capturing on the way over its one cell (not taken yet)?
fn is_gated_leaps(rule: &RuleSteps) -> bool {
    let mut starts = rule.starts.iter().flatten().peekable();
    starts.peek().is_some()
        && starts.all(|step| match step {
            Resolved::Leap { routes, .. } => matches!(routes.as_slice(), [route] if route.len() == 1),
            Resolved::CapturingLeap { passing_taken, .. } => !passing_taken,
            _ => false,
        })
}

/// The steps of `rule` as a set would hold them: `None` unless each is a
/// leap that nothing blocks, or that one cell blocks (capturing nothing on
/// the way). For the steps a set takes while they are gated (`when
/// unmoved`), which the sets leave as code (see `step_shifts`).
pub fn set_steps(rule: &RuleSteps) -> Option<Vec<SetStep>> {
    let mut steps = Vec::new();
    for (from, step) in rule.starts.iter().enumerate() {
        let (to, via) = match step {
            None => continue,
            Some(Resolved::Leap { to, routes }) => match routes.as_slice() {
                [] => (*to, None),
                [route] if route.len() == 1 => (*to, Some(route[0])),
                _ => return None,
            },
            Some(ride @ Resolved::Ride { line, null_move: false }) if line.len() <= 1 => match open_leap(ride) {
                Some(to) => (to, None),
                None => continue,
            },
            Some(_) => return None,
        };
        steps.push(SetStep { from, to, mode: rule.mode, via });
    }
    Some(steps)
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

impl ModeSets {
    fn new(cells: usize) -> ModeSets {
        ModeSets { both: vec![0; cells], move_only: vec![0; cells], capture_only: vec![0; cells] }
    }

    fn of_mode(&mut self, mode: Mode) -> &mut Vec<u128> {
        match mode {
            Mode::Both => &mut self.both,
            Mode::MoveOnly => &mut self.move_only,
            Mode::CaptureOnly => &mut self.capture_only,
        }
    }

    /// Each mode's sets, with the name of its tables and the occupied
    /// cells (an expression) where its steps may land.
    fn by_mode(&self) -> [(&Vec<u128>, &'static str, TokenStream); 3] {
        [
            (&self.both, "STEPS", quote!(!occupancy.own)),
            (&self.move_only, "MOVES", quote!(occupancy.empty)),
            (&self.capture_only, "CAPTURES", quote!(occupancy.enemy)),
        ]
    }

    /// The destinations from each start cell, any mode.
    fn destinations(&self) -> impl Iterator<Item = u128> + '_ {
        self.both.iter().zip(&self.move_only).zip(&self.capture_only).map(|((b, m), c)| b | m | c)
    }

    /// The expressions of the destinations from `from`, one per mode with
    /// any, reading the board's cells as `occupancy` holds them; the tables
    /// named `{name}_STEPS`, `_MOVES` and `_CAPTURES`, documented as `what`.
    fn terms(&self, ctx: &mut Ctx, name: &str, label: &str, what: &str) -> Vec<TokenStream> {
        let mut terms = Vec::new();
        for (sets, mode, cells) in self.by_mode() {
            if sets.iter().all(|&set| set == 0) {
                continue;
            }
            let doc = format!("{label}: the destinations of {what} ({}) from each cell, as bits.", mode.to_lowercase());
            let table = ctx.tables.sets(&format!("{name}_{mode}"), doc, sets.clone());
            let sets = table.at(quote!(from));
            terms.push(quote!(#sets & #cells));
        }
        terms
    }
}

impl LeapSets {
    /// Takes the open leaps of `rule` into the sets; `false` if it had none
    /// to take (a ride reaching no cell it may land on has no move).
    fn take_open(&mut self, rule: &mut RuleSteps) -> bool {
        let mut taken = false;
        for (from, start) in rule.starts.iter_mut().enumerate() {
            let Some(step) = start.take() else { continue };
            if let Some(to) = open_leap(&step) {
                self.open.of_mode(rule.mode)[from] |= 1 << to;
                taken = true;
            }
        }
        taken
    }

    /// Takes the leaps of `rule`, each blocked by one cell, into the gate of
    /// that cell at its start. A capture on the way is left as code.
    fn take_gated(&mut self, rule: &mut RuleSteps) {
        let cells = rule.starts.len();
        for (from, start) in rule.starts.iter_mut().enumerate() {
            let (to, via) = match start {
                Some(Resolved::Leap { to, routes }) => (*to, routes[0][0]),
                Some(Resolved::CapturingLeap { to, via, .. }) => (*to, *via),
                _ => continue,
            };
            let gate = self.gate_of(from, via, cells);
            gate.sets.of_mode(rule.mode)[from] |= 1 << to;
            *start = match start.take() {
                Some(Resolved::CapturingLeap { to, via, .. }) if rule.mode != Mode::MoveOnly => {
                    Some(Resolved::CapturingLeap { to, via, passing_taken: true })
                }
                _ => None,
            };
        }
    }

    /// The gate of `via` at `from`: the first whose cell there it is, or
    /// the first with none there, made if need be.
    fn gate_of(&mut self, from: usize, via: usize, cells: usize) -> &mut Gate {
        let found = self.gates.iter().position(|gate| gate.cell[from].is_none_or(|cell| cell == via));
        let k = found.unwrap_or_else(|| {
            self.gates.push(Gate { cell: vec![None; cells], sets: ModeSets::new(cells) });
            self.gates.len() - 1
        });
        let gate = &mut self.gates[k];
        gate.cell[from] = Some(via);
        gate
    }

    /// Every step the sets hold, the open ones first, then each gate's.
    pub fn steps(&self) -> Vec<SetStep> {
        let mut steps = Vec::new();
        let all = std::iter::once((&self.open, None)).chain(self.gates.iter().map(|gate| (&gate.sets, Some(&gate.cell))));
        for (sets, cells) in all {
            for (mode, by_start) in [(Mode::Both, &sets.both), (Mode::MoveOnly, &sets.move_only), (Mode::CaptureOnly, &sets.capture_only)] {
                for (from, &set) in by_start.iter().enumerate() {
                    let via = cells.and_then(|cells| cells[from]);
                    let mut targets = set;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as usize;
                        targets &= targets - 1;
                        steps.push(SetStep { from, to, mode, via });
                    }
                }
            }
        }
        steps
    }

    /// The sets' destinations from each start cell, any mode.
    pub fn destinations(&self) -> Vec<u128> {
        let mut all: Vec<u128> = self.open.destinations().collect();
        for gate in &self.gates {
            all.iter_mut().zip(gate.sets.destinations()).for_each(|(set, more)| *set |= more);
        }
        all
    }

    /// The expressions of the sets' destinations from `from`, one per mode,
    /// reading the board's cells as `occupancy` holds them; the gates'
    /// destinations only where their cell is empty, all gates' of one mode
    /// ORed before the mode's cells are applied.
    pub fn terms(&self, ctx: &mut Ctx, kind: PieceId, player: PlayerId) -> Vec<TokenStream> {
        let label = ctx.piece_label(kind, player);
        let upper = format!("{}_{}", ctx.names.pieces[kind.index()], ctx.names.players[player.index()]);
        let mut terms = self.open.terms(ctx, &upper, &label, "its unblockable steps");
        // Where a start has fewer gates, the cell read is the start itself,
        // which its piece holds: never empty.
        let cells: Vec<_> = self
            .gates
            .iter()
            .enumerate()
            .map(|(k, gate)| {
                let doc = format!("{label}: the cell of its gate {k} from each cell, that leaps pass (the cell itself where none)");
                let data = gate.cell.iter().enumerate().map(|(from, cell)| Some(cell.unwrap_or(from))).collect();
                ctx.cell_table(&format!("{upper}_GATE_{k}"), doc, data)
            })
            .collect();
        for m in 0..3 {
            let mut through = Vec::new();
            let mut occupied = TokenStream::new();
            for ((k, gate), cell) in self.gates.iter().enumerate().zip(&cells) {
                let (sets, mode, landing) = &gate.sets.by_mode()[m];
                if sets.iter().all(|&set| set == 0) {
                    continue;
                }
                let doc = format!(
                    "{label}: the destinations of its leaps through its gate {k} ({}) from each cell, as bits.",
                    mode.to_lowercase()
                );
                let table = ctx.tables.sets(&format!("{upper}_GATED_{k}_{mode}"), doc, (*sets).clone());
                let sets = table.at(quote!(from));
                through.push(quote!(if board[#cell[from] as usize].is_empty() { #sets } else { 0 }));
                occupied = landing.clone();
            }
            if !through.is_empty() {
                terms.push(quote!((#(#through)|*) & #occupied));
            }
        }
        terms
    }
}
