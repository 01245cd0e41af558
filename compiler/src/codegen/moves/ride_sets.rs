//! Rides as sets of cells: a ride whose line from a start runs one way
//! through the cells' numbers (each cell numbered above the one before it,
//! or each below) reaches, in one position, the cells of its line up to and
//! including the first piece on it. With the line as bits and the occupied
//! cells as bits, that first piece is the lowest (or highest) bit of their
//! intersection, and the ride's destinations are one set found without
//! walking (`vdl_runtime::state::occupancy::reach_rising`, `reach_falling`). The
//! piece's function hands them to the sink as one set with its leaps' (see
//! `set_moves`), so that a counter counts them at once.
//!
//! A line round a ring (a file of a cylinder) runs one way up to the seam and
//! one way after it: two runs. The second is reached only when the first is
//! empty, and a ride that may come back round to its start makes its null
//! move when both are.
//!
//! Every ride of two runs at most is taken, on boards of up to 128 cells
//! (`vdl_runtime::state::occupancy::MAX_CELLS`): in one word up to 64 cells
//! (`vdl_runtime::state::occupancy::MAX_RIDE_CELLS`), in two beyond. On boards of
//! 65 to 128 cells the two-word arithmetic runs more instructions than the
//! walk in some games (Capablanca, Omicron: +10 %), but it is faster in
//! time: the walks' code, one unrolled loop per direction, took more of the
//! instruction cache, and their exits, where a line's first piece stands,
//! were often guessed wrong (Xiang Qi -11 %, Capablanca -8 to -11 %,
//! Switchback Xiang Qi, Grand, Omicron and Shogi -6 to -7 %; see
//! `docs/performance.md`). A line that turns on a folded board in more than two
//! runs keeps its code, and so does every ride of a piece kept as code for
//! the reasons `leap_sets` gives.

use crate::codegen::moves::rule_steps::{Resolved, RuleSteps};
use crate::codegen::Ctx;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{Mode, PieceId, PlayerId};
use vdl_runtime::plan::{LineCell, Repeats};
use vdl_runtime::state::occupancy::{MAX_CELLS, MAX_RIDE_CELLS};

/// The rides of one piece type and player taken as sets.
pub struct RideSets {
    rides: Vec<RideSet>,
    /// The rules (by index) some of whose steps are in the sets.
    pub rules: Vec<usize>,
}

/// One rule's lines from the starts where they were taken, as bits.
struct RideSet {
    mode: Mode,
    /// `runs[run][way][from]`: the cells of the first (`run` 0) and second
    /// run of the line from each start, under the way the run goes through
    /// the cells' numbers (`Run`); none where it has no such run.
    runs: [[Vec<u128>; 2]; 2],
    /// Per start, the cells the ride may land on.
    lands: Vec<u128>,
    /// Per start, does the line come back round to it, a null move when
    /// every cell on it is empty?
    round: Vec<bool>,
}

/// Which way a run of a line goes through the cells' numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Run {
    Rising = 0,
    Falling = 1,
}

