//! Rides as sets of cells: on boards of up to 64 cells
//! (`vdl_runtime::occupancy::MAX_RIDE_CELLS`), a ride whose line
//! from a start runs one way through the cells' numbers (each cell numbered
//! above the one before it, or each below) reaches, in one position, the
//! cells of its line up to and including the first piece on it. With the
//! line as bits and the occupied cells as bits, that first piece is the
//! lowest (or highest) bit of their intersection, and the ride's
//! destinations are one set found without walking
//! (`vdl_runtime::occupancy::reach_rising`, `reach_falling`). The piece's
//! function hands them to the sink as one set with its leaps' (see
//! `set_moves`), so that a counter counts them at once.
//!
//! On the boxes of most games every line is such a line. A line that wraps
//! round a cylinder, or turns on a folded board, is not, and keeps its code;
//! so does every ride of a piece kept as code for the reasons `leap_sets`
//! gives.

use super::rule_steps::{Resolved, RuleSteps};
use super::Ctx;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{Mode, PieceId, PlayerId};
use vdl_runtime::occupancy::MAX_RIDE_CELLS;
use vdl_runtime::plan::{LineCell, Repeats};

/// The rides of one piece type and player taken as sets.
pub struct RideSets {
    rides: Vec<RideSet>,
    /// The rules (by index) some of whose steps are in the sets.
    pub rules: Vec<usize>,
}

/// One rule's lines from the starts where they were taken, as bits.
struct RideSet {
    mode: Mode,
    /// Per start, the cells of its line if they rise through the cells'
    /// numbers; those of a line that falls; those it may land on.
    rising: Vec<u128>,
    falling: Vec<u128>,
    lands: Vec<u128>,
}

/// Which way a line runs through the cells' numbers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Run {
    Rising,
    Falling,
}

/// Takes out of `steps` (by rule) every ride from a start where its line
/// runs one way, and returns them as sets; `None`
/// when there is none. `keeps_code` and `repeats` as for `leap_sets::take`.
pub fn take(ctx: &Ctx, keeps_code: bool, repeats: &[Repeats], steps: &mut [Option<RuleSteps>]) -> Option<RideSets> {
    if ctx.cells() > MAX_RIDE_CELLS || keeps_code || repeats.contains(&Repeats::Maybe) {
        return None;
    }
    let cells = ctx.cells();
    let mut sets = RideSets { rides: Vec::new(), rules: Vec::new() };
    for (index, rule) in steps.iter_mut().enumerate() {
        let Some(rule_steps) = rule.as_mut().filter(|r| !r.unmoved && repeats[index] != Repeats::Always) else { continue };
        let mut set = RideSet { mode: rule_steps.mode, rising: vec![0; cells], falling: vec![0; cells], lands: vec![0; cells] };
        let mut taken = false;
        for (from, start) in rule_steps.starts.iter_mut().enumerate() {
            let Some(Resolved::Ride { line, null_move: false }) = start.as_ref() else { continue };
            let Some(run) = run_of(from, line) else { continue };
            let bits = |keep: fn(&LineCell) -> bool| line.iter().filter(|c| keep(c)).fold(0u128, |bits, c| bits | 1 << c.cell.index());
            match run {
                Run::Rising => set.rising[from] = bits(|_| true),
                Run::Falling => set.falling[from] = bits(|_| true),
            }
            set.lands[from] = bits(|c| c.may_land);
            *start = None;
            taken = true;
        }
        if taken {
            sets.rides.push(set);
            sets.rules.push(index);
        }
        if rule_steps.starts.iter().all(Option::is_none) {
            *rule = None;
        }
    }
    (!sets.rules.is_empty()).then_some(sets)
}

/// Which way the line from `from` runs, if it runs one way all along.
fn run_of(from: usize, line: &[LineCell]) -> Option<Run> {
    let numbers: Vec<usize> = std::iter::once(from).chain(line.iter().map(|c| c.cell.index())).collect();
    if numbers.windows(2).all(|pair| pair[0] < pair[1]) {
        Some(Run::Rising)
    } else if numbers.windows(2).all(|pair| pair[0] > pair[1]) {
        Some(Run::Falling)
    } else {
        None
    }
}

impl RideSets {
    /// The cells the rides may land on from each start cell.
    pub fn destinations(&self) -> Vec<u128> {
        let cells = self.rides.first().map_or(0, |ride| ride.lands.len());
        (0..cells).map(|from| self.rides.iter().fold(0, |set, ride| set | ride.lands[from])).collect()
    }

    /// The expressions of the rides' destinations from `from`, one per rule,
    /// reading the board's cells as `occupancy` holds them and the occupied
    /// ones as `blockers`.
    pub fn terms(&self, ctx: &mut Ctx, kind: PieceId, player: PlayerId) -> Vec<TokenStream> {
        let label = ctx.piece_label(kind, player);
        let upper = format!("{}_{}", ctx.names.pieces[kind.index()], ctx.names.players[player as usize]);
        let mut terms = Vec::new();
        for (set, rule) in self.rides.iter().zip(&self.rules) {
            let mut reach = Vec::new();
            for (rays, run, way, helper) in [
                (&set.rising, "RISING", "rises", quote!(vdl_runtime::occupancy::reach_rising)),
                (&set.falling, "FALLING", "falls", quote!(vdl_runtime::occupancy::reach_falling)),
            ] {
                if rays.iter().all(|&ray| ray == 0) {
                    continue;
                }
                let doc = format!(
                    "{label}: the cells of the line of its rule {} from each cell where the line {way} through the cells' numbers, as bits.",
                    rule + 1
                );
                let table = ctx.tables.bits(&format!("{upper}_RIDE_{}_{run}", rule + 1), doc, rays.clone());
                reach.push(quote!(#helper(#table[from], blockers)));
            }
            let everywhere: Vec<u128> = set.rising.iter().zip(&set.falling).map(|(r, f)| r | f).collect();
            let lands = (set.lands != everywhere).then(|| {
                let doc = format!("{label}: the cells of the line of its rule {} from each cell that it may land on, as bits.", rule + 1);
                let table = ctx.tables.bits(&format!("{upper}_RIDE_{}_LANDS", rule + 1), doc, set.lands.clone());
                quote!(& #table[from])
            });
            let cells = match set.mode {
                Mode::Both => quote!(!occupancy.own),
                Mode::MoveOnly => quote!(occupancy.empty),
                Mode::CaptureOnly => quote!(occupancy.enemy),
            };
            terms.push(quote!((#(#reach)|*) #lands & #cells));
        }
        terms
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vdl_runtime::ir::CellId;

    fn line(cells: &[u16]) -> Vec<LineCell> {
        cells.iter().map(|&c| LineCell { cell: CellId(c), may_land: true }).collect()
    }

    #[test]
    fn only_a_line_running_one_way_from_its_start_is_a_set() {
        // A file of an 8x8 box walked up and down from e4 (cell 28).
        assert!(run_of(28, &line(&[36, 44, 52, 60])) == Some(Run::Rising));
        assert!(run_of(28, &line(&[20, 12, 4])) == Some(Run::Falling));
        // A rank of a cylinder of width 8, round from cell 30 past the seam.
        assert!(run_of(30, &line(&[31, 24, 25])).is_none());
        // A line that comes back to its start.
        assert!(run_of(3, &line(&[4, 3])).is_none());
    }
}
