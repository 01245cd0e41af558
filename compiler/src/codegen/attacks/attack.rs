//! Attack detection: the plan inverted (`vdl_runtime::plan::Attacks`), stored
//! as flat tables per target (see `attack_lists`) and walked by code made for
//! the lists the game has. For each target cell:
//!
//! * the lines (rides and hops) as chains of cells out from the target, each
//!   with the piece types that attack from there when the cells before are as
//!   the line needs (empty; for a hop, one screen among them). What attacks
//!   from a ride's first cell is listed with the leaps, which nothing blocks:
//!   a line's walk looks only for riders (and hoppers) beyond, and runs only
//!   where the attacker has one on the line (`riders`);
//! * the leaps by start cell, with what they need: nothing, a cell empty (one
//!   route of one cell), a cell without an ally (capturing leaps), or any of
//!   several routes empty.
//!
//! Everything the rules decide (ranges, rings, confinement, `when in` zones,
//! crossing conditions, null moves, the target counting as an enemy) was
//! decided by the plan; this module only chooses how to store it. Obligations
//! are applied on top of these functions (see `obligation`).

use crate::codegen::attacks::attack_lines::LineCode;
use crate::codegen::attacks::attack_lists::AttackLists;
use crate::codegen::emit::tables::doc_lines;
use crate::codegen::Ctx;
use proc_macro2::{Ident, TokenStream};
use quote::{quote, ToTokens};
use vdl_runtime::ir::PlayerId;
use vdl_runtime::plan::attacks::{Attacks, Needs, Node};
use vdl_runtime::plan::Span;
use vdl_runtime::state::piece_set::PieceSet;

/// The printed attack test, with whether it finds the cells an attack
/// depends on.
pub struct Attack {
    pub code: TokenStream,
    /// The module has `attack_cells`, which the engine's `check_cells` calls.
    pub finds_attack_cells: bool,
}

