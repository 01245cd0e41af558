//! The attacks of a player listed per target (see `attack`): for each
//! target, the leaps' start cells, each with the set of piece types that
//! attack from there, and the lines out from the target as chains of cells
//! (stored as walks by `attack_lines`).
//! Many types share their leaps (in Ladies and Generals, 67,000 (origin,
//! piece) pairs per player are 6,000 origins with one of 6 sets), so an
//! attack test looks at each origin once.
//!
//! A list is one flat array of every target's entries in turn, with a second
//! array of where each target's entries start, rather than a slice per cell
//! (a fat pointer each, and as many allocations in the binary). Sets of types
//! have a bit per type, tested with `piece.kind()`.

use crate::codegen::attacks::attack_lines::LineCode;
use crate::codegen::attacks::attacker_bits::AttackerBits;
use crate::codegen::attacks::obligation::INERT_KIND;
use crate::codegen::emit::text;
use crate::codegen::Ctx;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use vdl_runtime::ir::{PieceId, PlayerId};
use vdl_runtime::plan::attacks::Node;
use vdl_runtime::state::piece_set::PieceSet;

/// Sets of piece types, a bit per type.
type Kinds = u128;

/// The types of a set of pieces (all of one player).
fn kinds_of(pieces: PieceSet) -> Kinds {
    pieces.pieces().fold(0, |kinds, piece| kinds | (1 as Kinds) << piece.kind().index())
}

/// Per target, the entries keyed by their cells (the origin, and for the
/// lists that have one the cell tested), each with its set of types.
type List<K> = Vec<BTreeMap<K, Kinds>>;

/// Per target, chains of (cell, the types attacking from it).
type Lines = Vec<Vec<Vec<(usize, Kinds)>>>;

pub struct AttackLists {
    /// Leaps and steps that nothing can block.
    open: List<usize>,
    /// Leaps over one cell that must be empty: (origin, cell passed).
    blockable: List<(usize, usize)>,
    /// Capturing leaps: (origin, cell), where the cell must not hold an ally
    /// (the cell passed when the target is the destination, the destination
    /// when the target is the cell passed).
    guarded: List<(usize, usize)>,
    /// Leaps with several routes, or longer ones, by the shape of their
    /// routes (how many, how long each): (origin, the routes' cells in
    /// turn), one route of which must be empty.
    routed: BTreeMap<Vec<usize>, List<(usize, Vec<usize>)>>,
    /// Per target, the cells some leap of any list attacks it from, as
    /// bits (those below 128): the leaps are walked only where the
    /// attacker holds one.
    leap_origins: Vec<u128>,
    /// The same for the leaps that need a cell empty or free of an ally
    /// (all but the open ones): where the open ones are tested as bits
    /// (`attacker_bits`), the others are walked only where the attacker holds
    /// one of these.
    conditional_origins: Vec<u128>,
    cells: usize,
    /// Rides: the first piece on a chain attacks if it is of a type listed
    /// at its cell.
    rides: Lines,
    /// Hops: likewise the second piece (the first is the screen).
    hops: Lines,
}

impl AttackLists {
    pub fn new(cells: usize) -> AttackLists {
        AttackLists {
            open: vec![BTreeMap::new(); cells],
            blockable: vec![BTreeMap::new(); cells],
            guarded: vec![BTreeMap::new(); cells],
            routed: BTreeMap::new(),
            leap_origins: vec![0; cells],
            conditional_origins: vec![0; cells],
            cells,
            rides: vec![Vec::new(); cells],
            hops: vec![Vec::new(); cells],
        }
    }

    /// Pieces of `attackers` on `from` attack `target`.
    pub fn add_open(&mut self, target: usize, from: usize, attackers: PieceSet) {
        self.add_origin(target, from);
        *self.open[target].entry(from).or_default() |= kinds_of(attackers);
    }

    /// Some leap attacks `target` from `from`.
    fn add_origin(&mut self, target: usize, from: usize) {
        if from < 128 {
            self.leap_origins[target] |= 1 << from;
        }
    }

    /// Some leap that needs a cell attacks `target` from `from`.
    fn add_conditional_origin(&mut self, target: usize, from: usize) {
        self.add_origin(target, from);
        if from < 128 {
            self.conditional_origins[target] |= 1 << from;
        }
    }

