//! Rust code generation: turns a checked [`Game`] into the source of a module
//! with a move generator specialised for that one game.
//!
//! The generated module depends only on `vdl_runtime`. Everything it does
//! with moves comes from the game's move plan (`vdl_runtime::plan`), which has
//! resolved every rule per start cell; code generation chooses how to store
//! the plan's data and specialises the walk of each rule. It holds:
//! * the IR as JSON, deserialised once, for [`Engine::game`];
//! * constant tables: per rule the plan's data per start cell (a leap's
//!   destination and route cells, a capturing leap's passed cell, a swap's
//!   partner cell; a line's first cell from each start and next cell after
//!   each, see `lines`), tables that agree with a displacement's shared with
//!   it; per zone and player its cells; per player the plan's inverted
//!   attacks: leaps as flat lists per target (see `attack_lists`), lines as
//!   walks (see `attack_lines`);
//! * one function per piece type and player generating its moves, every rule
//!   unrolled (but for nine or more alike, see `walks`), and for a piece that
//!   promotes a helper appending a move with its promotions, their outcome
//!   folded into tables (see `promotion`);
//! * one `attacked_by_*` function per player that reads the target cell's
//!   attack lists and walks its lines instead of generating the attacker's
//!   moves;
//! * one `safe_*` function per player for [`Engine::is_safe`];
//! * with obligations (see `obligation`), a `bound_*` function per piece type
//!   they name and player, and `attacked_by_*_now`, which applies them to
//!   attacks.
//!
//! Promotions by proxy, which depend on the whole position and are rare, are
//! the runtime's too (`vdl_runtime::proxy::add`), called only for the moves of
//! the pieces that can promote another and only where it may apply.
//!
//! Drops, which depend only on the hands, are the runtime's
//! (`vdl_runtime::drops`), and so are the rules checked after a move (limits,
//! requirements, obligations' deadlines, drop mates: `vdl_runtime::legal`).
//!
//! The code is built as tokens and formatted by `prettyplease`; the tables,
//! most of a large module, are written as text (see `text`).
//!
//! The semantics are exactly those of [`vdl_runtime::Interpreter`], which walks
//! the same plan, including its corner cases (rays stop when they come back to
//! their start, as a null move once per piece for circuits).
//!
//! [`Engine::game`]: vdl_runtime::Engine::game
//! [`Engine::is_safe`]: vdl_runtime::Engine::is_safe

mod attack;
mod attack_lines;
mod attack_lists;
mod attacker_bits;
mod format;
mod geometry;
mod leap_sets;
mod lines;
mod movegen;
mod names;
mod obligation;
mod promotion;
mod ride_sets;
mod rule_steps;
mod safety;
mod set_moves;
mod step_shifts;
mod tables;
mod text;
mod walks;

use geometry::DirInfo;
use names::Names;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;
use tables::Tables;
use vdl_runtime::ir::{self, DirId, Game, PieceId, PlayerId, ZoneId};
use vdl_runtime::move_features::FeaturesOf;
use vdl_runtime::plan::Plan;

/// The source of a Rust module implementing [`vdl_runtime::Engine`] for `game`
/// as `pub struct Rules`, with `pub fn engine() -> Rules`.
pub fn generate_rust(game: &Game) -> String {
    generate_rust_with_plan(game, &Plan::of(game))
}

