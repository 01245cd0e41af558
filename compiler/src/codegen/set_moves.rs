//! The moves a piece's function finds as one set of destinations per start
//! cell: its unblockable steps (`leap_sets`) and its rides along lines that
//! run one way (`ride_sets`), ORed together. The set goes to the sink in one
//! call, `plain_to`, so that a counter counts it at once; but for the
//! destinations where the move may promote, which go one by one to the
//! piece's promotions helper (see `promotion`), with the outcome read from
//! the start cell's row.
//!
//! Before the promoting moves were taken in the sets, they were walked as
//! code, each step and each cell of a line with its own call of the helper:
//! a Shogi piece's function grew large enough that the counting move
//! generator no longer fitted the instruction cache.

use super::leap_sets::LeapSets;
use super::promotion::Promotions;
use super::ride_sets::RideSets;
use super::Ctx;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{PieceId, PlayerId};

/// The code giving the moves of a piece's sets.
pub struct SetCode {
    pub code: TokenStream,
    /// Some move of the sets may promote: the code calls the promotions
    /// helper with `promotion[to]`, the start cell's row of outcomes.
    pub promotes: bool,
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
    let mut terms = Vec::new();
    if let Some(leaps) = leaps {
        terms.extend(leaps.terms(ctx, kind, player));
    }
    if let Some(rides) = rides {
        terms.extend(rides.terms(ctx, kind, player));
    }
    let blockers = rides.map(|_| quote!(let blockers = !occupancy.empty;));
    let kind_name = ctx.kind(kind);
    let promoting = promotions.and_then(|promotions| promoting_table(ctx, kind, player, promotions, leaps, rides));
    let Some((promotions, table)) = promoting else {
        return Some(SetCode {
            code: quote! {
                #blockers
                out.plain_to(board, #kind_name, from, #(#terms)|*);
            },
            promotes: false,
        });
    };
    let helper = &promotions.helper;
    let pos = promotions.needs_pos().then(|| quote!(pos,));
    let code = quote! {
        #blockers
        let targets = #(#terms)|*;
        out.plain_to(board, #kind_name, from, targets & !#table[from]);
        vdl_runtime::occupancy::for_each_bit128_inline(targets & #table[from], |to| {
            #helper(#pos out, new_move(from, to), promotion[to])
        });
    };
    Some(SetCode { code, promotes: true })
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
) -> Option<(&'p Promotions, proc_macro2::Ident)> {
    let cells = ctx.cells();
    let mut reached = vec![0u128; cells];
    for destinations in leaps.map(LeapSets::destinations).into_iter().chain(rides.map(RideSets::destinations)) {
        reached.iter_mut().zip(destinations).for_each(|(set, more)| *set |= more);
    }
    let promoting: Vec<u128> = reached
        .iter()
        .enumerate()
        .map(|(from, &set)| {
            (0..cells).filter(|&to| set >> to & 1 != 0 && promotions.outcome(from, to) != 0).fold(0, |bits, to| bits | 1 << to)
        })
        .collect();
    if promoting.iter().all(|&set| set == 0) {
        return None;
    }
    let label = ctx.piece_label(kind, player);
    let upper = format!("{}_{}", ctx.names.pieces[kind.index()], ctx.names.players[player as usize]);
    let doc = format!("{label}: the destinations of its moves as sets from each cell where the move may promote, as bits.");
    Some((promotions, ctx.tables.bits(&format!("{upper}_PROMOTING"), doc, promoting)))
}
