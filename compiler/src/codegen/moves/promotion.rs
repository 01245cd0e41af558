//! Promotions, decided at generation time. What a move from `from` to `to`
//! produces (the plain move, one move per type the piece may become, or only
//! those when promotion is compulsory) depends on the two cells alone, so it is
//! folded into an *outcome*: a small number, with one helper per piece type and
//! player that appends the moves of each outcome. Outcome 0 is always the plain
//! move alone.
//!
//! Where the destination varies (rides, hops, null moves), the outcome is read
//! from a per-destination table chosen by the start cell: one table per class of
//! start cells that behave alike. Where it is fixed by the start cell (leaps and
//! steps), the caller folds the outcome of each start cell into a table of its
//! own, or into the code when it is the same everywhere.
//!
//! A choice that exists only while the player has fewer pieces of its type
//! than a number (`promote to lost ...`) is part of the outcome too; the
//! helper then reads the position's piece count before it appends that move.

use crate::analysis::promotion_outcomes::{outcome_of, promotion_key, Outcome};
use crate::codegen::emit::names::{describe_choice, describe_promotion};
use crate::codegen::emit::tables::doc_lines;
use crate::codegen::Ctx;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};
use std::collections::HashMap;
use vdl_runtime::ir::{CellId, Choice, Game, PieceId, PlayerId};

pub struct Promotions {
    kind: PieceId,
    player: PlayerId,
    /// The helper appending a move with the promotions of an outcome.
    pub helper: Ident,
    outcomes: Vec<Outcome>,
    /// `class_of[from]`: the class of each start cell.
    class_of: Vec<usize>,
    /// `rows[class][to]`: the outcome of a move from a cell of the class to `to`.
    rows: Vec<Vec<u8>>,
    /// The table of rows by class has been emitted (by [`Promotions::bind_row`],
    /// which several blocks of one function may call).
    rows_emitted: std::cell::Cell<bool>,
}

impl Promotions {
    /// The promotions of `kind` for `player`, or `None` when no move of it can
    /// ever promote.
    pub fn analyse(ctx: &Ctx, kind: PieceId, player: PlayerId) -> Option<Promotions> {
        let game = ctx.game;
        let piece = &game.pieces[kind];
        if piece.promotions.is_empty() {
            return None;
        }
        let n = ctx.cells();
        // The checker keeps promotions, outcomes and classes within bytes and
        // keys (`analysis::promotion_outcomes`, E0305).
        let mut outcomes = vec![Outcome { plain: true, choices: Vec::new() }];
        // Triggers and forced zones look only at the zones the two cells are
        // in, so the outcomes are decided once per pair of zone classes (a
        // large board has 100,000 pairs of cells and a handful of classes),
        // the row of a start cell once per class, in scanning order, so that
        // outcomes and rows are numbered as cell by cell.
        let zones = ZoneClasses::of(game, player);
        let mut row_of_zone_class: Vec<Option<usize>> = vec![None; zones.first_cell.len()];
        let mut class_of = Vec::with_capacity(n);
        let mut rows: Vec<Vec<u8>> = Vec::new();
        for from in 0..n {
            let from_class = zones.class_of[from];
            let class = *row_of_zone_class[from_class].get_or_insert_with(|| {
                let row: Vec<u8> = (0..n)
                    .map(|to| {
                        let key = promotion_key(game, piece, player, CellId::from_index(from), CellId::from_index(to));
                        outcome_index(&mut outcomes, outcome_of(piece, player, key))
                    })
                    .collect();
                match rows.iter().position(|r| *r == row) {
                    Some(c) => c,
                    None => {
                        rows.push(row);
                        rows.len() - 1
                    }
                }
            });
            class_of.push(class);
        }
        if outcomes.len() == 1 {
            return None;
        }
        let helper = ctx.names.piece_fn("promote", kind, player);
        Some(Promotions { kind, player, helper, outcomes, class_of, rows, rows_emitted: std::cell::Cell::new(false) })
    }

    /// Does the helper read the position (some choice depends on a count)?
    pub fn needs_pos(&self) -> bool {
        self.outcomes.iter().flat_map(|o| &o.choices).any(|c| c.while_fewer_than.is_some())
    }

    /// The outcome of a move from `from` to `to`.
    pub fn outcome(&self, from: usize, to: usize) -> u8 {
        self.rows[self.class_of[from]][to]
    }

    fn upper(&self, ctx: &Ctx) -> String {
        format!("{}_{}", ctx.names.pieces[self.kind.index()], ctx.names.players[self.player.index()])
    }

