//! `is_safe`: after a move, no royal piece of the mover is attacked (facing an
//! enemy royal is an attack along its facing lines:
//! `vdl_runtime::plan::SidePlan::facing_lines`), exactly as
//! `vdl_runtime::legal::royals_safe` checks it. With obligations,
//! attacks depend on the countdowns, so the position is passed along, and
//! `safe_after` judges on a copy of the board only the moves that leave the
//! enemy's countdowns as they are (`Position::keeps_countdowns_of`). The rules
//! checked after a move beyond check are the runtime's
//! (`vdl_runtime::legal::Legality`).

use crate::codegen::attacks::obligation;
use crate::codegen::emit::tables::doc_lines;
use crate::codegen::Ctx;
use proc_macro2::TokenStream;
use quote::quote;
use vdl_runtime::ir::{PieceId, PlayerId};

pub fn generate(ctx: &mut Ctx) -> TokenStream {
    let game = ctx.game;
    let royals: Vec<PieceId> = game.piece_ids().filter(|&k| game.pieces[k].royal).collect();
    let mut functions = TokenStream::new();
    let mut arms = Vec::new();
    let with_pos = ctx.has_obligations();
    // Where the board's cells fit in bits, the attack test skips what the
    // enemy holds no cell of (`attacked_by_*`'s `held`), read from the
    // cells the position keeps: after the mover's move on a copy of the
    // board too, where the enemy holds no cell it did not hold before (a
    // move only takes its pieces; a swap is with a friend).
    let held = !with_pos && crate::codegen::attacks::attack::held_bits(ctx);
    // Where the lines are walked as bits, the tests also read the occupied
    // cells: the position's, or for a copy after a move, worked out from
    // them (`vdl_runtime::legality::board_after::occupied_after`).
    let occupied = crate::codegen::attacks::attack::occupied_bits(ctx);
    // Where the open leaps are tested as bits, the tests also read the
    // cells of each piece the position keeps; the enemy's cells given
    // with them are then exact (see `safe_after`).
    let pieces = crate::codegen::attacks::attack::attackers_as_bits(ctx);
    let held_param = held.then(|| quote!(held: vdl_runtime::gen::AttackerCells,));
    let occupied_param = occupied.then(|| quote!(occupied: u128,));
    let pieces_param = pieces.then(|| quote!(pieces: &vdl_runtime::gen::PieceCells,));
    // The position keeps its royals' cells: they are not searched for. The
    // `safe_*` functions take the royals' cells, which `safe_after` gives
    // for the board after a move.
    let (params, args) = (quote!(pos: &Position, board: &Board), quote!(pos, board));
    let safe_params = if with_pos { quote!(pos: &Position, board: &Board) } else { quote!(board: &Board) };
    let mut after_arms = Vec::new();
    for mover in ctx.players() {
        if royals.is_empty() {
            break;
        }
        let name = ctx.names.player_fn("safe", mover);
        let mover_id = crate::codegen::player_token(mover);
        // `royals_safe` asks about the player `mover.opponent()`.
        let enemy = mover.opponent();
        let attacked = if enemy.index() < game.players.len() {
            if with_pos {
                let attacked_by = obligation::now_fn(ctx, enemy);
                quote!(if #attacked_by(pos, board, royal) { return false; })
            } else {
                let attacked_by = ctx.names.player_fn("attacked_by", enemy);
                let held_arg = held.then(|| quote!(, held));
                let occupied_arg = occupied.then(|| quote!(, occupied));
                let pieces_arg = pieces.then(|| quote!(, pieces));
                quote!(if #attacked_by(board, royal #held_arg #occupied_arg #pieces_arg) { return false; })
            }
        } else {
            quote!()
        };
        let docs = doc_lines(&[format!(
            "After {} has moved: are its royal pieces safe from attack (facing among it)?",
            game.players[mover.index()].name
        )]);
        functions.extend(quote! {
            #docs
            fn #name(#safe_params, #held_param #occupied_param #pieces_param mut royals: impl Iterator<Item = usize>) -> bool {
                // Is the royal on `royal` safe?
                let safe = |royal: usize| -> bool {
                    #attacked
                    true
                };
                royals.all(safe)
            }
        });
        let p = crate::codegen::player_token(mover);
        let board_args = if with_pos { quote!(pos, board) } else { quote!(board) };
        let pos_arg = with_pos.then(|| quote!(pos,));
        let enemy_id = crate::codegen::player_token(enemy);
        let enemy_held = held.then(|| crate::codegen::attacks::attack::held_by(quote!(#enemy_id)));
        let held_arg = enemy_held.as_ref().map(|held| quote!(#held,));
        // After the mover's move the enemy holds what it held, less the
        // cell the move took.
        let held_after = enemy_held.map(|held| quote!(vdl_runtime::gen::board_after::enemy_after(#held, mv),));
        let pieces_arg = pieces.then(|| quote!(pos.piece_cells(),));
        let occupied_now = occupied.then(|| {
            let occupied = crate::codegen::attacks::attack::occupied_of_pos();
            quote!(#occupied,)
        });
        let occupied_after = occupied.then(|| {
            let occupied = crate::codegen::attacks::attack::occupied_of_pos();
            quote!(vdl_runtime::gen::board_after::occupied_after(#occupied, mv),)
        });
        arms.push(
            quote!(#p => #name(#board_args, #held_arg #occupied_now #pieces_arg pos.royal_cells(#mover_id).map(|royal| royal.index())),),
        );
        after_arms.push(quote!(#p => #name(#pos_arg &board, #held_after #occupied_after #pieces_arg royals.indices()),));
    }
    let body = if arms.is_empty() {
        quote! {
            let _ = (#args, mover);
            true
        }
    } else {
        quote! {
            match mover {
                #(#arms)*
                _ => true,
            }
        }
    };
    // With obligations the enemy's attacks depend on its countdowns, which
    // a copy of the board does not advance: the moves that may change them
    // are made.
    let countdowns_kept = with_pos.then(|| {
        quote! {
            if !pos.keeps_countdowns_of(pos.side.opponent(), mv) {
                return None;
            }
        }
    });
    // `after_arms` has an arm per player exactly when the game has royals.
    let safe_after = ctx.spec.safe_after.then(|| {
        quote! {
            /// [`Engine::safe_after`]: the move played on a copy of the board.
            fn safe_after(pos: &Position, mv: Move) -> Option<bool> {
                #countdowns_kept
                let mut board = *board_of(pos);
                let royals = vdl_runtime::gen::board_after::apply(&mut board, pos, game(), mv)?;
                Some(match pos.side {
                    #(#after_arms)*
                    _ => true,
                })
            }
        }
    });
    quote! {
        /// Are the royal pieces of `mover` safe after its move?
        fn is_safe(#params, mover: PlayerId) -> bool {
            #body
        }

        #safe_after

        #functions
    }
}

/// The call of `safe_*` for `mover` on `board` (an expression: the board
/// after a move of `mover` that takes nothing, so that the enemy holds
/// what it held), its occupied cells `occupied` and the royals' cells
/// `royals` (expressions): are those royals safe there? `None` without
/// royals or an enemy, or with obligations (whose attacks on a copy of the
/// board depend on the countdowns).
pub(crate) fn safe_call(ctx: &Ctx, mover: PlayerId, board: TokenStream, occupied: TokenStream, royals: TokenStream) -> Option<TokenStream> {
    let game = ctx.game;
    let enemy = mover.opponent();
    if ctx.has_obligations() || enemy.index() >= game.players.len() || !game.pieces.iter().any(|piece| piece.royal) {
        return None;
    }
    let name = ctx.names.player_fn("safe", mover);
    let enemy = crate::codegen::player_token(enemy);
    let held = crate::codegen::attacks::attack::held_bits(ctx)
        .then(|| crate::codegen::attacks::attack::held_by(quote!(#enemy)))
        .map(|held| quote!(#held,));
    let occupied = crate::codegen::attacks::attack::occupied_bits(ctx).then(|| quote!(#occupied,));
    let pieces = crate::codegen::attacks::attack::attackers_as_bits(ctx).then(|| quote!(pos.piece_cells(),));
    Some(quote!(#name(#board, #held #occupied #pieces #royals)))
}
