//! The printers of the move constructs, one module each, and the one place
//! that dispatches to them: a rule's spec entry is planned by its
//! construct's module (its tables made and named), the rules merged by
//! their entries (see `walks`), then each entry printed by its construct's
//! module. Captures in passing and promotions in place are walked by the
//! runtime from the plan, and castling from cells the setup does not put
//! the castler on; their modules print the calls (castling's also its code
//! from the setup's cells).

pub(crate) mod capturing_leap;
pub(crate) mod castling;
pub(crate) mod en_passant;
pub(crate) mod in_place;
pub(crate) mod leap;
pub(crate) mod line;
pub(crate) mod swap;

use crate::codegen::moves::piece_gen::{OutcomeCode, PieceGen};
use crate::codegen::moves::rule_steps::{Resolved, RuleSteps};
use crate::codegen::moves::walks::Walk;
use crate::codegen::spec::rules::{Construct, Outcome, Role, RuleEntry};
use crate::codegen::spec::EngineSpec;
use crate::codegen::Ctx;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use vdl_runtime::ir::{Game, Gate, Mode, MoveKind, MoveRule, PieceId, PlayerId};
use vdl_runtime::plan::{CapturingLeap, Hop, Leap, Ride, SidePlan, StepKind, Swap};

/// The spec entry of a rule, from the plan's steps of it: its tables made
/// and named, nothing printed.
pub(crate) fn plan_rule(ctx: &mut Ctx, pg: &mut PieceGen, about: &RuleAbout, steps: &RuleSteps, reads_back: bool) -> Option<RuleEntry> {
    let (construct, tables) = match steps.starts.iter().flatten().next()? {
        Resolved::Ride { .. } if leap::is_single_step(steps) => leap::plan(ctx, pg, about, &leap::single_steps(steps)),
        Resolved::Ride { .. } => Some(line::plan_ride(ctx, pg, about, steps)),
        Resolved::Hop { .. } => Some(line::plan_hop(ctx, pg, about, steps)),
        Resolved::Leap { .. } => leap::plan(ctx, pg, about, steps),
        Resolved::CapturingLeap { .. } => Some(capturing_leap::plan(ctx, pg, about, steps)),
        Resolved::Swap { .. } => Some((swap::plan(ctx, pg, about, steps), Vec::new())),
    }?;
    Some(RuleEntry { construct, tables, gate: about.rule.gate, reads_back })
}