/// [`generate_rust`] with the game's move plan made before (the compiler's
/// pipeline makes one: see `compile_with_plan`).
pub fn generate_rust_with_plan(game: &Game, plan: &Plan) -> String {
    assert!(game.cell_count() <= ir::MAX_CELLS, "too many cells for u16 tables");
    assert!(game.players.len() <= ir::MAX_PLAYERS, "pieces store their owner in one bit");
    let mut ctx = Ctx::new(game, plan);
    // The obligations' zones first, so that tables equal to them are named
    // after them.
    for o in &game.rules.obligations {
        for player in ctx.players() {
            ctx.zone_table(o.zone, player);
        }
    }
    let movegen = movegen::generate(&mut ctx);
    let attack = attack::generate(&mut ctx);
    let obligations = obligation::attacks(&mut ctx);
    let safety = safety::generate(&mut ctx);
    let pieces = ctx.piece_items();
    let extra = std::mem::take(&mut ctx.extra_items);
    let per_row = per_row(game);
    let code = format(
        quote! {
            #extra
            #movegen
            #attack
            #obligations
            #safety
        },
        per_row,
    );
    let tables = ctx.tables.render(per_row);
    // Every piece of code that reads a table of cells compares with `NONE`.
    let helpers = Helpers { none: ctx.tables.has_cells(), ..ctx.helpers };
    let prelude = prelude(&ctx, helpers);
    let head = format(
        quote! {
            #prelude
            #pieces
        },
        per_row,
    );
    let header = format!(
        "// Move generator for `{}`, generated by vdl-compiler. Do not edit.\n// Pseudo-legal moves and attacks match vdl_runtime::Interpreter exactly.\n",
        game.name.replace('\n', " ")
    );
    let sections: Vec<String> = [header, head, tables, code].into_iter().filter(|s| !s.is_empty()).collect();
    sections.join("\n")
}

/// `tokens`, a list of items, as formatted Rust.
fn format(tokens: TokenStream, per_row: usize) -> String {
    let file: syn::File = match syn::parse2(tokens) {
        Ok(file) => file,
        Err(e) => panic!("generated code does not parse: {e}"),
    };
    format::tidy(&prettyplease::unparse(&file), per_row)
}

/// The number of values a line of a per-cell table: a row of the board when
/// all rows are as long.
fn per_row(game: &Game) -> usize {
    match game.board.layout.rows.first() {
        Some(first) if game.board.layout.rows.iter().all(|r| r.len() == first.len()) => first.len(),
        _ => 10,
    }
}

/// Everything the generators share: the game, names, geometry, and the tables
/// and piece constants asked for so far.
pub(crate) struct Ctx<'g> {
    pub game: &'g Game,
    /// What every rule does from every cell; which rules may repeat a move
    /// (the overlap analysis) is read from it.
    pub plan: &'g Plan,
    pub names: Names,
    /// Shared so that closures can read it while tables are being added.
    pub dirs: Rc<Vec<DirInfo>>,
    pub tables: Tables,
    /// Items other than tables and pieces: promotion helpers and their tables.
    pub extra_items: TokenStream,
    used_pieces: BTreeSet<(PieceId, PlayerId)>,
    used_kinds: BTreeSet<PieceId>,
    /// The `bound_*` helpers defined so far.
    bound_fns: BTreeSet<(PieceId, PlayerId)>,
    /// Some piece's move function reads the position, not only the board.
    pub generate_needs_pos: bool,
    /// `generate` reads the occupied cells the position keeps.
    pub generate_reads_held: bool,
    /// `generate` reads the cells of each piece the position keeps.
    pub generate_reads_pieces: bool,
    /// The code has a `safe_after` (see [`safety::generate`]).
    pub judges_safety_after: bool,
    /// Does the module find the cells the attacks on a target depend on
    /// (`attack_cells`, see `attack`)?
    pub finds_attack_cells: bool,
    /// The prelude's helpers the code calls so far.
    pub helpers: Helpers,
    /// The first displacement whose table each table of cells is, if any.
    dir_by_table: HashMap<Vec<u16>, DirId>,
    /// The table of each displacement, once asked for.
    dir_tables: Vec<Option<Ident>>,
}

