//! Leaps and single steps: one table lookup per start, open when one of the
//! leap's routes (the cells it must find empty, at least one route) is.
//! Starts whose routes differ in shape get a table each.

use crate::codegen::emit::names::{crossing, vector};
use crate::codegen::moves::constructs::{outcome_code, table, RuleAbout};
use crate::codegen::moves::piece_gen::{may_land, PieceGen};
use crate::codegen::moves::rule_steps::{Resolved, RuleSteps};
use crate::codegen::spec::rules::{Construct, LeapGroup, Outcome, Role};
use crate::codegen::Ctx;
use proc_macro2::{Ident, TokenStream};
use quote::quote;
use vdl_runtime::ir::{DirId, Game, Mode, Route};

/// Does every start of a ride reach at most one cell, with no null move? It
/// is then a single step: a table lookup, like a leap.
pub(crate) fn is_single_step(steps: &RuleSteps) -> bool {
    steps.starts.iter().flatten().all(|s| matches!(s, Resolved::Ride { line, null_move: false } if line.len() <= 1))
}

/// A single-step ride as the leap it is: the one cell, where the piece may
/// land there.
pub(crate) fn single_steps<'p>(steps: &RuleSteps<'p>) -> RuleSteps<'p> {
    let starts = steps
        .starts
        .iter()
        .map(|s| match s {
            Some(Resolved::Ride { line, .. }) => {
                line.first().filter(|c| c.may_land).map(|c| Resolved::Leap { to: c.cell.index(), routes: Vec::new() })
            }
            _ => None,
        })
        .collect();
    RuleSteps { mode: steps.mode, unmoved: steps.unmoved, starts }
}

/// A leap from a start: (start, destination, routes).
pub(crate) type Leap<'s> = (usize, usize, &'s Vec<Vec<usize>>);

/// A leap, or a single step: one table lookup, and the routes where it has
/// them. Starts whose leaps have routes of different shapes (how many, how
/// long) get a table each; with one table and no routes the code is shared
/// with rules alike (see `walks`). `None` when no start has a leap.
pub(crate) fn plan(ctx: &mut Ctx, pg: &mut PieceGen, about: &RuleAbout, steps: &RuleSteps) -> Option<(Construct, Vec<(Role, Ident)>)> {
    // Grouped by the shape of their routes: how many, how long each.
    let mut groups: Vec<(Vec<usize>, Vec<Leap>)> = Vec::new();
    for (from, step) in steps.starts.iter().enumerate() {
        let Some(Resolved::Leap { to, routes }) = step else { continue };
        let same_shape = |shape: &Vec<usize>| shape.len() == routes.len() && shape.iter().zip(routes).all(|(&n, r)| n == r.len());
        match groups.iter_mut().find(|(shape, _)| same_shape(shape)) {
            Some((_, leaps)) => leaps.push((from, *to, routes)),
            None => groups.push((routes.iter().map(Vec::len).collect(), vec![(from, *to, routes)])),
        }
    }
    let several = groups.len() > 1;
    let mut planned = Vec::new();
    for (group, (shape, leaps)) in groups.iter().enumerate() {
        let suffix = if several { format!("_{}", group + 1) } else { String::new() };
        let mut data: Vec<Option<usize>> = vec![None; ctx.cells()];
        for (from, to, _) in leaps {
            data[*from] = Some(*to);
        }
        let mut tables = vec![];
        let outcome = pg.fixed_outcome(ctx, (about.index, &suffix, about.rule), &data, &mut tables);
        let which = if several {
            format!(" (starts whose leap has {} route{})", shape.len(), if shape.len() == 1 { "" } else { "s" })
        } else {
            String::new()
        };
        let doc = about.doc(ctx, pg, &format!("the destination from each cell{which}"));
        let name = about.table_name(ctx, pg, "TO") + &suffix;
        tables.insert(0, (Role::Table, ctx.cell_table(&name, doc, data)));
        let routes = route_tables(ctx, pg, about, &suffix, shape, leaps.iter());
        planned.push(LeapGroup { outcome, routes, tables });
    }
    match planned.len() {
        0 => None,
        1 => {
            let LeapGroup { outcome, routes, tables } = planned.remove(0);
            Some((Construct::Leap { mode: about.mode, outcome, routes }, tables))
        }
        _ => Some((Construct::Leaps { mode: about.mode, groups: planned }, Vec::new())),
    }
}