/// Takes out of `steps` (by rule) every ride from a start where its line
/// is one or two runs, and returns them as sets; `None` when there is none.
/// `repeats` as for `leap_sets::take`.
pub fn take(ctx: &Ctx, repeats: &[Repeats], steps: &mut [Option<RuleSteps>]) -> Option<RideSets> {
    let cells = ctx.cells();
    if cells > MAX_CELLS {
        return None;
    }
    let mut sets = RideSets { rides: Vec::new(), rules: Vec::new() };
    for (index, rule) in steps.iter_mut().enumerate() {
        let Some(rule_steps) = rule.as_mut().filter(|r| !r.unmoved && repeats[index] != Repeats::Always) else { continue };
        let none = || vec![0; cells];
        let runs = [[none(), none()], [none(), none()]];
        let mut set = RideSet { mode: rule_steps.mode, runs, lands: none(), round: vec![false; cells] };
        let mut taken = false;
        for (from, start) in rule_steps.starts.iter_mut().enumerate() {
            let Some(Resolved::Ride { line, null_move }) = start.as_ref() else { continue };
            // A pass has no line to take as bits: its walk makes the null move.
            if line.is_empty() {
                continue;
            }
            let Some(runs) = runs_of(from, line) else { continue };
            for (run, (way, cells)) in runs.into_iter().enumerate() {
                set.runs[run][way as usize][from] = bits(cells, |_| true);
            }
            set.lands[from] = bits(line, |c| c.may_land);
            set.round[from] = *null_move;
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

/// The cells of `line` that `keep` keeps, as bits.
fn bits(line: &[LineCell], keep: fn(&LineCell) -> bool) -> u128 {
    line.iter().filter(|c| keep(c)).fold(0, |bits, c| bits | 1 << c.cell.index())
}

/// The line from `from` cut into its runs, if it goes one way through the
/// cells' numbers but for one step at most (the seam of a ring), and does
/// not pass its start: the way of its first step from the start if it can,
/// so that the lines of a rule share their tables.
fn runs_of(from: usize, line: &[LineCell]) -> Option<Vec<(Run, &[LineCell])>> {
    if line.iter().any(|c| c.cell.index() == from) {
        return None;
    }
    let first = match line.first() {
        Some(cell) if cell.cell.index() < from => Run::Falling,
        _ => Run::Rising,
    };
    let other = if first == Run::Rising { Run::Falling } else { Run::Rising };
    [first, other].into_iter().find_map(|way| {
        let against = |i: &usize| (line[i - 1].cell < line[*i].cell) != (way == Run::Rising);
        let mut cuts = (1..line.len()).filter(against);
        match (cuts.next(), cuts.next()) {
            (None, _) => Some(vec![(way, line)]),
            (Some(cut), None) => Some(vec![(way, &line[..cut]), (way, &line[cut..])]),
            _ => None,
        }
    })
}

impl RideSets {
    /// The cells the rides may land on from each start cell.
    pub fn destinations(&self) -> Vec<u128> {
        let cells = self.rides.first().map_or(0, |ride| ride.lands.len());
        (0..cells).map(|from| self.rides.iter().fold(0, |set, ride| set | ride.lands[from])).collect()
    }

    /// Does some ride come back round a ring to its start (a null move)?
    pub fn makes_null_moves(&self) -> bool {
        self.rides.iter().any(|ride| ride.round.contains(&true))
    }

    /// The expressions of the rides' destinations from `from`, one per rule,
    /// reading the board's cells as `occupancy` holds them and the occupied
    /// ones as `blockers`; and the statements setting `null_move` when a
    /// ride comes back round to `from`.
    pub fn code(&self, ctx: &mut Ctx, kind: PieceId, player: PlayerId) -> (Vec<TokenStream>, TokenStream) {
        let label = ctx.piece_label(kind, player);
        let upper = format!("{}_{}", ctx.names.pieces[kind.index()], ctx.names.players[player.index()]);
        let wide = ctx.cells() > MAX_RIDE_CELLS;
        let (mut terms, mut nulls) = (Vec::new(), TokenStream::new());
        // The rings already tested for a null move: round a ring both ways,
        // two rules test the same cells.
        let mut rings_tested: Vec<Vec<u128>> = Vec::new();
        for (set, rule) in self.rides.iter().zip(&self.rules) {
            let rule = rule + 1;
            let names = TableNames { label: &label, upper: &upper, rule };
            let (first, first_lines) = names.run(ctx, 0, &set.runs[0], wide);
            let (second, second_lines) = names.run(ctx, 1, &set.runs[1], wide);
            let ring: Vec<u128> = (0..set.round.len())
                .map(|from| if set.round[from] { set.runs.iter().flatten().fold(0, |cells, rays| cells | rays[from]) } else { 0 })
                .collect();
            // The null move's test: its line empty, where it comes round.
            let mut null_test = None;
            if set.round.contains(&true) && !rings_tested.contains(&ring) {
                rings_tested.push(ring);
                // Where every start's line comes round, no table says so.
                let round = (!set.round.iter().all(|&round| round)).then(|| {
                    let doc = format!("{label}: whether the line of its rule {rule} from each cell comes round a ring to it.");
                    let round = ctx.tables.flags(&format!("{upper}_RIDE_{rule}_ROUND"), doc, set.round.clone());
                    quote!(#round[from] &&)
                });
                null_test = Some(move |lines: &[TokenStream]| {
                    quote! {
                        if #round (#(#lines)|*) & blockers == 0 {
                            null_move = true;
                        }
                    }
                });
            }
            let mut reach = quote!(#(#first)|*);
            if second.is_empty() {
                nulls.extend(null_test.map(|test| test(&first_lines)));
            } else {
                // The second run is reached only across an empty first, and
                // only then can the whole line be empty: the null move is
                // tested there, not for every piece.
                let null_test = null_test.map(|test| test(&second_lines));
                reach = quote!(#reach | if (#(#first_lines)|*) & blockers == 0 { #null_test #(#second)|* } else { 0 });
            }
            let everywhere: Vec<u128> =
                (0..set.lands.len()).map(|from| set.runs.iter().flatten().fold(0, |cells, rays| cells | rays[from])).collect();
            let lands = (set.lands != everywhere).then(|| {
                let doc = format!("{label}: the cells of the line of its rule {rule} from each cell that it may land on, as bits.");
                let lands = ctx.tables.sets(&format!("{upper}_RIDE_{rule}_LANDS"), doc, set.lands.clone()).at(quote!(from));
                quote!(& #lands)
            });
            let cells = match set.mode {
                Mode::Both => quote!(!occupancy.own),
                Mode::MoveOnly => quote!(occupancy.empty),
                Mode::CaptureOnly => quote!(occupancy.enemy),
            };
            terms.push(quote!((#reach) #lands & #cells));
        }
        (terms, nulls)
    }
}

/// What names and documents the tables of one rule's rides.
struct TableNames<'a> {
    label: &'a str,
    upper: &'a str,
    /// The rule's number, from 1.
    rule: usize,
}

impl TableNames<'_> {
    /// The tables of run `run` (0, or 1 after the seam of a ring) of the
    /// lines, by the way they go (`tables`): the cells each reaches from
    /// `from`, and each line's cells.
    fn run(&self, ctx: &mut Ctx, run: usize, tables: &[Vec<u128>; 2], wide: bool) -> (Vec<TokenStream>, Vec<TokenStream>) {
        let (label, upper, rule) = (self.label, self.upper, self.rule);
        let (mut reach, mut lines) = (Vec::new(), Vec::new());
        for (way, rays) in [Run::Rising, Run::Falling].into_iter().zip(tables) {
            if rays.iter().all(|&ray| ray == 0) {
                continue;
            }
            let (name, what) = match way {
                Run::Rising => ("RISING", "rises"),
                Run::Falling => ("FALLING", "falls"),
            };
            let (name, which) = if run == 0 { (name.to_string(), "") } else { (format!("THEN_{name}"), " after the seam of its ring") };
            let doc = format!(
                "{label}: the cells of the line of its rule {rule}{which} from each cell where the line {what} through the cells' numbers, as bits."
            );
            let line = ctx.tables.sets(&format!("{upper}_RIDE_{rule}_{name}"), doc, rays.clone()).at(quote!(from));
            reach.push(reach_call(way, wide, line.clone()));
            lines.push(line);
        }
        (reach, lines)
    }
}

/// The cells a run reaches from the occupied cells `blockers`: in one word on
/// boards of up to 64 cells, else in two.
fn reach_call(way: Run, wide: bool, line: TokenStream) -> TokenStream {
    match (way, wide) {
        (Run::Rising, false) => quote!(vdl_runtime::gen::occupancy::reach_rising(#line, blockers)),
        (Run::Falling, false) => quote!(vdl_runtime::gen::occupancy::reach_falling(#line, blockers)),
        (Run::Rising, true) => quote!(vdl_runtime::gen::occupancy::reach_rising_wide(#line, blockers)),
        (Run::Falling, true) => quote!(vdl_runtime::gen::occupancy::reach_falling_wide(#line, blockers)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vdl_runtime::ir::CellId;

    fn line(cells: &[u16]) -> Vec<LineCell> {
        cells.iter().map(|&c| LineCell { cell: CellId::from_index(usize::from(c)), may_land: true }).collect()
    }

    fn ways(from: usize, cells: &[u16]) -> Option<Vec<(Run, Vec<u16>)>> {
        let line = line(cells);
        runs_of(from, &line)
            .map(|runs| runs.into_iter().map(|(way, run)| (way, run.iter().map(|c| c.cell.index() as u16).collect())).collect())
    }

    #[test]
    fn a_line_is_cut_into_the_runs_it_goes_one_way_in() {
        use Run::{Falling, Rising};
        // A file of an 8x8 box walked up and down from e4 (cell 28).
        assert_eq!(ways(28, &[36, 44, 52, 60]), Some(vec![(Rising, vec![36, 44, 52, 60])]));
        assert_eq!(ways(28, &[20, 12, 4]), Some(vec![(Falling, vec![20, 12, 4])]));
        // A rank of a cylinder of width 8, round from cell 29 past the seam:
        // up to the seam, then up from its other side.
        assert_eq!(ways(29, &[30, 31, 24, 25, 26]), Some(vec![(Rising, vec![30, 31]), (Rising, vec![24, 25, 26])]));
        // From cell 30: one cell, then the rest; and from cell 26, the last
        // cell alone. Each run goes up, as from every other start.
        assert_eq!(ways(30, &[31, 24, 25]), Some(vec![(Rising, vec![31]), (Rising, vec![24, 25])]));
        assert_eq!(ways(26, &[27, 28, 29, 30, 31, 24]), Some(vec![(Rising, vec![27, 28, 29, 30, 31]), (Rising, vec![24])]));
        // The same rank walked down from cell 25: down to the seam, then
        // down from its other side.
        assert_eq!(ways(25, &[24, 31, 30, 29]), Some(vec![(Falling, vec![24]), (Falling, vec![31, 30, 29])]));
        // One cell, either way from the start.
        assert_eq!(ways(7, &[8]), Some(vec![(Rising, vec![8])]));
        assert_eq!(ways(8, &[0]), Some(vec![(Falling, vec![0])]));
        // A line that turns twice keeps its code.
        assert_eq!(ways(9, &[1, 2, 0, 3, 2]), None);
        // A line that comes back to its start.
        assert_eq!(ways(3, &[4, 3]), None);
    }
}
