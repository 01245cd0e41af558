//! Obligations: a dynamic confinement. While its side's countdown runs, a piece
//! of an obligation's type may not leave the obligation's zone once inside it,
//! and must end inside it when the countdown is at 1 or 0; the countdowns are
//! part of the position (`pos.countdowns[player][obligation]`), exactly as
//! `vdl_runtime::plan::obligation::zone_binding` reads them.
//!
//! * Moves: the piece's function asks `bound_*` for the zone it may not leave
//!   and keeps only the destinations inside it.
//! * Attacks: a bound piece attacks only the cells it may enter. The tabled
//!   attack code knows nothing of countdowns, so `attacked_by_*_now` hands it,
//!   in the rare case where a bound piece may not enter the target, a copy of
//!   the board with those pieces replaced by an *inert* piece of the same side:
//!   a type no rule names, which still blocks and is still an ally, but
//!   attacks nothing.

use crate::codegen::emit::tables::doc_lines;
use crate::codegen::Ctx;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote, ToTokens};
use vdl_runtime::ir::{PieceId, PlayerId};

/// The piece type the inert stand-in uses: the highest a [`vdl_runtime::Piece`]
/// can hold, above any real type.
pub const INERT_KIND: PieceId = PieceId::from_index(126);

/// The piece types some obligation names, each once, in order.
pub fn bound_kinds(ctx: &Ctx) -> Vec<PieceId> {
    let mut kinds = Vec::new();
    for o in &ctx.game.rules.obligations {
        if !kinds.contains(&o.piece) {
            kinds.push(o.piece);
        }
    }
    kinds
}

/// The helper `bound_*(pos, from)`, giving the zone a piece of `kind` of
/// `player` on `from` may not leave now, if `kind` is under an obligation; the
/// helper is added to the module on first use.
pub fn bound_fn(ctx: &mut Ctx, kind: PieceId, player: PlayerId) -> Option<Ident> {
    let game = ctx.game;
    let obligations = &game.rules.obligations;
    if !obligations.iter().any(|o| o.piece == kind) {
        return None;
    }
    let name = ctx.names.piece_fn("bound", kind, player);
    if !ctx.bound_fns.insert((kind, player)) {
        return Some(name);
    }
    // As `zone_binding`: the first obligation that binds the piece.
    let tests: Vec<TokenStream> = obligations
        .iter()
        .enumerate()
        .filter(|(_, o)| o.piece == kind)
        .map(|(i, o)| {
            let zone = ctx.zone_table(o.zone, player);
            let (p, i) = (crate::codegen::player_token(player), Literal::usize_unsuffixed(i));
            quote! {
                let countdown = pos.countdowns[#p][#i];
                if countdown != NOT_COUNTING && (countdown <= 1 || #zone[from]) {
                    return Some(&#zone);
                }
            }
        })
        .collect();
    let zones: Vec<String> = obligations.iter().filter(|o| o.piece == kind).map(|o| format!("`{}`", game.zones[o.zone].name)).collect();
    let docs = doc_lines(&[
        format!(
            "The zone the {} on `from` may not leave now ({}), if its side's countdown binds it: it stands inside, or its next move must end inside.",
            ctx.piece_label(kind, player),
            zones.join(", or ")
        ),
        "As the runtime's `zone_binding`, which obligations follow.".to_string(),
    ]);
    ctx.extra_items.extend(quote! {
        #docs
        #[inline(always)]
        fn #name(pos: &Position, from: usize) -> Option<&'static [bool; CELLS]> {
            #(#tests)*
            None
        }
    });
    Some(name)
}

/// `attacked_now(pos, board, target, by)` and one `attacked_by_*_now` per
/// player: the answers of `attacked` with the obligations applied. Empty when
/// the game has none.
pub fn attacks(ctx: &mut Ctx) -> TokenStream {
    let game = ctx.game;
    let obligations = &game.rules.obligations;
    if obligations.is_empty() {
        return TokenStream::new();
    }
    assert!(game.pieces.len() < INERT_KIND.index(), "too many piece types for an inert stand-in");
    let kinds = bound_kinds(ctx);
    let mut functions = TokenStream::new();
    let mut arms = Vec::new();
    for player in ctx.players() {
        let name = now_fn(ctx, player);
        let attacked_by = ctx.names.player_fn("attacked_by", player);
        // The cells the attacker holds, as the position keeps them: on a
        // copy of the board after the other side's move it holds no cell
        // it did not before, and masking puts stand-ins on its own cells.
        let (held, held_arg) = if crate::codegen::attacks::attack::held_bits(ctx) {
            let held = crate::codegen::attacks::attack::held_by(crate::codegen::player_token(player).into_token_stream());
            (quote!(let held = #held;), quote!(, held))
        } else {
            (quote!(), quote!())
        };
        let p = crate::codegen::player_token(player);
        // Some bound piece may not enter the target only if some countdown
        // runs whose zone leaves the target out.
        let running: Vec<TokenStream> = obligations
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let zone = ctx.zone_table(o.zone, player);
                let (p, i) = (crate::codegen::player_token(player), Literal::usize_unsuffixed(i));
                quote!(pos.countdowns[#p][#i] != NOT_COUNTING && !#zone[target])
            })
            .collect();
        let running = if running.len() == 1 { quote!(#(#running)*) } else { quote!(#((#running))||*) };
        let bound_arms: Vec<TokenStream> = kinds
            .iter()
            .map(|&kind| {
                let piece = ctx.piece(kind, player);
                let bound = bound_fn(ctx, kind, player).expect("a bound kind");
                quote!(#piece => #bound(pos, cell),)
            })
            .collect();
        let inert = format_ident!("INERT_{}", ctx.names.players[player.index()]);
        let kind = Literal::usize_unsuffixed(INERT_KIND.index());
        let inert_doc = doc_lines(&[format!(
            "A piece of {} of no type: it blocks, but attacks nothing (stands in for pieces an obligation keeps from the target).",
            game.players[player.index()].name
        )]);
        let docs = doc_lines(&[format!(
            "Could a piece of {} capture an enemy piece on `target` now? A piece an obligation binds attacks only the cells it may enter.",
            game.players[player.index()].name
        )]);
        functions.extend(quote! {
            #inert_doc
            const #inert: Piece = Piece::new(PieceId::from_index(#kind), #p);

            #docs
            fn #name(pos: &Position, board: &Board, target: usize) -> bool {
                #held
                if #running {
                    let mut masked = *board;
                    let mut any = false;
                    for cell in 0..CELLS {
                        let bound = match masked[cell] {
                            #(#bound_arms)*
                            _ => None,
                        };
                        if bound.is_some_and(|zone| !zone[target]) {
                            masked[cell] = #inert;
                            any = true;
                        }
                    }
                    if any {
                        return #attacked_by(&masked, target #held_arg);
                    }
                }
                #attacked_by(board, target #held_arg)
            }
        });
        arms.push(quote!(#p => #name(pos, board, target),));
    }
    quote! {
        /// Could a piece of `by` capture an enemy piece on `target` now, with the
        /// obligations applied?
        fn attacked_now(pos: &Position, board: &Board, target: usize, by: PlayerId) -> bool {
            match by {
                #(#arms)*
                _ => false,
            }
        }

        #functions
    }
}

/// The name of `attacked_by_*_now` for `player`.
pub fn now_fn(ctx: &Ctx, player: PlayerId) -> Ident {
    format_ident!("{}_now", ctx.names.player_fn("attacked_by", player))
}