/// One table lookup, the leap's destination open when one of its `routes`
/// (their tables, cell by cell) is empty.
pub(crate) fn print(pg: &mut PieceGen, mode: Mode, outcome: Outcome, routes: &[Vec<Ident>], tables: &[(Role, Ident)]) -> TokenStream {
    let routes_test = (!routes.is_empty()).then(|| {
        let routes = routes.iter().map(|route| route.iter().map(|table| quote!(board[#table[from] as usize].is_empty())).collect());
        any_route(routes.collect())
    });
    let landing = may_land(mode, pg.player);
    let emit = pg.emit(quote!(to), None, outcome_code(outcome, tables));
    let table = table(tables, Role::Table);
    quote! {
        let to = #table[from];
        if to != NONE #routes_test {
            let to = to as usize;
            if #landing {
                #emit
            }
        }
    }
}

/// The tables of the routes of the leaps whose routes have `shape` (the
/// lengths of their routes): per route, one table per cell of it, the cell
/// from each start. No routes: none.
pub(crate) fn route_tables<'a>(
    ctx: &mut Ctx,
    pg: &PieceGen,
    about: &RuleAbout,
    suffix: &str,
    shape: &[usize],
    leaps: impl Iterator<Item = &'a Leap<'a>> + Clone,
) -> Vec<Vec<Ident>> {
    let mut routes = Vec::new();
    for (r, &len) in shape.iter().enumerate() {
        let mut cells = Vec::new();
        for i in 0..len {
            let mut data: Vec<Option<usize>> = vec![None; ctx.cells()];
            let mut read = vec![false; ctx.cells()];
            for (from, _, leap_routes) in leaps.clone() {
                data[*from] = Some(leap_routes[r][i]);
                read[*from] = true;
            }
            let name = format!("{}_ROUTE_{}_{}{suffix}", about.table_name(ctx, pg, "TO"), r + 1, i + 1);
            let doc = about.doc(ctx, pg, &format!("cell {} of route {} from each cell", i + 1, r + 1));
            cells.push(ctx.cell_table_read_on(&name, doc, data, &read));
        }
        routes.push(cells);
    }
    routes
}

/// `&& ...`: at least one of the routes (each a list of conditions that must
/// all hold) is open.
fn any_route(routes: Vec<Vec<TokenStream>>) -> TokenStream {
    assert!(!routes.is_empty(), "a rule with routes but none open has an empty table");
    if routes.len() == 1 {
        let cells = &routes[0];
        return quote!(#(&& #cells)*);
    }
    let routes = routes.iter().map(|cells| if cells.len() == 1 { quote!(#(#cells)*) } else { quote!((#(#cells)&&*)) });
    quote!(&& (#(#routes)||*))
}

/// A leap in words, with its routes.
pub(crate) fn describe(game: &Game, target: DirId, routes: &[Route]) -> String {
    if routes.is_empty() {
        return format!("leap {}", vector(game, target));
    }
    let routes: Vec<String> = routes
        .iter()
        .map(|route| {
            if route.cells.is_empty() {
                return format!("freely{}", crossing(game, route.crossing));
            }
            let cells: Vec<String> = route.cells.iter().map(|&d| vector(game, d)).collect();
            let verb = if cells.len() == 1 { "is" } else { "are" };
            format!("if {} {verb} empty{}", cells.join(" and "), crossing(game, route.crossing))
        })
        .collect();
    format!("leap {} {}", vector(game, target), routes.join(", or "))
}
