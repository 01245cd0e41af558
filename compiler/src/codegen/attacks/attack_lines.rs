//! The lines of the plan's inverted attacks stored as walks: the chains out
//! from each target (see `attack`) fall into families in which every chain
//! follows one successor table (on most boards a family is a direction walked
//! backwards), so that a family is two tables of cells, the first cell from
//! each target and the next after each cell, like the lines of moves (see
//! `lines`). What attacks from the `d`-th cell of a chain (the types whose
//! rides reach that far) is a sequence of sets per chain, numbered per target.
//! A walk goes as far as the family's longest chain, so it may go on past its
//! own chain's last cell: the sequence is padded with the empty set there, so
//! nothing beyond attacks.

use crate::codegen::attacks::attacker_bits::{AttackerBits, Kinds};
use crate::codegen::emit::text;
use crate::codegen::Ctx;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use vdl_runtime::ir::{PieceId, PlayerId};

/// Chains that follow one successor table.
#[derive(Debug, Default)]
pub struct Family {
    /// The first cell of the chain of each target, if it has one here.
    pub first: Vec<Option<usize>>,
    /// The cell after each cell (`None` where no chain goes on; free for a
    /// walk to go anywhere there, see `read`).
    pub next: Vec<Option<usize>>,
    /// The cells whose `next` a walk reads: every cell of a chain but the
    /// last (the walk may read past it, and finds the empty set there).
    pub read: Vec<bool>,
    /// Per target, the sets attacking from each cell of its chain, in order.
    pub sets: Vec<Vec<usize>>,
}

impl Family {
    /// The cells of each target's chain as bits, if every chain runs one
    /// way through the cells' numbers: per target, the bits of a chain
    /// whose numbers rise, and of one whose numbers fall (one of them 0).
    /// On a board whose cells fit in one word, the first piece on such a
    /// chain is the lowest (highest) bit it shares with the occupied cells.
    fn rays(&self) -> Option<(Vec<u128>, Vec<u128>)> {
        let cells = self.first.len();
        let (mut rising, mut falling) = (vec![0u128; cells], vec![0u128; cells]);
        for target in 0..cells {
            let chain = self.chain(target);
            let bits = chain.iter().fold(0u128, |bits, &c| bits | 1 << c);
            if chain.windows(2).all(|pair| pair[0] < pair[1]) {
                rising[target] = bits;
            } else if chain.windows(2).all(|pair| pair[0] > pair[1]) {
                falling[target] = bits;
            } else {
                return None;
            }
        }
        Some((rising, falling))
    }

    fn new(cells: usize) -> Family {
        Family { first: vec![None; cells], next: vec![None; cells], read: vec![false; cells], sets: vec![Vec::new(); cells] }
    }

    /// Can the chain of `target` (cells and their set numbers) join?
    fn fits(&self, target: usize, chain: &[(usize, usize)]) -> bool {
        self.first[target].is_none() && chain.windows(2).all(|pair| self.next[pair[0].0].is_none_or(|next| next == pair[1].0))
    }

    /// Per target, the cells of its chain from which some type attacks, as
    /// bits: a walk that finds no piece of the attacker there finds nothing.
    fn attacking_cells(&self, kinds: &[u128]) -> Vec<u128> {
        (0..self.first.len())
            .map(|target| {
                let (mut cell, mut bits) = (self.first[target], 0u128);
                for &set in &self.sets[target] {
                    let Some(at) = cell else { break };
                    if kinds[set] != 0 {
                        bits |= 1 << at;
                    }
                    cell = self.next[at];
                }
                bits
            })
            .collect()
    }

    /// The cells of the chain of `target`, in order.
    fn chain(&self, target: usize) -> Vec<usize> {
        let mut chain = Vec::with_capacity(self.sets[target].len());
        let mut cell = self.first[target];
        while let Some(c) = cell.filter(|_| chain.len() < self.sets[target].len()) {
            chain.push(c);
            cell = self.next[c];
        }
        chain
    }