impl<'g> Ctx<'g> {
    fn new(game: &'g Game, plan: &'g Plan) -> Ctx<'g> {
        let dirs = geometry::analyse(game);
        let mut dir_by_table = HashMap::new();
        for (dir, info) in dirs.iter().enumerate() {
            dir_by_table.entry(tables::compact(&info.forward)).or_insert(DirId::from_index(dir));
        }
        Ctx {
            game,
            plan,
            names: Names::new(game),
            dir_tables: vec![None; dirs.len()],
            dir_by_table,
            dirs: Rc::new(dirs),
            tables: Tables::default(),
            extra_items: TokenStream::new(),
            used_pieces: BTreeSet::new(),
            used_kinds: BTreeSet::new(),
            bound_fns: BTreeSet::new(),
            generate_needs_pos: false,
            generate_reads_held: false,
            generate_reads_pieces: false,
            judges_safety_after: false,
            finds_attack_cells: false,
            helpers: Helpers::default(),
        }
    }

    /// The loop running `each` for every cell of `cells` (an expression,
    /// a `u128`), bound to `var`, lowest first: one loop, over one word on
    /// boards of up to 64 cells
    /// (`vdl_runtime::occupancy::for_each_bit128_inline`).
    pub fn for_each_cell(&self, cells: TokenStream, var: TokenStream, each: TokenStream) -> TokenStream {
        if self.cells_fit_one_word() {
            quote!(vdl_runtime::occupancy::for_each_bit64_inline((#cells) as u64, |#var| #each);)
        } else {
            quote!(vdl_runtime::occupancy::for_each_bit128_inline(#cells, |#var| #each);)
        }
    }

    /// Do the board's cells fit in one word (64 cells), so that sets of
    /// them are `u64`s?
    pub fn cells_fit_one_word(&self) -> bool {
        self.cells() <= 64
    }

    pub fn cells(&self) -> usize {
        self.game.cell_count()
    }

    pub fn players(&self) -> impl Iterator<Item = PlayerId> {
        self.game.player_ids()
    }

    /// The constant for piece `kind` of `player`, which the module then defines.
    pub fn piece(&mut self, kind: PieceId, player: PlayerId) -> Ident {
        self.used_pieces.insert((kind, player));
        self.names.piece_const(kind, player)
    }

    /// The constant for the piece type `kind` (as a promotion names it), which
    /// the module then defines.
    pub fn kind(&mut self, kind: PieceId) -> Ident {
        self.used_kinds.insert(kind);
        format_ident!("KIND_{}", self.names.pieces[kind.index()])
    }

    pub fn piece_label(&self, kind: PieceId, player: PlayerId) -> String {
        format!("{} of {}", self.game.pieces[kind].name, self.game.players[player.index()].name)
    }

    fn vector_name(&self, dir: DirId) -> String {
        let parts: Vec<String> =
            self.game.directions[dir].vector.iter().map(|&c| if c < 0 { format!("M{}", -c) } else { c.to_string() }).collect();
        parts.join("_")
    }

    /// A table of cells, named after the displacement whose table it equals, if
    /// any, else `name`.
    pub fn cell_table(&mut self, name: &str, doc: String, data: Vec<Option<usize>>) -> Ident {
        let data = tables::compact(&data);
        match self.dir_by_table.get(&data) {
            // Documented as the displacement it is, whatever asked for it.
            Some(&dir) => self.dir_table(dir),
            None => self.tables.cells(name, doc, data),
        }
    }

    /// A table of cells read only on the cells where `read` holds: a
    /// displacement's table if one agrees there (fewer tables, fewer cache
    /// lines), else `data` as it is.
    pub fn cell_table_read_on(&mut self, name: &str, doc: String, data: Vec<Option<usize>>, read: &[bool]) -> Ident {
        self.cell_table_and_data(name, doc, data, read).0
    }

    /// [`Ctx::cell_table_read_on`], with the cells the table holds.
    pub fn cell_table_and_data(&mut self, name: &str, doc: String, data: Vec<Option<usize>>, read: &[bool]) -> (Ident, Vec<Option<usize>>) {
        let agrees = |dir: &DirInfo| (0..data.len()).all(|c| !read[c] || dir.forward[c] == data[c]);
        match self.dirs.iter().position(agrees) {
            Some(dir) => (self.dir_table(DirId::from_index(dir)), self.dirs[dir].forward.clone()),
            None => (self.cell_table(name, doc, data.clone()), data),
        }
    }

    /// The table of cells reached along `dir`. Asked for at every step of
    /// every rule: after the first time, asking again changes nothing.
    pub fn dir_table(&mut self, dir: DirId) -> Ident {
        if let Some(table) = &self.dir_tables[dir.index()] {
            return table.clone();
        }
        let doc = format!("Displacement {}: the cell reached from each cell.", names::vector(self.game, dir));
        let data = tables::compact(&self.dirs[dir.index()].forward);
        let table = self.tables.cells(&format!("DIR_{}", self.vector_name(dir)), doc, data);
        self.dir_tables[dir.index()] = Some(table.clone());
        table
    }

    /// The flags of `zone` for `player`, or `None` when no test is needed (no
    /// zone, or a zone holding every cell).
    pub fn zone_flags(&mut self, zone: Option<ZoneId>, player: PlayerId) -> Option<Ident> {
        let z = zone?;
        let flags = self.game.zones[z].cells[player].clone();
        if flags.iter().all(|&f| f) {
            return None;
        }
        let name = format!("IN_{}_{}", self.names.zones[z.index()], self.names.players[player.index()]);
        let doc = format!("Zone `{}` of {}.", self.game.zones[z].name, self.game.players[player.index()].name);
        Some(self.tables.flags(&name, doc, flags))
    }

    /// The flags of `zone` for `player`, even when it holds every cell.
    pub fn zone_table(&mut self, zone: ZoneId, player: PlayerId) -> Ident {
        let flags = self.game.zones[zone].cells[player].clone();
        let name = format!("IN_{}_{}", self.names.zones[zone.index()], self.names.players[player.index()]);
        let doc = format!("Zone `{}` of {}.", self.game.zones[zone].name, self.game.players[player.index()].name);
        self.tables.flags(&name, doc, flags)
    }

    /// Does the game have obligations (countdowns in its positions)?
    pub fn has_obligations(&self) -> bool {
        !self.game.rules.obligations.is_empty()
    }

    fn piece_items(&self) -> TokenStream {
        let kinds = self.used_kinds.iter().map(|&kind| {
            let name = format_ident!("KIND_{}", self.names.pieces[kind.index()]);
            let doc = tables::doc_lines(&[format!("The piece type {}.", self.game.pieces[kind].name)]);
            let k = Literal::usize_unsuffixed(kind.index());
            quote! { #doc const #name: PieceId = PieceId::from_index(#k); }
        });
        let kinds: TokenStream = kinds.collect();
        let pieces: TokenStream = self
            .used_pieces
            .iter()
            .map(|&(kind, player)| {
                let name = self.names.piece_const(kind, player);
                let doc = tables::doc_lines(&[format!("{}.", self.piece_label(kind, player))]);
                let k = Literal::usize_unsuffixed(kind.index());
                let p = player_token(player);
                quote! { #doc const #name: Piece = Piece::new(PieceId::from_index(#k), #p); }
            })
            .collect();
        quote!(#kinds #pieces)
    }
}

/// `&& ...`: at least one of the routes (each a list of conditions that must
/// all hold) is open.
/// `player` as generated code names it.
pub(crate) fn player_token(player: PlayerId) -> TokenStream {
    if player.is_first() {
        quote!(PlayerId::FIRST)
    } else {
        quote!(PlayerId::SECOND)
    }
}

pub(crate) fn any_route(routes: Vec<Vec<TokenStream>>) -> TokenStream {
    assert!(!routes.is_empty(), "a rule with routes but none open has an empty table");
    if routes.len() == 1 {
        let cells = &routes[0];
        return quote!(#(&& #cells)*);
    }
    let routes = routes.iter().map(|cells| if cells.len() == 1 { quote!(#(#cells)*) } else { quote!((#(#cells)&&*)) });
    quote!(&& (#(#routes)||*))
}

/// `text` as a raw string literal (`r#"..."#`, with enough `#`).
fn raw_string(text: &str) -> Literal {
    let mut hashes = String::from("#");
    while text.contains(&format!("\"{hashes}")) {
        hashes.push('#');
    }
    format!("r{hashes}\"{text}\"{hashes}").parse().expect("a raw string literal")
}

/// The helpers of the prelude that the code uses, noted by the generators as
/// they call them (a game with hardly any moves may need none).
#[derive(Clone, Copy, Default)]
pub(crate) struct Helpers {
    /// `NONE`, the off-board cell.
    pub none: bool,
    /// `new_move(from, to)`.
    pub new_move: bool,
    /// `already(moves, to, extra)`.
    pub already: bool,
    /// `Occupancy`, the board's cells as bits (see `leap_sets`, `ride_sets`).
    pub occupancy: bool,
}

impl Helpers {
    fn union(self, other: Helpers) -> Helpers {
        Helpers {
            none: self.none || other.none,
            new_move: self.new_move || other.new_move,
            already: self.already || other.already,
            occupancy: self.occupancy || other.occupancy,
        }
    }
}

/// Imports, the embedded IR, the engine type and the shared helpers.
fn prelude(ctx: &Ctx, uses: Helpers) -> TokenStream {
    let json = raw_string(&ctx.game.to_json());
    let cells = Literal::usize_unsuffixed(ctx.cells());
    let name_doc = tables::doc_lines(&[format!("The move generator of `{}`.", ctx.game.name)]);
    // Piece constants (and an obligation's inert stand-in) name their type.
    let piece_id = (!ctx.used_pieces.is_empty() || !ctx.used_kinds.is_empty() || ctx.has_obligations()).then(|| quote!(PieceId,));
    let none = uses.none.then(|| {
        quote! {
            /// Marks "no cell" (off the board) in the cell tables.
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
    let occupancy = uses.occupancy.then(|| {
        quote!(
            use vdl_runtime::occupancy::Occupancy;
        )
    });
    let already = uses.already.then(|| {
        quote! {
            use vdl_runtime::position::NO_CELL;

            /// Is a move to `to`, also capturing on `extra` (or `NO_CELL`), among
            /// `moves`, the moves of one piece so far? Its moves form a set.
            #[inline(always)]
            fn already(moves: &[Move], to: usize, extra: CellId) -> bool {
                moves.iter().any(|m| m.to.index() == to && m.extra == extra)
            }
        }
    });
    // Drops depend only on the hands and the game's drop bans: the runtime's
    // code serves every engine.
    let kinds = ctx.game.pieces.len();
    let drops = ctx.game.has_hands().then(|| quote!(vdl_runtime::drops::generate_sized::<#kinds, _>(pos, out);));
    // So do captures in passing: the runtime walks them from the plan (and
    // castling, called from the castling pieces' functions; the other moves
    // of unmoved pieces are the pieces' functions' own).
    let gated = ctx.game.has_en_passant().then(|| quote!(vdl_runtime::gated::captures_in_passing(&Rules, plan(), pos, out.moves());));
    let pos_arg = ctx.generate_needs_pos.then(|| quote!(pos,));
    let held_arg = ctx.generate_reads_held.then(|| quote!(pos.held_cells(),));
    let pieces_arg = ctx.generate_reads_pieces.then(|| quote!(pos.piece_cells(),));
    let generate = quote!(generate(#pos_arg board_of(pos), #held_arg #pieces_arg pos.side, out););
    // With obligations, attacks depend on the countdowns.
    let (attacked, is_safe, not_counting) = if ctx.has_obligations() {
        (
            quote!(attacked_now(pos, board_of(pos), cell.index(), by)),
            quote!(is_safe(pos, board_of(pos), mover)),
            quote!(
                use vdl_runtime::position::NOT_COUNTING;
            ),
        )
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
    let unattacked_among = (!ctx.has_obligations()).then(|| {
        let args = attack::line_args_of_pos(ctx, quote!(by));
        quote! {
            fn unattacked_among(&self, pos: &Position, cells: u128, by: PlayerId) -> u32 {
                let board = board_of(pos);
                let mut unattacked = 0;
                vdl_runtime::occupancy::for_each_bit128(cells, |cell| unattacked += u32::from(!attacked(board, cell, by #args)));
                unattacked
            }
        }
    });
    // A royal's step out of check is judged on a copy of the board with
    // its start emptied, where the attacks depend on the board alone.
    let attacked_vacating = (!ctx.has_obligations()).then(|| {
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
    let check_cells = ctx.finds_attack_cells.then(|| {
        let args = attack::line_args_of_pos(ctx, quote!(enemy));
        quote! {
            fn check_cells(&self, influence: &Influence, pos: &Position, royals: &[CellId]) -> Option<vdl_runtime::check_cells::CheckCells> {
                let (board, enemy) = (board_of(pos), pos.side.opponent());
                influence.check_cells_from_bits(royals, |royal| attack_cells(board, royal.index(), enemy #args))
            }
        }
    });
    let features = move_features(ctx.game);
    let safe_after = ctx.judges_safety_after.then(|| {
        quote! {
            fn safe_after(&self, pos: &Position, mv: Move) -> Option<bool> {
                safe_after(pos, mv)
            }
        }
    });
    // The watch walks the lines out from each royal: an attacker met on
    // one is a check (an enemy royal met first on a facing line among
    // them), found on the way.
    let watch_if_safe = (!ctx.has_obligations()).then(|| {
        quote! {
            fn watch_if_safe(&self, _influence: &Influence, pos: &Position, royals: &[CellId], watch: &mut Watch) -> bool {
                let (board, enemy) = (board_of(pos), pos.side.opponent());
                watch.mark_royals(royals);
                royals.iter().all(|royal| !watch_leaps(pos, board, royal.index(), enemy, watch) && !watch_lines(pos, board, royal.index(), enemy, watch))
            }
        }
    });
    quote! {
        use std::sync::OnceLock;
        use vdl_runtime::influence::{Influence, Watch};
        use vdl_runtime::ir::{CellId, Game, #piece_id PlayerId};
        use vdl_runtime::sink::MoveSink;
        use vdl_runtime::{Engine, Move, Piece, Position};
        #not_counting
        #occupancy

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
        fn plan() -> &'static vdl_runtime::plan::Plan {
            static PLAN: OnceLock<vdl_runtime::plan::Plan> = OnceLock::new();
            PLAN.get_or_init(|| vdl_runtime::plan::Plan::of(game()))
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

        impl Engine for Rules {
            fn game(&self) -> &Game {
                game()
            }

            fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
                generate_all(pos, out);
            }

            fn count_legal(&self, pos: &mut Position, scratch: &mut vdl_runtime::legal_count::CountScratch) -> u64 {
                vdl_runtime::legal_count::count_legal_with(self, pos, scratch, |pos, sink| generate_all(pos, sink))
            }

            fn has_legal_move(&self, pos: &mut Position) -> bool {
                self.count_legal(pos, &mut Default::default()) > 0
            }

            fn make(&self, pos: &mut Position, mv: Move) -> vdl_runtime::position::Undo {
                pos.make_with::<Features>(mv)
            }

            fn unmake(&self, pos: &mut Position, mv: Move, undo: vdl_runtime::position::Undo) {
                pos.unmake_with::<Features>(mv, undo)
            }

            fn attacked(&self, pos: &Position, cell: CellId, by: PlayerId) -> bool {
                #attacked
            }

            #unattacked_among

            #attacked_vacating

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
/// ([`vdl_runtime::move_features`]).
fn move_features(game: &Game) -> TokenStream {
    let FeaturesOf { checks, unmoved, hands, extra_cell, swaps, passings, countdowns, clocks } = FeaturesOf::game(game);
    quote! {
        /// What this game's moves can do, for make and unmake.
        struct Features;

        impl vdl_runtime::move_features::MoveFeatures for Features {
            const CHECKS: bool = #checks;
            const UNMOVED: bool = #unmoved;
            const HANDS: bool = #hands;
            const EXTRA_CELL: bool = #extra_cell;
            const SWAPS: bool = #swaps;
            const PASSINGS: bool = #passings;
            const COUNTDOWNS: bool = #countdowns;
            const CLOCKS: bool = #clocks;
        }
    }
}
