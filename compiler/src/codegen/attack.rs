//! Attack detection, looking outwards from the target cell: for leaps and steps
//! the cells they could come from are tabled per target; rides and hops walk
//! backwards from the target, once per direction for all pieces riding or
//! hopping along it. Directions that are not one-to-one (two cells reaching the
//! same cell) cannot be walked backwards; their rides and hops are checked
//! forwards from every piece that has them.
//!
//! As in the interpreter, the target counts as holding an enemy piece: it blocks
//! routes and rays, and a rule can reach it only by capturing, so rules that
//! only move never attack. A capturing leap attacks both its destination and
//! the cell it passes. A null move reaches only its own cell, which matters only
//! when asked about a cell holding the attacker's own piece: the interpreter
//! then counts it too. Swaps never capture, so never attack. Obligations are
//! applied on top of these functions (see `obligation`).

use super::jump_lists::JumpLists;
use super::names::describe_rule;
use super::routes::{group_by, usable, Usable};
use super::tables::doc_lines;
use super::{any_route, Ctx};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;
use std::collections::BTreeMap;
use std::rc::Rc;
use vdl_runtime::ir::{Crossing, DirId, Mode, MoveKind, MoveRule, PieceId, PlayerId, Route, ZoneId};

/// A ride or hop rule seen from its target.
struct LineRule {
    kind: PieceId,
    /// `None`: any distance (always for hops).
    range: Option<u32>,
    only_in: Option<ZoneId>,
}

#[derive(Default)]
struct Lines {
    rides: Vec<LineRule>,
    hops: Vec<LineRule>,
}