    fn add(&mut self, target: usize, chain: &[(usize, usize)]) {
        self.first[target] = Some(chain[0].0);
        for pair in chain.windows(2) {
            self.next[pair[0].0] = Some(pair[1].0);
            self.read[pair[0].0] = true;
        }
        self.sets[target] = chain.iter().map(|&(_, set)| set).collect();
    }
}

/// The chains of every target (cells with their set numbers) as families of
/// walks. A chain that is a walk of one of `displacements` (from the target
/// on) joins that displacement's family, so that a family is a direction
/// where the board has them; the others join the first family they fit.
pub fn families(chains: &[Vec<Vec<(usize, usize)>>], displacements: &[Vec<Option<usize>>]) -> Vec<Family> {
    let cells = chains.len();
    let mut families: Vec<Family> = Vec::new();
    let mut by_displacement: Vec<Option<usize>> = vec![None; displacements.len()];
    for (target, chains) in chains.iter().enumerate() {
        for chain in chains.iter().filter(|c| !c.is_empty()) {
            let along = |next: &Vec<Option<usize>>| {
                next[target] == Some(chain[0].0) && chain.windows(2).all(|pair| next[pair[0].0] == Some(pair[1].0))
            };
            let displacement = displacements.iter().position(along);
            let fitting = match displacement {
                // A direction's chains go to its own family, made for it.
                Some(d) => by_displacement[d].filter(|&at| families[at].fits(target, chain)),
                None => families.iter().position(|f| f.fits(target, chain)),
            };
            let at = match fitting {
                Some(at) => at,
                None => {
                    families.push(Family::new(cells));
                    families.len() - 1
                }
            };
            if let Some(d) = displacement {
                by_displacement[d] = Some(at);
            }
            families[at].add(target, chain);
        }
    }
    families
}

/// Per target, the types attacking it along each cell of the chains of
/// `families` (`kinds`: the types of each set), for the rides' test as
/// bits (`attacker_bits`): `None` where a cell is on two chains of one
/// target with different types attacking from it there (round a ring),
/// since the test does not know which line its first piece was met on.
fn ride_origins(families: &[Family], kinds: &[u128]) -> Option<Vec<BTreeMap<usize, Kinds>>> {
    let cells = families.first().map_or(0, |family| family.first.len());
    let mut origins = vec![BTreeMap::new(); cells];
    for family in families {
        for (target, origins) in origins.iter_mut().enumerate() {
            for (cell, &set) in family.chain(target).into_iter().zip(&family.sets[target]) {
                if *origins.entry(cell).or_insert(kinds[set]) != kinds[set] {
                    return None;
                }
            }
        }
    }
    Some(origins)
}

/// The code of `player`'s lines: the attack test, and the walks marking,
/// for the legality shortcut, the cells of each line whose change could
/// expose the target (`vdl_runtime::legality::influence::Watch`), which also find an
/// attacker on the way.
#[derive(Default)]
pub struct LineCode {
    pub attack: TokenStream,
    pub watch: TokenStream,
    /// The watch of the leaps (see `attack::watch_leaps_function`).
    pub leaps: TokenStream,
    /// Does `leaps` mark cells (some leap can be blocked)?
    pub leaps_blockable: bool,
    /// Do the lines' walks read the attacker's riders' cells (`riders`)?
    pub reads_riders: bool,
    /// Does the attack test read the attacker's cells (`gate`), as the
    /// rides' test as bits does?
    pub reads_gate: bool,
    /// The walks adding to `cells` the cells each attack on `target`
    /// depends on (`Walk::Cells`), where every family is walked as bits;
    /// `None` where some is not.
    pub cells: Option<TokenStream>,
}

