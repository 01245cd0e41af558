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
//! the runtime's too (`vdl_runtime::plan::proxy::add`), called only for the moves of
//! the pieces that can promote another and only where it may apply.
//!
//! Drops, which depend only on the hands, are the runtime's
//! (`vdl_runtime::plan::drops`), and so are the rules checked after a move (limits,
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

mod attacks;
mod emit;
mod legality;
mod moves;
mod prelude;
mod spec;

use attacks::{attack, obligation};
use emit::format;
use emit::names::{self, Names};
use emit::tables::{self, Tables};
use legality::safety;
use moves::geometry::{self, DirInfo};
use moves::movegen;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};
use spec::helpers::Helpers;
use spec::needs::Needs;
use spec::EngineSpec;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;
use vdl_runtime::ir::{self, DirId, Game, PieceId, PlayerId, ZoneId};
use vdl_runtime::plan::Plan;

/// The source of a Rust module implementing [`vdl_runtime::Engine`] for `game`
/// as `pub struct Rules`, with `pub fn engine() -> Rules`.
pub fn generate_rust(game: &Game) -> String {
    generate_rust_with_plan(game, &Plan::of(game))
}

/// [`generate_rust`] with the game's move plan made before (the compiler's
/// pipeline makes one: see `compile_with_plan`): the engine's spec decided,
/// then the module printed.
pub fn generate_rust_with_plan(game: &Game, plan: &Plan) -> String {
    assert!(game.cell_count() <= ir::MAX_CELLS, "too many cells for u16 tables");
    assert!(game.players.len() <= ir::MAX_PLAYERS, "pieces store their owner in one bit");
    let spec = EngineSpec::of(game); // what the engine holds, from the rules alone
    print(&mut Ctx::new(game, plan, spec)) // the code, the tables, then the prelude they need
}

/// The module: the moves, the attacks and the safety test printed first, as
/// they report what they read, then the prelude defining that, the piece
/// constants and the tables they asked for.
fn print(ctx: &mut Ctx) -> String {
    // The obligations' zones first, so that tables equal to them are named
    // after them.
    for o in &ctx.game.rules.obligations {
        for player in ctx.players() {
            ctx.zone_table(o.zone, player);
        }
    }
    let moves = movegen::generate(ctx);
    let attack = attack::generate(ctx);
    let obligations = obligation::attacks(ctx);
    let safety = safety::generate(ctx);
    let pieces = ctx.piece_items();
    let piece_constants = !pieces.is_empty();
    let extra = std::mem::take(&mut ctx.extra_items);
    let per_row = per_row(ctx.game);
    let (movegen, attack_code) = (&moves.code, &attack.code);
    let code = format(
        quote! {
            #extra
            #movegen
            #attack_code
            #obligations
            #safety
        },
        per_row,
    );
    // Every piece of code that reads a table of cells compares with `NONE`.
    let helpers = Helpers { none: ctx.tables.has_cells(), ..moves.helpers };
    let needs = Needs { generate: moves.inputs, helpers, attack_cells: attack.finds_attack_cells, piece_constants };
    let prelude = prelude::prelude(ctx, &needs);
    let head = format(
        quote! {
            #prelude
            #pieces
        },
        per_row,
    );
    let header = format!(
        "// Move generator for `{}`, generated by vdl-compiler. Do not edit.\n// Pseudo-legal moves and attacks match vdl_runtime::Interpreter exactly.\n",
        ctx.game.name.replace('\n', " ")
    );
    // A game with no tables (hardly any moves) has no section for them.
    let tables = (!ctx.tables.is_empty()).then(|| ctx.tables.render(per_row));
    [Some(header), Some(head), tables, Some(code)].into_iter().flatten().collect::<Vec<String>>().join("\n")
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
    /// What the engine holds, decided before printing.
    pub spec: EngineSpec,
    /// The first displacement whose table each table of cells is, if any.
    dir_by_table: HashMap<Vec<u16>, DirId>,
    /// The table of each displacement, once asked for.
    dir_tables: Vec<Option<Ident>>,
}

impl<'g> Ctx<'g> {
    fn new(game: &'g Game, plan: &'g Plan, spec: EngineSpec) -> Ctx<'g> {
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
            spec,
        }
    }

    /// The loop running `each` for every cell of `cells` (an expression,
    /// a `u128`), bound to `var`, lowest first: one loop, over one word on
    /// boards of up to 64 cells
    /// (`vdl_runtime::state::occupancy::for_each_bit128_inline`).
    pub fn for_each_cell(&self, cells: TokenStream, var: TokenStream, each: TokenStream) -> TokenStream {
        if self.cells_fit_one_word() {
            quote!(vdl_runtime::gen::occupancy::for_each_bit64_inline((#cells) as u64, |#var| #each);)
        } else {
            quote!(vdl_runtime::gen::occupancy::for_each_bit128_inline(#cells, |#var| #each);)
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
        self.spec.has_obligations()
    }

    /// The constants of the pieces and piece types the code asked for.
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

/// `player` as generated code names it.
pub(crate) fn player_token(player: PlayerId) -> TokenStream {
    if player.is_first() {
        quote!(PlayerId::FIRST)
    } else {
        quote!(PlayerId::SECOND)
    }
}

/// `text` as a raw string literal (`r#"..."#`, with enough `#`).
fn raw_string(text: &str) -> Literal {
    let mut hashes = String::from("#");
    while text.contains(&format!("\"{hashes}")) {
        hashes.push('#');
    }
    format!("r{hashes}\"{text}\"{hashes}").parse().expect("a raw string literal")
}