/// The statements of the rules' walks, each in a block or a loop.
pub(crate) fn print_walks(ctx: &mut Ctx, pg: &mut PieceGen, walks: Vec<Walk>) -> Vec<TokenStream> {
    walks
        .into_iter()
        .map(|walk| match walk {
            Walk::One(entry) => {
                let code = print_rule(ctx, pg, &entry, &entry.tables);
                quote!({ #code })
            }
            Walk::Loop { entry, tables } => {
                let names: Vec<(Role, Ident)> = entry.tables.iter().map(|&(role, _)| (role, format_ident!("{}", role.name()))).collect();
                let code = print_rule(ctx, pg, &entry, &names);
                match names.as_slice() {
                    [(_, name)] => {
                        let tables = tables.iter().map(|t| &t[0]);
                        quote!(for #name in [#(&#tables),*] { #code })
                    }
                    _ => {
                        let names = names.iter().map(|(_, name)| name);
                        let tuples = tables.iter().map(|t| quote!((#(&#t),*)));
                        quote!(for (#(#names),*) in [#(#tuples),*] { #code })
                    }
                }
            }
        })
        .collect()
}

/// The table read by `role` in `tables`.
pub(crate) fn table(tables: &[(Role, Ident)], role: Role) -> &Ident {
    tables.iter().find(|(r, _)| *r == role).map(|(_, table)| table).expect("a rule's code reads only its own tables")
}

/// The code of a rule from its spec entry, reading its tables by role as
/// `tables` names them (its own, or a loop's names for them).
pub(crate) fn print_rule(ctx: &mut Ctx, pg: &mut PieceGen, entry: &RuleEntry, tables: &[(Role, Ident)]) -> TokenStream {
    pg.checking = entry.reads_back;
    let code = match &entry.construct {
        Construct::Ride { walk, landing, round } => line::print_ride(pg, *walk, landing, round.as_ref(), tables),
        Construct::Hop { walk, landing, limits } => line::print_hop(pg, *walk, landing, *limits, tables),
        Construct::Leap { mode, outcome, routes } => leap::print(pg, *mode, *outcome, routes, tables),
        Construct::Leaps { mode, groups } => {
            let blocks = groups.iter().map(|group| leap::print(pg, *mode, group.outcome, &group.routes, &group.tables));
            quote!(#({ #blocks })*)
        }
        Construct::CapturingLeap { mode, outcome, passing_taken } => capturing_leap::print(pg, *mode, *outcome, *passing_taken, tables),
        Construct::Swap(groups) => swap::print(ctx, pg, groups),
    };
    // The rules of unmoved pieces are guarded here (but castling, see
    // `castling`).
    match entry.gate {
        Gate::Always => code,
        Gate::Unmoved => {
            pg.needs_pos = true;
            quote!(if pos.is_unmoved(CellId::from_index(from)) { #code })
        }
        Gate::UnmovedUnattacked => {
            pg.needs_pos = true;
            quote! {
                if pos.is_unmoved(CellId::from_index(from))
                    && !vdl_runtime::gen::gated::unmoved_attacked(&Rules, pos, CellId::from_index(from))
                {
                    #code
                }
            }
        }
    }
}

/// How the code reads the outcome `outcome` of a rule whose tables are
/// `tables`.
pub(crate) fn outcome_code(outcome: Outcome, tables: &[(Role, Ident)]) -> OutcomeCode {
    match outcome {
        Outcome::Fixed(n) => OutcomeCode::Fixed(n),
        Outcome::ByStart => OutcomeCode::ByStart(table(tables, Role::Outcome).clone()),
    }
}

/// The rule whose code is being generated: for names, docs and its mode.
pub(crate) struct RuleAbout<'r> {
    pub(crate) index: usize,
    pub(crate) rule: &'r MoveRule,
    pub(crate) mode: Mode,
}

impl RuleAbout<'_> {
    pub(crate) fn table_name(&self, ctx: &Ctx, pg: &PieceGen, what: &str) -> String {
        format!("{}_{}_{}_{}", ctx.names.pieces[pg.kind.index()], ctx.names.players[pg.player.index()], what, self.index)
    }

    pub(crate) fn doc(&self, ctx: &Ctx, pg: &PieceGen, what: &str) -> String {
        format!("{}, rule {}: {}; {what}.", ctx.piece_label(pg.kind, pg.player), self.index, describe_rule(ctx.game, self.rule))
    }
}

/// One move rule in words, for doc comments: its construct's words, then
/// its mode, zone, gate and what it leaves open to capture in passing.
pub(crate) fn describe_rule(game: &Game, rule: &MoveRule) -> String {
    let what = match &rule.kind {
        MoveKind::Ride { dir, range, circuit } => line::describe_ride(game, *dir, *range, *circuit),
        MoveKind::Hop { dir, not_over, spares } => line::describe_hop(game, *dir, not_over, spares),
        MoveKind::Pass => "pass (stay where it is)".to_string(),
        MoveKind::CapturingLeap { target, via, crossing } => capturing_leap::describe(game, *target, *via, *crossing),
        MoveKind::Leap { target, routes, .. } => leap::describe(game, *target, routes),
        MoveKind::Castle { dir, ends, with } => castling::describe(game, *dir, ends, with),
        MoveKind::Swap { dir, with, unattacked } => swap::describe(game, *dir, with, *unattacked),
    };
    let mode = match rule.mode {
        Mode::Both => "",
        Mode::MoveOnly => ", moving only",
        Mode::CaptureOnly => ", capturing only",
    };
    let zone = match rule.only_in {
        Some(z) => format!(", only in zone `{}`", game.zones[z].name),
        None => String::new(),
    };
    let gate = match rule.gate {
        Gate::Always => "",
        Gate::Unmoved => ", only while the piece is unmoved",
        Gate::UnmovedUnattacked => ", only while the piece is unmoved and not attacked",
    };
    let passing = en_passant::describe(game, rule);
    format!("{what}{mode}{zone}{gate}{passing}")
}

/// Does the runtime walk moves of `kind` of `player` from the plan while it
/// is unmoved (castling)?
pub(crate) fn walks_while_unmoved(ctx: &Ctx, kind: PieceId, player: PlayerId) -> bool {
    castling::applies(ctx, kind, player)
}

/// The code of the moves of an unmoved piece that the runtime walks from
/// the plan (castling), if it has any; its docs added to `docs`.
pub(crate) fn walked_while_unmoved(ctx: &mut Ctx, pg: &mut PieceGen, docs: &mut Vec<String>) -> Option<TokenStream> {
    castling::code(ctx, pg, docs)
}

/// The calls of `generate_all` to the moves the runtime walks from the plan
/// for the whole position (captures in passing, promotions in place), if
/// the game has any.
pub(crate) fn walked_for_the_position(spec: &EngineSpec) -> Option<TokenStream> {
    let calls: Vec<TokenStream> = [en_passant::code(spec), in_place::code(spec)].into_iter().flatten().collect();
    (!calls.is_empty()).then(|| quote!(#(#calls)*))
}

/// What a step of the plan resolves to for the generated code, its lines
/// borrowed from the plan; `None` for the steps the runtime walks.
pub(crate) fn resolve<'p>(side: &'p SidePlan, kind: &StepKind) -> Option<Resolved<'p>> {
    Some(match *kind {
        StepKind::Ride(Ride { cells, null_move }) => Resolved::Ride { line: side.line(cells), null_move },
        StepKind::Hop(Hop { cells, .. }) => Resolved::Hop { line: side.line(cells) },
        StepKind::Leap(Leap { to, routes }) => {
            Resolved::Leap { to: to.index(), routes: side.routes(routes).map(|route| route.iter().map(|&c| c.index()).collect()).collect() }
        }
        StepKind::CapturingLeap(CapturingLeap { to, via }) => {
            Resolved::CapturingLeap { to: to.index(), via: via.index(), passing_taken: false }
        }
        StepKind::Swap(Swap { to, partners, unattacked }) => Resolved::Swap { to: to.index(), partners, unattacked },
        // Castling is printed from the plan's openings, apart from the
        // rules' steps (`castling::code`), or walked by the runtime.
        StepKind::Castle(_) => return None,
    })
}