    /// The statement that binds `promotion`, the outcome of a move from `from`
    /// to each cell: at the top of the piece's move function, or in the
    /// block of its moves as sets that uses it (see `set_moves`).
    pub fn bind_row(&self, ctx: &mut Ctx) -> TokenStream {
        let upper = self.upper(ctx);
        let label = ctx.piece_label(self.kind, self.player);
        let tables: Vec<Ident> = self
            .rows
            .iter()
            .enumerate()
            .map(|(class, row)| {
                let (name, doc) = if self.rows.len() == 1 {
                    (format!("PROMOTION_{upper}"), format!("{label}: the promotion outcome of a move to each cell."))
                } else {
                    (
                        format!("PROMOTION_{upper}_{class}"),
                        format!("{label}: the promotion outcome of a move to each cell from a start of class {class}."),
                    )
                };
                ctx.tables.bytes(&name, doc, row.clone())
            })
            .collect();
        if tables.len() == 1 {
            let table = &tables[0];
            return quote!(let promotion = &#table;);
        }
        let classes = ctx.tables.bytes(
            &format!("PROMOTION_CLASS_{upper}"),
            format!("{label}: the class of each start cell, which chooses its promotion outcomes."),
            self.class_of.iter().map(|&c| c as u8).collect(),
        );
        let count = Literal::usize_unsuffixed(tables.len());
        let rows = format_ident!("PROMOTIONS_{}", upper);
        if !self.rows_emitted.replace(true) {
            let doc = doc_lines(&[format!("{label}: the promotion outcomes by destination, per class of start cell.")]);
            ctx.extra_items.extend(quote! {
                #doc
                static #rows: [&[u8; CELLS]; #count] = [#(&#tables),*];
            });
        }
        quote!(let promotion = #rows[#classes[from] as usize];)
    }

    /// The helper `promote_*(out, mv, outcome)`.
    pub fn helper_item(&self, ctx: &mut Ctx) -> TokenStream {
        let game = ctx.game;
        let piece = &game.pieces[self.kind];
        let mut docs = vec![format!(
            "Appends `mv`, a move of the {}, as promotion outcome `outcome` has it:",
            ctx.piece_label(self.kind, self.player)
        )];
        let mut arms = Vec::new();
        for (index, outcome) in self.outcomes.iter().enumerate() {
            let names: Vec<String> = outcome.choices.iter().map(|c| describe_choice(game, c)).collect();
            docs.push(match (outcome.plain, names.is_empty()) {
                (_, true) => format!("{index}. no promotion;"),
                (true, false) => format!("{index}. as it is, or becoming a {};", names.join(", or a ")),
                (false, false) => format!("{index}. becoming a {};", names.join(", or a ")),
            });
            if index == 0 {
                continue;
            }
            let plain = outcome.plain.then(|| quote!(out.push(mv);));
            let kinds: Vec<TokenStream> = outcome.choices.iter().map(|choice| self.push_choice(ctx, choice)).collect();
            let i = Literal::u8_unsuffixed(index as u8);
            arms.push(quote! {
                #i => {
                    #plain
                    #(#kinds)*
                }
            });
        }
        if let Some(last) = docs.last_mut() {
            last.pop();
            last.push('.');
        }
        docs.push(String::new());
        docs.push("Its promotions:".to_string());
        for promotion in &piece.promotions {
            if !promotion.choices(self.player).is_empty() {
                docs.push(format!("* {}.", describe_promotion(game, promotion, self.player)));
            }
        }
        let docs = doc_lines(&docs);
        let helper = &self.helper;
        let pos = self.needs_pos().then(|| quote!(pos: &Position,));
        quote! {
            #docs
            #[inline(always)]
            fn #helper<S: MoveSink>(#pos out: &mut S, mv: Move, outcome: u8) {
                match outcome {
                    #(#arms)*
                    _ => out.push(mv),
                }
            }
        }
    }

    /// The statement appending the move that makes `choice`, if it is open.
    fn push_choice(&self, ctx: &mut Ctx, choice: &Choice) -> TokenStream {
        let kind = ctx.kind(choice.kind);
        let push = quote!(out.push(mv.with_promotion(#kind)););
        match choice.while_fewer_than {
            None => push,
            Some(cap) => {
                let piece = ctx.piece(choice.kind, self.player);
                let cap = Literal::u16_unsuffixed(cap);
                quote! {
                    if pos.count(#piece) < #cap {
                        #push
                    }
                }
            }
        }
    }
}

/// The cells of the board grouped by the zones of a player they are in.
struct ZoneClasses {
    /// The class of each cell.
    class_of: Vec<usize>,
    /// The first cell of each class.
    first_cell: Vec<usize>,
}

impl ZoneClasses {
    fn of(game: &Game, player: PlayerId) -> ZoneClasses {
        let mut class_of = Vec::with_capacity(game.cell_count());
        let mut first_cell = Vec::new();
        let mut seen: HashMap<Vec<bool>, usize> = HashMap::new();
        for cell in 0..game.cell_count() {
            let zones: Vec<bool> = game.zones.iter().map(|z| z.cells[player][cell]).collect();
            let class = *seen.entry(zones).or_insert_with(|| {
                first_cell.push(cell);
                first_cell.len() - 1
            });
            class_of.push(class);
        }
        ZoneClasses { class_of, first_cell }
    }
}

/// The number of `outcome` among `outcomes`, added if new.
fn outcome_index(outcomes: &mut Vec<Outcome>, outcome: Outcome) -> u8 {
    let index = match outcomes.iter().position(|o| *o == outcome) {
        Some(i) => i,
        None => {
            outcomes.push(outcome);
            outcomes.len() - 1
        }
    };
    u8::try_from(index).expect("fewer than 256 promotion outcomes")
}