pub fn generate(ctx: &mut Ctx) -> TokenStream {
    let mut functions = TokenStream::new();
    let mut arms = Vec::new();
    for player in ctx.players() {
        let name = ctx.names.player_fn("attacked_by", player);
        let mut body = attacks_of(ctx, player);
        if body.is_empty() {
            body = quote!(let _ = (board, target););
        }
        let docs = doc_lines(&[format!("Could a piece of {} capture an enemy piece on `target`?", ctx.game.players[player as usize].name)]);
        functions.extend(quote! {
            #docs
            fn #name(board: &Board, target: usize) -> bool {
                #body
                false
            }
        });
        let p = Literal::u8_unsuffixed(player);
        arms.push(quote!(#p => #name(board, target),));
    }
    // With obligations, `attacked_now` answers for the engine.
    let dispatch = (!ctx.has_obligations()).then(|| {
        quote! {
            /// Could a piece of `by` capture an enemy piece on `target`?
            fn attacked(board: &Board, target: usize, by: PlayerId) -> bool {
                match by {
                    #(#arms)*
                    _ => false,
                }
            }
        }
    });
    quote! {
        #dispatch

        #functions
    }
}

/// The body of `attacked_by_*` for `player`.
fn attacks_of(ctx: &mut Ctx, player: PlayerId) -> TokenStream {
    let game = ctx.game;
    let mut jumps = TokenStream::new();
    let n = ctx.cells();
    let mut lists = JumpLists::new(n);
    let mut lines: BTreeMap<DirId, Lines> = BTreeMap::new();
    let mut forward = TokenStream::new();
    let mut null_moves = TokenStream::new();
    for kind in game.piece_ids() {
        let Some(rules) = game.pieces[kind].moves.get(player as usize) else { continue };
        let confined = game.pieces[kind].confined;
        if (0..ctx.cells()).all(|cell| !ctx.in_zone(confined, player, cell)) {
            continue;
        }
        for (index, rule) in rules.iter().enumerate() {
            let nowhere = (0..ctx.cells()).all(|cell| !ctx.in_zone(rule.only_in, player, cell));
            if nowhere {
                continue;
            }
            if let MoveKind::Ride { dir, range, circuit: true } = rule.kind {
                if rule.mode != Mode::CaptureOnly {
                    null_moves.extend(null_move(ctx, kind, player, index, rule, dir, range));
                }
            }
            if rule.mode == Mode::MoveOnly || matches!(rule.kind, MoveKind::Swap { .. }) {
                continue;
            }
            match &rule.kind {
                MoveKind::Ride { range: Some(0), .. } => {}
                MoveKind::Ride { dir, range: Some(1), .. } => {
                    jumps.extend(jump(ctx, &mut lists, kind, player, index, rule, *dir, &[], true));
                }
                MoveKind::CapturingLeap { target, via, crossing } => {
                    capturing_jump(ctx, &mut lists, (kind, player), rule, (*target, *via), *crossing);
                }
                MoveKind::Leap { target, routes } => {
                    jumps.extend(jump(ctx, &mut lists, kind, player, index, rule, *target, routes, false));
                }
                MoveKind::Ride { dir, range, .. } if !ctx.dirs[dir.index()].injective => {
                    forward.extend(forward_line(ctx, kind, player, rule, *dir, *range, false));
                }
                MoveKind::Hop { dir } if !ctx.dirs[dir.index()].injective => {
                    forward.extend(forward_line(ctx, kind, player, rule, *dir, None, true));
                }
                MoveKind::Ride { dir, range, .. } => {
                    let line = LineRule { kind, range: *range, only_in: rule.only_in };
                    lines.entry(*dir).or_default().rides.push(line);
                }
                MoveKind::Hop { dir } => {
                    let line = LineRule { kind, range: None, only_in: rule.only_in };
                    lines.entry(*dir).or_default().hops.push(line);
                }
                MoveKind::Swap { .. } | MoveKind::Castle { .. } => unreachable!("swaps and castling never attack"),
            }
        }
    }
    let rays: TokenStream = lines.iter().map(|(&dir, lines)| ray(ctx, player, dir, lines)).collect();
    let lists = lists.generate(ctx, player);
    quote! { #lists #jumps #rays #forward #null_moves }
}

/// The tests that a piece on `cell` with the rule's zone and confinement may
/// attack `target`, as `&& ...` clauses (empty when always true).
fn zone_tests(ctx: &mut Ctx, kind: PieceId, player: PlayerId, only_in: Option<ZoneId>, cell: &TokenStream) -> TokenStream {
    let confined = ctx.zone_flags(ctx.game.pieces[kind].confined, player).map(|z| quote!(&& #z[target]));
    let only_in = ctx.zone_flags(only_in, player).map(|z| quote!(&& #z[#cell]));
    quote!(#only_in #confined)
}

/// A leap (or a single step when `step`): the cells it could come from, tabled
/// per target with every static condition folded in; one table per possible
/// origin when several cells lead to the same one, and per set of routes the
/// moves may use (when some routes depend on crossing a zone's boundary).
#[allow(clippy::too_many_arguments)]
fn jump(
    ctx: &mut Ctx,
    lists: &mut JumpLists,
    kind: PieceId,
    player: PlayerId,
    index: usize,
    rule: &MoveRule,
    target_dir: DirId,
    routes: &[Route],
    step: bool,
) -> TokenStream {
    let confined = ctx.game.pieces[kind].confined;
    let dirs = Rc::clone(&ctx.dirs);
    let route_cells =
        |route: &[DirId], from: usize| -> Option<Vec<usize>> { route.iter().map(|&d| dirs[d.index()].forward[from]).collect() };
    // Closed for good: a cell off the board, on the attacker, or on the target.
    let maybe_open = |route: &[DirId], from: usize, target: usize| {
        route_cells(route, from).is_some_and(|cells| !cells.contains(&from) && !cells.contains(&target))
    };
    // Every (origin, target) pair, with the routes its move may use.
    let mut all_pairs = Vec::new();
    for target in 0..ctx.cells() {
        if !ctx.in_zone(confined, player, target) {
            continue;
        }
        for &from in &dirs[target_dir.index()].preimages[target] {
            // A step that comes back to its start stops there; a leap that does
            // lands on the attacker's own cell, here the target.
            if (step && from == target) || !ctx.in_zone(rule.only_in, player, from) {
                continue;
            }
            let usable = usable(ctx.game, player, routes, from, target);
            if usable == Usable::Always || usable.routes().iter().any(|r| maybe_open(r, from, target)) {
                all_pairs.push((from, target, usable));
            }
        }
    }
    let groups = group_by(all_pairs, |(_, _, usable)| usable);
    let several = groups.len() > 1;
    let mut out = TokenStream::new();
    for (group, (usable, pairs)) in groups.iter().enumerate() {
        let routes = usable.routes();
        let pairs: Vec<(usize, usize)> = pairs.iter().map(|&(from, target, _)| (from, target)).collect();
        // Every route left is open somewhere; one of a single cell has that cell
        // on the board, off the attacker and off the target for every pair.
        if routes.is_empty() || (routes.len() == 1 && routes[0].len() == 1) {
            for &(from, target) in &pairs {
                match routes.first() {
                    None => lists.add_open(target, from, kind),
                    Some(route) => {
                        let via = dirs[route[0].index()].forward[from].expect("an open route");
                        lists.add_blockable(target, from, via, kind);
                    }
                }
            }
            continue;
        }
        let mut origins: Vec<Vec<usize>> = vec![Vec::new(); ctx.cells()];
        for &(from, target) in &pairs {
            origins[target].push(from);
        }
        let mut route_tests = Vec::new();
        for route in routes {
            if !pairs.iter().any(|&(from, target)| maybe_open(route, from, target)) {
                continue;
            }
            let cells: Vec<TokenStream> = route
                .iter()
                .map(|&d| {
                    let fwd = &dirs[d.index()].forward;
                    let may_be_off = pairs.iter().any(|&(from, _)| fwd[from].is_none());
                    let may_be_target = pairs.iter().any(|&(from, target)| fwd[from] == Some(target));
                    let table = ctx.dir_table(d);
                    if !may_be_off && !may_be_target {
                        quote!(board[#table[from] as usize].is_empty())
                    } else {
                        let on_board = may_be_off.then(|| quote!(r != NONE &&));
                        let not_target = may_be_target.then(|| quote!(r as usize != target &&));
                        quote!({
                            let r = #table[from];
                            #on_board #not_target board[r as usize].is_empty()
                        })
                    }
                })
                .collect();
            route_tests.push(cells);
        }
        let routes_test = any_route(route_tests);
        let piece = ctx.piece(kind, player);
        let most = origins.iter().map(Vec::len).max().unwrap_or(0);
        for nth in 0..most {
            let data = origins.iter().map(|froms| froms.get(nth).copied()).collect();
            let mut suffix = String::new();
            if several {
                suffix += &format!("_R{}", group + 1);
            }
            if most > 1 {
                suffix += &format!("_{nth}");
            }
            let which = if several {
                let routes: Vec<String> = routes
                    .iter()
                    .map(|cells| cells.iter().map(|&d| super::names::vector(ctx.game, d)).collect::<Vec<_>>().join(" and "))
                    .collect();
                let plural = if routes.len() == 1 { "" } else { "s" };
                format!(" by moves that may use the route{plural} through {}", routes.join(", or "))
            } else {
                String::new()
            };
            let name = format!("{}_{}_FROM_{}{}", ctx.names.pieces[kind.index()], ctx.names.players[player as usize], index, suffix);
            let doc = format!(
                "{}, rule {}: {}; {} cell from which it attacks each cell{which}.",
                ctx.piece_label(kind, player),
                index,
                describe_rule(ctx.game, rule),
                if most > 1 { format!("origin {} of the", nth + 1) } else { "the".to_string() }
            );
            let table = ctx.cell_table(&name, doc, data);
            out.extend(quote! {
                let from = #table[target];
                if from != NONE {
                    let from = from as usize;
                    if board[from] == #piece #routes_test {
                        return true;
                    }
                }
            });
        }
    }
    if out.is_empty() {
        return out;
    }
    quote!({ #out })
}

/// A capturing leap, listed per target: it attacks its destination when the
/// cell passed holds no ally (empty: a plain capture; an enemy: a double one),
/// and the cell passed when the destination holds no ally.
fn capturing_jump(
    ctx: &mut Ctx,
    lists: &mut JumpLists,
    (kind, player): (PieceId, PlayerId),
    rule: &MoveRule,
    (target_dir, via_dir): (DirId, DirId),
    crossing: Option<Crossing>,
) {
    let game = ctx.game;
    let confined = game.pieces[kind].confined;
    let dirs = Rc::clone(&ctx.dirs);
    for from in 0..ctx.cells() {
        let (Some(to), Some(via)) = (dirs[target_dir.index()].forward[from], dirs[via_dir.index()].forward[from]) else {
            continue;
        };
        if !ctx.in_zone(rule.only_in, player, from)
            || !ctx.in_zone(confined, player, to)
            || crossing.is_some_and(|c| !c.allows(game, player, vdl_runtime::CellId(from as u16), vdl_runtime::CellId(to as u16)))
        {
            continue;
        }
        // The target is the destination: the cell passed is the target too
        // (it counts as an enemy), the attacker's own cell (an ally), or free
        // unless it holds an ally.
        if via == to {
            lists.add_open(to, from, kind);
        } else if via != from {
            lists.add_guarded(to, from, via, kind);
        }
        // The target is the cell passed: the destination must hold no ally, so
        // not be the attacker's own cell.
        if via != to && to != from {
            lists.add_guarded(via, from, to, kind);
        }
    }
}

/// A circuit ride from the target itself, of a piece standing there: coming back
/// round the ring through empty cells is a null move, whose destination is the
/// target. The interpreter counts that as an attack; no real capture is meant,
/// and a target holding a piece of the attacker is never asked about in play.
fn null_move(ctx: &mut Ctx, kind: PieceId, player: PlayerId, index: usize, rule: &MoveRule, dir: DirId, range: Option<u32>) -> TokenStream {
    let confined = ctx.game.pieces[kind].confined;
    let forward = &ctx.dirs[dir.index()].forward;
    // Cells whose ring along `dir` comes back within the range.
    let flags: Vec<bool> = (0..ctx.cells())
        .map(|start| {
            if !ctx.in_zone(rule.only_in, player, start) || !ctx.in_zone(confined, player, start) {
                return false;
            }
            let mut cell = start;
            for _ in 0..range.map_or(ctx.cells(), |r| (r as usize).min(ctx.cells())) {
                match forward[cell] {
                    Some(next) if next == start => return true,
                    Some(next) => cell = next,
                    None => return false,
                }
            }
            false
        })
        .collect();
    if !flags.contains(&true) {
        return TokenStream::new();
    }
    let name = format!("{}_{}_CIRCUIT_{}", ctx.names.pieces[kind.index()], ctx.names.players[player as usize], index);
    let doc = format!(
        "{}, rule {}: {}; the cells from which it can come back round a ring.",
        ctx.piece_label(kind, player),
        index,
        describe_rule(ctx.game, rule)
    );
    let flags = ctx.tables.flags(&name, doc, flags);
    let table = ctx.dir_table(dir);
    let piece = ctx.piece(kind, player);
    quote! {
        if board[target] == #piece && #flags[target] {
            let mut cell = #table[target] as usize;
            while cell != target && board[cell].is_empty() {
                cell = #table[cell] as usize;
            }
            if cell == target {
                return true;
            }
        }
    }
}

/// Rides and hops along a one-to-one `dir`, walking backwards from the target:
/// the first piece met may ride to it, the second may hop to it.
fn ray(ctx: &mut Ctx, player: PlayerId, dir: DirId, lines: &Lines) -> TokenStream {
    let back = ctx.back_table(dir);
    let returns = ctx.dirs[dir.index()].returns;
    let back_home = returns.then(|| {
        quote!(if cell == target {
            break 'ray;
        })
    });
    let ranged = lines.rides.iter().any(|r| r.range.is_some());
    // With no hops and only ranged rides, the walk can stop at the longest range.
    let limit = if lines.hops.is_empty() && lines.rides.iter().all(|r| r.range.is_some()) {
        let most = lines.rides.iter().filter_map(|r| r.range).max().unwrap_or(0);
        let most = Literal::u32_unsuffixed(most);
        Some(quote!(if distance == #most { break 'ray; }))
    } else {
        None
    };
    let distance_init = ranged.then(|| quote!(let mut distance = 0u32;));
    let distance_step = ranged.then(|| quote!(distance += 1;));
    let cell = quote!(cell);
    let ride_tests = piece_tests(
        lines
            .rides
            .iter()
            .map(|ride| {
                let piece = ctx.piece(ride.kind, player);
                let zones = zone_tests(ctx, ride.kind, player, ride.only_in, &cell);
                let range = ride.range.map(|n| {
                    let n = Literal::u32_unsuffixed(n);
                    quote!(&& distance <= #n)
                });
                (piece, quote!(#zones #range))
            })
            .collect(),
    );
    let hop_tests = piece_tests(
        lines
            .hops
            .iter()
            .map(|hop| {
                let piece = ctx.piece(hop.kind, player);
                (piece, zone_tests(ctx, hop.kind, player, hop.only_in, &cell))
            })
            .collect(),
    );
    let first = (!ride_tests.is_empty()).then(|| {
        quote! {
            let piece = board[cell];
            #(#ride_tests)*
        }
    });
    let to_second = super::walk_to(&back, quote!(break 'ray;), quote!(), quote!(#back_home), quote!(!board[cell].is_empty()));
    let second = (!hop_tests.is_empty()).then(|| {
        quote! {
            #to_second
            let piece = board[cell];
            #(#hop_tests)*
        }
    });
    let to_first =
        super::walk_to(&back, quote!(break 'ray;), quote!(#limit), quote!(#back_home #distance_step), quote!(!board[cell].is_empty()));
    quote! {
        'ray: {
            let mut cell = target;
            #distance_init
            #to_first
            #first
            #second
        }
    }
}

/// The statements returning true when `piece` is one of the pieces of `tests`
/// and meets its conditions (`&& ...` clauses): the pieces with none share one
/// test.
fn piece_tests(tests: Vec<(Ident, TokenStream)>) -> Vec<TokenStream> {
    let mut plain: Vec<Ident> = Vec::new();
    let mut out = Vec::new();
    for (piece, conditions) in tests {
        if !conditions.is_empty() {
            out.push(quote!(if piece == #piece #conditions { return true; }));
        } else if !plain.contains(&piece) {
            plain.push(piece);
        }
    }
    let plain = match plain.as_slice() {
        [] => None,
        [piece] => Some(quote!(if piece == #piece { return true; })),
        _ => Some(quote!(if matches!(piece, #(#plain)|*) {
            return true;
        })),
    };
    plain.into_iter().chain(out).collect()
}

/// A ride (`hop` false) or hop along a direction that cannot be walked
/// backwards: run it forwards from every piece that has it.
fn forward_line(ctx: &mut Ctx, kind: PieceId, player: PlayerId, rule: &MoveRule, dir: DirId, range: Option<u32>, hop: bool) -> TokenStream {
    let table = ctx.dir_table(dir);
    let piece = ctx.piece(kind, player);
    let from = quote!(from);
    let zones = zone_tests(ctx, kind, player, rule.only_in, &from);
    let returns = ctx.dirs[dir.index()].returns;
    let walk = if hop {
        let screen_home = returns.then(|| {
            quote!(if cell == from {
                break 'hop;
            })
        });
        let back_home = returns.then(|| {
            quote!(if next == from {
                break 'hop;
            })
        });
        let to_screen =
            super::walk_to(&table, quote!(break 'hop;), quote!(), quote!(#screen_home), quote!(cell == target || !board[cell].is_empty()));
        quote! {
            'hop: {
                let mut cell = from;
                #to_screen
                loop {
                    let next = #table[cell];
                    if next == NONE {
                        break 'hop;
                    }
                    let next = next as usize;
                    #back_home
                    if next == target {
                        return true;
                    }
                    if !board[next].is_empty() {
                        break 'hop;
                    }
                    cell = next;
                }
            }
        }
    } else {
        let back_home = returns.then(|| {
            quote!(if next == from {
                break;
            })
        });
        let head = super::ride_head(range);
        quote! {
            let mut cell = from;
            #head {
                let next = #table[cell];
                if next == NONE {
                    break;
                }
                let next = next as usize;
                #back_home
                if next == target {
                    return true;
                }
                if !board[next].is_empty() {
                    break;
                }
                cell = next;
            }
        }
    };
    quote! {
        for from in 0..CELLS {
            if board[from] == #piece #zones {
                #walk
            }
        }
    }
}
