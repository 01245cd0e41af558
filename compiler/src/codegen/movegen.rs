//! Move generation: one function per piece type and player with every rule
//! unrolled (nine or more alike share a loop, see `walks`), and `generate`,
//! which dispatches on the piece on each cell. The
//! functions of pieces whose moves depend on more than the board (a swap that
//! asks about attacks under obligations, an obligation's countdown, a promotion
//! by proxy) also take the position.

use super::names::describe_rule;
use super::obligation;
use super::promotion::Promotions;
use super::routes::{group_by, usable, Usable};
use super::tables::doc_lines;
use super::walks::{self, RuleCode};
use super::{any_route, Ctx, Helpers};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;
use std::rc::Rc;
use vdl_runtime::ir::{CellId, Crossing, DirId, Gate, Mode, MoveKind, MoveRule, PieceId, PlayerId, Route};
use vdl_runtime::plan::Repeats;

pub fn generate(ctx: &mut Ctx) -> TokenStream {
    let mut functions = TokenStream::new();
    let mut arms_by_player = Vec::new();
    for player in ctx.players() {
        let mut arms = Vec::new();
        for kind in PieceId::first(ctx.game.pieces.len()) {
            if let Some((name, function, needs_pos)) = piece_function(ctx, kind, player) {
                functions.extend(function);
                let piece = ctx.piece(kind, player);
                ctx.generate_needs_pos |= needs_pos;
                arms.push(if needs_pos {
                    quote!(#piece => #name(pos, board, from, out),)
                } else {
                    quote!(#piece => #name(board, from, out),)
                });
            }
        }
        let p = Literal::u8_unsuffixed(player);
        arms_by_player.push(if arms.is_empty() {
            quote!(#p => {})
        } else {
            quote! {
                #p => {
                    for from in 0..CELLS {
                        match board[from] {
                            #(#arms)*
                            _ => {}
                        }
                    }
                }
            }
        });
    }
    let unused = functions.is_empty().then(|| quote!(let _ = (board, out);));
    let pos = ctx.generate_needs_pos.then(|| quote!(pos: &Position,));
    quote! {
        /// Appends the pseudo-legal moves of `side`, drops apart.
        fn generate(#pos board: &Board, side: PlayerId, out: &mut Vec<Move>) {
            #unused
            match side {
                #(#arms_by_player)*
                _ => {}
            }
        }

        #functions
    }
}

/// Where the promotion outcome of a move comes from.
#[derive(Clone)]
enum Outcome {
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
}

impl PieceGen {
    /// Statements appending the move from `from` to `to_cell`, also capturing
    /// on `via` if given, with its promotions.
    fn emit(&mut self, to_cell: TokenStream, via: Option<TokenStream>, outcome: Outcome) -> TokenStream {
        let emit = self.emit_once(to_cell.clone(), via.clone(), outcome);
        if !self.checking {
            return self.inside_bound(&to_cell, emit);
        }
        let extra = match via {
            None => quote!(NO_CELL),
            Some(via) => quote!(CellId(#via as u16)),
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
    /// caller tests the zone an obligation may bind the piece to).
    fn emit_swap(&mut self) -> TokenStream {
        let emit = quote!(out.push(Move::swapping(CellId(from as u16), CellId(to as u16))););
        if !self.checking {
            return emit;
        }
        quote! {
            if !out[first..].iter().any(|m| m.swap && m.to.index() == to) {
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

    fn emit_once(&mut self, to_cell: TokenStream, via: Option<TokenStream>, outcome: Outcome) -> TokenStream {
        let outcome = match (&self.promotions, outcome) {
            (None, _) | (_, Outcome::Fixed(0)) => None,
            (Some(_), outcome) => Some(outcome),
        };
        let Some(outcome) = outcome else {
            self.helpers.push |= via.is_none();
            return match via {
                None => quote!(push(out, from, #to_cell);),
                Some(via) => quote! {
                    out.push(Move::new(CellId(from as u16), CellId(#to_cell as u16)).capturing_on_the_way(CellId(#via as u16)));
                },
            };
        };
        let promotions = self.promotions.as_ref().expect("a promoting piece");
        let helper = promotions.helper.clone();
        let pos = promotions.needs_pos().then(|| quote!(pos,));
        self.needs_pos |= pos.is_some();
        let outcome = match outcome {
            Outcome::Fixed(n) => {
                let n = Literal::u8_unsuffixed(n);
                quote!(#n)
            }
            Outcome::ByStart(table) => quote!(#table[from]),
            Outcome::ByDestination => {
                self.uses_row = true;
                quote!(promotion[#to_cell])
            }
        };
        self.helpers.new_move = true;
        let mv = match via {
            None => quote!(new_move(from, #to_cell)),
            Some(via) => quote!(new_move(from, #to_cell).capturing_on_the_way(CellId(#via as u16))),
        };
        quote!(#helper(#pos out, #mv, #outcome);)
    }

    /// The outcome of the moves of a rule whose destination from each start
    /// cell of `domain` is `dest[from]`: fixed, or a table by start cell.
    fn fixed_outcome(&self, ctx: &mut Ctx, index: usize, suffix: &str, rule: &MoveRule, dest: &[Option<usize>]) -> Outcome {
        let Some(promotions) = &self.promotions else { return Outcome::Fixed(0) };
        let outcomes: Vec<u8> = dest.iter().enumerate().map(|(from, to)| to.map_or(0, |to| promotions.outcome(from, to))).collect();
        let mut seen = dest.iter().zip(&outcomes).filter(|(to, _)| to.is_some()).map(|(_, &o)| o);
        let first = seen.next().unwrap_or(0);
        if seen.all(|o| o == first) {
            return Outcome::Fixed(first);
        }
        let name =
            format!("{}_{}_PROMOTION_{}{}", ctx.names.pieces[self.kind.index()], ctx.names.players[self.player as usize], index, suffix);
        let doc = format!(
            "{}, rule {}: {}; the promotion outcome of its move from each cell.",
            ctx.piece_label(self.kind, self.player),
            index,
            describe_rule(ctx.game, rule)
        );
        Outcome::ByStart(ctx.tables.bytes(&name, doc, outcomes))
    }
}

/// The function generating the moves of `kind` for `player`, or `None` when it
/// can never move.
fn piece_function(ctx: &mut Ctx, kind: PieceId, player: PlayerId) -> Option<(Ident, TokenStream, bool)> {
    let game = ctx.game;
    let rules = game.pieces[kind].moves.get(player as usize)?;
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
    };
    let mut blocks = Vec::new();
    let mut docs = vec![format!("Moves of the {} from `from`:", ctx.piece_label(kind, player))];
    let mut checks = false;
    let mut left_out = Vec::new();
    for (index, rule) in rules.iter().enumerate() {
        if pg.repeats[index] == Repeats::Always {
            left_out.push(describe_rule(game, rule));
            continue;
        }
        pg.checking = pg.repeats[index] == Repeats::Maybe;
        if let Some(block) = rule_block(ctx, &mut pg, index, rule) {
            let again = if pg.checking { " (it may reach a destination an earlier rule gave: each is given once)" } else { "" };
            checks |= pg.checking;
            docs.push(format!("{}. {}{again}", blocks.len() + 1, describe_rule(game, rule)));
            blocks.push(block);
        }
    }
    pg.checking = false;
    let proxy = proxy(ctx, &mut pg);
    let first = (checks || proxy.is_some()).then(|| quote!(let first = out.len();));
    if !left_out.is_empty() {
        docs.push(String::new());
        docs.push(format!("Left out, as they only repeat an earlier rule: {}.", left_out.join("; ")));
    }
    if blocks.is_empty() {
        return None;
    }
    let blocks = walks::merge(blocks);
    let confined = game.pieces[kind].confined;
    if let Some(zone) = confined {
        docs.push(String::new());
        docs.push(format!("Confined to zone `{}`.", game.zones[zone].name));
    }
    let null_move = pg.uses_null_move.then(|| {
        docs.push(String::new());
        docs.push("A ride that comes back round a ring to `from` makes a null move, only one however many do.".into());
        let inside = ctx.zone_flags(confined, player).map(|z| quote!(&& #z[from]));
        let emit = pg.emit(quote!(from), None, Outcome::ByDestination);
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
    if proxy.is_some() {
        docs.push(String::new());
        docs.push("Its moves may also promote another piece by proxy (`vdl_runtime::proxy::add`).".into());
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
    let name = ctx.names.piece_fn("moves", kind, player);
    let docs = doc_lines(&docs);
    let pos = pg.needs_pos.then(|| quote!(pos: &Position,));
    let function = quote! {
        #docs
        #[inline]
        fn #name(#pos board: &Board, from: usize, out: &mut Vec<Move>) {
            #promotion
            #bound
            #null_init
            #first
            #(#blocks)*
            #null_move
            #proxy
        }
    };
    ctx.helpers = ctx.helpers.union(pg.helpers);
    Some((name, function, pg.needs_pos))
}

/// The loop calling `vdl_runtime::proxy::add` on each move of the piece, where
/// a promotion by proxy may apply to it, or `None` if none ever can.
fn proxy(ctx: &mut Ctx, pg: &mut PieceGen) -> Option<TokenStream> {
    let game = ctx.game;
    let (kind, player) = (pg.kind, pg.player);
    let rules: Vec<_> = game.rules.proxy_promotions.iter().filter(|r| r.movers.contains(&kind)).collect();
    if rules.is_empty() {
        return None;
    }
    // The destinations of moves that may trigger one.
    let cells = ctx.cells();
    let flags: Vec<bool> = (0..cells)
        .map(|to| rules.iter().any(|r| (0..cells).any(|from| r.trigger.applies(game, player, CellId(from as u16), CellId(to as u16)))))
        .collect();
    if !flags.contains(&true) {
        return None;
    }
    pg.needs_pos = true;
    let test = if flags.contains(&false) {
        let name = format!("{}_{}_PROXY", ctx.names.pieces[kind.index()], ctx.names.players[player as usize]);
        let doc = format!("{}: the destinations of its moves that may also promote another piece by proxy.", ctx.piece_label(kind, player));
        let table = ctx.tables.flags(&name, doc, flags);
        Some(quote!(if #table[mv.to.index()]))
    } else {
        None
    };
    let piece = ctx.piece(kind, player);
    let call = quote!(vdl_runtime::proxy::add(game(), pos, #piece, mv, out););
    let body = match test {
        Some(test) => quote!(#test { #call }),
        None => call,
    };
    Some(quote! {
        for i in first..out.len() {
            let mv = out[i];
            #body
        }
    })
}

fn rule_block(ctx: &mut Ctx, pg: &mut PieceGen, index: usize, rule: &MoveRule) -> Option<RuleCode> {
    let player = pg.player;
    if (0..ctx.cells()).all(|cell| !ctx.in_zone(rule.only_in, player, cell)) {
        return None;
    }
    // Castling is walked from the plan by the runtime (`vdl_runtime::gated`);
    // other rules of unmoved pieces are guarded here.
    if rule.gate == Gate::Unmoved {
        let code = ungated_block(ctx, pg, index, rule)?;
        pg.needs_pos = true;
        let guard = |code: TokenStream| quote!(if pos.is_unmoved(CellId(from as u16)) { #code });
        return Some(match code {
            RuleCode::Plain(code) => RuleCode::Plain(guard(code)),
            RuleCode::Shared { tables, code } => RuleCode::Shared { tables, code: guard(code) },
        });
    }
    ungated_block(ctx, pg, index, rule)
}

/// The code of a rule, whatever its gate.
fn ungated_block(ctx: &mut Ctx, pg: &mut PieceGen, index: usize, rule: &MoveRule) -> Option<RuleCode> {
    let player = pg.player;
    match &rule.kind {
        MoveKind::Ride { range: Some(0), .. } | MoveKind::Castle { .. } => None,
        // A step that comes back to its start at once is a null move: a ride.
        MoveKind::Ride { dir, range: Some(1), circuit }
            if !(*circuit && (0..ctx.cells()).any(|c| ctx.dirs[dir.index()].forward[c] == Some(c))) =>
        {
            jump(ctx, pg, index, rule, *dir, &[])
        }
        MoveKind::CapturingLeap { target, via, crossing } => {
            capturing_leap(ctx, pg, index, rule, (*target, *via), *crossing).map(RuleCode::Plain)
        }
        MoveKind::Leap { target, routes } => jump(ctx, pg, index, rule, *target, routes),
        MoveKind::Ride { dir, range, circuit } => {
            let tables = vec![ctx.dir_table(*dir)];
            let line = line(ctx, pg, rule, *dir, *range, *circuit, &walks::name(0));
            Some(RuleCode::Shared { tables, code: guard_zone(ctx, rule, player, line) })
        }
        MoveKind::Hop { dir } => {
            let tables = vec![ctx.dir_table(*dir)];
            let hop = hop(ctx, pg, rule, *dir, &walks::name(0));
            Some(RuleCode::Shared { tables, code: guard_zone(ctx, rule, player, hop) })
        }
        MoveKind::Swap { dir, with, unattacked } => swap(ctx, pg, index, rule, *dir, with, *unattacked).map(RuleCode::Plain),
    }
}

/// A swap with the friend one `dir` away, if it is of a `with` type allowed on
/// `from` and, with `unattacked`, neither cell is attacked.
fn swap(
    ctx: &mut Ctx,
    pg: &mut PieceGen,
    index: usize,
    rule: &MoveRule,
    dir: DirId,
    with: &[PieceId],
    unattacked: bool,
) -> Option<TokenStream> {
    let game = ctx.game;
    let player = pg.player;
    let confined = game.pieces[pg.kind].confined;
    // A swap with the piece itself (a direction coming straight back) is a move
    // too, as in the interpreter.
    let data: Vec<Option<usize>> = (0..ctx.cells())
        .map(|from| {
            let to = ctx.dirs[dir.index()].forward[from]?;
            (ctx.in_zone(rule.only_in, player, from) && ctx.in_zone(confined, player, to)).then_some(to)
        })
        .collect();
    if data.iter().all(Option::is_none) {
        return None;
    }
    let mut kinds: Vec<PieceId> = Vec::new();
    for &k in with {
        let zone = game.pieces[k].confined;
        if !kinds.contains(&k) && (0..ctx.cells()).any(|c| ctx.in_zone(zone, player, c)) {
            kinds.push(k);
        }
    }
    if kinds.is_empty() {
        return None;
    }
    // The friend must be allowed on `from` too.
    let friends: Vec<TokenStream> = kinds
        .iter()
        .map(|&k| {
            let piece = ctx.piece(k, player);
            match ctx.zone_flags(game.pieces[k].confined, player) {
                Some(zone) => quote!((friend == #piece && #zone[from])),
                None => quote!(friend == #piece),
            }
        })
        .collect();
    let enemy = player ^ 1;
    let safe = (unattacked && (enemy as usize) < game.players.len()).then(|| {
        if ctx.has_obligations() {
            pg.needs_pos = true;
            let attacked_by = obligation::now_fn(ctx, enemy);
            quote!(&& !#attacked_by(pos, board, from) && !#attacked_by(pos, board, to))
        } else {
            let attacked_by = ctx.names.player_fn("attacked_by", enemy);
            quote!(&& !#attacked_by(board, from) && !#attacked_by(board, to))
        }
    });
    let name = format!("{}_{}_SWAP_{}", ctx.names.pieces[pg.kind.index()], ctx.names.players[player as usize], index);
    let doc = format!(
        "{}, rule {}: {}; the cell of the friend from each cell.",
        ctx.piece_label(pg.kind, player),
        index,
        describe_rule(game, rule)
    );
    let table = ctx.cell_table(&name, doc, data);
    let emit = pg.emit_swap();
    // Cheap tests first: the attacks last.
    let bound = pg.bound.then(|| quote!(&&bound.is_none_or(|zone| zone[to])));
    Some(quote! {
        let to = #table[from];
        if to != NONE {
            let to = to as usize;
            let friend = board[to];
            if (#(#friends)||*) #bound #safe {
                #emit
            }
        }
    })
}

/// Wraps `body` in the test of the rule's `only_in` zone.
fn guard_zone(ctx: &mut Ctx, rule: &MoveRule, player: PlayerId, body: TokenStream) -> TokenStream {
    match ctx.zone_flags(rule.only_in, player) {
        Some(zone) => quote!(if #zone[from] { #body }),
        None => body,
    }
}

/// A leap, or a single step: one table lookup, with everything that does not
/// depend on the position folded into the table. Starts whose moves may use
/// different routes (by crossing a zone's boundary or not) get a table each.
/// With one table, the code is shared with rules alike (see `walks`).
fn jump(ctx: &mut Ctx, pg: &mut PieceGen, index: usize, rule: &MoveRule, target: DirId, routes: &[Route]) -> Option<RuleCode> {
    let player = pg.player;
    let confined = ctx.game.pieces[pg.kind].confined;
    let dirs = Rc::clone(&ctx.dirs);
    let forward = &dirs[target.index()].forward;
    let route_cells =
        |route: &[DirId], from: usize| -> Option<Vec<usize>> { route.iter().map(|&d| dirs[d.index()].forward[from]).collect() };
    // A route is closed for good if a cell is off the board or is the start
    // (which holds the moving piece).
    let maybe_open = |route: &[DirId], from: usize| route_cells(route, from).is_some_and(|cells| !cells.contains(&from));
    // The starts with a destination, each with the routes it may use.
    let starts: Vec<(usize, usize, Usable)> = (0..ctx.cells())
        .filter_map(|from| {
            let to = forward[from]?;
            let usable = usable(ctx.game, player, routes, from, to);
            let ok = to != from
                && ctx.in_zone(rule.only_in, player, from)
                && ctx.in_zone(confined, player, to)
                && !usable.is_impossible()
                && (usable == Usable::Always || usable.routes().iter().any(|r| maybe_open(r, from)));
            ok.then_some((from, to, usable))
        })
        .collect();
    let groups = group_by(starts, |(_, _, usable)| usable);
    let several = groups.len() > 1;
    let mut blocks = Vec::new();
    for (group, (usable, starts)) in groups.iter().enumerate() {
        let routes = usable.routes();
        let mut data: Vec<Option<usize>> = vec![None; ctx.cells()];
        for &(from, to, _) in starts {
            data[from] = Some(to);
        }
        let domain: Vec<usize> = starts.iter().map(|&(from, _, _)| from).collect();
        // Routes open somewhere, each with its cells and whether a cell can be
        // off the board from a start in the table.
        let mut route_tests = Vec::new();
        for route in routes {
            if !domain.iter().any(|&from| maybe_open(route, from)) {
                continue;
            }
            let cells: Vec<TokenStream> = route
                .iter()
                .map(|&d| {
                    let may_be_off = domain.iter().any(|&from| dirs[d.index()].forward[from].is_none());
                    let table = ctx.dir_table(d);
                    if may_be_off {
                        quote!({
                            let r = #table[from];
                            r != NONE && board[r as usize].is_empty()
                        })
                    } else {
                        quote!(board[#table[from] as usize].is_empty())
                    }
                })
                .collect();
            route_tests.push(cells);
        }
        let routes_test = if routes.is_empty() { quote!() } else { any_route(route_tests) };
        let suffix = if several { format!("_{}", group + 1) } else { String::new() };
        let name = format!("{}_{}_TO_{}{}", ctx.names.pieces[pg.kind.index()], ctx.names.players[player as usize], index, suffix);
        let which = if several { format!(" (starts whose moves may use {})", describe_routes(ctx, usable)) } else { String::new() };
        let doc = format!(
            "{}, rule {}: {}; the destination from each cell{which}.",
            ctx.piece_label(pg.kind, player),
            index,
            describe_rule(ctx.game, rule)
        );
        // The code reads its tables by the names of `walks`.
        let mut tables = vec![];
        let outcome = match pg.fixed_outcome(ctx, index, &suffix, rule, &data) {
            Outcome::ByStart(table) => {
                tables.push(table);
                Outcome::ByStart(walks::name(1))
            }
            outcome => outcome,
        };
        tables.insert(0, ctx.cell_table(&name, doc, data));
        let table = walks::name(0);
        let landing = may_land(rule.mode, player);
        let emit = pg.emit(quote!(to), None, outcome);
        let block = quote! {
            let to = #table[from];
            if to != NONE #routes_test {
                let to = to as usize;
                if #landing {
                    #emit
                }
            }
        };
        blocks.push((tables, block));
    }
    match blocks.as_slice() {
        [] => None,
        [(tables, code)] => Some(RuleCode::Shared { tables: tables.clone(), code: code.clone() }),
        _ => {
            let blocks = blocks.iter().map(|(tables, code)| walks::bind(code, tables));
            Some(RuleCode::Plain(quote!(#({ #blocks })*)))
        }
    }
}

/// The routes of a group, in words.
fn describe_routes(ctx: &Ctx, usable: &Usable) -> String {
    match usable {
        Usable::Always => "no route: nothing blocks them".to_string(),
        Usable::Routes(routes) => {
            let routes: Vec<String> = routes
                .iter()
                .map(|cells| cells.iter().map(|&d| super::names::vector(ctx.game, d)).collect::<Vec<_>>().join(" and "))
                .collect();
            format!("the route{} through {}", if routes.len() == 1 { "" } else { "s" }, routes.join(", or "))
        }
    }
}

/// A capturing leap: like a leap over one cell that must be empty, except that
/// an enemy piece there is captured too (the move then captures even onto an
/// empty destination).
/// A capturing leap: `dirs` are its destination's and the passed cell's.
fn capturing_leap(
    ctx: &mut Ctx,
    pg: &mut PieceGen,
    index: usize,
    rule: &MoveRule,
    (target, via_dir): (DirId, DirId),
    crossing: Option<Crossing>,
) -> Option<TokenStream> {
    let player = pg.player;
    let game = ctx.game;
    let confined = game.pieces[pg.kind].confined;
    let dirs = Rc::clone(&ctx.dirs);
    // The cell passed holding the moving piece blocks the leap for good.
    let data: Vec<Option<usize>> = (0..ctx.cells())
        .map(|from| {
            let to = dirs[target.index()].forward[from]?;
            let via = dirs[via_dir.index()].forward[from]?;
            let ok = to != from
                && via != from
                && ctx.in_zone(rule.only_in, player, from)
                && ctx.in_zone(confined, player, to)
                && crossing.is_none_or(|c| c.allows(game, player, CellId(from as u16), CellId(to as u16)));
            ok.then_some(to)
        })
        .collect();
    if data.iter().all(Option::is_none) {
        return None;
    }
    let name = format!("{}_{}_TO_{}", ctx.names.pieces[pg.kind.index()], ctx.names.players[player as usize], index);
    let doc =
        format!("{}, rule {}: {}; the destination from each cell.", ctx.piece_label(pg.kind, player), index, describe_rule(game, rule));
    let outcome = pg.fixed_outcome(ctx, index, "", rule, &data);
    let table = ctx.cell_table(&name, doc, data);
    let via_table = ctx.dir_table(via_dir);
    let p = Literal::u8_unsuffixed(player);
    let landing = may_land(rule.mode, player);
    let plain = pg.emit(quote!(to), None, outcome.clone());
    let capture = (rule.mode != Mode::MoveOnly).then(|| {
        let emit = pg.emit(quote!(to), Some(quote!(via)), outcome);
        quote! {
            else if passed.owner() != #p && !board[to].is_of(#p) {
                #emit
            }
        }
    });
    Some(quote! {
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
    })
}

/// The statements landing on `to` inside a line walk: empty cells continue the
/// line, anything else ends it.
fn landing_in_line(ctx: &mut Ctx, pg: &mut PieceGen, mode: Mode) -> TokenStream {
    let player = pg.player;
    let confined = ctx.zone_flags(ctx.game.pieces[pg.kind].confined, player);
    let p = Literal::u8_unsuffixed(player);
    let inside = confined.as_ref().map(|z| quote!(&& #z[to]));
    let emit_quiet = (mode != Mode::CaptureOnly).then(|| pg.emit(quote!(to), None, Outcome::ByDestination));
    let quiet = match (&confined, emit_quiet) {
        (_, None) => None,
        (Some(z), Some(emit)) => Some(quote!(if #z[to] { #emit })),
        (None, Some(emit)) => Some(emit),
    };
    let capture = (mode != Mode::MoveOnly).then(|| {
        let emit = pg.emit(quote!(to), None, Outcome::ByDestination);
        quote!(if piece.owner() != #p #inside { #emit })
    });
    match quiet {
        Some(quiet) => quote! {
            let piece = board[to];
            if piece.is_empty() {
                #quiet
            } else {
                #capture
                break;
            }
        },
        None => quote! {
            let piece = board[to];
            if !piece.is_empty() {
                #capture
                break;
            }
        },
    }
}

/// A ride: along `dir`, whose table the code reads as `table`, through empty
/// cells. Coming back round a ring to its start ends it, as a null move when
/// it is a circuit.
fn line(ctx: &mut Ctx, pg: &mut PieceGen, rule: &MoveRule, dir: DirId, range: Option<u32>, circuit: bool, table: &Ident) -> TokenStream {
    let back_home = ctx.dirs[dir.index()].returns.then(|| {
        if circuit && rule.mode != Mode::CaptureOnly {
            pg.uses_null_move = true;
            quote!(if to == from {
                null_move = true;
                break;
            })
        } else {
            quote!(if to == from {
                break;
            })
        }
    });
    let landing = landing_in_line(ctx, pg, rule.mode);
    let landings = landings(super::ride_head(range), table, back_home, landing);
    quote! {
        let mut cell = from;
        #landings
    }
}

/// The loop over the cells a line lands on: from `cell` along `table` (one
/// turn per cell under `head`), on a ring first `back_home`, then `landing`.
fn landings(head: TokenStream, table: &Ident, back_home: Option<TokenStream>, landing: TokenStream) -> TokenStream {
    quote! {
        #head {
            let next = #table[cell];
            if next == NONE {
                break;
            }
            let to = next as usize;
            #back_home
            #landing
            cell = to;
        }
    }
}

/// A hop: along `dir`, whose table the code reads as `table`, to the first
/// piece, over it, then on as a ride.
fn hop(ctx: &mut Ctx, pg: &mut PieceGen, rule: &MoveRule, dir: DirId, table: &Ident) -> TokenStream {
    let returns = ctx.dirs[dir.index()].returns;
    let screen_home = returns.then(|| {
        quote!(if cell == from {
            break 'hop;
        })
    });
    let back_home = returns.then(|| {
        quote!(if to == from {
            break;
        })
    });
    let landing = landing_in_line(ctx, pg, rule.mode);
    let to_screen = super::walk_to(table, quote!(break 'hop;), quote!(), quote!(#screen_home), quote!(!board[cell].is_empty()));
    let beyond = landings(super::ride_head(None), table, back_home, landing);
    quote! {
        'hop: {
            let mut cell = from;
            #to_screen
            #beyond
        }
    }
}

/// Generated test: may a piece of `player` whose rule has `mode` land on `to`?
fn may_land(mode: Mode, player: PlayerId) -> TokenStream {
    let p = Literal::u8_unsuffixed(player);
    match mode {
        Mode::Both => quote!(!board[to].is_of(#p)),
        Mode::MoveOnly => quote!(board[to].is_empty()),
        Mode::CaptureOnly => quote!(board[to].is_enemy_of(#p)),
    }
}
