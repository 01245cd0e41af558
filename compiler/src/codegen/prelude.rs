//! The module's prelude: imports, the embedded IR, the engine type and the
//! shared helpers, as the engine's spec and the printed code's needs say.

use crate::codegen::attacks::attack;
use crate::codegen::emit::tables;
use crate::codegen::moves::constructs;
use crate::codegen::spec::needs::Needs;
use crate::codegen::spec::AttackTest;
use crate::codegen::{raw_string, Ctx};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use vdl_runtime::state::move_features::FeaturesOf;

/// Imports, the embedded IR, the engine type and the shared helpers.
pub(crate) fn prelude(ctx: &Ctx, needs: &Needs) -> TokenStream {
    let (spec, uses) = (&ctx.spec, needs.helpers);
    let on_the_board = spec.attacks == AttackTest::OnTheBoard;
    let json = raw_string(&ctx.game.to_json());
    let cells = Literal::usize_unsuffixed(ctx.cells());
    let name_doc = tables::doc_lines(&[format!("The move generator of `{}`.", ctx.game.name)]);
    // Piece constants (and an obligation's inert stand-in) name their type.
    let piece_id = (needs.piece_constants || !on_the_board).then(|| quote!(PieceId,));
    let none = uses.none.then(|| {
        quote! {
            /// Marks "no cell" (off the board) in the cell tables. A game
            /// whose tables all lead somewhere (a double step from each cell
            /// of a zone) has none to mark.
            #[allow(dead_code)]
            const NONE: u16 = u16::MAX;
        }
    });
    let new_move = uses.new_move.then(|| {
        quote! {
            /// The move from `from` to `to`.
            #[inline(always)]
            fn new_move(from: usize, to: usize) -> Move {
                Move::new(CellId::from_index(from), CellId::from_index(to))
            }
        }
    });
    let occupancy = uses.occupancy.then(|| quote!(Occupancy,));
    let already = uses.already.then(|| {
        quote! {
            /// Is a move to `to`, also changing the cell `second` (see
            /// `Move::second_cell`), among `moves`, the moves of one piece so
            /// far? Its moves form a set.
            #[inline(always)]
            fn already(moves: &[Move], to: usize, second: Option<CellId>) -> bool {
                moves.iter().any(|m| m.to().index() == to && m.second_cell() == second)
            }
        }
    });
    // Drops depend only on the hands and the game's drop bans: the runtime's
    // code serves every engine.
    let drops = spec.drops.map(|drops| {
        let kinds = drops.kinds;
        quote!(vdl_runtime::gen::drops::generate_sized::<#kinds, _>(pos, out);)
    });
    // So do the moves the runtime walks from the plan for the whole
    // position (see `constructs`).
    let gated = constructs::walked_for_the_position(spec);
    // Moves that gate are the listed moves with a piece added, which the
    // counting generator leaves out: where a gate is open, the counter
    // takes the listed moves.
    let gating = spec.gating.then(|| quote!(vdl_runtime::gen::gating::add(pos, out);));
    // With a blocker, each listed move becomes one move per cell the
    // blocker may take, which the counter takes too.
    let (blocker_start, blocker) = if spec.blocker {
        (quote!(let start = out.len();), quote!(vdl_runtime::gen::blocker::place(pos, out, start);))
    } else {
        (quote!(), quote!())
    };
    let count_gated = spec.gating.then(|| {
        quote! {
            if vdl_runtime::gen::gating::live(pos) {
                return vdl_runtime::gen::legal_count::count_legal_with(self, pos, scratch, |pos, sink| self.generate(pos, sink.moves()));
            }
        }
    });
    let count_legal = if spec.blocker {
        quote!(vdl_runtime::gen::legal_count::count_legal_with(self, pos, scratch, |pos, sink| self.generate(pos, sink.moves())))
    } else {
        quote! {
            #count_gated
            vdl_runtime::gen::legal_count::count_legal_with(self, pos, scratch, |pos, sink| generate_all(pos, sink))
        }
    };
    let pos_arg = needs.generate.position.then(|| quote!(pos,));
    let held_arg = needs.generate.held_cells.then(|| quote!(pos.held_cells(),));
    let pieces_arg = needs.generate.piece_cells.then(|| quote!(pos.piece_cells(),));
    let generate = quote!(generate(#pos_arg board_of(pos), #held_arg #pieces_arg pos.side, out););
    // With obligations, attacks depend on the countdowns.
    let (attacked, is_safe, not_counting) = if !on_the_board {
        (quote!(attacked_now(pos, board_of(pos), cell.index(), by)), quote!(is_safe(pos, board_of(pos), mover)), quote!(NOT_COUNTING,))
    } else {
        let args = attack::line_args_of_pos(ctx, quote!(by));
        (quote!(attacked(board_of(pos), cell.index(), by #args)), quote!(is_safe(pos, board_of(pos), mover)), quote!())
    };
    // The safe steps of a royal, counted in one call. The loop's closure
    // reads `by`'s cells for each cell; where the closure is inlined
    // (Turn Qi), the compiler lifts the reads out of the loop, as the
    // attack test writes nothing. Bound to locals before the loop by hand,
    // they came out slower for Turn Qi, faster for Shogi
    // (docs/performance.md).
    let unattacked_among = on_the_board.then(|| {
        let args = attack::line_args_of_pos(ctx, quote!(by));
        quote! {
            fn unattacked_among(&self, pos: &Position, cells: u128, by: PlayerId) -> u32 {
                let board = board_of(pos);
                let mut unattacked = 0;
                vdl_runtime::gen::occupancy::for_each_bit128(cells, |cell| unattacked += u32::from(!attacked(board, cell, by #args)));
                unattacked
            }
        }
    });
    // A royal's step out of check is judged on a copy of the board with
    // its start emptied, where the attacks depend on the board alone.
    let attacked_vacating = on_the_board.then(|| {
        let args = attack::line_args_vacating(ctx, quote!(by), quote!(vacated.index()));
        quote! {
            fn attacked_vacating(&self, pos: &Position, cell: CellId, by: PlayerId, vacated: CellId) -> Option<bool> {
                let mut board = *board_of(pos);
                board[vacated.index()] = Piece::EMPTY;
                Some(attacked(&board, cell.index(), by #args))
            }
        }
    });
    // The cells a check depends on, along the module's own tables.
    let check_cells = needs.attack_cells.then(|| {
        let args = attack::line_args_of_pos(ctx, quote!(enemy));
        quote! {
            fn check_cells(&self, influence: &Influence, pos: &Position, royals: &[CellId]) -> Option<vdl_runtime::gen::CheckCells> {
                let (board, enemy) = (board_of(pos), pos.side.opponent());
                influence.check_cells_from_bits(royals, |royal| attack_cells(board, royal.index(), enemy #args))
            }
        }
    });
    let features = move_features(spec.features);
    let safe_after = spec.safe_after.then(|| {
        quote! {
            fn safe_after(&self, pos: &Position, mv: Move) -> Option<bool> {
                safe_after(pos, mv)
            }
        }
    });
    // The watch walks the lines out from each royal: an attacker met on
    // one is a check (an enemy royal met first on a facing line among
    // them), found on the way.
    let watch_if_safe = on_the_board.then(|| {
        quote! {
            fn watch_if_safe(&self, _influence: &Influence, pos: &Position, royals: &[CellId], watch: &mut Watch) -> bool {
                let (board, enemy) = (board_of(pos), pos.side.opponent());
                watch.mark_royals(royals);
                royals.iter().all(|royal| !watch_leaps(pos, board, royal.index(), enemy, watch) && !watch_lines(pos, board, royal.index(), enemy, watch))
            }
        }
    });
    // Everything from the runtime comes through its `gen` module.
    quote! {
        use std::sync::OnceLock;
        use vdl_runtime::gen::{CellId, Engine, Game, Generator, Influence, Move, MoveSink, #not_counting #occupancy Piece, #piece_id PlayerId, Position, Watch};

        /// The number of cells of the board.
        pub const CELLS: usize = #cells;
        #none
        type Board = [Piece; CELLS];

        /// The game's IR, as the compiler produced it.
        pub static IR_JSON: &str = #json;

        /// The game, read from [`IR_JSON`] on first use.
        pub fn game() -> &'static Game {
            static GAME: OnceLock<Game> = OnceLock::new();
            GAME.get_or_init(|| Game::from_json(IR_JSON).expect("the embedded IR is valid"))
        }

        #name_doc
        #[derive(Clone, Copy, Debug, Default)]
        pub struct Rules;

        pub fn engine() -> Rules {
            Rules
        }

        /// The game's move plan, made on first use.
        fn plan() -> &'static vdl_runtime::gen::Plan {
            static PLAN: OnceLock<vdl_runtime::gen::Plan> = OnceLock::new();
            PLAN.get_or_init(|| vdl_runtime::gen::Plan::of(game()))
        }

        #[inline(always)]
        fn board_of(pos: &Position) -> &Board {
            pos.board().try_into().expect("a position of this game")
        }

        #new_move
        #already

        #features

        /// Gives `out` every pseudo-legal move of the side to move.
        #[inline(always)]
        fn generate_all<S: MoveSink>(pos: &Position, out: &mut S) {
            #generate
            #gated
            #drops
        }

        impl Generator for Rules {
            fn game(&self) -> &Game {
                game()
            }

            fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
                #blocker_start
                generate_all(pos, out);
                #gating
                #blocker
            }

            fn make(&self, pos: &mut Position, mv: Move) -> vdl_runtime::gen::Undo {
                pos.make_with::<Features>(mv)
            }

            fn unmake(&self, pos: &mut Position, mv: Move, undo: vdl_runtime::gen::Undo) {
                pos.unmake_with::<Features>(mv, undo)
            }

            fn attacked(&self, pos: &Position, cell: CellId, by: PlayerId) -> bool {
                #attacked
            }

            #unattacked_among

            #attacked_vacating
        }

        impl Engine for Rules {
            fn count_legal(&self, pos: &mut Position, scratch: &mut vdl_runtime::gen::CountScratch) -> u64 {
                #count_legal
            }

            fn has_legal_move(&self, pos: &mut Position) -> bool {
                self.count_legal(pos, &mut Default::default()) > 0
            }


            #check_cells

            fn is_safe(&self, pos: &Position, mover: PlayerId) -> bool {
                #is_safe
            }

            #safe_after

            fn influence(&self) -> Option<&Influence> {
                static INFLUENCE: OnceLock<Option<Influence>> = OnceLock::new();
                INFLUENCE.get_or_init(|| Influence::of(game(), plan().clone())).as_ref()
            }

            fn watch(&self, influence: &Influence, pos: &Position, royals: &[CellId], watch: &mut Watch) {
                // The leaps and lines (rides, hops) along this game's own
                // tables; the royals' cells as the runtime marks them.
                watch.mark_royals(royals);
                let (board, enemy) = (board_of(pos), pos.side.opponent());
                for &royal in royals {
                    if watch_leaps(pos, board, royal.index(), enemy, watch) || watch_lines(pos, board, royal.index(), enemy, watch) {
                        // A walk met a piece of an attacking type that does
                        // not attack now (an obligation keeps it away) and
                        // stopped, its marks unfinished: the runtime marks
                        // everything.
                        influence.mark_watch(pos, royals, watch);
                        return;
                    }
                }
            }

            #watch_if_safe
        }
    }
}

/// What this game's moves can do besides moving, capturing and promoting
/// pieces, for its engine's make and unmake
/// ([`vdl_runtime::state::move_features`]).
fn move_features(features: FeaturesOf) -> TokenStream {
    let FeaturesOf { checks, unmoved, hands, extra_cell, swaps, passings, countdowns, clocks, passes, explosions } = features;
    quote! {
        /// What this game's moves can do, for make and unmake.
        struct Features;

        impl vdl_runtime::gen::MoveFeatures for Features {
            const CHECKS: bool = #checks;
            const UNMOVED: bool = #unmoved;
            const HANDS: bool = #hands;
            const EXTRA_CELL: bool = #extra_cell;
            const SWAPS: bool = #swaps;
            const PASSINGS: bool = #passings;
            const COUNTDOWNS: bool = #countdowns;
            const CLOCKS: bool = #clocks;
            const PASSES: bool = #passes;
            const EXPLOSIONS: bool = #explosions;
        }
    }
}
