//! What the rules of one piece type and player share while their code is
//! printed: how a move is given to the sink (plain, with its promotions,
//! once only where rules may repeat one, inside the zone an obligation may
//! bind the piece to, with its versions promoting another by proxy), and
//! what the piece's function then needs.

use crate::codegen::moves::constructs::describe_rule;
use crate::codegen::moves::movegen::ProxyCode;
use crate::codegen::moves::promotion::Promotions;
use crate::codegen::spec::helpers::Helpers;
use crate::codegen::spec::rules::{Outcome, Role};
use crate::codegen::Ctx;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;
use vdl_runtime::ir::{Mode, MoveRule, PieceId, PlayerId};
use vdl_runtime::plan::Repeats;

/// Where the promotion outcome of a move comes from.
#[derive(Clone)]
pub(crate) enum OutcomeCode {
    /// The same for every move of the rule.
    Fixed(u8),
    /// A table of the rule, by start cell (the destination being fixed by it).
    ByStart(Ident),
    /// `promotion[to]`, bound at the top of the function for its start cell.
    ByDestination,
}

/// What the rules of one piece type and player share while their code is
/// generated.
pub(crate) struct PieceGen {
    pub(crate) kind: PieceId,
    pub(crate) player: PlayerId,
    pub(crate) promotions: Option<Promotions>,
    /// Some rule reads `promotion[to]`.
    pub(crate) uses_row: bool,
    /// Some ride sets `null_move` when it comes back round a ring.
    pub(crate) uses_null_move: bool,
    /// Per rule: might it repeat a destination of an earlier rule?
    pub(crate) repeats: Vec<Repeats>,
    /// The rule being generated might repeat one: check the moves so far.
    pub(crate) checking: bool,
    /// An obligation may bind the piece: its destinations must be inside
    /// `bound`, the zone it may not leave now, if any.
    pub(crate) bound: bool,
    /// The function reads the position.
    pub(crate) needs_pos: bool,
    /// The prelude's helpers its code calls.
    pub(crate) helpers: Helpers,
    /// The name of the type's constant, for plain moves.
    pub(crate) kind_name: Ident,
    /// Some move is given as plain: the type's constant is used.
    pub(crate) gives_plain: bool,
    /// Each move that may promote another piece by proxy is put on the
    /// sink's list at once with its proxy versions (the others go to the
    /// sink as they are); `None` when the piece promotes none by proxy, or
    /// its moves must all be read back anyway (see [`ProxyCode::after`]).
    pub(crate) proxy_at_once: Option<ProxyCode>,
    /// Some move needs `from` unattacked (a swap `unless attacked`): the
    /// function finds that once, at the first that asks
    /// (`from_attacked`).
    pub(crate) tests_from: bool,
}

