//! Move generation: one function per piece type and player with every rule
//! unrolled (nine or more alike share a loop, see `walks`), and `generate`,
//! which runs each type's over the cells of its pieces (or, on boards too
//! large for the position to keep those, dispatches on each cell's piece). The
//! functions of pieces whose moves depend on more than the board (a swap that
//! asks about attacks under obligations, an obligation's countdown, a promotion
//! by proxy) also take the position.

use crate::codegen::any_route;
use crate::codegen::attacks::obligation;
use crate::codegen::emit::names::describe_rule;
use crate::codegen::emit::tables::doc_lines;
use crate::codegen::emit::tables::SetTable;
use crate::codegen::moves::lines;
use crate::codegen::moves::promotion::Promotions;
use crate::codegen::moves::rule_steps::{Resolved, RuleSteps};
use crate::codegen::moves::set_moves;
use crate::codegen::moves::step_shifts::{self, StepShifts};
use crate::codegen::moves::walks::{self, Walk};
use crate::codegen::spec::generate_inputs::GenerateInputs;
use crate::codegen::spec::helpers::Helpers;
use crate::codegen::spec::rules::{Construct, Landing, LeapGroup, LineWalk, Outcome, Role, RuleEntry, SwapGroup};
use crate::codegen::Ctx;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote, ToTokens};
use vdl_runtime::ir::{CellId, Mode, MoveRule, PieceId, PlayerId};
use vdl_runtime::plan::{LineCell, Repeats, StepKind};
use vdl_runtime::Piece;

/// The printed move generation, with what it reads.
pub struct Moves {
    pub code: TokenStream,
    /// What `generate` takes besides the board and the side.
    pub inputs: GenerateInputs,
    /// The prelude's helpers the code calls.
    pub helpers: Helpers,
}

