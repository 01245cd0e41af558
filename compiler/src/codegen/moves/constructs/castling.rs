//! Castling: printed as code from the starts the setup gives the piece,
//! its tables (the cells to find empty and unattacked, the partner's cell,
//! where both land) resolved from the plan (`Castle::openings`); from any
//! other cell, walked by the runtime from the plan, as for the interpreter.

use crate::codegen::attacks::attack::attacked_now;
use crate::codegen::emit::names::vector;
use crate::codegen::moves::piece_gen::PieceGen;
use crate::codegen::Ctx;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;
use vdl_runtime::ir::{CastleEnds, CellId, DirId, Game, PieceId, PlayerId};
use vdl_runtime::plan::{Opening, SidePlan, StepKind};
use vdl_runtime::Piece;

/// The most openings printed for one start: a start whose castling lines
/// leave its partners more cells than that is walked.
const MOST_OPENINGS: usize = 8;

/// The castling of the piece while it is unmoved, if its type may castle:
/// from the starts the setup gives it, a function of its own (out of line,
/// as the walk was: the piece's function stays as small as it was); from
/// any other cell, the walk. Where every castling step needs a cell empty
/// (`Castle::needs_empty`: with `by`, the first cell of its line), the
/// generated code first looks at those cells: with all of them held there
/// is nothing to castle (as in most positions). Castling to given cells
/// (`to`) needs no one cell empty, so it is tried whenever the piece is
/// unmoved.
pub(crate) fn code(ctx: &mut Ctx, pg: &mut PieceGen, docs: &mut Vec<String>) -> Option<TokenStream> {
    if !applies(ctx, pg.kind, pg.player) {
        return None;
    }
    pg.needs_pos = true;
    let walk = quote!(vdl_runtime::gen::gated::castle(&Rules, plan(), pos, CellId::from_index(from), out););
    let starts = printed_starts(ctx, pg.kind, pg.player);
    docs.push(String::new());
    let call = if starts.is_empty() {
        docs.push("While it is unmoved it may castle: see `vdl_runtime::gen::gated::castle`.".into());
        walk
    } else {
        let name = ctx.names.piece_fn("castles", pg.kind, pg.player);
        docs.push(format!("While it is unmoved it may castle: see [`{name}`]."));
        let function = castles_fn(ctx, pg, &name, &starts, walk);
        ctx.extra_items.extend(function);
        quote!(#name(pos, board, from, out);)
    };
    let open = first_cells_open(ctx, pg).map(|open| quote!(&& #open));
    Some(quote! {
        if pos.is_unmoved(CellId::from_index(from)) #open {
            #call
        }
    })
}

/// The function giving the castling of the piece from `from`, unmoved:
/// printed from each of `starts`, walked from elsewhere (`walked`, the
/// call of the runtime's walk).
fn castles_fn(ctx: &mut Ctx, pg: &PieceGen, name: &Ident, starts: &[usize], walked: TokenStream) -> TokenStream {
    let mut tests = Tests { bound: None, start_attacked: false };
    if pg.bound {
        let helper = crate::codegen::attacks::obligation::bound_fn(ctx, pg.kind, pg.player).expect("a bound kind");
        tests.bound = Some(quote!(let bound = #helper(pos, from);));
    }
    let arms: Vec<TokenStream> = starts
        .iter()
        .map(|&from| {
            let code = printed(ctx, pg, from, &mut tests);
            let from = Literal::usize_unsuffixed(from);
            quote!(#from => { #code })
        })
        .collect();
    let names: Vec<&str> = starts.iter().map(|&from| ctx.game.board.cells[from].name.as_str()).collect();
    let docs = crate::codegen::emit::tables::doc_lines(&[
        format!("The castling of the {} from `from`, where it stands unmoved.", ctx.piece_label(pg.kind, pg.player)),
        format!(
            "From {} each castling is tested as below, its cells worked out from the plan \
             (`vdl_runtime::plan::Castle::openings`); from elsewhere see `vdl_runtime::gen::gated::castle`.",
            names.join(", ")
        ),
    ]);
    let bound = tests.bound;
    let start = tests.start_attacked.then(|| quote!(let mut start_attacked: Option<bool> = None;));
    quote! {
        #docs
        #[inline(never)]
        fn #name<S: MoveSink>(pos: &Position, board: &Board, from: usize, out: &mut S) {
            #bound
            #start
            match from {
                #(#arms)*
                _ => { #walked }
            }
        }
    }
}

/// What the printed castling of a piece asks for beyond its arms.
struct Tests {
    /// The binding of the zone an obligation may keep the piece in.
    bound: Option<TokenStream>,
    /// Some castling asks whether its start is attacked (`start_attacked`).
    start_attacked: bool,
}

/// The test that some castling step of the piece from `from` finds its
/// needed cell empty, where each step needs one (see [`code`]).
fn first_cells_open(ctx: &mut Ctx, pg: &PieceGen) -> Option<TokenStream> {
    let side = ctx.plan.side(pg.player);
    let first_cells: Vec<Vec<u16>> = CellId::first(ctx.cells())
        .map(|from| castles(side, pg.kind, from).map(|castle| castle.needs_empty(side).map(|cell| cell.index() as u16)).collect())
        .collect::<Option<_>>()?;
    let doc = format!("{}: the first cell of each of its castling lines from each cell.", ctx.piece_label(pg.kind, pg.player));
    let name = format!("{}_{}_CASTLE_FIRST", ctx.names.pieces[pg.kind.index()], ctx.names.players[pg.player.index()]);
    let first = ctx.tables.lists(&name, doc, first_cells);
    Some(quote!(#first[from].iter().any(|&cell| board[cell as usize].is_empty())))
}

/// The castling steps of `kind` from `from`.
fn castles(side: &SidePlan, kind: PieceId, from: CellId) -> impl Iterator<Item = vdl_runtime::plan::Castle> + '_ {
    side.unmoved_steps(kind, from).iter().filter_map(|step| match step.kind {
        StepKind::Castle(castle) => Some(castle),
        _ => None,
    })
}

/// The cells from which the piece's castling is printed as code: where the
/// setup puts it, on a board whose cells fit in bits, in a game without
/// explosions (whose attack tests on castling the runtime makes), where
/// each start has a few openings and each opening's cells are distinct.
fn printed_starts(ctx: &Ctx, kind: PieceId, player: PlayerId) -> Vec<usize> {
    let game = ctx.game;
    if ctx.cells() > vdl_runtime::state::occupancy::MAX_CELLS || game.rules.explosion.is_some() {
        return Vec::new();
    }
    let Ok(setup) = vdl_runtime::fen::parse_setup(game, &game.setup) else { return Vec::new() };
    let side = ctx.plan.side(player);
    let piece = Piece::new(kind, player);
    let printable = |from: usize| {
        let openings = openings(side, kind, from);
        // The cells tested as one mask, the start and the partner's: a
        // line that came round to one of them twice is walked.
        let distinct = |o: &Opening| {
            let mut cells: Vec<CellId> = o.empty.iter().copied().chain([CellId::from_index(from), o.partner]).collect();
            let all = cells.len();
            cells.sort();
            cells.dedup();
            cells.len() == all
        };
        !openings.is_empty() && openings.len() <= MOST_OPENINGS && openings.iter().all(distinct)
    };
    (0..ctx.cells()).filter(|&from| setup.board.get(from) == Some(&piece) && printable(from)).collect()
}

/// Every opening of the castling steps of `kind` from `from`, in the
/// order the walk finds them.
fn openings(side: &SidePlan, kind: PieceId, from: usize) -> Vec<Opening> {
    castles(side, kind, CellId::from_index(from)).flat_map(|castle| castle.openings(side)).collect()
}

/// The castling of the piece from `from` (unmoved), each opening tested as
/// bits, cheap tests first: the cells that must be empty, the partner and
/// whether it is unmoved, the zone an obligation may bind the piece to,
/// then, for a royal piece, the attacks on its start (asked once, and not
/// where the sink knows the side's royals unattacked) and on the cells it
/// crosses. The sink is told how to judge its safety after it (see
/// [`safe_after`]).
fn printed(ctx: &mut Ctx, pg: &PieceGen, from: usize, tests: &mut Tests) -> TokenStream {
    let royal = ctx.game.pieces[pg.kind].royal;
    let side = ctx.plan.side(pg.player);
    let mut blocks = Vec::new();
    for opening in openings(side, pg.kind, from) {
        let cell = |c: CellId| Literal::usize_unsuffixed(c.index());
        let mask = bits(&opening.empty);
        let empty = (mask != 0).then(|| {
            let mask = Literal::u128_unsuffixed(mask);
            quote!(occupied & #mask == 0 &&)
        });
        let partner = cell(opening.partner);
        let partners: Vec<TokenStream> = opening
            .partners
            .pieces()
            .map(|piece| {
                let piece = ctx.piece(piece.kind(), piece.owner());
                quote!(board[#partner] == #piece)
            })
            .collect();
        let to = cell(opening.to);
        let bound = tests.bound.is_some().then(|| quote!(&& bound.is_none_or(|zone| zone[#to])));
        let unattacked = royal.then(|| unattacked(ctx, pg, &opening, tests)).flatten();
        let (from_cell, partner_to) = (Literal::usize_unsuffixed(from), cell(opening.partner_to));
        let mv = quote! {
            Move::castling(
                CellId::from_index(#from_cell),
                CellId::from_index(#to),
                CellId::from_index(#partner),
                CellId::from_index(#partner_to),
            )
        };
        let give = match unattacked.is_some().then(|| safe_after(ctx, pg, from, &opening)).flatten() {
            Some(safe) => quote!(out.castle(#mv, || #safe);),
            None => quote!(out.moves().push(#mv);),
        };
        blocks.push(quote! {
            if #empty (#(#partners)||*) && pos.is_unmoved(CellId::from_index(#partner)) #bound #unattacked {
                #give
            }
        });
    }
    quote! {
        let occupied = pos.held_cells().occupied(CELLS);
        #(#blocks)*
    }
}

/// `cells` as bits.
fn bits(cells: &[CellId]) -> u128 {
    cells.iter().fold(0, |bits, c| bits | 1 << c.index())
}

/// `&& ...`: the castler's start and the cells it crosses are not attacked
/// (none if there is no enemy). The start is asked once for all the
/// castling from it (`start_attacked`), and not at all where the sink
/// knows the side's royals unattacked, the castler among them.
fn unattacked(ctx: &mut Ctx, pg: &PieceGen, opening: &Opening, tests: &mut Tests) -> Option<TokenStream> {
    let start = attacked_now(ctx, pg.player, quote!(from))?;
    tests.start_attacked = true;
    let crossed: Vec<TokenStream> = opening
        .crossed
        .iter()
        .map(|c| {
            let c = Literal::usize_unsuffixed(c.index());
            attacked_now(ctx, pg.player, quote!(#c)).expect("an enemy")
        })
        .collect();
    Some(quote!(&& !*start_attacked.get_or_insert_with(|| !out.royals_unattacked() && #start) #(&& !#crossed)*))
}

/// Where the castler (royal, its start and the cells it crosses found
/// unattacked) is the side's only royal, whether it is safe where it lands
/// on a copy of the board after the castling: exactly what
/// `Engine::safe_after` would find, without its general walk through the
/// move (`board_after::apply`) and the royals. `None` (an expression)
/// where the side has other royals.
fn safe_after(ctx: &mut Ctx, pg: &PieceGen, from: usize, opening: &Opening) -> Option<TokenStream> {
    let leaving = Literal::u128_unsuffixed(bits(&[CellId::from_index(from), opening.partner]));
    let arriving = Literal::u128_unsuffixed(bits(&[opening.to, opening.partner_to]));
    let [from, to, partner, partner_to] =
        [from, opening.to.index(), opening.partner.index(), opening.partner_to.index()].map(Literal::usize_unsuffixed);
    let safe = crate::codegen::legality::safety::safe_call(
        ctx,
        pg.player,
        quote!(&after),
        quote!(occupied & !#leaving | #arriving),
        quote!(std::iter::once(#to)),
    )?;
    let p = crate::codegen::player_token(pg.player);
    Some(quote! {{
        let mut royals = pos.royal_cells(#p);
        (royals.next() == Some(CellId::from_index(#from)) && royals.next().is_none()).then(|| {
            let mut after = *board;
            let (castler, partner) = (after[#from], after[#partner]);
            after[#from] = Piece::EMPTY;
            after[#partner] = Piece::EMPTY;
            after[#to] = castler;
            after[#partner_to] = partner;
            #safe
        })
    }})
}

/// May `kind` of `player` castle?
pub(crate) fn applies(ctx: &Ctx, kind: PieceId, player: PlayerId) -> bool {
    ctx.plan.side(player).may_castle(Piece::new(kind, player))
}

/// A castling rule in words.
pub(crate) fn describe(game: &Game, dir: DirId, ends: &CastleEnds, with: &[PieceId]) -> String {
    let names: Vec<&str> = with.iter().map(|&k| game.pieces[k].name.as_str()).collect();
    match ends {
        CastleEnds::By(distance) => format!("castle {} cells along {} with {}", distance, vector(game, dir), names.join(" or ")),
        CastleEnds::To { piece, partner } => format!(
            "castle toward {} with {}, ending in {} and {}",
            vector(game, dir),
            names.join(" or "),
            game.zones[*piece].name,
            game.zones[*partner].name
        ),
    }
}
