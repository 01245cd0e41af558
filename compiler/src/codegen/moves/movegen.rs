//! Move generation: one function per piece type and player with every rule
//! unrolled (nine or more alike share a loop, see `walks`), and `generate`,
//! which runs each type's over the cells of its pieces (or, on boards too
//! large for the position to keep those, dispatches on each cell's piece). The
//! functions of pieces whose moves depend on more than the board (a swap that
//! asks about attacks under obligations, an obligation's countdown, a promotion
//! by proxy) also take the position.

use crate::codegen::attacks::obligation;
use crate::codegen::emit::tables::doc_lines;
use crate::codegen::emit::tables::SetTable;
use crate::codegen::moves::constructs::{self, describe_rule, RuleAbout};
use crate::codegen::moves::leap_sets::{self, SetStep};
use crate::codegen::moves::piece_gen::{OutcomeCode, PieceGen};
use crate::codegen::moves::promotion::Promotions;
use crate::codegen::moves::rule_steps::{Resolved, RuleSteps};
use crate::codegen::moves::set_moves;
use crate::codegen::moves::step_shifts::{self, StepShifts};
use crate::codegen::moves::walks::{self};
use crate::codegen::spec::generate_inputs::GenerateInputs;
use crate::codegen::spec::helpers::Helpers;
use crate::codegen::spec::rules::RuleEntry;
use crate::codegen::Ctx;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use vdl_runtime::ir::{CellId, Gate, MoveRule, PieceId, PlayerId};
use vdl_runtime::plan::Repeats;
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
                    Some(shifts) => {
                        inputs.position |= shifts.reads_position();
                        shifts.code(ctx, kind, player, quote!(pieces.of(#piece, CELLS)), &call)
                    }
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
    let shifts = sets.as_ref().filter(|_| rides.is_none() && !constructs::walks_while_unmoved(ctx, kind, player)).and_then(|sets| {
        let first_moves = first_moves(rules, &pg.repeats, &steps)?;
        step_shifts::of(&sets.steps(), &first_moves, pg.promotions.as_ref(), setup_count(ctx, kind, player))
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
        if let Some(entry) = constructs::plan_rule(ctx, &mut pg, &RuleAbout { index, rule, mode: steps.mode }, &steps, reads_back) {
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
    let walked = constructs::walked_while_unmoved(ctx, &mut pg, &mut docs);
    if sets_block.is_none() && entries.is_empty() && on_the_way.is_none() && walked.is_none() {
        return None;
    }
    // The piece's spec decided, its code printed.
    let mut blocks: Vec<TokenStream> = sets_block.map(|code| quote!({ #code })).into_iter().collect();
    blocks.extend(constructs::print_walks(ctx, &mut pg, walks::merge(entries)));
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
            #walked
        }
    };
    if pg.gives_plain {
        ctx.kind(kind);
    }
    Some(PieceFn { name, function, shifts, needs_pos: pg.needs_pos, needs_occupancy, helpers: pg.helpers })
}

/// The steps of a piece's rules left out of its sets (see `leap_sets`)
/// when all are first moves that sets could hold but for their gate (`when
/// unmoved`): a Pawn's double step. `None` when some other rule is left.
fn first_moves(rules: &[MoveRule], repeats: &[Repeats], steps: &[Option<RuleSteps>]) -> Option<Vec<SetStep>> {
    let mut first_moves = Vec::new();
    for ((rule, &repeats), steps) in rules.iter().zip(repeats).zip(steps) {
        let Some(steps) = steps else { continue };
        if rule.gate != Gate::Unmoved || repeats != Repeats::Never {
            return None;
        }
        first_moves.extend(leap_sets::set_steps(steps)?);
    }
    Some(first_moves)
}

/// How many pieces of `kind` `player` has in the game's setup.
fn setup_count(ctx: &Ctx, kind: PieceId, player: PlayerId) -> usize {
    let piece = Piece::new(kind, player);
    vdl_runtime::fen::parse_setup(ctx.game, &ctx.game.setup).map_or(0, |setup| setup.board.iter().filter(|&&p| p == piece).count())
}

/// How the moves of a piece get their versions that also promote another
/// piece by proxy (`vdl_runtime::plan::proxy::add`).
#[derive(Clone)]
pub(crate) struct ProxyCode {
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
    pub(crate) fn at_once(&self, to_cell: &TokenStream, emit: TokenStream) -> TokenStream {
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
        let blocks = constructs::print_walks(ctx, pg, walks::merge(self.entries));
        quote!({
            if #passed & occupancy.enemy != 0 {
                #(#blocks)*
            }
        })
    }
}