pub fn generate(ctx: &mut Ctx) -> Moves {
    let mut inputs = GenerateInputs::default();
    let mut helpers = Helpers::default();
    let mut functions = TokenStream::new();
    // Some piece type of some player can move.
    let mut any_moves = false;
    let mut arms_by_player = Vec::new();
    // On boards whose pieces' cells the position keeps, each type's moves
    // are found in a loop over its cells; else by a dispatch on the piece
    // of each cell of the player's.
    let by_type = ctx.cells() <= vdl_runtime::state::occupancy::MAX_CELLS;
    for player in ctx.players() {
        let mut calls = Vec::new();
        let mut uses_occupancy = false;
        for kind in PieceId::first(ctx.game.pieces.len()) {
            if let Some(PieceFn { name, function, shifts, needs_pos, needs_occupancy, helpers: used }) = piece_function(ctx, kind, player) {
                functions.extend(function);
                any_moves = true;
                inputs.position |= needs_pos;
                helpers = helpers.union(used);
                uses_occupancy |= needs_occupancy;
                let pos = needs_pos.then(|| quote!(pos,));
                let occupancy = needs_occupancy.then(|| quote!(, &occupancy));
                let piece = ctx.piece(kind, player);
                let call = quote!(#name(#pos board, from, out #occupancy));
                let each = match shifts.filter(|_| by_type) {
                    Some(shifts) => shifts.code(ctx, kind, player, quote!(pieces.of(#piece, CELLS)), &call),
                    None => ctx.for_each_cell(quote!(pieces.of(#piece, CELLS)), quote!(from), call.clone()),
                };
                calls.push((piece, call, each));
            }
        }
        let p = crate::codegen::player_token(player);
        // With sets of steps, the board's cells as bits, which the
        // position keeps as its board changes.
        helpers.occupancy |= uses_occupancy;
        inputs.held_cells |= uses_occupancy;
        let prelude = uses_occupancy.then(|| quote!(let occupancy = held.seen_by(#p, CELLS);));
        let walk = if by_type {
            inputs.piece_cells |= !calls.is_empty();
            let loops = calls.iter().map(|(_, _, each)| each);
            quote!(#(#loops)*)
        } else {
            let arms = calls.iter().map(|(piece, call, _)| quote!(#piece => #call,));
            quote! {
                vdl_runtime::gen::piece::for_each_cell_of(board, #p, |from| match board[from] {
                    #(#arms)*
                    _ => {}
                });
            }
        };
        arms_by_player.push(if calls.is_empty() {
            quote!(#p => {})
        } else {
            quote! {
                #p => {
                    #prelude
                    #walk
                }
            }
        });
    }
    let unused = (!any_moves).then(|| quote!(let _ = (board, out);));
    let pos = inputs.position.then(|| quote!(pos: &Position,));
    let held = inputs.held_cells.then(|| quote!(held: vdl_runtime::gen::HeldCells,));
    let pieces = inputs.piece_cells.then(|| quote!(pieces: &vdl_runtime::gen::PieceCells,));
    let code = quote! {
        /// Appends the pseudo-legal moves of `side`, drops apart.
        fn generate<S: MoveSink>(#pos board: &Board, #held #pieces side: PlayerId, out: &mut S) {
            #unused
            match side {
                #(#arms_by_player)*
                _ => {}
            }
        }

        #functions
    };
    Moves { code, inputs, helpers }
}

/// Where the promotion outcome of a move comes from.
#[derive(Clone)]
enum OutcomeCode {
    /// The same for every move of the rule.
    Fixed(u8),
    /// A table of the rule, by start cell (the destination being fixed by it).
    ByStart(Ident),
    /// `promotion[to]`, bound at the top of the function for its start cell.
    ByDestination,
}

/// What the rules of one piece type and player share while their code is
/// generated.
struct PieceGen {
    kind: PieceId,
    player: PlayerId,
    promotions: Option<Promotions>,
    /// Some rule reads `promotion[to]`.
    uses_row: bool,
    /// Some ride sets `null_move` when it comes back round a ring.
    uses_null_move: bool,
    /// Per rule: might it repeat a destination of an earlier rule?
    repeats: Vec<Repeats>,
    /// The rule being generated might repeat one: check the moves so far.
    checking: bool,
    /// An obligation may bind the piece: its destinations must be inside
    /// `bound`, the zone it may not leave now, if any.
    bound: bool,
    /// The function reads the position.
    needs_pos: bool,
    /// The prelude's helpers its code calls.
    helpers: Helpers,
    /// The name of the type's constant, for plain moves.
    kind_name: Ident,
    /// Some move is given as plain: the type's constant is used.
    gives_plain: bool,
    /// Each move that may promote another piece by proxy is put on the
    /// sink's list at once with its proxy versions (the others go to the
    /// sink as they are); `None` when the piece promotes none by proxy, or
    /// its moves must all be read back anyway (see [`ProxyCode::after`]).
    proxy_at_once: Option<ProxyCode>,
    /// Some move needs `from` unattacked (a swap `unless attacked`): the
    /// function finds that once, at the first that asks
    /// (`from_attacked`).
    tests_from: bool,
}

impl PieceGen {
    /// Statements appending the move from `from` to `to_cell`, also capturing
    /// on `via` if given, with its promotions.
    fn emit(&mut self, to_cell: TokenStream, via: Option<TokenStream>, outcome: OutcomeCode) -> TokenStream {
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
    fn emit_swap(&mut self, unattacked: bool) -> TokenStream {
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
    fn inside_bound(&self, to_cell: &TokenStream, body: TokenStream) -> TokenStream {
        if !self.bound {
            return body;
        }
        quote! {
            if bound.is_none_or(|zone| zone[#to_cell]) {
                #body
            }
        }
    }

    fn emit_once(&mut self, to_cell: TokenStream, via: Option<TokenStream>, outcome: OutcomeCode) -> TokenStream {
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
    fn plain(&mut self, to_cell: TokenStream) -> TokenStream {
        self.gives_plain = true;
        let kind = &self.kind_name;
        quote!(out.plain(board, #kind, from, #to_cell);)
    }

    /// The outcome of the moves of a rule whose destination from each start
    /// cell of `domain` is `dest[from]`: fixed, or a table by start cell,
    /// added to the rule's `tables` (`Role::Outcome`).
    fn fixed_outcome(
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

/// The function generating the moves of one piece type for one player.
struct PieceFn {
    name: Ident,
    function: TokenStream,
    /// Its steps as shifts of all its pieces' cells, where they pay.
    shifts: Option<StepShifts>,
    /// It reads the position, not only the board.
    needs_pos: bool,
    /// It reads the board's cells as bits (see `leap_sets`).
    needs_occupancy: bool,
    /// The prelude's helpers its code calls.
    helpers: Helpers,
}

/// The function generating the moves of `kind` for `player`, or `None` when it
/// can never move.
fn piece_function(ctx: &mut Ctx, kind: PieceId, player: PlayerId) -> Option<PieceFn> {
    let game = ctx.game;
    let rules = game.pieces[kind.index()].moves.get(player.index())?;
    let promotions = Promotions::analyse(ctx, kind, player);
    let repeats = ctx.plan.side(player).repeats(kind).to_vec();
    let bound_kind = game.rules.obligations.iter().any(|o| o.piece == kind);
    let mut pg = PieceGen {
        kind,
        player,
        promotions,
        uses_row: false,
        uses_null_move: false,
        repeats,
        checking: false,
        bound: bound_kind,
        needs_pos: false,
        helpers: Helpers::default(),
        kind_name: format_ident!("KIND_{}", ctx.names.pieces[kind.index()]),
        gives_plain: false,
        proxy_at_once: None,
        tests_from: false,
    };
    // A piece whose moves may repeat a destination reads all its moves back
    // from the list to give each once: its proxy versions are added there
    // afterwards.
    let proxy = proxy(ctx, &mut pg);
    let promotes_by_proxy = proxy.is_some();
    let proxy_after = match proxy {
        Some(proxy) if pg.repeats.contains(&Repeats::Maybe) => Some(proxy.after()),
        proxy => {
            pg.proxy_at_once = proxy;
            None
        }
    };
    let mut sets_block = None;
    let mut docs = vec![format!("Moves of the {} from `from`:", ctx.piece_label(kind, player))];
    let mut left_out = Vec::new();
    let plan = ctx.plan;
    let mut steps = RuleSteps::of_piece(plan.side(player), kind, rules.len(), ctx.cells());
    let (sets, rides) = set_moves::take(ctx, pg.bound || promotes_by_proxy, &pg.repeats, &mut steps);
    let only_open_steps =
        rides.is_none() && steps.iter().all(Option::is_none) && !ctx.plan.side(player).may_castle(Piece::new(kind, player));
    let shifts = sets.as_ref().filter(|_| only_open_steps).and_then(|sets| {
        let promoting = set_moves::promoting_sets(ctx.cells(), pg.promotions.as_ref(), Some(sets), None);
        step_shifts::of(sets, &promoting, setup_count(ctx, kind, player))
    });
    if let Some(code) = set_moves::code(ctx, kind, player, sets.as_ref(), rides.as_ref(), pg.promotions.as_ref()) {
        let mut kinds = Vec::new();
        for (taken, what) in [
            (sets.as_ref().map(|sets| &sets.rules), "the steps that nothing blocks"),
            (sets.as_ref().map(|sets| &sets.gated_rules), "the leaps an empty cell lets through"),
            (
                rides.as_ref().map(|rides| &rides.rules),
                "found from the occupied cells, the rides whose lines run one way through the cells' numbers",
            ),
        ] {
            if let Some(taken) = taken.filter(|taken| !taken.is_empty()) {
                let described: Vec<String> = taken.iter().map(|&index| describe_rule(game, &rules[index])).collect();
                kinds.push(format!("{what} ({})", described.join("; ")));
            }
        }
        let promoting = if code.promotes { "; those that may promote one by one" } else { "" };
        docs.push(format!("1. as one set of destinations per cell: {}{promoting}", kinds.join("; ")));
        pg.uses_null_move |= code.null_move;
        if code.promotes {
            pg.helpers.new_move = true;
            pg.needs_pos |= pg.promotions.as_ref().is_some_and(Promotions::needs_pos);
        }
        sets_block = Some(code.code);
    }
    // The captures on the way left of leaps whose other moves are in the
    // sets: under one test of the cells they pass, which seldom hold an
    // enemy piece.
    let mut on_the_way = CapturesOnTheWay::new(ctx.cells());
    let mut entries = Vec::new();
    for (index, rule) in rules.iter().enumerate() {
        if pg.repeats[index] == Repeats::Always {
            left_out.push(describe_rule(game, rule));
            continue;
        }
        let reads_back = pg.repeats[index] == Repeats::Maybe;
        let Some(steps) = steps[index].take() else { continue };
        let passing_taken = on_the_way.add_vias(&steps);
        if let Some(entry) = plan_rule(ctx, &mut pg, &RuleAbout { index, rule, mode: steps.mode }, &steps, reads_back) {
            let again = if reads_back { " (it may reach a destination an earlier rule gave: each is given once)" } else { "" };
            let rest = if rides.as_ref().is_some_and(|rides| rides.rules.contains(&index)) {
                " (from the cells where its line turns more than once through the cells' numbers)"
            } else if sets.as_ref().is_some_and(|sets| sets.gated_rules.contains(&index)) {
                " (its captures on the way)"
            } else {
                ""
            };
            let number = usize::from(sets_block.is_some()) + entries.len() + on_the_way.entries.len() + 1;
            docs.push(format!("{number}. {}{again}{rest}", describe_rule(game, rule)));
            if passing_taken {
                on_the_way.entries.push(entry);
            } else {
                entries.push(entry);
            }
        }
    }
    let on_the_way = on_the_way.plan(ctx, kind, player);
    // Code that reads back the piece's moves so far works on the sink's list.
    let reads_back = entries.iter().chain(on_the_way.iter().flat_map(|o| &o.entries)).any(|entry| entry.reads_back);
    let first = (reads_back || proxy_after.is_some()).then(|| {
        quote! {
            let out = out.moves();
            let first = out.len();
        }
    });
    if !left_out.is_empty() {
        docs.push(String::new());
        docs.push(format!("Left out, as they only repeat an earlier rule: {}.", left_out.join("; ")));
    }
    let castling = castling(ctx, &mut pg, &mut docs);
    if sets_block.is_none() && entries.is_empty() && on_the_way.is_none() && castling.is_none() {
        return None;
    }
    // The piece's spec decided, its code printed.
    let mut blocks: Vec<TokenStream> = sets_block.map(|code| quote!({ #code })).into_iter().collect();
    blocks.extend(print_walks(ctx, &mut pg, walks::merge(entries)));
    blocks.extend(on_the_way.map(|on_the_way| on_the_way.print(ctx, &mut pg)));
    pg.checking = false;
    let confined = game.pieces[kind.index()].confined;
    if let Some(zone) = confined {
        docs.push(String::new());
        docs.push(format!("Confined to zone `{}`.", game.zones[zone].name));
    }
    let null_move = pg.uses_null_move.then(|| {
        docs.push(String::new());
        docs.push("A ride that comes back round a ring to `from` makes a null move, only one however many do.".into());
        let inside = ctx.zone_flags(confined, player).map(|z| quote!(&& #z[from]));
        let emit = pg.emit(quote!(from), None, OutcomeCode::ByDestination);
        quote! {
            if null_move #inside {
                #emit
            }
        }
    });
    if let Some(promotions) = &pg.promotions {
        docs.push(String::new());
        docs.push(format!("Promotions by [`{}`].", promotions.helper));
    }
    if proxy_after.is_some() || pg.proxy_at_once.is_some() {
        docs.push(String::new());
        docs.push("Its moves may also promote another piece by proxy (`vdl_runtime::gen::proxy::add`).".into());
    }
    let bound = if pg.bound {
        let helper = obligation::bound_fn(ctx, kind, player).expect("a bound kind");
        docs.push(String::new());
        docs.push(format!("An obligation may keep it inside a zone: see [`{helper}`]."));
        pg.needs_pos = true;
        Some(quote!(let bound = #helper(pos, from);))
    } else {
        None
    };
    let promotion = match &pg.promotions {
        Some(promotions) if pg.uses_row => Some(promotions.bind_row(ctx)),
        _ => None,
    };
    if let Some(promotions) = &pg.promotions {
        let helper = promotions.helper_item(ctx);
        ctx.extra_items.extend(helper);
    }
    let null_init = pg.uses_null_move.then(|| quote!(let mut null_move = false;));
    let from_init = pg.tests_from.then(|| quote!(let mut from_attacked: Option<bool> = None;));
    let name = ctx.names.piece_fn("moves", kind, player);
    let docs = doc_lines(&docs);
    let pos = pg.needs_pos.then(|| quote!(pos: &Position,));
    let needs_occupancy = sets.is_some() || rides.is_some();
    let occupancy = needs_occupancy.then(|| quote!(, occupancy: &Occupancy));
    let function = quote! {
        #docs
        #[inline]
        fn #name<S: MoveSink>(#pos board: &Board, from: usize, out: &mut S #occupancy) {
            #promotion
            #bound
            #null_init
            #from_init
            #first
            #(#blocks)*
            #null_move
            #proxy_after
            #castling
        }
    };
    if pg.gives_plain {
        ctx.kind(kind);
    }
    Some(PieceFn { name, function, shifts, needs_pos: pg.needs_pos, needs_occupancy, helpers: pg.helpers })
}

/// How many pieces of `kind` `player` has in the game's setup.
fn setup_count(ctx: &Ctx, kind: PieceId, player: PlayerId) -> usize {
    let piece = Piece::new(kind, player);
    vdl_runtime::fen::parse_setup(ctx.game, &ctx.game.setup).map_or(0, |setup| setup.board.iter().filter(|&&p| p == piece).count())
}

/// The castling of the piece while it is unmoved, if its type may castle:
/// the runtime walks it from the plan (`vdl_runtime::plan::gated::castle`), as it
/// does for the interpreter. The generated code first looks at the first cell
/// of each castling line from `from`: every castling crosses it, so with all
/// of them held there is nothing to walk (as in most positions).
fn castling(ctx: &mut Ctx, pg: &mut PieceGen, docs: &mut Vec<String>) -> Option<TokenStream> {
    let side = ctx.plan.side(pg.player);
    if !side.may_castle(Piece::new(pg.kind, pg.player)) {
        return None;
    }
    pg.needs_pos = true;
    docs.push(String::new());
    docs.push("While it is unmoved it may castle: see `vdl_runtime::gen::gated::castle`.".into());
    let first_cells: Vec<Vec<u16>> = CellId::first(ctx.cells())
        .map(|from| {
            let steps = side.unmoved_steps(pg.kind, from).iter();
            steps
                .filter_map(|step| match step.kind {
                    StepKind::Castle(castle) => side.line(castle.line).first().map(|cell| cell.cell.index() as u16),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let doc = format!("{}: the first cell of each of its castling lines from each cell.", ctx.piece_label(pg.kind, pg.player));
    let name = format!("{}_{}_CASTLE_FIRST", ctx.names.pieces[pg.kind.index()], ctx.names.players[pg.player.index()]);
    let first = ctx.tables.lists(&name, doc, first_cells);
    Some(quote! {
        if pos.is_unmoved(CellId::from_index(from)) && #first[from].iter().any(|&cell| board[cell as usize].is_empty()) {
            vdl_runtime::gen::gated::castle(&Rules, plan(), pos, CellId::from_index(from), out.moves());
        }
    })
}

/// How the moves of a piece get their versions that also promote another
/// piece by proxy (`vdl_runtime::plan::proxy::add`).
#[derive(Clone)]
struct ProxyCode {
    /// The test of a move's destination `mv.to` (or `to`) where one may
    /// apply; `None` where every destination may.
    table: Option<Ident>,
    /// The call adding the proxy versions of `mv` to the list `out`.
    call: TokenStream,
}

impl ProxyCode {
    /// Is `to_cell` a destination where a promotion by proxy may apply?
    fn test(&self, to_cell: &TokenStream) -> TokenStream {
        match &self.table {
            Some(table) => quote!(#table[#to_cell]),
            None => quote!(true),
        }
    }

    /// `emit` (statements giving the move to `to_cell`), where a promotion
    /// by proxy may apply, given to the sink's list and followed there by
    /// its proxy versions; elsewhere as it is, so that a counting sink
    /// judges the move on the spot.
    fn at_once(&self, to_cell: &TokenStream, emit: TokenStream) -> TokenStream {
        let (test, call) = (self.test(to_cell), &self.call);
        quote! {
            if #test {
                let out = out.moves();
                let first = out.len();
                #emit
                for i in first..out.len() {
                    let mv = out[i];
                    #call
                }
            } else {
                #emit
            }
        }
    }

    /// The loop adding the proxy versions of each move of the piece in the
    /// list from `first` on.
    fn after(self) -> TokenStream {
        let (test, call) = (self.test(&quote!(mv.to.index())), self.call);
        quote! {
            for i in first..out.len() {
                let mv = out[i];
                if #test {
                    #call
                }
            }
        }
    }
}

/// How the piece's moves get their proxy versions, or `None` if no
/// promotion by proxy ever applies to them.
fn proxy(ctx: &mut Ctx, pg: &mut PieceGen) -> Option<ProxyCode> {
    let game = ctx.game;
    let (kind, player) = (pg.kind, pg.player);
    let rules: Vec<_> = game.rules.proxy_promotions.iter().filter(|r| r.movers.contains(&kind)).collect();
    if rules.is_empty() {
        return None;
    }
    // The destinations of moves that may trigger one.
    let cells = ctx.cells();
    let flags: Vec<bool> = (0..cells)
        .map(|to| {
            rules.iter().any(|r| (0..cells).any(|from| r.trigger.applies(game, player, CellId::from_index(from), CellId::from_index(to))))
        })
        .collect();
    if !flags.contains(&true) {
        return None;
    }
    pg.needs_pos = true;
    let table = flags.contains(&false).then(|| {
        let name = format!("{}_{}_PROXY", ctx.names.pieces[kind.index()], ctx.names.players[player.index()]);
        let doc = format!("{}: the destinations of its moves that may also promote another piece by proxy.", ctx.piece_label(kind, player));
        ctx.tables.flags(&name, doc, flags)
    });
    let piece = ctx.piece(kind, player);
    Some(ProxyCode { table, call: quote!(vdl_runtime::gen::proxy::add(game(), pos, #piece, mv, out);) })
}

/// The rules of a piece left with only their captures on the way (see
/// `leap_sets`), and the cells they pass from each start.
struct CapturesOnTheWay {
    passed: Vec<u128>,
    entries: Vec<RuleEntry>,
}

/// The rules of [`CapturesOnTheWay`] with the table of the cells they pass.
struct OnTheWay {
    passed: SetTable,
    entries: Vec<RuleEntry>,
}

impl CapturesOnTheWay {
    fn new(cells: usize) -> CapturesOnTheWay {
        CapturesOnTheWay { passed: vec![0; cells], entries: Vec::new() }
    }

    /// Adds the cells passed by `steps` if they are such a rule's; `true`
    /// if they are.
    fn add_vias(&mut self, steps: &RuleSteps) -> bool {
        let mut any = false;
        for (from, step) in steps.starts.iter().enumerate() {
            if let Some(Resolved::CapturingLeap { via, passing_taken: true, .. }) = step {
                self.passed[from] |= 1 << via;
                any = true;
            }
        }
        any
    }

    /// The rules with the table of the cells they pass; `None` without any.
    fn plan(self, ctx: &mut Ctx, kind: PieceId, player: PlayerId) -> Option<OnTheWay> {
        if self.entries.is_empty() {
            return None;
        }
        let label = ctx.piece_label(kind, player);
        let doc = format!("{label}: the cells its leaps that capture on the way pass from each cell, as bits.");
        let name = format!("{}_{}_PASSED", ctx.names.pieces[kind.index()], ctx.names.players[player.index()]);
        Some(OnTheWay { passed: ctx.tables.sets(&name, doc, self.passed), entries: self.entries })
    }
}

impl OnTheWay {
    /// The rules' code under one test that an enemy piece stands on a cell
    /// they pass.
    fn print(self, ctx: &mut Ctx, pg: &mut PieceGen) -> TokenStream {
        let passed = self.passed.at(quote!(from));
        let blocks = print_walks(ctx, pg, walks::merge(self.entries));
        quote!({
            if #passed & occupancy.enemy != 0 {
                #(#blocks)*
            }
        })
    }
}

/// The spec entry of a rule, from the plan's steps of it: its tables made
/// and named, nothing printed.
fn plan_rule(ctx: &mut Ctx, pg: &mut PieceGen, about: &RuleAbout, steps: &RuleSteps, reads_back: bool) -> Option<RuleEntry> {
    let (construct, tables) = match steps.starts.iter().flatten().next()? {
        Resolved::Ride { .. } if is_single_step(steps) => plan_jump(ctx, pg, about, &single_steps(steps)),
        Resolved::Ride { .. } => Some(plan_ride(ctx, pg, about, steps)),
        Resolved::Hop { .. } => Some(plan_hop(ctx, pg, about, steps)),
        Resolved::Leap { .. } => plan_jump(ctx, pg, about, steps),
        Resolved::CapturingLeap { .. } => Some(plan_capturing_leap(ctx, pg, about, steps)),
        Resolved::Swap { .. } => Some((plan_swap(ctx, pg, about, steps), Vec::new())),
    }?;
    Some(RuleEntry { construct, tables, unmoved: steps.unmoved, reads_back })
}

/// The statements of the rules' walks, each in a block or a loop.
fn print_walks(ctx: &mut Ctx, pg: &mut PieceGen, walks: Vec<Walk>) -> Vec<TokenStream> {
    walks
        .into_iter()
        .map(|walk| match walk {
            Walk::One(entry) => {
                let code = print_rule(ctx, pg, &entry, &entry.tables);
                quote!({ #code })
            }
            Walk::Loop { entry, tables } => {
                let names: Vec<(Role, Ident)> = entry.tables.iter().map(|&(role, _)| (role, format_ident!("{}", role.name()))).collect();
                let code = print_rule(ctx, pg, &entry, &names);
                match names.as_slice() {
                    [(_, name)] => {
                        let tables = tables.iter().map(|t| &t[0]);
                        quote!(for #name in [#(&#tables),*] { #code })
                    }
                    _ => {
                        let names = names.iter().map(|(_, name)| name);
                        let tuples = tables.iter().map(|t| quote!((#(&#t),*)));
                        quote!(for (#(#names),*) in [#(#tuples),*] { #code })
                    }
                }
            }
        })
        .collect()
}

/// The table read by `role` in `tables`.
fn table(tables: &[(Role, Ident)], role: Role) -> &Ident {
    tables.iter().find(|(r, _)| *r == role).map(|(_, table)| table).expect("a rule's code reads only its own tables")
}

/// The code of a rule from its spec entry, reading its tables by role as
/// `tables` names them (its own, or a loop's names for them).
fn print_rule(ctx: &mut Ctx, pg: &mut PieceGen, entry: &RuleEntry, tables: &[(Role, Ident)]) -> TokenStream {
    pg.checking = entry.reads_back;
    let code = match &entry.construct {
        Construct::Ride { walk, landing, round } => print_ride(pg, *walk, landing, round.as_ref(), tables),
        Construct::Hop { walk, landing } => print_hop(pg, *walk, landing, tables),
        Construct::Leap { mode, outcome, routes } => print_jump(pg, *mode, *outcome, routes, tables),
        Construct::Leaps { mode, groups } => {
            let blocks = groups.iter().map(|group| print_jump(pg, *mode, group.outcome, &group.routes, &group.tables));
            quote!(#({ #blocks })*)
        }
        Construct::CapturingLeap { mode, outcome, passing_taken } => print_capturing_leap(pg, *mode, *outcome, *passing_taken, tables),
        Construct::Swap(groups) => print_swap(ctx, pg, groups),
    };
    if !entry.unmoved {
        return code;
    }
    // Castling is walked by the runtime (`vdl_runtime::plan::gated`); the other
    // rules of unmoved pieces are guarded here.
    pg.needs_pos = true;
    quote!(if pos.is_unmoved(CellId::from_index(from)) { #code })
}

/// How the code reads the outcome `outcome` of a rule whose tables are
/// `tables`.
fn outcome_code(outcome: Outcome, tables: &[(Role, Ident)]) -> OutcomeCode {
    match outcome {
        Outcome::Fixed(n) => OutcomeCode::Fixed(n),
        Outcome::ByStart => OutcomeCode::ByStart(table(tables, Role::Outcome).clone()),
    }
}

/// The rule whose code is being generated: for names, docs and its mode.
struct RuleAbout<'r> {
    index: usize,
    rule: &'r MoveRule,
    mode: Mode,
}

impl RuleAbout<'_> {
    fn table_name(&self, ctx: &Ctx, pg: &PieceGen, what: &str) -> String {
        format!("{}_{}_{}_{}", ctx.names.pieces[pg.kind.index()], ctx.names.players[pg.player.index()], what, self.index)
    }

    fn doc(&self, ctx: &Ctx, pg: &PieceGen, what: &str) -> String {
        format!("{}, rule {}: {}; {what}.", ctx.piece_label(pg.kind, pg.player), self.index, describe_rule(ctx.game, self.rule))
    }
}

/// Does every start of a ride reach at most one cell, with no null move? It
/// is then a single step: a table lookup, like a leap.
fn is_single_step(steps: &RuleSteps) -> bool {
    steps.starts.iter().flatten().all(|s| matches!(s, Resolved::Ride { line, null_move: false } if line.len() <= 1))
}

/// A single-step ride as the leap it is: the one cell, where the piece may
/// land there.
fn single_steps<'p>(steps: &RuleSteps<'p>) -> RuleSteps<'p> {
    let starts = steps
        .starts
        .iter()
        .map(|s| match s {
            Some(Resolved::Ride { line, .. }) => {
                line.first().filter(|c| c.may_land).map(|c| Resolved::Leap { to: c.cell.index(), routes: Vec::new() })
            }
            _ => None,
        })
        .collect();
    RuleSteps { mode: steps.mode, unmoved: steps.unmoved, starts }
}

/// A leap from a start: (start, destination, routes).
type Leap<'s> = (usize, usize, &'s Vec<Vec<usize>>);

/// A leap, or a single step: one table lookup, and the routes where it has
/// them. Starts whose leaps have routes of different shapes (how many, how
/// long) get a table each; with one table and no routes the code is shared
/// with rules alike (see `walks`). `None` when no start has a leap.
fn plan_jump(ctx: &mut Ctx, pg: &mut PieceGen, about: &RuleAbout, steps: &RuleSteps) -> Option<(Construct, Vec<(Role, Ident)>)> {
    // Grouped by the shape of their routes: how many, how long each.
    let mut groups: Vec<(Vec<usize>, Vec<Leap>)> = Vec::new();
    for (from, step) in steps.starts.iter().enumerate() {
        let Some(Resolved::Leap { to, routes }) = step else { continue };
        let same_shape = |shape: &Vec<usize>| shape.len() == routes.len() && shape.iter().zip(routes).all(|(&n, r)| n == r.len());
        match groups.iter_mut().find(|(shape, _)| same_shape(shape)) {
            Some((_, leaps)) => leaps.push((from, *to, routes)),
            None => groups.push((routes.iter().map(Vec::len).collect(), vec![(from, *to, routes)])),
        }
    }
    let several = groups.len() > 1;
    let mut planned = Vec::new();
    for (group, (shape, leaps)) in groups.iter().enumerate() {
        let suffix = if several { format!("_{}", group + 1) } else { String::new() };
        let mut data: Vec<Option<usize>> = vec![None; ctx.cells()];
        for (from, to, _) in leaps {
            data[*from] = Some(*to);
        }
        let mut tables = vec![];
        let outcome = pg.fixed_outcome(ctx, (about.index, &suffix, about.rule), &data, &mut tables);
        let which = if several {
            format!(" (starts whose leap has {} route{})", shape.len(), if shape.len() == 1 { "" } else { "s" })
        } else {
            String::new()
        };
        let doc = about.doc(ctx, pg, &format!("the destination from each cell{which}"));
        let name = about.table_name(ctx, pg, "TO") + &suffix;
        tables.insert(0, (Role::Table, ctx.cell_table(&name, doc, data)));
        let routes = route_tables(ctx, pg, about, &suffix, shape, leaps.iter());
        planned.push(LeapGroup { outcome, routes, tables });
    }
    match planned.len() {
        0 => None,
        1 => {
            let LeapGroup { outcome, routes, tables } = planned.remove(0);
            Some((Construct::Leap { mode: about.mode, outcome, routes }, tables))
        }
        _ => Some((Construct::Leaps { mode: about.mode, groups: planned }, Vec::new())),
    }
}

/// One table lookup, the leap's destination open when one of its `routes`
/// (their tables, cell by cell) is empty.
fn print_jump(pg: &mut PieceGen, mode: Mode, outcome: Outcome, routes: &[Vec<Ident>], tables: &[(Role, Ident)]) -> TokenStream {
    let routes_test = (!routes.is_empty()).then(|| {
        let routes = routes.iter().map(|route| route.iter().map(|table| quote!(board[#table[from] as usize].is_empty())).collect());
        any_route(routes.collect())
    });
    let landing = may_land(mode, pg.player);
    let emit = pg.emit(quote!(to), None, outcome_code(outcome, tables));
    let table = table(tables, Role::Table);
    quote! {
        let to = #table[from];
        if to != NONE #routes_test {
            let to = to as usize;
            if #landing {
                #emit
            }
        }
    }
}

/// The tables of the routes of the leaps whose routes have `shape` (the
/// lengths of their routes): per route, one table per cell of it, the cell
/// from each start. No routes: none.
fn route_tables<'a>(
    ctx: &mut Ctx,
    pg: &PieceGen,
    about: &RuleAbout,
    suffix: &str,
    shape: &[usize],
    leaps: impl Iterator<Item = &'a Leap<'a>> + Clone,
) -> Vec<Vec<Ident>> {
    let mut routes = Vec::new();
    for (r, &len) in shape.iter().enumerate() {
        let mut cells = Vec::new();
        for i in 0..len {
            let mut data: Vec<Option<usize>> = vec![None; ctx.cells()];
            let mut read = vec![false; ctx.cells()];
            for (from, _, leap_routes) in leaps.clone() {
                data[*from] = Some(leap_routes[r][i]);
                read[*from] = true;
            }
            let name = format!("{}_ROUTE_{}_{}{suffix}", about.table_name(ctx, pg, "TO"), r + 1, i + 1);
            let doc = about.doc(ctx, pg, &format!("cell {} of route {} from each cell", i + 1, r + 1));
            cells.push(ctx.cell_table_read_on(&name, doc, data, &read));
        }
        routes.push(cells);
    }
    routes
}

/// A capturing leap's tables: its destination, the cell it passes and its
/// outcome by start, if not fixed.
fn plan_capturing_leap(ctx: &mut Ctx, pg: &mut PieceGen, about: &RuleAbout, steps: &RuleSteps) -> (Construct, Vec<(Role, Ident)>) {
    let data = steps.destinations();
    let vias: Vec<Option<usize>> = steps
        .starts
        .iter()
        .map(|s| match s {
            Some(Resolved::CapturingLeap { via, .. }) => Some(*via),
            _ => None,
        })
        .collect();
    let mut tables = Vec::new();
    let outcome = pg.fixed_outcome(ctx, (about.index, "", about.rule), &data, &mut tables);
    let doc = about.doc(ctx, pg, "the destination from each cell");
    tables.push((Role::Table, ctx.cell_table(&about.table_name(ctx, pg, "TO"), doc, data)));
    let doc = about.doc(ctx, pg, "the cell it passes from each cell");
    let read: Vec<bool> = vias.iter().map(Option::is_some).collect();
    tables.push((Role::Via, ctx.cell_table_read_on(&about.table_name(ctx, pg, "VIA"), doc, vias, &read)));
    // Its moves over an empty cell are in the piece's sets (`leap_sets`).
    let passing_taken = steps.starts.iter().flatten().any(|s| matches!(s, Resolved::CapturingLeap { passing_taken: true, .. }));
    (Construct::CapturingLeap { mode: about.mode, outcome, passing_taken }, tables)
}

/// A capturing leap: like a leap over one cell that must be empty, except that
/// an enemy piece there is captured too (the move then captures even onto an
/// empty destination).
fn print_capturing_leap(pg: &mut PieceGen, mode: Mode, outcome: Outcome, passing_taken: bool, tables: &[(Role, Ident)]) -> TokenStream {
    let (table, via_table) = (table(tables, Role::Table), table(tables, Role::Via));
    let outcome = outcome_code(outcome, tables);
    let p = crate::codegen::player_token(pg.player);
    let landing = may_land(mode, pg.player);
    let plain = pg.emit(quote!(to), None, outcome.clone());
    let capture = (mode != Mode::MoveOnly).then(|| pg.emit(quote!(to), Some(quote!(via)), outcome));
    if passing_taken {
        return quote! {
            let to = #table[from];
            if to != NONE {
                let (to, via) = (to as usize, #via_table[from] as usize);
                let passed = board[via];
                if !passed.is_empty() && passed.owner() != #p && !board[to].is_of(#p) {
                    #capture
                }
            }
        };
    }
    let capture = capture.map(|emit| {
        quote! {
            else if passed.owner() != #p && !board[to].is_of(#p) {
                #emit
            }
        }
    });
    quote! {
        let to = #table[from];
        if to != NONE {
            let to = to as usize;
            let via = #via_table[from] as usize;
            let passed = board[via];
            if passed.is_empty() {
                if #landing {
                    #plain
                }
            } #capture
        }
    }
}

/// A swap's tables: the cell of the friend from each start, one table per
/// set of partners (and whether neither cell may be attacked).
fn plan_swap(ctx: &mut Ctx, pg: &PieceGen, about: &RuleAbout, steps: &RuleSteps) -> Construct {
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
fn print_swap(ctx: &mut Ctx, pg: &mut PieceGen, groups: &[SwapGroup]) -> TokenStream {
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
fn attack_free(ctx: &mut Ctx, pg: &mut PieceGen) -> TokenStream {
    let enemy = pg.player.opponent();
    if enemy.index() >= ctx.game.players.len() {
        return quote!();
    }
    pg.tests_from = true;
    let attacked = |cell: TokenStream| {
        if ctx.has_obligations() {
            let attacked_by = obligation::now_fn(ctx, enemy);
            quote!(#attacked_by(pos, board, #cell))
        } else {
            let attacked_by = ctx.names.player_fn("attacked_by", enemy);
            let args = crate::codegen::attacks::attack::line_args_of_pos(ctx, crate::codegen::player_token(enemy).into_token_stream());
            quote!(#attacked_by(board, #cell #args))
        }
    };
    // With obligations, or where the board's cells fit in bits, the
    // attack test reads the position.
    if ctx.has_obligations() || crate::codegen::attacks::attack::held_bits(ctx) {
        pg.needs_pos = true;
    }
    let (from, to) = (attacked(quote!(from)), attacked(quote!(to)));
    quote!(&& !*from_attacked.get_or_insert_with(|| #from) && !#to)
}

/// The statements landing on `to` inside a line walk: empty cells continue the
/// line, anything else ends it with `stop`.
fn landing_in_line(pg: &mut PieceGen, landing: &Landing, stop: TokenStream) -> TokenStream {
    let (mode, lands) = (landing.mode, landing.lands.as_ref());
    let p = crate::codegen::player_token(pg.player);
    let inside = lands.map(|z| quote!(&& #z[to]));
    let emit_quiet = (mode != Mode::CaptureOnly).then(|| pg.emit(quote!(to), None, OutcomeCode::ByDestination));
    let quiet = match (lands, emit_quiet) {
        (_, None) => None,
        (Some(z), Some(emit)) => Some(quote!(if #z[to] { #emit })),
        (None, Some(emit)) => Some(emit),
    };
    let capture = (mode != Mode::MoveOnly).then(|| {
        let emit = pg.emit(quote!(to), None, OutcomeCode::ByDestination);
        quote!(if piece.owner() != #p #inside { #emit })
    });
    match quiet {
        Some(quiet) => quote! {
            let piece = board[to];
            if piece.is_empty() {
                #quiet
            } else {
                #capture
                #stop
            }
        },
        None => quote! {
            let piece = board[to];
            if !piece.is_empty() {
                #capture
                #stop
            }
        },
    }
}

/// The lines of a ride or hop from each start.
fn lines_of<'p>(steps: &RuleSteps<'p>) -> Vec<Option<&'p [LineCell]>> {
    steps
        .starts
        .iter()
        .map(|s| match s {
            Some(Resolved::Ride { line, .. } | Resolved::Hop { line }) => Some(*line),
            _ => None,
        })
        .collect()
}

/// How a rule's lines are stored, from the plan's lines: the walk and its
/// tables (`Role::Table`, and `Role::Next` or `Role::Line`). `ranged`: the
/// walk may end after a number of cells (a hop's two loops cannot count
/// across them: lists instead).
fn plan_walk(
    ctx: &mut Ctx,
    pg: &PieceGen,
    about: &RuleAbout,
    lines: &[Option<&[LineCell]>],
    ranged: bool,
) -> (LineWalk, Vec<(Role, Ident)>) {
    let walk = lines::as_walk(lines).filter(|walk| ranged || walk.range.is_none());
    let Some(walk) = walk else {
        // Lines that are no one walk: stored as they are.
        let data = lines.iter().map(|l| l.unwrap_or(&[]).iter().map(|c| c.cell.index() as u16).collect()).collect();
        let doc = about.doc(ctx, pg, "the cells of its line from each cell");
        return (LineWalk::Lists, vec![(Role::Line, ctx.tables.lists(&about.table_name(ctx, pg, "LINE"), doc, data))]);
    };
    let doc = about.doc(ctx, pg, "the first cell of its line from each cell");
    let first = ctx.cell_table(&about.table_name(ctx, pg, "FIRST"), doc, walk.first);
    let doc = about.doc(ctx, pg, "the cell after each cell on its lines");
    let next = ctx.cell_table(&about.table_name(ctx, pg, "NEXT"), doc, walk.next);
    let (range, stop_at_start) = (walk.range, walk.stop_at_start);
    if first == next {
        (LineWalk::Table { range, stop_at_start }, vec![(Role::Table, first)])
    } else {
        (LineWalk::FirstNext { range, stop_at_start }, vec![(Role::Table, first), (Role::Next, next)])
    }
}

/// A rule's walk of its lines from `from`, its tables as `tables` names
/// them: a loop binding each cell to `to`, which one code or two
/// consecutive loops (a hop's) can run.
struct LineLoop<'t> {
    walk: LineWalk,
    tables: &'t [(Role, Ident)],
}

impl LineLoop<'_> {
    /// The statements before the first loop.
    fn init(&self) -> TokenStream {
        match self.walk {
            LineWalk::Table { .. } => quote!(let mut cell = from;),
            LineWalk::FirstNext { .. } => {
                let table = table(self.tables, Role::Table);
                quote!(let mut cell = #table[from];)
            }
            LineWalk::Lists => {
                let line = table(self.tables, Role::Line);
                quote!(let mut cells = #line[from].iter();)
            }
        }
    }

    /// The statement moving the walk on from `to` (run before `body` leaves
    /// a loop that another loop goes on from).
    fn advance(&self) -> TokenStream {
        match self.walk {
            LineWalk::Table { .. } => quote!(cell = to;),
            LineWalk::FirstNext { .. } => {
                let next = table(self.tables, Role::Next);
                quote!(cell = #next[to];)
            }
            LineWalk::Lists => quote!(),
        }
    }

    /// A loop running `body` on each cell `to`, then moving on, until `body`
    /// breaks; at the line's end it runs `end` (`break` to leave the loop).
    fn looping(&self, end: TokenStream, body: TokenStream) -> TokenStream {
        let (range, stop_at_start) = match self.walk {
            LineWalk::Lists => {
                return quote! {
                    loop {
                        let Some(&to) = cells.next() else { #end };
                        let to = to as usize;
                        #body
                    }
                }
            }
            LineWalk::Table { range, stop_at_start } | LineWalk::FirstNext { range, stop_at_start } => (range, stop_at_start),
        };
        let head = match range {
            None => quote!(loop),
            Some(n) => {
                let n = Literal::usize_unsuffixed(n);
                quote!(for _ in 0..#n)
            }
        };
        let home = stop_at_start.then(|| quote!(if to == from { #end }));
        let advance = self.advance();
        match self.walk {
            LineWalk::Table { .. } => {
                let table = table(self.tables, Role::Table);
                quote! {
                    #head {
                        let next = #table[cell];
                        if next == NONE {
                            #end
                        }
                        let to = next as usize;
                        #home
                        #body
                        #advance
                    }
                }
            }
            _ => quote! {
                #head {
                    if cell == NONE {
                        #end
                    }
                    let to = cell as usize;
                    #home
                    #body
                    #advance
                }
            },
        }
    }
}

/// Where a rule's piece may land on its lines: its mode, and the flags of
/// the cells it may land on, if not every cell.
fn plan_landing(ctx: &mut Ctx, pg: &PieceGen, about: &RuleAbout, lines: &[Option<&[LineCell]>]) -> Landing {
    let lands = lines::landing_flags(lines).map(|flags| {
        let doc = about.doc(ctx, pg, "the cells it may land on");
        ctx.tables.flags(&about.table_name(ctx, pg, "LANDS"), doc, flags)
    });
    Landing { mode: about.mode, lands }
}

/// A ride's tables: where it may land, its lines, and the starts whose line
/// comes round a ring to them (making a null move), if any.
fn plan_ride(ctx: &mut Ctx, pg: &PieceGen, about: &RuleAbout, steps: &RuleSteps) -> (Construct, Vec<(Role, Ident)>) {
    let lines = lines_of(steps);
    let landing = plan_landing(ctx, pg, about, &lines);
    let nulls: Vec<bool> = steps.starts.iter().map(|s| matches!(s, Some(Resolved::Ride { null_move: true, .. }))).collect();
    let (walk, tables) = plan_walk(ctx, pg, about, &lines, true);
    let round = nulls.contains(&true).then(|| {
        let doc = about.doc(ctx, pg, "whether its line from each cell comes round a ring to it");
        ctx.tables.flags(&about.table_name(ctx, pg, "ROUND"), doc, nulls)
    });
    (Construct::Ride { walk, landing, round }, tables)
}

/// A ride: along its line through empty cells, landing on each as the mode
/// allows and capturing at the first piece. A line that came round a ring to
/// its start with every cell empty (`round`) makes a null move, once however
/// many do.
fn print_ride(pg: &mut PieceGen, walk: LineWalk, landing: &Landing, round: Option<&Ident>, tables: &[(Role, Ident)]) -> TokenStream {
    let walk = LineLoop { walk, tables };
    let init = walk.init();
    let Some(round) = round else {
        let landing = landing_in_line(pg, landing, quote!(break;));
        let walk_line = walk.looping(quote!(break;), landing);
        return quote!(#init #walk_line);
    };
    pg.uses_null_move = true;
    // A piece met ends the line before it could come round.
    let landing = landing_in_line(pg, landing, quote!(break 'line;));
    let walk_line = walk.looping(quote!(break;), landing);
    quote! {
        'line: {
            #init
            #walk_line
            if #round[from] {
                null_move = true;
            }
        }
    }
}

/// A hop's tables: where it may land and its lines.
fn plan_hop(ctx: &mut Ctx, pg: &PieceGen, about: &RuleAbout, steps: &RuleSteps) -> (Construct, Vec<(Role, Ident)>) {
    let lines = lines_of(steps);
    let landing = plan_landing(ctx, pg, about, &lines);
    let (walk, tables) = plan_walk(ctx, pg, about, &lines, false);
    (Construct::Hop { walk, landing }, tables)
}

/// A hop: along its line to the first piece (the screen), over it, then on
/// as a ride.
fn print_hop(pg: &mut PieceGen, walk: LineWalk, landing: &Landing, tables: &[(Role, Ident)]) -> TokenStream {
    let walk = LineLoop { walk, tables };
    let init = walk.init();
    let advance = walk.advance();
    let to_screen = walk.looping(
        quote!(break 'hop;),
        quote!(if !board[to].is_empty() {
            #advance
            break;
        }),
    );
    let landing = landing_in_line(pg, landing, quote!(break;));
    let beyond = walk.looping(quote!(break;), landing);
    quote! {
        'hop: {
            #init
            #to_screen
            #beyond
        }
    }
}

/// Generated test: may a piece of `player` whose rule has `mode` land on `to`?
fn may_land(mode: Mode, player: PlayerId) -> TokenStream {
    let p = crate::codegen::player_token(player);
    match mode {
        Mode::Both => quote!(!board[to].is_of(#p)),
        Mode::MoveOnly => quote!(board[to].is_empty()),
        Mode::CaptureOnly => quote!(board[to].is_enemy_of(#p)),
    }
}

/// Groups `items` by `key`, groups in the order their first item comes.
fn group_by<T, K: PartialEq + Clone>(items: impl IntoIterator<Item = T>, key: impl Fn(&T) -> &K) -> Vec<(K, Vec<T>)> {
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