    /// Pieces of `attackers` on `from` attack `target` when `via` is empty.
    pub fn add_blockable(&mut self, target: usize, from: usize, via: usize, attackers: PieceSet) {
        self.add_conditional_origin(target, from);
        *self.blockable[target].entry((from, via)).or_default() |= kinds_of(attackers);
    }

    /// Pieces of `attackers` on `from` attack `target` when `cell` holds no
    /// ally.
    pub fn add_guarded(&mut self, target: usize, from: usize, cell: usize, attackers: PieceSet) {
        self.add_conditional_origin(target, from);
        *self.guarded[target].entry((from, cell)).or_default() |= kinds_of(attackers);
    }

    /// Pieces of `attackers` on `from` attack `target` when one of `routes`
    /// has every cell empty.
    pub fn add_routed(&mut self, target: usize, from: usize, routes: &[Vec<usize>], attackers: PieceSet) {
        self.add_conditional_origin(target, from);
        let shape: Vec<usize> = routes.iter().map(Vec::len).collect();
        let cells = self.cells;
        let list = self.routed.entry(shape).or_insert_with(|| vec![BTreeMap::new(); cells]);
        *list[target].entry((from, routes.concat())).or_default() |= kinds_of(attackers);
    }

    /// A chain of a line out from `target` (a hop's when `hop`).
    pub fn add_line(&mut self, target: usize, hop: bool, chain: &[Node]) {
        let chain = chain.iter().map(|node| (node.cell.index(), kinds_of(node.attackers))).collect();
        if hop {
            self.hops[target].push(chain);
        } else {
            self.rides[target].push(chain);
        }
    }

    /// Does the player attack any target with a leap or a step?
    pub fn has_leaps(&self) -> bool {
        self.has_open_leaps() || self.has_conditional_leaps()
    }

    /// Does the player attack any target with a leap or step that nothing
    /// can block?
    fn has_open_leaps(&self) -> bool {
        !self.open.iter().all(BTreeMap::is_empty)
    }

    /// Does the player attack any target with a leap that needs a cell
    /// empty or free of an ally?
    fn has_conditional_leaps(&self) -> bool {
        !(self.blockable.iter().all(BTreeMap::is_empty) && self.guarded.iter().all(BTreeMap::is_empty) && self.routed.is_empty())
    }

    /// Does the player attack any target along a line (a ride or a hop)?
    pub fn has_lines(&self) -> bool {
        self.rides.iter().chain(&self.hops).flatten().any(|chain| !chain.is_empty())
    }

    /// The loops of `attacked_by_*` for `player` that read the lists, and
    /// the walks of its lines for the legality shortcut; their tables go to
    /// `ctx.tables`.
    pub fn generate(&self, ctx: &mut Ctx, player: PlayerId) -> LineCode {
        let upper = ctx.names.players[player.index()].clone();
        // The sets are named before they are all gathered: the lists' docs
        // refer to them.
        let sets_name = format_ident!("{}", ctx.tables.unique_name(&format!("ATTACKERS_{upper}")));
        let mut out = Output {
            sets_name,
            sets: vec![0],
            tables: String::new(),
            code: TokenStream::new(),
            watch_leaps: TokenStream::new(),
            leaps_blockable: false,
            cells: Some(TokenStream::new()),
            open_bits: None,
        };
        let (mut watch, mut reads_riders, mut reads_gate) = (TokenStream::new(), false, false);
        self.leap_code(ctx, player, &mut out);
        for (hop, lines) in [(false, &self.rides), (true, &self.hops)] {
            let chains: Vec<Vec<Vec<(usize, usize)>>> = lines
                .iter()
                .map(|chains| {
                    chains
                        .iter()
                        .map(|chain| chain.iter().map(|&(cell, kinds)| (cell, set_number(&mut out.sets, kinds))).collect())
                        .collect()
                })
                .collect();
            let code = crate::codegen::attacks::attack_lines::code(ctx, &mut out.tables, (&out.sets_name, &out.sets), player, hop, &chains);
            out.code.extend(code.attack);
            watch.extend(code.watch);
            reads_riders |= code.reads_riders;
            reads_gate |= code.reads_gate;
            out.cells = out.cells.zip(code.cells).map(|(mut cells, lines)| {
                cells.extend(lines);
                cells
            });
        }
        if self.has_leaps() || self.has_lines() {
            // The sets first: the lists refer to them.
            let who = ctx.game.players[player.index()].name.clone();
            let sets = sets_table(ctx, &out.sets_name.to_string(), &who, &out.sets);
            ctx.tables.add_text(&sets);
            ctx.tables.add_text(&out.tables);
        }
        LineCode {
            attack: out.code,
            watch,
            leaps: out.watch_leaps,
            leaps_blockable: out.leaps_blockable,
            reads_riders,
            reads_gate,
            cells: out.cells,
        }
    }

