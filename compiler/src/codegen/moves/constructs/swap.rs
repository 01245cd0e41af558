//! Swaps with a friend, some only where neither cell is attacked.

use crate::codegen::attacks::attack::attacked_now;
use crate::codegen::emit::names::vector;
use crate::codegen::moves::constructs::RuleAbout;
use crate::codegen::moves::piece_gen::PieceGen;
use crate::codegen::moves::rule_steps::{Resolved, RuleSteps};
use crate::codegen::spec::rules::{Construct, SwapGroup};
use crate::codegen::Ctx;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{DirId, Game, PieceId};

/// A swap's tables: the cell of the friend from each start, one table per
/// set of partners (and whether neither cell may be attacked).
pub(crate) fn plan(ctx: &mut Ctx, pg: &PieceGen, about: &RuleAbout, steps: &RuleSteps) -> Construct {
    let swaps = steps.starts.iter().enumerate().filter_map(|(from, s)| match s {
        Some(Resolved::Swap { to, partners, unattacked }) => Some(((*partners, *unattacked), (from, *to))),
        _ => None,
    });
    let groups = group_by(swaps, |(key, _)| key);
    let several = groups.len() > 1;
    let mut planned = Vec::new();
    for (group, ((partners, unattacked), starts)) in groups.into_iter().enumerate() {
        let mut data: Vec<Option<usize>> = vec![None; ctx.cells()];
        for (_, (from, to)) in starts {
            data[from] = Some(to);
        }
        let suffix = if several { format!("_{}", group + 1) } else { String::new() };
        let doc = about.doc(ctx, pg, "the cell of the friend from each cell");
        let table = ctx.cell_table(&(about.table_name(ctx, pg, "SWAP") + &suffix), doc, data);
        planned.push(SwapGroup { table, partners: partners.pieces().collect(), unattacked });
    }
    Construct::Swap(planned)
}

/// A swap with the friend on the plan's cell, if it is one of the partners
/// the plan allows there and, with `unattacked`, neither cell is attacked.
/// Starts with different partners have a table each.
pub(crate) fn print(ctx: &mut Ctx, pg: &mut PieceGen, groups: &[SwapGroup]) -> TokenStream {
    let mut blocks = Vec::new();
    for SwapGroup { table, partners, unattacked } in groups {
        let friends: Vec<TokenStream> = partners
            .iter()
            .map(|piece| {
                let piece = ctx.piece(piece.kind(), piece.owner());
                quote!(friend == #piece)
            })
            .collect();
        let safe = unattacked.then(|| attack_free(ctx, pg));
        let emit = pg.emit_swap(*unattacked);
        // Cheap tests first: the attacks last.
        let bound = pg.bound.then(|| quote!(&&bound.is_none_or(|zone| zone[to])));
        blocks.push(quote! {
            let to = #table[from];
            if to != NONE {
                let to = to as usize;
                let friend = board[to];
                if (#(#friends)||*) #bound #safe {
                    #emit
                }
            }
        });
    }
    quote!(#({ #blocks })*)
}

/// `&& ...`: neither `from` nor `to` is attacked by the enemy (none: true).
/// Whether `from` is, is found once for all the piece's moves that ask
/// (`from_attacked`, see [`PieceGen::tests_from`]).
pub(crate) fn attack_free(ctx: &mut Ctx, pg: &mut PieceGen) -> TokenStream {
    let (Some(from), Some(to)) = (attacked_now(ctx, pg.player, quote!(from)), attacked_now(ctx, pg.player, quote!(to))) else {
        return quote!();
    };
    pg.tests_from = true;
    // With obligations, or where the board's cells fit in bits, the
    // attack test reads the position.
    if ctx.has_obligations() || crate::codegen::attacks::attack::held_bits(ctx) {
        pg.needs_pos = true;
    }
    quote!(&& !*from_attacked.get_or_insert_with(|| #from) && !#to)
}

/// Groups `items` by `key`, groups in the order their first item comes.
pub(crate) fn group_by<T, K: PartialEq + Clone>(items: impl IntoIterator<Item = T>, key: impl Fn(&T) -> &K) -> Vec<(K, Vec<T>)> {
    let mut groups: Vec<(K, Vec<T>)> = Vec::new();
    for item in items {
        // Items of one group mostly come together: the last group first.
        match groups.iter_mut().rev().find(|(g, _)| g == key(&item)) {
            Some((_, list)) => list.push(item),
            None => groups.push((key(&item).clone(), vec![item])),
        }
    }
    groups
}

/// A swap in words.
pub(crate) fn describe(game: &Game, dir: DirId, with: &[PieceId], unattacked: bool) -> String {
    let names: Vec<&str> = with.iter().map(|&k| game.pieces[k].name.as_str()).collect();
    let unless = if unattacked { ", if neither cell is attacked" } else { "" };
    format!("swap with a friendly {} {} away{unless}", names.join(" or "), vector(game, dir))
}
