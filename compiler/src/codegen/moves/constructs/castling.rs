//! Castling: walked by the runtime from the plan for every engine; the
//! generated code only calls it, and only where it may apply.

use crate::codegen::emit::names::vector;
use crate::codegen::moves::piece_gen::PieceGen;
use crate::codegen::Ctx;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{CastleEnds, CellId, DirId, Game, PieceId, PlayerId};
use vdl_runtime::plan::StepKind;
use vdl_runtime::Piece;

/// The castling of the piece while it is unmoved, if its type may castle:
/// the runtime walks it from the plan (`gen::gated::castle`), as it does for
/// the interpreter. Where every castling step needs a cell empty
/// (`Castle::needs_empty`: with `by`, the first cell of its line), the
/// generated code first looks at those cells: with all of them held there
/// is nothing to walk (as in most positions). Castling to given cells
/// (`to`) needs no one cell empty, so it is walked whenever the piece is
/// unmoved.
pub(crate) fn code(ctx: &mut Ctx, pg: &mut PieceGen, docs: &mut Vec<String>) -> Option<TokenStream> {
    if !applies(ctx, pg.kind, pg.player) {
        return None;
    }
    let side = ctx.plan.side(pg.player);
    pg.needs_pos = true;
    docs.push(String::new());
    docs.push("While it is unmoved it may castle: see `vdl_runtime::gen::gated::castle`.".into());
    let first_cells: Option<Vec<Vec<u16>>> = CellId::first(ctx.cells())
        .map(|from| {
            let steps = side.unmoved_steps(pg.kind, from).iter();
            steps
                .filter_map(|step| match step.kind {
                    StepKind::Castle(castle) => Some(castle.needs_empty(side).map(|cell| cell.index() as u16)),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let Some(first_cells) = first_cells else {
        return Some(quote! {
            if pos.is_unmoved(CellId::from_index(from)) {
                vdl_runtime::gen::gated::castle(&Rules, plan(), pos, CellId::from_index(from), out);
            }
        });
    };
    let doc = format!("{}: the first cell of each of its castling lines from each cell.", ctx.piece_label(pg.kind, pg.player));
    let name = format!("{}_{}_CASTLE_FIRST", ctx.names.pieces[pg.kind.index()], ctx.names.players[pg.player.index()]);
    let first = ctx.tables.lists(&name, doc, first_cells);
    Some(quote! {
        if pos.is_unmoved(CellId::from_index(from)) && #first[from].iter().any(|&cell| board[cell as usize].is_empty()) {
            vdl_runtime::gen::gated::castle(&Rules, plan(), pos, CellId::from_index(from), out);
        }
    })
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