    /// The types that attack along some line from beyond its first cell:
    /// riders and hoppers, whose cells the lines' gates read (`riders`).
    pub fn rider_kinds(&self) -> Kinds {
        let beyond_first =
            |lines: &Lines| lines.iter().flatten().flat_map(|chain| chain.iter().skip(1)).fold(0, |kinds, &(_, k)| kinds | k);
        beyond_first(&self.rides) | beyond_first(&self.hops)
    }

    /// The loops over the leaps' lists, into `out`. Where the board's
    /// cells fit in bits, they run only when the attacker holds a cell
    /// some leap attacks the target from (`held`): nothing else can attack
    /// or be marked.
    fn leap_code(&self, ctx: &mut Ctx, player: PlayerId, out: &mut Output) {
        let (code, watch) = (std::mem::take(&mut out.code), std::mem::take(&mut out.watch_leaps));
        self.leap_loops(ctx, player, out);
        let (leaps, watch_leaps) = (std::mem::replace(&mut out.code, code), std::mem::replace(&mut out.watch_leaps, watch));
        let cells = out.cells.replace(TokenStream::new());
        // The open leaps tested as bits need no gate: the others are
        // walked only where the attacker holds one of their origins.
        let bits = out.open_bits.take();
        // Loops over the lists where some leaps are not tested as bits.
        let walks = (self.has_open_leaps() && bits.is_none()) || self.has_conditional_leaps();
        let guard = (walks && crate::codegen::attacks::attack::held_bits(ctx)).then(|| {
            let upper = &ctx.names.players[player.index()];
            let who = &ctx.game.players[player.index()].name;
            let (which, origins) = match bits {
                Some(_) => (format!("{who} that need a cell"), self.conditional_origins.clone()),
                None => (who.clone(), self.leap_origins.clone()),
            };
            let doc = format!("The leaps of {which}: the cells they attack each target from, as bits.");
            crate::codegen::attacks::attack::gate_table(ctx, &format!("LEAPS_{upper}_FROM"), doc, origins)
        });
        // With a guard there are loops, and each of the codes holds them.
        let guarded = |from: TokenStream| match &guard {
            Some(origins) => quote!(if #origins[target] & gate != 0 { #from }),
            None => from,
        };
        let (test, cells_of_bits) = bits.map(|bits| (bits.test(None), bits.cells())).unzip();
        out.code.extend(test.clone());
        out.code.extend(guarded(leaps));
        out.watch_leaps.extend(test);
        out.watch_leaps.extend(guarded(watch_leaps));
        out.cells = cells.map(|cells| {
            let mut all = cells_of_bits.unwrap_or_default();
            all.extend(guarded(cells));
            all
        });
    }

    /// The loops over the leaps' lists, into `out`.
    fn leap_loops(&self, ctx: &mut Ctx, player: PlayerId, out: &mut Output) {
        let upper = ctx.names.players[player.index()].clone();
        let who = ctx.game.players[player.index()].name.clone();
        let in_sets = format!("the set of piece types in [`{}`]", out.sets_name);
        let about = ("LEAPERS", "leaps and steps that nothing blocks");
        let bits =
            crate::codegen::attacks::attack::attackers_as_bits(ctx).then(|| AttackerBits::new(ctx, player, about, &self.open)).flatten();
        let open_in_bits = bits.is_some();
        out.open_bits = bits;
        let (sets, tables) = (&mut out.sets, &mut out.tables);
        let (sets_name, p) = (&out.sets_name, crate::codegen::player_token(player));
        let doc =
            format!("Leaps and steps of {who} that nothing can block: for each target, the cells they attack it from, each with {in_sets}");
        // Where they are tested as bits (`AttackerBits`), in `leap_code`.
        let open = if open_in_bits { None } else { flat_table(ctx, sets, tables, &format!("JUMPS_{upper}"), &doc, &self.open) };
        if let Some(table) = open {
            out.code.extend(table.code(sets_name, &p, None, false));
            out.watch_leaps.extend(table.code(sets_name, &p, None, true));
            if let Some(cells) = &mut out.cells {
                cells.extend(table.cells_code(sets_name, &p));
            }
        }
        // The cells of the other leaps' attacks are found by the runtime.
        if self.has_conditional_leaps() {
            out.cells = None;
        }
        let doc = format!("Leaps of {who} over one cell: for each target, the cells they attack it from when the cell passed is empty, with that cell and {in_sets}");
        if let Some(table) = flat_table(ctx, sets, tables, &format!("BLOCKABLE_JUMPS_{upper}"), &doc, &self.blockable) {
            out.leaps_blockable = true;
            let test = quote!(board[cell as usize].is_empty());
            out.code.extend(table.code(sets_name, &p, Some(test.clone()), false));
            out.watch_leaps.extend(table.code(sets_name, &p, Some(test), true));
        }
        let doc = format!("Capturing leaps of {who}: for each target, the cells they attack it from when a cell holds no piece of {who} (the cell passed when the target is the destination, the destination when the target is the cell passed), with that cell and {in_sets}");
        if let Some(table) = flat_table(ctx, sets, tables, &format!("CAPTURING_JUMPS_{upper}"), &doc, &self.guarded) {
            out.leaps_blockable = true;
            let test = quote!(!board[cell as usize].is_of(#p));
            out.code.extend(table.code(sets_name, &p, Some(test.clone()), false));
            out.watch_leaps.extend(table.code(sets_name, &p, Some(test), true));
        }
        for (shape, list) in &self.routed {
            let routes: Vec<String> = shape.iter().map(|n| n.to_string()).collect();
            let doc = format!("Leaps of {who} with {} route(s) of {} cell(s): for each target, the cells they attack it from when one route is empty, with the routes' cells in turn and {in_sets}", shape.len(), routes.join(" and "));
            let name = format!("ROUTED_JUMPS_{upper}_{}", routes.join("_"));
            if let Some(table) = routed_table(ctx, sets, tables, &name, &doc, shape, list) {
                out.leaps_blockable = true;
                out.code.extend(table.routed_code(sets_name, &p, shape, false));
                out.watch_leaps.extend(table.routed_code(sets_name, &p, shape, true));
            }
        }
    }
}

/// What the attack code of one player is built into: the code, its sets of
/// piece types (numbered; set 0 attacks with no type, which walks pad with)
/// and the text of its tables, and the leaps' watch code (see
/// `FlatTable::code`).
struct Output {
    sets_name: Ident,
    sets: Vec<Kinds>,
    tables: String,
    code: TokenStream,
    watch_leaps: TokenStream,
    /// Does `watch_leaps` mark cells (some leap can be blocked)?
    leaps_blockable: bool,
    /// The code adding to `cells` the cells each attack depends on (see
    /// `LineCode::cells`).
    cells: Option<TokenStream>,
    /// The open leaps, where they are tested as bits.
    open_bits: Option<AttackerBits>,
}

/// The cells an entry is keyed by: its origin, and for some lists a cell to
/// test.
trait Key: Ord + Copy {
    /// The type of an entry: the key's cells, then the number of its set.
    const TYPE: &'static str;

    /// The entry, with its set numbered `set`.
    fn write(self, set: usize) -> String;
}

impl Key for usize {
    const TYPE: &'static str = "(u16, u16)";

    fn write(self, set: usize) -> String {
        format!("({self}, {set})")
    }
}

impl Key for (usize, usize) {
    const TYPE: &'static str = "(u16, u16, u16)";

    fn write(self, set: usize) -> String {
        format!("({}, {}, {set})", self.0, self.1)
    }
}

/// The names of a flat table and of its start offsets.
struct FlatTable {
    entries: Ident,
    start: Ident,
}

impl FlatTable {
    /// The loop returning true when an entry of `target` holds one of its
    /// pieces of `player` and, for entries with a cell, `cell_test` holds.
    /// With `watch`, the loop also marks in `watch` the cell of each entry
    /// holding such a piece where the test fails: the leap a change there
    /// could open (`vdl_runtime::legality::influence::Influence::watch`).
    fn code(&self, sets: &Ident, player: &TokenStream, cell_test: Option<TokenStream>, watch: bool) -> TokenStream {
        let pattern = if cell_test.is_some() { quote!(&(from, cell, set)) } else { quote!(&(from, set)) };
        let blocked = watch.then(|| quote!(watch.mark_vacating(CellId::from_index(cell as usize));));
        self.entry_loop(sets, player, pattern, (cell_test, quote!(return true;)), blocked)
    }

    /// The loop adding to `cells` the cells of the entries of `target`
    /// (leaps that nothing blocks) holding one of their pieces of `player`.
    fn cells_code(&self, sets: &Ident, player: &TokenStream) -> TokenStream {
        self.entry_loop(sets, player, quote!(&(from, set)), (None, quote!(cells |= 1 << from;)), None)
    }

    /// The loop returning true when a leap of `target` with routes of
    /// `shape` starts from one of its pieces and one route is empty; with
    /// `watch`, marking the routes' cells of such leaps that are blocked, as
    /// [`FlatTable::code`] does.
    fn routed_code(&self, sets: &Ident, player: &TokenStream, shape: &[usize], watch: bool) -> TokenStream {
        let mut at = 0;
        // A route of several cells is bracketed only among other routes: an
        // `if` around one would warn of needless brackets.
        let several = shape.len() > 1;
        let routes = shape.iter().map(|&len| {
            let cells = (at..at + len).map(|i| quote!(board[cells[#i] as usize].is_empty()));
            at += len;
            if several {
                quote!((#(#cells)&&*))
            } else {
                quote!(#(#cells)&&*)
            }
        });
        let blocked = watch.then(|| {
            quote! {
                for &cell in &cells {
                    watch.mark_vacating(CellId::from_index(cell as usize));
                }
            }
        });
        self.entry_loop(sets, player, quote!(&(from, set, cells)), (Some(quote!(#(#routes)||*)), quote!(return true;)), blocked)
    }

    /// The loop over the entries of `target` (each bound by `pattern`),
    /// running `attacks` (returning true, or gathering the entry's cell)
    /// when one holds a piece of `player` of its set and `open` holds, and
    /// `blocked` when it holds such a piece but `open` fails.
    fn entry_loop(
        &self,
        sets: &Ident,
        player: &TokenStream,
        pattern: TokenStream,
        (open, attacks): (Option<TokenStream>, TokenStream),
        blocked: Option<TokenStream>,
    ) -> TokenStream {
        let FlatTable { entries, start } = self;
        let attacker = quote!(piece.is_of(#player) && (#sets[set as usize] >> piece.kind().index()) & 1 != 0);
        let test = match (open, blocked) {
            (None, _) => quote!(if #attacker { #attacks }),
            (Some(open), None) => quote!(if #attacker && (#open) { #attacks }),
            (Some(open), Some(blocked)) => quote! {
                if #attacker {
                    if #open {
                        #attacks
                    }
                    #blocked
                }
            },
        };
        quote! {
            {
                let start = #start[target] as usize;
                let end = #start[target + 1] as usize;
                for #pattern in &#entries[start..end] {
                    let piece = board[from as usize];
                    #test
                }
            }
        }
    }
}

/// Writes to `out` the flat table `name` of routed leaps of one `shape`:
/// entries `(origin, set, [the routes' cells])`; `None` when there are none.
fn routed_table(
    ctx: &mut Ctx,
    sets: &mut Vec<Kinds>,
    out: &mut String,
    name: &str,
    doc: &str,
    shape: &[usize],
    list: &List<(usize, Vec<usize>)>,
) -> Option<FlatTable> {
    let entries: Vec<Vec<String>> = list
        .iter()
        .map(|entries| entries.iter().map(|((from, cells), &kinds)| format!("({from}, {}, {cells:?})", set_number(sets, kinds))).collect())
        .collect();
    let ty = format!("(u16, u16, [u16; {}])", shape.iter().sum::<usize>());
    write_flat(ctx, out, name, doc, &ty, &entries)
}

/// Writes to `out` the flat table `name` of `list`, its sets numbered in
/// `sets`, and `{name}_START`; `None` when the list is empty.
fn flat_table<K: Key>(ctx: &mut Ctx, sets: &mut Vec<Kinds>, out: &mut String, name: &str, doc: &str, list: &List<K>) -> Option<FlatTable> {
    let list: Vec<Vec<String>> =
        list.iter().map(|entries| entries.iter().map(|(&key, &kinds)| key.write(set_number(sets, kinds))).collect()).collect();
    write_flat(ctx, out, name, doc, K::TYPE, &list)
}

/// Writes to `out` the flat table `name` of the entries of every target in
/// turn (of type `ty`, already written), and `{name}_START`; `None` when there
/// are none.
fn write_flat(ctx: &mut Ctx, out: &mut String, name: &str, doc: &str, ty: &str, list: &[Vec<String>]) -> Option<FlatTable> {
    let mut body = String::new();
    let mut starts = vec!["0".to_string()];
    let mut count = 0usize;
    for (target, entries) in list.iter().enumerate() {
        count += entries.len();
        starts.push(count.to_string());
        if !entries.is_empty() {
            writeln!(body, "    // {}", ctx.game.board.cells[target].name).unwrap();
            wrap(&mut body, entries);
        }
    }
    if count == 0 {
        return None;
    }
    let entries = ctx.tables.unique_name(name);
    let start = ctx.tables.unique_name(&format!("{name}_START"));
    if !out.is_empty() {
        out.push('\n');
    }
    text::doc(out, &[format!("{doc}; the entries of target `t` are those from `{start}[t]` up to `{start}[t + 1]`.")]);
    writeln!(out, "static {entries}: [{ty}; {count}] = [\n{body}];").unwrap();
    out.push('\n');
    let offset_type = if count <= u16::MAX as usize { "u16" } else { "u32" };
    let docs = [format!("Where the entries of each target start in [`{entries}`], then where the last one ends.")];
    text::array(out, &docs, &start, offset_type, "CELLS + 1", &starts, crate::codegen::per_row(ctx.game));
    Some(FlatTable { entries: format_ident!("{}", entries), start: format_ident!("{}", start) })
}

/// The number of `kinds` among `sets`, added if new.
fn set_number(sets: &mut Vec<Kinds>, kinds: Kinds) -> usize {
    let number = match sets.iter().position(|&s| s == kinds) {
        Some(n) => n,
        None => {
            sets.push(kinds);
            sets.len() - 1
        }
    };
    assert!(number <= u16::MAX as usize, "at most 65,536 sets of piece types attacking");
    number
}

/// `entries`, each followed by a comma, on lines of at most 100 characters.
fn wrap(out: &mut String, entries: &[String]) {
    let mut line = String::from("   ");
    for entry in entries {
        if line.len() + entry.len() + 2 > 100 {
            out.push_str(&line);
            out.push('\n');
            line.truncate(3);
        }
        line.push(' ');
        line.push_str(entry);
        line.push(',');
    }
    out.push_str(&line);
    out.push('\n');
}

/// A set's `bits` joined by `|`, on lines of at most 100 characters.
fn wrap_set(out: &mut String, bits: &[String]) {
    let mut line = String::from("    ");
    for (i, bit) in bits.iter().enumerate() {
        if i > 0 && line.len() + bit.len() + 3 > 100 {
            out.push_str(&line);
            out.push('\n');
            line = String::from("       ");
        }
        if i > 0 {
            line.push_str(" | ");
        }
        line.push_str(bit);
    }
    out.push_str(&line);
    out.push_str(",\n");
}

/// The table of the sets of piece types, with the narrowest integer type that
/// holds a bit for every type a piece on the board can have (the inert
/// stand-in of obligations included).
fn sets_table(ctx: &mut Ctx, name: &str, who: &str, sets: &[Kinds]) -> String {
    let highest = if ctx.has_obligations() { INERT_KIND.index() } else { ctx.game.pieces.len() - 1 };
    let ty = match highest {
        0..32 => "u32",
        32..64 => "u64",
        _ => "u128",
    };
    let mut docs =
        vec![format!("The piece types of {who} that attack by leaps and steps, in the sets the tables of leaps name (a bit per type):")];
    let mut values = Vec::new();
    for (number, &kinds) in sets.iter().enumerate() {
        let kinds: Vec<PieceId> = PieceId::first(Kinds::BITS as usize).filter(|&k| kinds >> k.index() & 1 != 0).collect();
        let names: Vec<&str> = kinds.iter().map(|&k| ctx.game.pieces[k].name.as_str()).collect();
        let end = if number + 1 == sets.len() { "." } else { ";" };
        // A cell on the way to attackers further out attacks with none.
        let names = if names.is_empty() { "none".to_string() } else { names.join(", ") };
        docs.push(format!("{number}. {names}{end}"));
        let bits: Vec<String> = kinds.iter().map(|&k| format!("1 << {}.index()", ctx.kind(k))).collect();
        values.push(if bits.is_empty() { vec!["0".to_string()] } else { bits });
    }
    let mut out = String::new();
    text::doc(&mut out, &docs);
    writeln!(out, "static {name}: [{ty}; {}] = [", sets.len()).unwrap();
    for bits in values {
        wrap_set(&mut out, &bits);
    }
    out.push_str("];\n");
    out
}