/// The code walking the families of `player`'s rides (or hops, `hop`),
/// reading `sets` (the sets of piece types, numbered); their tables go to
/// `ctx.tables` and `text`.
pub fn code(
    ctx: &mut Ctx,
    text: &mut String,
    (sets, kinds): (&Ident, &[u128]),
    player: PlayerId,
    hop: bool,
    chains: &[Vec<Vec<(usize, usize)>>],
) -> LineCode {
    let displacements: Vec<Vec<Option<usize>>> = ctx.dirs.iter().map(|d| d.forward.clone()).collect();
    let families = families(chains, &displacements);
    // Set numbers in a byte where they fit.
    let set_type = if chains.iter().flatten().flatten().all(|&(_, set)| set <= u8::MAX as usize) { "u8" } else { "u16" };
    let what = if hop { "HOP" } else { "RIDE" };
    let upper = ctx.names.players[player.index()].clone();
    let who = ctx.game.players[player.index()].name.clone();
    let line = if hop { "hop" } else { "ride" };
    let mut out = LineCode { cells: Some(TokenStream::new()), ..LineCode::default() };
    // Where the cells fit in one word and every chain runs one way
    // through their numbers, the rides' attack test is one, as bits: the
    // first piece on each line, met with the cells each type attacks from.
    let ride_bits = (!hop
        && crate::codegen::attacks::attack::attackers_as_bits(ctx)
        && crate::codegen::attacks::attack::occupied_bits(ctx)
        && families.iter().all(|family| family.rays().is_some()))
    .then(|| ride_origins(&families, kinds))
    .flatten()
    .and_then(|origins| AttackerBits::new(ctx, player, ("RIDERS", "rides"), &origins));
    let (mut firsts, mut riders_from) = (Vec::new(), vec![0u128; chains.len()]);
    for (k, family) in families.iter().enumerate() {
        let name = format!("{what}S_{upper}_{}", k + 1);
        // Where the board's cells fit in bits, the walks run only on the
        // families where the attacker has a rider on a cell it could attack
        // from (`riders`). Nothing attacks from a ride's first cell along
        // it: the pieces there are tested as leaps (see `attack::lists_of`).
        let reach = crate::codegen::attacks::attack::held_bits(ctx).then(|| {
            let doc =
                format!("The {line}s of {who} attacking along walk {}: the cells they could attack each target from, as bits.", k + 1);
            crate::codegen::attacks::attack::gate_table(ctx, &format!("{name}_FROM"), doc, family.attacking_cells(kinds))
        });
        // Where the cells fit in one word and each chain runs one way
        // through their numbers, the walks read the chains as bits; else
        // they follow a table of first cells and one of next cells.
        let about = format!("The {line}s of {who} attacking along walk {}", k + 1);
        let rays =
            (!hop && crate::codegen::attacks::attack::occupied_bits(ctx)).then(|| family.rays()).flatten().map(|(rising, falling)| {
                let mut table = |run: &str, way: &str, bits: Vec<u128>| {
                    let doc = format!("{about}: the cells of each target's chain where their numbers {way} along it, as bits.");
                    bits.iter().any(|&b| b != 0).then(|| ctx.tables.sets(&format!("{name}_{run}"), doc, bits))
                };
                Rays { rising: table("RISING", "rise", rising), falling: table("FALLING", "fall", falling) }
            });
        if let (Some(_), Some(rays)) = (&ride_bits, &rays) {
            firsts.push(rays.reach(|table| table.at(quote!(target))));
            for (from, cells) in riders_from.iter_mut().zip(family.attacking_cells(kinds)) {
                *from |= cells;
            }
        }
        let (walker, stored) = match rays {
            Some(rays) => (Walker::Bits(rays), family.next.clone()),
            None => {
                let first = ctx.cell_table(
                    &format!("{name}_FIRST"),
                    format!("{about}: the first cell out from each target."),
                    family.first.clone(),
                );
                let doc = format!("{about}: the cell after each cell on it.");
                let (next, stored) = ctx.cell_table_and_data(&format!("{name}_NEXT"), doc, family.next.clone(), &family.read);
                (Walker::Loop { first, next }, stored)
            }
        };
        if let Some(set) = uniform_set(family, &stored, hop) {
            // One set everywhere, and walks that end where their chains do:
            // no rows to read.
            let attacks = match single_kind(kinds[set]) {
                Some(kind) => {
                    let piece = ctx.piece(kind, player);
                    quote!(piece == #piece)
                }
                None => {
                    let (p, set) = (crate::codegen::player_token(player), Literal::usize_unsuffixed(set));
                    quote!(piece.is_of(#p) && (#sets[#set] >> piece.kind().index()) & 1 != 0)
                }
            };
            out.add(&walker, &Attackers::Everywhere(attacks), hop, (reach.as_ref(), ride_bits.is_none()));
            continue;
        }
        let (rows, seqs, length) = rows_tables(ctx, text, (&name, &about), family, (sets, set_type));
        let attackers = Attackers::ByDistance { rows, seqs, length, sets: sets.clone(), player };
        out.add(&walker, &attackers, hop, (reach.as_ref(), ride_bits.is_none()));
    }
    if let Some(bits) = ride_bits {
        let doc = format!("The {line}s of {who}: the cells they could attack each target from, as bits.");
        let from = crate::codegen::attacks::attack::gate_table(ctx, &format!("{what}S_{upper}_FROM"), doc, riders_from);
        let test = bits.test(Some(quote!((firsts as u64))));
        out.attack.extend(quote! {
            if #from[target] & riders != 0 {
                let firsts = (#(#firsts)|*) & occupied;
                #test
            }
        });
        out.reads_gate = true;
    }
    out
}

/// How a family's walks find the pieces on its chains.
enum Walker {
    /// Cell by cell: the first cell out from each target, the next after
    /// each cell.
    Loop { first: Ident, next: Ident },
    /// From the occupied cells, with the chains as bits.
    Bits(Rays),
}

impl LineCode {
    /// Adds the walks of one family (its attack test only with `attack`:
    /// else the rides are tested as bits). `reach`: the cells it could
    /// attack each target from, as bits, where the board's cells fit in
    /// bits; the walks run only where the attacker has a rider on one
    /// (`riders`).
    fn add(&mut self, walker: &Walker, attackers: &Attackers, hop: bool, (reach, attack_walk): (Option<&Ident>, bool)) {
        self.reads_riders |= reach.is_some();
        let guarded = |walk: TokenStream| match reach {
            Some(reach) => quote!(if #reach[target] & riders != 0 { #walk }),
            None => walk,
        };
        let (attack, watch) = if hop { (Walk::Hop, Walk::HopWatch) } else { (Walk::Ride, Walk::Watch) };
        let walk = |walk: Walk| match walker {
            Walker::Loop { first, next } => walk_code(first, next, attackers, walk),
            Walker::Bits(rays) => bit_walk_code(rays, attackers, walk),
        };
        if attack_walk {
            self.attack.extend(guarded(walk(attack)));
        }
        self.watch.extend(guarded(walk(watch)));
        match walker {
            Walker::Bits(rays) if !hop => {
                if let Some(code) = &mut self.cells {
                    code.extend(guarded(bit_walk_code(rays, attackers, Walk::Cells)));
                }
            }
            _ => self.cells = None,
        }
    }
}

/// The rows of sets of `family` (one per distinct sequence of sets, padded
/// with "no attacker" to the longest chain) and each target's row number,
/// as the tables named after `name`; returns them with the rows' length.
fn rows_tables(
    ctx: &mut Ctx,
    text: &mut String,
    (name, about): (&str, &str),
    family: &Family,
    (sets, set_type): (&Ident, &str),
) -> (Ident, Ident, usize) {
    // No walk goes further than the longest chain: beyond it nothing
    // attacks (and round a ring it would never stop).
    let length = family.sets.iter().map(Vec::len).max().unwrap_or(0);
    let mut sequences: Vec<Vec<usize>> = Vec::new();
    let mut numbered: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut numbers = Vec::with_capacity(family.sets.len());
    for sets_of in &family.sets {
        let mut sequence = sets_of.clone();
        sequence.resize(length, 0);
        let number = *numbered.entry(sequence).or_insert_with_key(|sequence| {
            sequences.push(sequence.clone());
            sequences.len() - 1
        });
        numbers.push(number);
    }
    let doc = format!("{about}: the number of each target's row in [`{name}_SETS`].");
    let rows = if sequences.len() <= 256 {
        ctx.tables.bytes(&format!("{name}_ROW"), doc, numbers.iter().map(|&n| n as u8).collect())
    } else {
        ctx.tables.cells(&format!("{name}_ROW"), doc, numbers.iter().map(|&n| n as u16).collect())
    };
    let seqs = ctx.tables.unique_name(&format!("{name}_SETS"));
    text::doc(text, &[format!("{about}: per row, the set (in [`{sets}`]) of types attacking from each cell of the walk, in order.")]);
    writeln!(text, "static {seqs}: [[{set_type}; {length}]; {}] = [", sequences.len()).unwrap();
    for sequence in &sequences {
        writeln!(text, "    {sequence:?},").unwrap();
    }
    text.push_str("];\n\n");
    (rows, format_ident!("{}", seqs), length)
}

/// The one set every tested cell of `family`'s chains has (a hop's first
/// cell is its screen, never tested), if walks along `next` end exactly where
/// the chains do, so that nothing beyond them needs a set of its own.
fn uniform_set(family: &Family, next: &[Option<usize>], hop: bool) -> Option<usize> {
    let skip = usize::from(hop);
    let mut tested = family.sets.iter().flat_map(|sets| sets.iter().skip(skip).copied());
    let set = tested.next().filter(|&set| set != 0)?;
    if !tested.all(|s| s == set) {
        return None;
    }
    let ends_with_chains = family.sets.iter().enumerate().all(|(target, sets)| {
        let mut cell = family.first[target];
        let mut length = 0;
        while let Some(c) = cell.filter(|_| length <= sets.len()) {
            length += 1;
            cell = next[c];
        }
        length == sets.len()
    });
    ends_with_chains.then_some(set)
}

/// The type of a set with exactly one.
fn single_kind(kinds: u128) -> Option<PieceId> {
    (kinds.count_ones() == 1).then(|| PieceId::from_index(kinds.trailing_zeros() as usize))
}

/// What a walk tests the piece it meets against.
enum Attackers {
    /// The same test at every distance.
    Everywhere(TokenStream),
    /// The set of the row of the target (`rows[target]` in `seqs`) at the
    /// distance, the walk going no further than `length` cells.
    ByDistance { rows: Ident, seqs: Ident, length: usize, sets: Ident, player: PlayerId },
}

/// A family's chains as bits (see [`Family::rays`]): the tables of those
/// that rise through the cells' numbers and of those that fall, where any
/// does.
struct Rays {
    rising: Option<crate::codegen::emit::tables::SetTable>,
    falling: Option<crate::codegen::emit::tables::SetTable>,
}

impl Rays {
    /// The cells of the chain of `target` up to and including its first
    /// piece (all of it if none), among `cells` (an expression: the chain's
    /// cells, or some of them).
    fn reach(&self, cells: impl Fn(&crate::codegen::emit::tables::SetTable) -> TokenStream) -> TokenStream {
        let rising = self.rising.as_ref().map(|t| {
            let cells = cells(t);
            quote!(vdl_runtime::gen::occupancy::reach_rising(#cells, occupied))
        });
        let falling = self.falling.as_ref().map(|t| {
            let cells = cells(t);
            quote!(vdl_runtime::gen::occupancy::reach_falling(#cells, occupied))
        });
        let terms: Vec<TokenStream> = rising.into_iter().chain(falling).collect();
        quote!(#(#terms)|*)
    }
}

/// [`walk_code`] for a family whose chains run one way through the cells'
/// numbers, on a board whose cells fit in one word: the first piece (and
/// for the watch the second) found from the occupied cells, its distance
/// from the bits before it, without a loop whose end the processor must
/// guess. Only `Walk::Ride` and `Walk::Watch`.
fn bit_walk_code(rays: &Rays, attackers: &Attackers, walk: Walk) -> TokenStream {
    let (attacks, row) = match attackers {
        Attackers::Everywhere(attacks) => (attacks.clone(), None),
        Attackers::ByDistance { rows, seqs, sets, player, .. } => {
            let p = crate::codegen::player_token(*player);
            (
                quote!(piece.is_of(#p) && (#sets[row[d] as usize] >> piece.kind().index()) & 1 != 0),
                Some(quote!(let row = &#seqs[#rows[target] as usize];)),
            )
        }
    };
    // An attack ends the walk, but where its cells are gathered: they are
    // those up to and including the attacker.
    let attacked = match walk {
        Walk::Cells => quote!(cells |= reach;),
        _ => quote!(return true;),
    };
    // The distance of the piece ending `reached`, counted from 0.
    let distance = |reached: TokenStream| row.as_ref().map(|_| quote!(let d = (#reached).count_ones() as usize - 1;));
    let reach = rays.reach(|table| table.at(quote!(target)));
    let d_first = distance(quote!(reach));
    let beyond_first = match walk {
        Walk::Watch => {
            let beyond = rays.reach(|table| {
                let line = table.at(quote!(target));
                quote!(#line & !reach)
            });
            let d_second = distance(quote!(reach | beyond));
            quote! {
                let beyond = #beyond;
                let second = beyond & occupied;
                if second != 0 {
                    let piece = board[second.trailing_zeros() as usize];
                    #d_second
                    // The line from the royal to the attacker: a move of
                    // the piece met along it keeps the royal shielded.
                    if #attacks {
                        watch.mark_pinned(CellId::from_index(met), reach | beyond);
                    }
                }
            }
        }
        Walk::Ride | Walk::Cells => quote!(),
        Walk::Hop | Walk::HopWatch => unreachable!("hops keep their walks: their chains are never taken as bits"),
    };
    quote! {
        {
            #row
            let reach = #reach;
            let first = reach & occupied;
            if first != 0 {
                let met = first.trailing_zeros() as usize;
                let piece = board[met];
                #d_first
                if #attacks {
                    #attacked
                }
                #beyond_first
            }
        }
    }
}

/// What a walk looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// A ride's attacker: the first piece met.
    Ride,
    /// A hop's: the second.
    Hop,
    /// The first piece, when the second attacks: it is marked in `watch`;
    /// the walk answers `true` if the first attacks.
    Watch,
    /// The cells an attack along a ride depends on, added to `cells`: those
    /// up to and including the first piece, where it attacks. Only as bits.
    Cells,
    /// A hop's line as `vdl_runtime::legality::influence::Influence::watch` marks it:
    /// the empty cells before a first piece that would attack over a screen
    /// (filling one makes the screen), and the first two pieces when the
    /// third attacks (either leaving leaves one screen); the walk answers
    /// `true` if the second attacks.
    HopWatch,
}

/// The walk of one family: the first piece met (the second, for a hop)
/// attacks if it is one of the `attackers`; or the cells that matter are
/// marked (`Walk::Watch`, `Walk::HopWatch`).
fn walk_code(first: &Ident, next: &Ident, attackers: &Attackers, walk: Walk) -> TokenStream {
    let (attacks, row, distance, bound, step) = match attackers {
        Attackers::Everywhere(attacks) => (attacks.clone(), None, None, None, None),
        Attackers::ByDistance { rows, seqs, length, sets, player } => {
            let (length, p) = (Literal::usize_unsuffixed(*length), crate::codegen::player_token(*player));
            (
                quote!(piece.is_of(#p) && (#sets[row[d] as usize] >> piece.kind().index()) & 1 != 0),
                Some(quote!(let row = &#seqs[#rows[target] as usize];)),
                Some(quote!(let mut d = 0;)),
                Some(quote!(d < #length &&)),
                Some(quote!(d += 1;)),
            )
        }
    };
    let test = quote! {
        if #attacks {
            return true;
        }
        break;
    };
    let met = match walk {
        Walk::Ride => test,
        Walk::Cells => unreachable!("the cells of an attack are found only along chains taken as bits"),
        Walk::Hop => quote! {
            if screened {
                #test
            }
            screened = true;
        },
        Walk::Watch => quote! {
            if met != NONE {
                if #attacks {
                    watch.mark_vacating(CellId::from_index(met as usize));
                }
                break;
            }
            if #attacks {
                return true;
            }
            met = cell;
        },
        Walk::HopWatch => quote! {
            if met == NONE {
                if #attacks {
                    let mut empty = #first[target];
                    while empty != cell {
                        watch.mark_filling(CellId::from_index(empty as usize));
                        empty = #next[empty as usize];
                    }
                }
                met = cell;
            } else if screen == NONE {
                if #attacks {
                    return true;
                }
                screen = cell;
            } else {
                if #attacks {
                    watch.mark_vacating(CellId::from_index(met as usize));
                    watch.mark_vacating(CellId::from_index(screen as usize));
                }
                break;
            }
        },
    };
    let screened = match walk {
        Walk::Ride | Walk::Cells => None,
        Walk::Hop => Some(quote!(let mut screened = false;)),
        Walk::Watch => Some(quote!(let mut met = NONE;)),
        Walk::HopWatch => Some(quote!(let (mut met, mut screen) = (NONE, NONE);)),
    };
    quote! {
        {
            #row
            let mut cell = #first[target];
            #distance
            #screened
            while #bound cell != NONE {
                let piece = board[cell as usize];
                if !piece.is_empty() {
                    #met
                }
                #step
                cell = #next[cell as usize];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_along_a_displacement_goes_to_its_own_family() {
        // On a row of four: target 0 attacked from the east (1, 2), target 3
        // from the west (2, 1). Without displacements both chains fit one
        // family; with east and west, each goes to its direction's.
        let (east, west) = (vec![Some(1), Some(2), Some(3), None], vec![None, Some(0), Some(1), Some(2)]);
        let chains = vec![vec![vec![(1, 0), (2, 1)]], vec![], vec![], vec![vec![(2, 0), (1, 1)]]];
        assert_eq!(families(&chains, &[]).len(), 1);
        let found = families(&chains, &[east, west]);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].first, vec![Some(1), None, None, None]);
        assert_eq!(found[1].first, vec![None, None, None, Some(2)]);
    }

    #[test]
    fn a_family_is_walked_only_from_cells_some_type_attacks_from() {
        // A row of four, attacked from the east: target 0's chain is 1, 2, 3
        // with nothing attacking from 1 (set 0); target 2's is 3.
        let chains = vec![vec![vec![(1, 0), (2, 1), (3, 1)]], vec![], vec![vec![(3, 1)]], vec![]];
        let found = families(&chains, &[]);
        assert_eq!(found.len(), 1);
        let kinds = [0, 0b10];
        assert_eq!(found[0].attacking_cells(&kinds), vec![0b1100, 0, 0b1000, 0]);
    }

    #[test]
    fn chains_along_one_direction_are_one_family_and_branches_are_two() {
        // A row of four cells, attacked from the east: target 0's chain is
        // 1, 2, 3; target 1's is 2, 3.
        let chains = vec![vec![vec![(1, 0), (2, 1), (3, 1)]], vec![vec![(2, 0), (3, 1)]], vec![], vec![]];
        let found = families(&chains, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].first, vec![Some(1), Some(2), None, None]);
        assert_eq!(found[0].next, vec![None, Some(2), Some(3), None]);
        assert_eq!(found[0].sets[0], vec![0, 1, 1]);
        // Target 0 has a second chain: it goes in a family of its own.
        let chains = vec![vec![vec![(1, 0), (2, 1)], vec![(3, 0), (2, 1)]], vec![], vec![], vec![]];
        assert_eq!(families(&chains, &[]).len(), 2);
    }
}
