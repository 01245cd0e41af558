//! Move generation: one function per piece type and player with every rule
//! unrolled, and `generate`, which dispatches on the piece on each cell.

use super::names::describe_rule;
use super::tables::doc_lines;
use super::{any_route, Ctx};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;
use std::rc::Rc;
use vdl_runtime::ir::{DirId, Mode, MoveKind, MoveRule, PieceId, PlayerId};

pub fn generate(ctx: &mut Ctx) -> TokenStream {
    let mut functions = TokenStream::new();
    let mut arms_by_player = Vec::new();
    for player in ctx.players() {
        let mut arms = Vec::new();
        for kind in 0..ctx.game.pieces.len() as PieceId {
            if let Some((name, function)) = piece_function(ctx, kind, player) {
                functions.extend(function);
                let piece = ctx.piece(kind, player);
                arms.push(quote!(#piece => #name(board, from, out),));
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
    quote! {
        /// Appends the pseudo-legal moves of `side`.
        fn generate(board: &Board, side: PlayerId, out: &mut Vec<Move>) {
            #unused
            match side {
                #(#arms_by_player)*
                _ => {}
            }
        }

        #functions
    }
}

/// The function generating the moves of `kind` for `player`, or `None` when it
/// can never move.
fn piece_function(ctx: &mut Ctx, kind: PieceId, player: PlayerId) -> Option<(Ident, TokenStream)> {
    let game = ctx.game;
    let rules = game.pieces[kind as usize].moves.get(player as usize)?;
    let mut blocks = Vec::new();
    let mut docs = vec![format!("Moves of the {} from `from`:", ctx.piece_label(kind, player))];
    for (index, rule) in rules.iter().enumerate() {
        if let Some(block) = rule_block(ctx, kind, player, index, rule) {
            docs.push(format!("{}. {}", blocks.len() + 1, describe_rule(game, rule)));
            blocks.push(block);
        }
    }
    if blocks.is_empty() {
        return None;
    }
    if let Some(zone) = game.pieces[kind as usize].confined {
        docs.push(String::new());
        docs.push(format!("Confined to zone `{}`.", game.zones[zone as usize].name));
    }
    let name = ctx.names.piece_fn("moves", kind, player);
    let docs = doc_lines(&docs);
    let function = quote! {
        #docs
        #[inline]
        fn #name(board: &Board, from: usize, out: &mut Vec<Move>) {
            #({ #blocks })*
        }
    };
    Some((name, function))
}

fn rule_block(ctx: &mut Ctx, kind: PieceId, player: PlayerId, index: usize, rule: &MoveRule) -> Option<TokenStream> {
    if (0..ctx.cells()).all(|cell| !ctx.in_zone(rule.only_in, player, cell)) {
        return None;
    }
    match &rule.kind {
        MoveKind::Ride { range: Some(0), .. } => None,
        MoveKind::Ride { dir, range: Some(1) } => jump(ctx, kind, player, index, rule, *dir, &[]),
        MoveKind::Leap { target, routes } => jump(ctx, kind, player, index, rule, *target, unblockable(routes)),
        MoveKind::Ride { dir, range } => {
            let line = line(ctx, kind, player, rule, *dir, *range);
            guard_zone(ctx, rule, player, line)
        }
        MoveKind::Hop { dir } => {
            let hop = hop(ctx, kind, player, rule, *dir);
            guard_zone(ctx, rule, player, hop)
        }
    }
}

/// A route with no cell is always open, which makes the leap unblockable.
pub fn unblockable(routes: &[Vec<DirId>]) -> &[Vec<DirId>] {
    if routes.iter().any(Vec::is_empty) {
        &[]
    } else {
        routes
    }
}

/// Wraps `body` in the test of the rule's `only_in` zone.
fn guard_zone(ctx: &mut Ctx, rule: &MoveRule, player: PlayerId, body: TokenStream) -> Option<TokenStream> {
    Some(match ctx.zone_flags(rule.only_in, player) {
        Some(zone) => quote!(if #zone[from] { #body }),
        None => body,
    })
}

/// A leap, or a single step: one table lookup, with everything that does not
/// depend on the position folded into the table.
fn jump(
    ctx: &mut Ctx,
    kind: PieceId,
    player: PlayerId,
    index: usize,
    rule: &MoveRule,
    target: DirId,
    routes: &[Vec<DirId>],
) -> Option<TokenStream> {
    let confined = ctx.game.pieces[kind as usize].confined;
    let dirs = Rc::clone(&ctx.dirs);
    let forward = &dirs[target as usize].forward;
    let route_cells = |route: &[DirId], from: usize| -> Option<Vec<usize>> {
        route.iter().map(|&d| dirs[d as usize].forward[from]).collect()
    };
    // A route is closed for good if a cell is off the board or is the start
    // (which holds the moving piece).
    let maybe_open = |route: &[DirId], from: usize| route_cells(route, from).is_some_and(|cells| !cells.contains(&from));
    let data: Vec<Option<usize>> = (0..ctx.cells())
        .map(|from| {
            let to = forward[from]?;
            let ok = to != from
                && ctx.in_zone(rule.only_in, player, from)
                && ctx.in_zone(confined, player, to)
                && (routes.is_empty() || routes.iter().any(|r| maybe_open(r, from)));
            ok.then_some(to)
        })
        .collect();
    if data.iter().all(Option::is_none) {
        return None;
    }
    let domain: Vec<usize> = (0..ctx.cells()).filter(|&c| data[c].is_some()).collect();
    // Routes open somewhere, each with its cells and whether a cell can be off
    // the board from a start in the table.
    let mut route_tests = Vec::new();
    for route in routes {
        if !domain.iter().any(|&from| maybe_open(route, from)) {
            continue;
        }
        let cells: Vec<TokenStream> = route
            .iter()
            .map(|&d| {
                let may_be_off = domain.iter().any(|&from| dirs[d as usize].forward[from].is_none());
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
    let name = format!("{}_{}_TO_{}", ctx.names.pieces[kind as usize], ctx.names.players[player as usize], index);
    let doc = format!(
        "{}, rule {}: {}; the destination from each cell.",
        ctx.piece_label(kind, player),
        index,
        describe_rule(ctx.game, rule)
    );
    let table = ctx.cell_table(&name, doc, data);
    let p = Literal::u8_unsuffixed(player);
    let landing = match rule.mode {
        Mode::Both => quote!(!board[to].is_of(#p)),
        Mode::MoveOnly => quote!(board[to].is_empty()),
        Mode::CaptureOnly => quote!({
            let piece = board[to];
            !piece.is_empty() && piece.owner() != #p
        }),
    };
    Some(quote! {
        let to = #table[from];
        if to != NONE #routes_test {
            let to = to as usize;
            if #landing {
                push(out, from, to);
            }
        }
    })
}

/// The statements landing on `to` inside a line walk: empty cells continue the
/// line, anything else ends it.
fn landing_in_line(ctx: &mut Ctx, kind: PieceId, player: PlayerId, mode: Mode) -> TokenStream {
    let confined = ctx.zone_flags(ctx.game.pieces[kind as usize].confined, player);
    let p = Literal::u8_unsuffixed(player);
    let inside = confined.as_ref().map(|z| quote!(&& #z[to]));
    let quiet = match (&confined, mode) {
        (_, Mode::CaptureOnly) => None,
        (Some(z), _) => Some(quote!(if #z[to] { push(out, from, to); })),
        (None, _) => Some(quote!(push(out, from, to);)),
    };
    let capture = (mode != Mode::MoveOnly).then(|| quote!(if piece.owner() != #p #inside { push(out, from, to); }));
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

/// A ride: along `dir` through empty cells.
fn line(ctx: &mut Ctx, kind: PieceId, player: PlayerId, rule: &MoveRule, dir: DirId, range: Option<u32>) -> TokenStream {
    let table = ctx.dir_table(dir);
    let back_home = ctx.dirs[dir as usize].returns.then(|| quote!(if to == from { break; }));
    let landing = landing_in_line(ctx, kind, player, rule.mode);
    let head = match range {
        None => quote!(loop),
        Some(n) => {
            let n = Literal::u32_unsuffixed(n);
            quote!(for _ in 0..#n)
        }
    };
    quote! {
        let mut cell = from;
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

/// A hop: along `dir` to the first piece, over it, then on as a ride.
fn hop(ctx: &mut Ctx, kind: PieceId, player: PlayerId, rule: &MoveRule, dir: DirId) -> TokenStream {
    let table = ctx.dir_table(dir);
    let returns = ctx.dirs[dir as usize].returns;
    let screen_home = returns.then(|| quote!(if cell == from { break 'hop; }));
    let back_home = returns.then(|| quote!(if to == from { break; }));
    let landing = landing_in_line(ctx, kind, player, rule.mode);
    quote! {
        'hop: {
            let mut cell = from;
            loop {
                let next = #table[cell];
                if next == NONE {
                    break 'hop;
                }
                cell = next as usize;
                #screen_home
                if !board[cell].is_empty() {
                    break;
                }
            }
            loop {
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
}