impl PieceGen {
    /// Statements appending the move from `from` to `to_cell`, also capturing
    /// on `via` if given, with its promotions.
    pub(crate) fn emit(&mut self, to_cell: TokenStream, via: Option<TokenStream>, outcome: OutcomeCode) -> TokenStream {
        let emit = self.emit_once(to_cell.clone(), via.clone(), outcome);
        if let Some(proxy) = &self.proxy_at_once {
            let emit = proxy.at_once(&to_cell, emit);
            return self.inside_bound(&to_cell, emit);
        }
        if !self.checking {
            return self.inside_bound(&to_cell, emit);
        }
        let extra = match via {
            None => quote!(None),
            Some(via) => quote!(Some(CellId::from_index(#via))),
        };
        self.helpers.already = true;
        let emit = quote! {
            if !already(&out[first..], #to_cell, #extra) {
                #emit
            }
        };
        self.inside_bound(&to_cell, emit)
    }

    /// Statements appending the swap from `from` with the friend on `to` (the
    /// caller tests the zone an obligation may bind the piece to). One that
    /// the generator found to leave both cells unattacked (`unattacked`)
    /// is given as such (`MoveSink::swap_unattacked`), unless read back
    /// from the list.
    pub(crate) fn emit_swap(&mut self, unattacked: bool) -> TokenStream {
        let swap = quote!(Move::swapping(CellId::from_index(from), CellId::from_index(to)));
        if !self.checking {
            return if unattacked { quote!(out.swap_unattacked(#swap);) } else { quote!(out.push(#swap);) };
        }
        let emit = quote!(out.push(#swap););
        quote! {
            if !out[first..].iter().any(|m| m.is_swap() && m.to().index() == to) {
                #emit
            }
        }
    }

    /// `body`, run only when `to_cell` is inside the zone an obligation may
    /// bind the piece to.
    pub(crate) fn inside_bound(&self, to_cell: &TokenStream, body: TokenStream) -> TokenStream {
        if !self.bound {
            return body;
        }
        quote! {
            if bound.is_none_or(|zone| zone[#to_cell]) {
                #body
            }
        }
    }

    pub(crate) fn emit_once(&mut self, to_cell: TokenStream, via: Option<TokenStream>, outcome: OutcomeCode) -> TokenStream {
        let outcome = match (&self.promotions, outcome) {
            (None, _) | (_, OutcomeCode::Fixed(0)) => None,
            (Some(_), outcome) => Some(outcome),
        };
        let Some(outcome) = outcome else {
            return match via {
                None => self.plain(to_cell),
                Some(via) => quote! {
                    out.push(Move::new(CellId::from_index(from), CellId::from_index(#to_cell)).capturing_on_the_way(CellId::from_index(#via)));
                },
            };
        };
        let promotions = self.promotions.as_ref().expect("a promoting piece");
        let helper = promotions.helper.clone();
        let pos = promotions.needs_pos().then(|| quote!(pos,));
        self.needs_pos |= pos.is_some();
        let outcome = match outcome {
            OutcomeCode::Fixed(n) => {
                let n = Literal::u8_unsuffixed(n);
                quote!(#n)
            }
            OutcomeCode::ByStart(table) => quote!(#table[from]),
            OutcomeCode::ByDestination => {
                self.uses_row = true;
                quote!(promotion[#to_cell])
            }
        };
        self.helpers.new_move = true;
        let plain = self.plain(to_cell.clone());
        match via {
            // Outcome 0 is no promotion: a plain move, which a sink may
            // judge on the spot.
            None => quote! {
                match #outcome {
                    0 => { #plain }
                    promoting => #helper(#pos out, new_move(from, #to_cell), promoting),
                }
            },
            Some(via) => quote!(#helper(#pos out, new_move(from, #to_cell).capturing_on_the_way(CellId::from_index(#via)), #outcome);),
        }
    }

    /// The plain move from `from` to `to_cell`, given to the sink with the
    /// piece's type, known here.
    pub(crate) fn plain(&mut self, to_cell: TokenStream) -> TokenStream {
        self.gives_plain = true;
        let kind = &self.kind_name;
        quote!(out.plain(board, #kind, from, #to_cell);)
    }

    /// The outcome of the moves of a rule whose destination from each start
    /// cell of `domain` is `dest[from]`: fixed, or a table by start cell,
    /// added to the rule's `tables` (`Role::Outcome`).
    pub(crate) fn fixed_outcome(
        &self,
        ctx: &mut Ctx,
        (index, suffix, rule): (usize, &str, &MoveRule),
        dest: &[Option<usize>],
        tables: &mut Vec<(Role, Ident)>,
    ) -> Outcome {
        let Some(promotions) = &self.promotions else { return Outcome::Fixed(0) };
        let outcomes: Vec<u8> = dest.iter().enumerate().map(|(from, to)| to.map_or(0, |to| promotions.outcome(from, to))).collect();
        let mut seen = dest.iter().zip(&outcomes).filter(|(to, _)| to.is_some()).map(|(_, &o)| o);
        let first = seen.next().unwrap_or(0);
        if seen.all(|o| o == first) {
            return Outcome::Fixed(first);
        }
        let name =
            format!("{}_{}_PROMOTION_{}{}", ctx.names.pieces[self.kind.index()], ctx.names.players[self.player.index()], index, suffix);
        let doc = format!(
            "{}, rule {}: {}; the promotion outcome of its move from each cell.",
            ctx.piece_label(self.kind, self.player),
            index,
            describe_rule(ctx.game, rule)
        );
        tables.push((Role::Outcome, ctx.tables.bytes(&name, doc, outcomes)));
        Outcome::ByStart
    }
}

/// Generated test: may a piece of `player` whose rule has `mode` land on `to`?
pub(crate) fn may_land(mode: Mode, player: PlayerId) -> TokenStream {
    let p = crate::codegen::player_token(player);
    match mode {
        Mode::Both => quote!(!board[to].is_of(#p)),
        Mode::MoveOnly => quote!(board[to].is_empty()),
        Mode::CaptureOnly => quote!(board[to].is_enemy_of(#p)),
    }
}