pub fn generate(ctx: &mut Ctx) -> Attack {
    let mut functions = TokenStream::new();
    let mut arms = Vec::new();
    let mut watch_arms = Vec::new();
    let mut leaps_arms = Vec::new();
    // With obligations, whether a piece attacks also depends on the
    // countdowns: the engine then tests attacks with `attacked_now`.
    let plain_attacks = !ctx.has_obligations();
    // Where the board's cells fit in bits, the walks read the cells the
    // attacker holds (`held`), or more: they skip the families and leaps
    // that attack the target from none of them.
    let held_bits = held_bits(ctx);
    let (held_param, held_arg) = attack_param_and_arg(ctx);
    let uses_pieces = attackers_as_bits(ctx).then(|| quote!(let _ = (board, pieces);));
    let mut riders_arms = Vec::new();
    // Where every attack's cells can be found along the tables as bits.
    let mut cells_arms = occupied_bits(ctx).then(Vec::new);
    for player in ctx.players() {
        let name = ctx.names.player_fn("attacked_by", player);
        let lists = lists_of(ctx, player);
        riders_arms.push(riders_arm(ctx, player, lists.rider_kinds()));
        // What the player attacks with, from the lists, decides which
        // functions have bodies.
        let (has_leaps, has_lines) = (lists.has_leaps(), lists.has_lines());
        let LineCode { attack: mut body, watch, leaps, leaps_blockable, reads_riders, reads_gate, cells } = lists.generate(ctx, player);
        let read = GatesRead { pieces: has_leaps || reads_gate, riders: reads_riders };
        match (cells, &mut cells_arms) {
            (Some(cells), Some(arms)) => {
                let (function, arm) = attack_cells_function(ctx, player, gated(ctx, cells, read));
                functions.extend(function);
                arms.push(arm);
            }
            _ => cells_arms = None,
        }
        if !has_leaps && !has_lines {
            body = quote!(let _ = (board, target #held_arg););
        } else {
            body = gated(ctx, body, read);
        }
        let (function, arm) = watch_leaps_function(ctx, player, has_leaps.then_some(leaps), leaps_blockable);
        functions.extend(function);
        leaps_arms.push(arm);
        let (watch_function, watch_arm) =
            watch_function(ctx, player, has_lines.then_some(watch), GatesRead { pieces: false, riders: reads_riders });
        functions.extend(watch_function);
        watch_arms.push(watch_arm);
        let who = &ctx.game.players[player.index()].name;
        let p = crate::codegen::player_token(player);
        // Hops whose screens are limited (`over not Cannon`) are walked
        // along the plan's tries, which know the screens' types.
        if ctx.plan.side(player).attacks().has_limited_hops() {
            body = quote! {
                if plan().side(#p).attacks().attacked_by_limited_hops(CellId::from_index(target), |cell| board[cell.index()]) {
                    return true;
                }
                #body
            };
        }
        let docs = if held_bits {
            doc_lines(&[
                format!("Could a piece of {who} capture an enemy piece on `target`, with {who}'s pieces on"),
                "no cells but `held` (as bits, or more)?".into(),
            ])
        } else {
            doc_lines(&[format!("Could a piece of {who} capture an enemy piece on `target`?")])
        };
        functions.extend(quote! {
            #docs
            fn #name(board: &Board, target: usize #held_param) -> bool {
                #uses_pieces
                #body
                false
            }
        });
        arms.push(quote!(#p => #name(board, target #held_arg),));
    }
    // With obligations, `attacked_now` answers for the engine.
    let dispatch = plain_attacks.then(|| {
        quote! {
            /// Could a piece of `by` capture an enemy piece on `target`?
            /// (`held`: see `attacked_by_*`.)
            fn attacked(board: &Board, target: usize, by: PlayerId #held_param) -> bool {
                match by {
                    #(#arms)*
                    _ => false,
                }
            }

        }
    });
    // The cells `by` holds, as bits, read once for all the royal's lines
    // from those the position keeps.
    let held = if held_bits {
        let held = held_by(quote!(by));
        quote!(let held = #held;)
    } else {
        quote!(let _ = pos;)
    };
    // The leaps' gates read no riders.
    let leaps_held = if held_bits {
        let cells = held_cells_of(quote!(by));
        let pieces = attackers_as_bits(ctx).then(|| quote!(let pieces = pos.piece_cells();));
        quote!(let held = vdl_runtime::gen::AttackerCells { held: #cells, riders: 0 }; #pieces)
    } else {
        quote!(let _ = pos;)
    };
    let occupied = occupied_bits(ctx).then(|| {
        let occupied = occupied_of_pos();
        quote!(let occupied = #occupied;)
    });
    let riders = held_bits.then(|| {
        quote! {
            /// The cells of `by`'s pieces of the types that attack along a
            /// line from beyond its first cell (riders, hoppers), as bits:
            /// the lines' gates read them.
            #[inline(always)]
            fn riders(pos: &Position, by: PlayerId) -> u128 {
                let _ = pos;
                match by {
                    #(#riders_arms)*
                    _ => 0,
                }
            }
        }
    });
    let finds_attack_cells = cells_arms.is_some();
    let attack_cells = cells_arms.map(|arms| {
        quote! {
            /// The cells the attacks of `by` on `target` depend on, as bits:
            /// those of each attacker and of the cells between (`held`,
            /// `occupied`: see `attacked_by_*`).
            fn attack_cells(board: &Board, target: usize, by: PlayerId #held_param) -> u128 {
                match by {
                    #(#arms)*
                    _ => 0,
                }
            }
        }
    });
    let code = quote! {
        #dispatch
        #riders
        #attack_cells

        /// Marks in `watch` the cells of `by`'s lines (rides and hops) out
        /// from `target` whose change could let a piece of `by` attack it
        /// (`vdl_runtime::gen::Influence::watch`). `true`, and the
        /// marks unfinished, if a line of `by` attacks `target`.
        fn watch_lines(pos: &Position, board: &Board, target: usize, by: PlayerId, watch: &mut Watch) -> bool {
            #held
            #occupied
            match by {
                #(#watch_arms)*
                _ => false,
            }
        }

        /// Marks in `watch` the cells that `by`'s leaps toward `target` need,
        /// of the leaps whose start holds a piece of `by` that makes them
        /// (`vdl_runtime::gen::Influence::watch`). `true`, and the
        /// marks unfinished, if such a leap is open: `by` attacks `target`.
        fn watch_leaps(pos: &Position, board: &Board, target: usize, by: PlayerId, watch: &mut Watch) -> bool {
            #leaps_held
            match by {
                #(#leaps_arms)*
                _ => false,
            }
        }

        #functions
    };
    Attack { code, finds_attack_cells }
}

/// Which of the attacker's cells some walks' gates read (see [`gated`]):
/// all its pieces' (`gate`, the leaps'), its riders' (`riders`, the
/// lines').
#[derive(Clone, Copy, Debug)]
struct GatesRead {
    pieces: bool,
    riders: bool,
}

/// The function finding the cells `player`'s attacks on a target depend
/// on (its body `cells`, gated), and its arm in `attack_cells`.
fn attack_cells_function(ctx: &Ctx, player: PlayerId, cells: TokenStream) -> (TokenStream, TokenStream) {
    let name = ctx.names.player_fn("attack_cells_of", player);
    let who = &ctx.game.players[player.index()].name;
    let docs = doc_lines(&[format!(
        "The cells the attacks of {who} on `target` depend on, as bits: those of each attacker and of the cells between."
    )]);
    let (held, held_arg) = attack_param_and_arg(ctx);
    let uses_pieces = attackers_as_bits(ctx).then(|| quote!(let _ = (board, pieces);));
    let p = crate::codegen::player_token(player);
    (
        quote! {
            #docs
            fn #name(board: &Board, target: usize #held) -> u128 {
                #uses_pieces
                let mut cells = 0u128;
                #cells
                cells
            }
        },
        quote!(#p => #name(board, target #held_arg),),
    )
}

/// What the leaps' gates read: all the attacker's pieces.
const LEAPS_READ: GatesRead = GatesRead { pieces: true, riders: false };

/// The arm of `riders` for `player`, whose types `kinds` (as bits) attack
/// along a line from beyond its first cell.
fn riders_arm(ctx: &mut Ctx, player: PlayerId, kinds: u128) -> TokenStream {
    let kinds: Vec<_> = ctx.game.piece_ids().filter(|kind| kinds >> kind.index() & 1 != 0).collect();
    let pieces: Vec<Ident> = kinds.into_iter().map(|kind| ctx.piece(kind, player)).collect();
    let cells = if pieces.is_empty() { quote!(0) } else { quote!(#(pos.piece_cells().of(#pieces, CELLS))|*) };
    let p = crate::codegen::player_token(player);
    quote!(#p => #cells,)
}

/// The function marking the cells that matter on `player`'s lines (its
/// body `walks`, whose gates read `read`; `None` without lines), and its
/// arm in `watch_lines`.
fn watch_function(ctx: &Ctx, player: PlayerId, walks: Option<TokenStream>, read: GatesRead) -> (TokenStream, TokenStream) {
    let name = ctx.names.player_fn("watch_lines_of", player);
    let docs = doc_lines(&[
        format!("Marks in `watch` the cells of {}'s lines out from `target` whose change could", ctx.game.players[player.index()].name),
        "let a piece attack along them (`vdl_runtime::gen::Influence::watch`).".into(),
        "`true`, and the marks unfinished, if a piece attacks `target` along a line.".into(),
    ]);
    let (held, held_arg) = line_param_and_arg(ctx);
    let body = match walks {
        None => quote!(let _ = (board, target, watch #held_arg);),
        Some(walks) => gated(ctx, walks, read),
    };
    watch_function_and_arm(player, &name, docs, (held, held_arg), body)
}

/// A watch function `name` of `player` (its `docs`, extra parameters and
/// arguments `held`, and `body`), and its arm in the player's dispatch.
fn watch_function_and_arm(
    player: PlayerId,
    name: &Ident,
    docs: TokenStream,
    (held, held_arg): (TokenStream, TokenStream),
    body: TokenStream,
) -> (TokenStream, TokenStream) {
    let p = crate::codegen::player_token(player);
    (
        quote! {
            #docs
            fn #name(board: &Board, target: usize, watch: &mut Watch #held) -> bool {
                #body
                false
            }
        },
        quote!(#p => #name(board, target, watch #held_arg),),
    )
}

/// `walks` (attack or watch code), after the attacker's cells (`held`) as
/// their gates `read` them where the cells fit in bits (see
/// [`gate_table`]): all its pieces' (`gate`), its riders' (`riders`).
fn gated(ctx: &Ctx, walks: TokenStream, read: GatesRead) -> TokenStream {
    if !held_bits(ctx) {
        return walks;
    }
    let word = gates_in_one_word(ctx).then(|| quote!(as u64));
    let pieces = read.pieces.then(|| quote!(let gate = held.held #word;));
    let riders = read.riders.then(|| quote!(let riders = held.riders #word;));
    quote!(#pieces #riders #walks)
}

/// The table of a gate of the attack tests and the watch: per target, the
/// cells `cells` from which some walk or leap could attack it, to be
/// tested against the attacker's cells (`gate`, see [`gated`]) before the
/// walk. One word per target on boards of up to 64 cells, where two would
/// need twice the loads and tests.
pub(crate) fn gate_table(ctx: &mut Ctx, name: &str, doc: String, cells: Vec<u128>) -> Ident {
    if gates_in_one_word(ctx) {
        ctx.tables.words(name, doc, cells.into_iter().map(|bits| bits as u64).collect())
    } else {
        ctx.tables.bits(name, doc, cells)
    }
}

/// Are the gates (see [`gate_table`]) one word? On boards of up to 64
/// cells: folded into one word on larger boards, they let too many walks
/// through.
pub(crate) fn gates_in_one_word(ctx: &Ctx) -> bool {
    ctx.cells_fit_one_word()
}

/// Do the attack tests and the watch walks read the cells the attacker
/// holds as bits (see `attack_lines::LineCode::add`)? Where the board's
/// cells fit in bits.
pub(crate) fn held_bits(ctx: &Ctx) -> bool {
    ctx.cells() <= vdl_runtime::state::occupancy::MAX_CELLS
}

/// Do the attack tests and the leaps' watch read the cells of each piece
/// (`pieces`, a `vdl_runtime::state::piece_cells::PieceCells`), to test the open
/// leaps and the rides as bits (see `attacker_bits`)? Where the board's
/// cells fit in one word, without obligations (whose attack test reads
/// copies of the board masked with stand-ins, which the pieces' cells do
/// not show). On larger boards each group costs two words, and the gate
/// that skips the loop over the leaps where the attacker holds none of
/// their origins saved more: Turn Qi ran 9 % more instructions with its
/// leaps as bits, and mispredicted more branches.
pub(crate) fn attackers_as_bits(ctx: &Ctx) -> bool {
    gates_in_one_word(ctx) && !ctx.has_obligations()
}

/// The parameter of the cells of each piece, `pieces`, and the argument
/// passing it on, where the open leaps are tested as bits.
fn pieces_param_and_arg(ctx: &Ctx) -> (TokenStream, TokenStream) {
    if attackers_as_bits(ctx) {
        (quote!(, pieces: &vdl_runtime::gen::PieceCells), quote!(, pieces))
    } else {
        (quote!(), quote!())
    }
}

/// The parameters of the attack tests after `target` (those of
/// [`line_param_and_arg`], then `pieces`), and the arguments passing them
/// on.
fn attack_param_and_arg(ctx: &Ctx) -> (TokenStream, TokenStream) {
    let (lines, lines_arg) = line_param_and_arg(ctx);
    let (pieces, pieces_arg) = pieces_param_and_arg(ctx);
    (quote!(#lines #pieces), quote!(#lines_arg #pieces_arg))
}

/// The last parameter of the attack and watch functions, `held`, and the
/// argument passing it on; nothing where the board's cells do not fit in
/// bits.
fn held_param_and_arg(ctx: &Ctx) -> (TokenStream, TokenStream) {
    if held_bits(ctx) {
        (quote!(, held: vdl_runtime::gen::AttackerCells), quote!(, held))
    } else {
        (quote!(), quote!())
    }
}

/// Do the attack tests and the watch walk the lines that run one way
/// through the cells' numbers as bits, finding the first piece on each
/// from the occupied cells (see `attack_lines`)? On boards whose cells fit
/// in one word (`vdl_runtime::state::occupancy::MAX_RIDE_CELLS`), without
/// obligations (whose attack test reads copies of the board masked with
/// stand-ins).
pub(crate) fn occupied_bits(ctx: &Ctx) -> bool {
    ctx.cells() <= vdl_runtime::state::occupancy::MAX_RIDE_CELLS && !ctx.has_obligations()
}

/// The parameters the attack tests and the lines' watch take after
/// `target`: `held` where the cells fit in bits, and `occupied`, the cells
/// of `board` that hold a piece, where the lines are walked as bits; with
/// the arguments passing them on.
fn line_param_and_arg(ctx: &Ctx) -> (TokenStream, TokenStream) {
    match (held_bits(ctx), occupied_bits(ctx)) {
        (true, true) => (quote!(, held: vdl_runtime::gen::AttackerCells, occupied: u128), quote!(, held, occupied)),
        _ => held_param_and_arg(ctx),
    }
}

/// The test that the enemy of `player` attacks `cell` (an expression) in
/// the position now, if there is an enemy: it reads `board`, and `pos`
/// with obligations or where the board's cells fit in bits (a swap's and a
/// castling's cells that may not be attacked).
pub(crate) fn attacked_now(ctx: &mut Ctx, player: PlayerId, cell: TokenStream) -> Option<TokenStream> {
    let enemy = player.opponent();
    if enemy.index() >= ctx.game.players.len() {
        return None;
    }
    Some(if ctx.has_obligations() {
        let attacked_by = crate::codegen::attacks::obligation::now_fn(ctx, enemy);
        quote!(#attacked_by(pos, board, #cell))
    } else {
        let attacked_by = ctx.names.player_fn("attacked_by", enemy);
        let args = line_args_of_pos(ctx, crate::codegen::player_token(enemy).into_token_stream());
        quote!(#attacked_by(board, #cell #args))
    })
}

/// The arguments the attack tests take after `target`, for a position's
/// own board: the cells `by` (an expression) holds and the occupied cells,
/// as the position keeps them, where the tests take them (see
/// [`line_param_and_arg`]).
pub(crate) fn line_args_of_pos(ctx: &Ctx, by: TokenStream) -> TokenStream {
    line_args(ctx, by, occupied_of_pos())
}

/// [`line_args_of_pos`] for the position's board with the cell `vacated`
/// (an expression) emptied: the occupied cells less that one. (`vacated`
/// holds no piece of `by`'s: what `by` holds is as the position keeps it.)
pub(crate) fn line_args_vacating(ctx: &Ctx, by: TokenStream, vacated: TokenStream) -> TokenStream {
    let occupied = occupied_of_pos();
    line_args(ctx, by, quote!(#occupied & !(1u128 << #vacated)))
}

/// The arguments the attack tests take after `target`: the cells `by`
/// holds, as the position keeps them, and `occupied` (an expression),
/// where the tests take them.
fn line_args(ctx: &Ctx, by: TokenStream, occupied: TokenStream) -> TokenStream {
    let held = held_bits(ctx).then(|| held_by(by)).map(|held| quote!(, #held));
    let occupied = occupied_bits(ctx).then(|| quote!(, #occupied));
    let pieces = attackers_as_bits(ctx).then(|| quote!(, pos.piece_cells()));
    quote!(#held #occupied #pieces)
}

/// The cells that hold a piece, as bits, as the position `pos` keeps them.
pub(crate) fn occupied_of_pos() -> TokenStream {
    quote!(pos.held_cells().occupied(CELLS))
}

/// The cells `player` (an expression) holds, as bits, from those the
/// position `pos` keeps, and those of its riders (see `riders`): what the
/// attack functions' `held` is given. On a
/// copy of the board after the other side's move, or one masked with
/// stand-ins on `player`'s own cells, they are still a superset.
pub(crate) fn held_by(player: TokenStream) -> TokenStream {
    let cells = held_cells_of(player.clone());
    quote!(vdl_runtime::gen::AttackerCells { held: #cells, riders: riders(pos, #player) })
}

/// The cells `player` (an expression) holds, as bits, as the position
/// `pos` keeps them.
fn held_cells_of(player: TokenStream) -> TokenStream {
    quote!(pos.held_cells().seen_by(#player, CELLS).own)
}

/// The watch of `player`'s leaps (`body`; `None` without leaps), and its
/// arm in `watch_leaps`. Where no leap can be blocked (`blockable` false),
/// nothing is marked.
fn watch_leaps_function(ctx: &Ctx, player: PlayerId, body: Option<TokenStream>, blockable: bool) -> (TokenStream, TokenStream) {
    let name = ctx.names.player_fn("watch_leaps_of", player);
    let who = &ctx.game.players[player.index()].name;
    let docs = doc_lines(&[
        format!("Marks in `watch` the cells that {who}'s leaps toward `target` need, of the leaps"),
        "whose start holds a piece that makes them. `true`, and the marks unfinished, if".into(),
        "such a leap is open.".into(),
    ]);
    let (held, held_arg) = held_param_and_arg(ctx);
    let (pieces, pieces_arg) = pieces_param_and_arg(ctx);
    let (held, held_arg) = (quote!(#held #pieces), quote!(#held_arg #pieces_arg));
    let body = match (body, blockable) {
        (None, _) => quote!(let _ = (board, target, watch #held_arg);),
        // The leaps tested as bits read neither the board nor the watch.
        (Some(body), false) => gated(ctx, quote!(let _ = (board, watch #pieces_arg); #body), LEAPS_READ),
        (Some(body), true) => {
            let pieces = attackers_as_bits(ctx).then(|| quote!(let _ = pieces;));
            gated(ctx, quote!(#pieces #body), LEAPS_READ)
        }
    };
    watch_function_and_arm(player, &name, docs, (held, held_arg), body)
}

/// The attacks of `player`'s pieces on every target, from the plan.
fn lists_of(ctx: &Ctx, player: PlayerId) -> AttackLists {
    let attacks = ctx.plan.side(player).attacks();
    let mut lists = AttackLists::new(ctx.cells());
    for cell in ctx.game.cell_ids() {
        let target = cell.index();
        for hop in [false, true] {
            let mut chains = Vec::new();
            chains_of(attacks, attacks.line_roots(cell, hop), &mut Vec::new(), &mut chains);
            for chain in chains {
                match chain.as_slice() {
                    // A ride's one cell: the piece there attacks if it is of
                    // a listed type, as a leap's would.
                    [only] if !hop => lists.add_open(target, only.cell.index(), only.attackers),
                    // So does the piece on its first cell where the walks
                    // have gates: a line's walk then looks only for riders
                    // beyond it, and runs only where the attacker has one.
                    // (Without gates the longer leap lists cost more:
                    // Ladies and Generals +1.5 %, Triaxial Qi +1.7 %.)
                    [first, ..] if !hop && held_bits(ctx) => {
                        lists.add_open(target, first.cell.index(), first.attackers);
                        let mut chain = chain.clone();
                        chain[0].attackers = PieceSet::EMPTY;
                        lists.add_line(target, hop, &chain)
                    }
                    _ => lists.add_line(target, hop, &chain),
                }
            }
        }
        for (leap, cells) in attacks.leaps(cell) {
            let from = leap.from.index();
            match leap.needs {
                Needs::NotOwn(cell) => lists.add_guarded(target, from, cell.index(), leap.attackers),
                Needs::Routes(routes) if routes.is_empty() => lists.add_open(target, from, leap.attackers),
                Needs::Routes(routes) if routes.end - routes.start == 1 && cells.len() == 1 => {
                    lists.add_blockable(target, from, cells[0].index(), leap.attackers)
                }
                Needs::Routes(_) => {
                    let routes: Vec<Vec<usize>> =
                        attacks.leap_routes(leap).map(|route| route.iter().map(|c| c.index()).collect()).collect();
                    lists.add_routed(target, from, &routes, leap.attackers);
                }
            }
        }
    }
    lists
}

/// Appends to `out` every path from the nodes of `span` out to a node with
/// no children (`path` holds the nodes before). Tries of boards that branch
/// (folded, wrapped) become several chains sharing their first cells; walking
/// each alone tests the same pieces.
fn chains_of(attacks: &Attacks, span: Span, path: &mut Vec<Node>, out: &mut Vec<Vec<Node>>) {
    for node in attacks.nodes(span) {
        path.push(*node);
        if node.children.is_empty() {
            out.push(path.clone());
        } else {
            chains_of(attacks, node.children, path, out);
        }
        path.pop();
    }
}
