//! Rides and hops: walks along the plan's lines, stored as a successor
//! table (or two) where the lines are one walk (see `lines`), else as lists.

use crate::codegen::emit::names::vector;
use crate::codegen::moves::constructs::{table, RuleAbout};
use crate::codegen::moves::lines;
use crate::codegen::moves::piece_gen::{OutcomeCode, PieceGen};
use crate::codegen::moves::rule_steps::{Resolved, RuleSteps};
use crate::codegen::spec::rules::{Construct, Landing, LineWalk, Role};
use crate::codegen::Ctx;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;
use vdl_runtime::ir::{DirId, Game, Mode, MoveKind, PieceId};
use vdl_runtime::plan::{HopLimits, LineCell};

/// The statements landing on `to` inside a line walk: empty cells continue the
/// line, anything else ends it with `stop`.
pub(crate) fn landing_in_line(pg: &mut PieceGen, landing: &Landing, stop: TokenStream) -> TokenStream {
    let (mode, lands) = (landing.mode, landing.lands.as_ref());
    let p = crate::codegen::player_token(pg.player);
    let inside = lands.map(|z| quote!(&& #z[to]));
    let emit_quiet = (mode != Mode::CaptureOnly).then(|| pg.emit(quote!(to), None, OutcomeCode::ByDestination));
    let quiet = match (lands, emit_quiet) {
        (_, None) => None,
        (Some(z), Some(emit)) => Some(quote!(if #z[to] { #emit })),
        (None, Some(emit)) => Some(emit),
    };
    let capture = (mode != Mode::MoveOnly).then(|| {
        let emit = pg.emit(quote!(to), None, OutcomeCode::ByDestination);
        quote!(if piece.owner() != #p #inside { #emit })
    });
    match quiet {
        Some(quiet) => quote! {
            let piece = board[to];
            if piece.is_empty() {
                #quiet
            } else {
                #capture
                #stop
            }
        },
        None => quote! {
            let piece = board[to];
            if !piece.is_empty() {
                #capture
                #stop
            }
        },
    }
}

/// The lines of a ride or hop from each start.
pub(crate) fn lines_of<'p>(steps: &RuleSteps<'p>) -> Vec<Option<&'p [LineCell]>> {
    steps
        .starts
        .iter()
        .map(|s| match s {
            Some(Resolved::Ride { line, .. } | Resolved::Hop { line }) => Some(*line),
            _ => None,
        })
        .collect()
}

/// How a rule's lines are stored, from the plan's lines: the walk and its
/// tables (`Role::Table`, and `Role::Next` or `Role::Line`). `ranged`: the
/// walk may end after a number of cells (a hop's two loops cannot count
/// across them: lists instead).
pub(crate) fn plan_walk(
    ctx: &mut Ctx,
    pg: &PieceGen,
    about: &RuleAbout,
    lines: &[Option<&[LineCell]>],
    ranged: bool,
) -> (LineWalk, Vec<(Role, Ident)>) {
    let walk = lines::as_walk(lines).filter(|walk| ranged || walk.range.is_none());
    let Some(walk) = walk else {
        // Lines that are no one walk: stored as they are.
        let data = lines.iter().map(|l| l.unwrap_or(&[]).iter().map(|c| c.cell.index() as u16).collect()).collect();
        let doc = about.doc(ctx, pg, "the cells of its line from each cell");
        return (LineWalk::Lists, vec![(Role::Line, ctx.tables.lists(&about.table_name(ctx, pg, "LINE"), doc, data))]);
    };
    let doc = about.doc(ctx, pg, "the first cell of its line from each cell");
    let first = ctx.cell_table(&about.table_name(ctx, pg, "FIRST"), doc, walk.first);
    let doc = about.doc(ctx, pg, "the cell after each cell on its lines");
    let next = ctx.cell_table(&about.table_name(ctx, pg, "NEXT"), doc, walk.next);
    let (range, stop_at_start) = (walk.range, walk.stop_at_start);
    if first == next {
        (LineWalk::Table { range, stop_at_start }, vec![(Role::Table, first)])
    } else {
        (LineWalk::FirstNext { range, stop_at_start }, vec![(Role::Table, first), (Role::Next, next)])
    }
}

/// A rule's walk of its lines from `from`, its tables as `tables` names
/// them: a loop binding each cell to `to`, which one code or two
/// consecutive loops (a hop's) can run.
pub(crate) struct LineLoop<'t> {
    pub(crate) walk: LineWalk,
    pub(crate) tables: &'t [(Role, Ident)],
}

impl LineLoop<'_> {
    /// The statements before the first loop.
    pub(crate) fn init(&self) -> TokenStream {
        match self.walk {
            LineWalk::Table { .. } => quote!(let mut cell = from;),
            LineWalk::FirstNext { .. } => {
                let table = table(self.tables, Role::Table);
                quote!(let mut cell = #table[from];)
            }
            LineWalk::Lists => {
                let line = table(self.tables, Role::Line);
                quote!(let mut cells = #line[from].iter();)
            }
        }
    }

    /// The statement moving the walk on from `to` (run before `body` leaves
    /// a loop that another loop goes on from).
    pub(crate) fn advance(&self) -> TokenStream {
        match self.walk {
            LineWalk::Table { .. } => quote!(cell = to;),
            LineWalk::FirstNext { .. } => {
                let next = table(self.tables, Role::Next);
                quote!(cell = #next[to];)
            }
            LineWalk::Lists => quote!(),
        }
    }

    /// A loop running `body` on each cell `to`, then moving on, until `body`
    /// breaks; at the line's end it runs `end` (`break` to leave the loop).
    pub(crate) fn looping(&self, end: TokenStream, body: TokenStream) -> TokenStream {
        let (range, stop_at_start) = match self.walk {
            LineWalk::Lists => {
                return quote! {
                    loop {
                        let Some(&to) = cells.next() else { #end };
                        let to = to as usize;
                        #body
                    }
                }
            }
            LineWalk::Table { range, stop_at_start } | LineWalk::FirstNext { range, stop_at_start } => (range, stop_at_start),
        };
        let head = match range {
            None => quote!(loop),
            Some(n) => {
                let n = Literal::usize_unsuffixed(n);
                quote!(for _ in 0..#n)
            }
        };
        let home = stop_at_start.then(|| quote!(if to == from { #end }));
        let advance = self.advance();
        match self.walk {
            LineWalk::Table { .. } => {
                let table = table(self.tables, Role::Table);
                quote! {
                    #head {
                        let next = #table[cell];
                        if next == NONE {
                            #end
                        }
                        let to = next as usize;
                        #home
                        #body
                        #advance
                    }
                }
            }
            _ => quote! {
                #head {
                    if cell == NONE {
                        #end
                    }
                    let to = cell as usize;
                    #home
                    #body
                    #advance
                }
            },
        }
    }
}

/// Where a rule's piece may land on its lines: its mode, and the flags of
/// the cells it may land on, if not every cell.
pub(crate) fn plan_landing(ctx: &mut Ctx, pg: &PieceGen, about: &RuleAbout, lines: &[Option<&[LineCell]>]) -> Landing {
    let lands = lines::landing_flags(lines).map(|flags| {
        let doc = about.doc(ctx, pg, "the cells it may land on");
        ctx.tables.flags(&about.table_name(ctx, pg, "LANDS"), doc, flags)
    });
    Landing { mode: about.mode, lands }
}

/// A ride's tables: where it may land, its lines, and the starts whose line
/// comes round a ring to them (making a null move), if any.
pub(crate) fn plan_ride(ctx: &mut Ctx, pg: &PieceGen, about: &RuleAbout, steps: &RuleSteps) -> (Construct, Vec<(Role, Ident)>) {
    let lines = lines_of(steps);
    let landing = plan_landing(ctx, pg, about, &lines);
    let nulls: Vec<bool> = steps.starts.iter().map(|s| matches!(s, Some(Resolved::Ride { null_move: true, .. }))).collect();
    let (walk, tables) = plan_walk(ctx, pg, about, &lines, true);
    let round = nulls.contains(&true).then(|| {
        let doc = about.doc(ctx, pg, "whether its line from each cell comes round a ring to it");
        ctx.tables.flags(&about.table_name(ctx, pg, "ROUND"), doc, nulls)
    });
    (Construct::Ride { walk, landing, round }, tables)
}

/// A ride: along its line through empty cells, landing on each as the mode
/// allows and capturing at the first piece. A line that came round a ring to
/// its start with every cell empty (`round`) makes a null move, once however
/// many do.
pub(crate) fn print_ride(
    pg: &mut PieceGen,
    walk: LineWalk,
    landing: &Landing,
    round: Option<&Ident>,
    tables: &[(Role, Ident)],
) -> TokenStream {
    let walk = LineLoop { walk, tables };
    let init = walk.init();
    let Some(round) = round else {
        let landing = landing_in_line(pg, landing, quote!(break;));
        let walk_line = walk.looping(quote!(break;), landing);
        return quote!(#init #walk_line);
    };
    pg.uses_null_move = true;
    // A piece met ends the line before it could come round.
    let landing = landing_in_line(pg, landing, quote!(break 'line;));
    let walk_line = walk.looping(quote!(break;), landing);
    quote! {
        'line: {
            #init
            #walk_line
            if #round[from] {
                null_move = true;
            }
        }
    }
}

/// A hop's tables: where it may land and its lines.
pub(crate) fn plan_hop(ctx: &mut Ctx, pg: &PieceGen, about: &RuleAbout, steps: &RuleSteps) -> (Construct, Vec<(Role, Ident)>) {
    let lines = lines_of(steps);
    let landing = plan_landing(ctx, pg, about, &lines);
    let (walk, tables) = plan_walk(ctx, pg, about, &lines, false);
    let limits = match &about.rule.kind {
        MoveKind::Hop { not_over, spares, .. } => HopLimits::of(not_over, spares),
        _ => HopLimits::NONE,
    };
    (Construct::Hop { walk, landing, limits }, tables)
}

/// A hop: along its line to the first piece (the screen), over it, then on
/// as a ride.
pub(crate) fn print_hop(pg: &mut PieceGen, walk: LineWalk, landing: &Landing, limits: HopLimits, tables: &[(Role, Ident)]) -> TokenStream {
    let walk = LineLoop { walk, tables };
    let init = walk.init();
    let advance = walk.advance();
    // A screen of a refused type blocks the hop; a spared piece stops it.
    let refused = |set: u128, stop: TokenStream| (set != 0).then(|| quote!(if #set >> board[to].kind().index() & 1 != 0 { #stop }));
    let refused_screen = refused(limits.not_over, quote!(break 'hop;));
    let to_screen = walk.looping(
        quote!(break 'hop;),
        quote!(if !board[to].is_empty() {
            #refused_screen
            #advance
            break;
        }),
    );
    let spared = refused(limits.spares, quote!(break;)).map(|stop| quote!(if !board[to].is_empty() { #stop }));
    let landing = landing_in_line(pg, landing, quote!(break;));
    let landing = quote!(#spared #landing);
    let beyond = walk.looping(quote!(break;), landing);
    quote! {
        'hop: {
            #init
            #to_screen
            #beyond
        }
    }
}

/// A ride (or a step, a ride of one cell) in words.
pub(crate) fn describe_ride(game: &Game, dir: DirId, range: Option<u32>, circuit: bool) -> String {
    let what = match range {
        Some(1) => format!("step {}", vector(game, dir)),
        Some(n) => format!("ride {} up to {n} cells", vector(game, dir)),
        None => format!("ride {}", vector(game, dir)),
    };
    if circuit {
        format!("{what}, a null move when it comes back round a ring")
    } else {
        what
    }
}

/// A hop in words, with its limits.
pub(crate) fn describe_hop(game: &Game, dir: DirId, not_over: &[PieceId], spares: &[PieceId]) -> String {
    let names = |kinds: &[PieceId]| kinds.iter().map(|&kind| game.pieces[kind].name.as_str()).collect::<Vec<_>>().join(", ");
    let mut words = format!("hop {}", vector(game, dir));
    if !not_over.is_empty() {
        words += &format!(", not over {}", names(not_over));
    }
    if !spares.is_empty() {
        words += &format!(", sparing {}", names(spares));
    }
    words
}
