//! The moves a piece's function finds as one set of destinations per start
//! cell: its unblockable steps (`leap_sets`) and its rides along lines that
//! run one way (`ride_sets`), ORed together. The set goes to the sink in one
//! call, `plain_to` (`royal_to` for a royal type, whose steps a counter
//! judges by the attacks alone), so that a counter counts it at once; but for the
//! destinations where the move may promote, which go one by one to the
//! piece's promotions helper (see `promotion`), with the outcome read from
//! the start cell's row. A ride that comes round a ring to its start sets
//! `null_move` when its whole line is empty; the piece's function makes the
//! null move once, as it does for rides walked as code.
//!
//! Before the promoting moves were taken in the sets, they were walked as
//! code, each step and each cell of a line with its own call of the helper:
//! a Shogi piece's function grew large enough that the counting move
//! generator no longer fitted the instruction cache.

use crate::codegen::moves::leap_sets;
use crate::codegen::moves::leap_sets::LeapSets;
use crate::codegen::moves::promotion::Promotions;
use crate::codegen::moves::ride_sets::{self, RideSets};
use crate::codegen::moves::rule_steps::RuleSteps;
use crate::codegen::Ctx;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{PieceId, PlayerId};
use vdl_runtime::plan::Repeats;

/// Takes out of `steps` (by rule) the leaps and rides that can be handed
/// over as sets (see `leap_sets::take`, `ride_sets::take`). `keeps_code`:
/// an obligation may bind the piece, or it may promote another by proxy,
/// so that each destination must be tested: nothing is taken. `repeats`:
/// per rule, may it repeat an earlier rule's destination.
///
/// A piece whose rules may repeat a destination has all of them taken or
/// none: in one set, ORed, each destination is given once; left as code,
/// a rule reads back the moves listed before it, which a set never lists.
pub fn take(ctx: &Ctx, keeps_code: bool, repeats: &[Repeats], steps: &mut Vec<Option<RuleSteps>>) -> (Option<LeapSets>, Option<RideSets>) {
    if keeps_code {
        return (None, None);
    }
    if !repeats.contains(&Repeats::Maybe) {
        return (leap_sets::take(ctx, repeats, steps), ride_sets::take(ctx, repeats, steps));
    }
    let mut trial = steps.clone();
    let leaps = leap_sets::take(ctx, repeats, &mut trial);
    let rides = ride_sets::take(ctx, repeats, &mut trial);
    if trial.iter().zip(repeats).any(|(rule, &repeat)| rule.is_some() && repeat != Repeats::Always) {
        return (None, None);
    }
    *steps = trial;
    (leaps, rides)
}

/// The code giving the moves of a piece's sets.
pub struct SetCode {
    pub code: TokenStream,
    /// Some move of the sets may promote: the code calls the promotions
    /// helper (with its row of outcomes, which it binds itself).
    pub promotes: bool,
    /// Some ride may come round a ring to its start: the code sets
    /// `null_move`.
    pub null_move: bool,
}

/// The statement giving the moves of `leaps` and `rides` (those of `kind`
/// for `player`) from `from`; `None` when there are neither.
pub fn code(
    ctx: &mut Ctx,
    kind: PieceId,
    player: PlayerId,
    leaps: Option<&LeapSets>,
    rides: Option<&RideSets>,
    promotions: Option<&Promotions>,
) -> Option<SetCode> {
    if leaps.is_none() && rides.is_none() {
        return None;
    }
    let (mut terms, mut nulls) = (Vec::new(), TokenStream::new());
    if let Some(leaps) = leaps {
        terms.extend(leaps.terms(ctx, kind, player));
    }
    if let Some(rides) = rides {
        let (reach, null_moves) = rides.code(ctx, kind, player);
        terms.extend(reach);
        nulls = null_moves;
    }
    let null_move = rides.is_some_and(RideSets::makes_null_moves);
    let blockers = rides.map(|_| quote!(let blockers = !occupancy.empty;));
    let kind_name = ctx.kind(kind);
    let to_targets = if ctx.game.pieces[kind.index()].royal { quote!(royal_to) } else { quote!(plain_to) };
    let promoting = promotions.and_then(|promotions| promoting_table(ctx, kind, player, promotions, leaps, rides));
    let Some((promotions, table)) = promoting else {
        return Some(SetCode {
            code: quote! {
                #blockers
                #nulls
                out.#to_targets(board, #kind_name, from, #(#terms)|*);
            },
            promotes: false,
            null_move,
        });
    };
    let promoting_cells = table.at(quote!(from));
    let helper = &promotions.helper;
    let pos = promotions.needs_pos().then(|| quote!(pos,));
    // Bound where it is used: read at the top of the function for every
    // start, the row's loads were among the generator's slowest.
    let row = promotions.bind_row(ctx);
    let each_promoting = ctx.for_each_cell(quote!(promoting), quote!(to), quote!(#helper(#pos out, new_move(from, to), promotion[to])));
    let code = quote! {
        #blockers
        #nulls
        let targets = #(#terms)|*;
        let promoting = targets & #promoting_cells;
        out.#to_targets(board, #kind_name, from, targets ^ promoting);
        // Most starts promote nothing: no loop to set up there.
        if promoting != 0 {
            #row
            #each_promoting
        }
    };
    Some(SetCode { code, promotes: true, null_move })
}

/// The table of the destinations from each start cell where a move of the
/// sets may promote, as bits; `None` when none may.
fn promoting_table<'p>(
    ctx: &mut Ctx,
    kind: PieceId,
    player: PlayerId,
    promotions: &'p Promotions,
    leaps: Option<&LeapSets>,
    rides: Option<&RideSets>,
) -> Option<(&'p Promotions, crate::codegen::emit::tables::SetTable)> {
    let promoting = promoting_sets(ctx.cells(), Some(promotions), leaps, rides);
    if promoting.iter().all(|&set| set == 0) {
        return None;
    }
    let label = ctx.piece_label(kind, player);
    let upper = format!("{}_{}", ctx.names.pieces[kind.index()], ctx.names.players[player.index()]);
    let doc = format!("{label}: the destinations of its moves as sets from each cell where the move may promote, as bits.");
    Some((promotions, ctx.tables.sets(&format!("{upper}_PROMOTING"), doc, promoting)))
}

/// The destinations of the sets from each of the `cells` start cells where
/// a move may promote, as bits.
fn promoting_sets(cells: usize, promotions: Option<&Promotions>, leaps: Option<&LeapSets>, rides: Option<&RideSets>) -> Vec<u128> {
    let Some(promotions) = promotions else { return vec![0; cells] };
    let mut reached = vec![0u128; cells];
    for destinations in leaps.map(LeapSets::destinations).into_iter().chain(rides.map(RideSets::destinations)) {
        reached.iter_mut().zip(destinations).for_each(|(set, more)| *set |= more);
    }
    reached
        .iter()
        .enumerate()
        .map(|(from, &set)| {
            (0..cells).filter(|&to| set >> to & 1 != 0 && promotions.outcome(from, to) != 0).fold(0, |bits, to| bits | 1 << to)
        })
        .collect()
}
