//! The vdl compiler: source text -> checked IR -> Rust.
//!
//! * [`check`] reports every problem of a file and, when there is none, gives
//!   the IR ([`vdl_runtime::ir::Game`]);
//! * [`generate_rust`] turns the IR into a specialised move generator.
//!
//! The phases, each a module with its own input and output, are read top to
//! bottom in [`pipeline`]: parse, resolve names, check, lower, analyse (and
//! finish), then code generation on request.

mod analysis;
pub mod codegen;
pub mod diag;
mod front;

use analysis::{analyse, finish};
pub use codegen::{generate_rust, generate_rust_with_plan};
pub use diag::codes::Code;
pub use diag::diagnostic::{self, Diagnostic, Severity};
use front::{check, lower, parse, resolve};
use std::sync::Arc;
use vdl_dsl::ast::Span;
use vdl_runtime::ir::Game;
use vdl_runtime::plan::Plan;

/// The result of checking a file: its diagnostics, and the IR if there was no
/// error.
pub struct Checked {
    pub game: Option<Game>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses, checks and lowers `source`. `file_name` names the game when the file
/// has no `game` line.
pub fn check(file_name: &str, source: &str) -> Checked {
    let (game, diagnostics) = checked(file_name, source);
    Checked { game: game.map(|(game, _)| game), diagnostics }
}

/// The pipeline's result with its diagnostics in source order.
fn checked(file_name: &str, source: &str) -> (Option<(Game, Arc<Plan>)>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let game = pipeline(file_name, source, &mut diagnostics);
    diagnostics.sort_by_key(|d| (d.span.start, d.severity));
    (game, diagnostics)
}

/// The whole compiler front end, phase by phase. Each phase reports into
/// `diags`; a `None` stops the pipeline after errors.
fn pipeline(file_name: &str, source: &str, diags: &mut Vec<Diagnostic>) -> Option<(Game, Arc<Plan>)> {
    let file = parse::parse(source, diags)?; // text -> syntax tree
    let names = resolve::resolve(&file, source, file_name, diags); // items by kind, names declared once
    let draft = check::check(&names, diags)?; // every problem reported; a draft only without errors
    let lowered = lower::lower(draft); // cannot fail: the game of movement alone, and the other rules
    plan_fits(&lowered, &names, diags)?; // the move plan, the analysis's and the engines' data, is bounded
    let plan = Arc::new(Plan::of(lowered.movement.game())); // what every rule does from every cell, made once
    let facts = analyse::facts(&lowered, &plan); // where pieces could never move, their bindings
    let game = finish::finish(lowered, facts); // the Game, built in one step
    promotions_fit(&game, &names, diags)?; // their outcomes are numbered in bytes
    analyse::lint(&game, &plan, &names, diags); // the setup, then warnings about the finished game
    (!diags.iter().any(Diagnostic::is_error)).then_some((game, plan))
}

/// Refuses a game whose move plan would hold more line cells than
/// [`MAX_LINE_CELLS`](vdl_runtime::plan::MAX_LINE_CELLS) (every ride from
/// every cell of a huge board), or more passings than a position can name
/// ([`passings_fit`](vdl_runtime::plan::en_passant::passings_fit)).
fn plan_fits(lowered: &lower::Lowered, names: &resolve::Names, diags: &mut Vec<Diagnostic>) -> Option<()> {
    use vdl_runtime::plan::en_passant::{self, PassingsPast};
    use vdl_runtime::plan::{Plan, MAX_LINE_CELLS};
    use vdl_runtime::state::passings::{PassingId, MAX_PASSED_CELLS};
    let game = lowered.movement.game();
    let (message, help) = if Plan::line_cells(game, MAX_LINE_CELLS) > MAX_LINE_CELLS {
        let message = format!("the pieces' rides and hops on this board pass more than {MAX_LINE_CELLS} cells in all, from every cell");
        (message, "use a smaller board, or fewer pieces that slide or hop")
    } else if let Err(past) = en_passant::passings_fit(game) {
        let message = match past {
            PassingsPast::Count => format!(
                "the moves `en passant` on this board make more than {} passings (a piece's move from one cell to another that leaves cells open to capture in passing), the most a position can name",
                PassingId::MAX_COUNT
            ),
            PassingsPast::Cells => format!("the moves `en passant` on this board leave more than {MAX_PASSED_CELLS} cells open to capture in passing in all"),
        };
        (message, "use a smaller board, or give `en passant` to shorter moves")
    } else {
        return Some(());
    };
    let span = names.board.map_or(names.file_start, |board| board.span);
    diags.push(Diagnostic::error(Code::TooMuchWork, span, message).with_help(help));
    None
}

/// Refuses a game with a piece type whose promotions go past what the code
/// generator numbers them in ([`analysis::promotion_outcomes`]).
fn promotions_fit(game: &Game, names: &resolve::Names, diags: &mut Vec<Diagnostic>) -> Option<()> {
    use analysis::promotion_outcomes::{outcomes_fit, OutcomesPast, MAX_OUTCOMES, MAX_PROMOTIONS};
    let before = diags.len();
    for kind in game.piece_ids() {
        let Some(past) = game.player_ids().find_map(|player| outcomes_fit(game, kind, player).err()) else { continue };
        let name = &game.pieces[kind].name;
        let message = match past {
            OutcomesPast::Promotions => format!("the {name} has more than {MAX_PROMOTIONS} promotions"),
            OutcomesPast::Outcomes => format!(
                "the {name}'s promotions give its moves more than {MAX_OUTCOMES} outcomes (whether it may stay as it is, and the types it may become), or tell more than {MAX_OUTCOMES} kinds of start cell apart"
            ),
            OutcomesPast::Pairs => format!("the {name}'s promotions tell too many kinds of cell apart for their outcomes to be worked out"),
        };
        let decl = names.items.pieces.iter().find(|decl| decl.name.text == *name);
        let span = decl.map_or(names.file_start, |decl| decl.name.span);
        diags.push(
            Diagnostic::error(Code::TooMuchWork, span, message).with_help("give the piece fewer promotions, or promotions in fewer zones"),
        );
    }
    (diags.len() == before).then_some(())
}

/// The IR of `source`, or its errors (warnings are dropped).
pub fn compile(file_name: &str, source: &str) -> Result<Game, Vec<Diagnostic>> {
    let checked = check(file_name, source);
    match checked.game {
        Some(game) => Ok(game),
        None => Err(checked.diagnostics.into_iter().filter(Diagnostic::is_error).collect()),
    }
}

/// The IR of `source` and its move plan (the one the pipeline made, which
/// code generation reads: [`generate_rust_with_plan`]), or its errors.
pub fn compile_with_plan(file_name: &str, source: &str) -> Result<(Game, Arc<Plan>), Vec<Diagnostic>> {
    match checked(file_name, source) {
        (Some(compiled), _) => Ok(compiled),
        (None, diagnostics) => Err(diagnostics.into_iter().filter(Diagnostic::is_error).collect()),
    }
}

/// Renders diagnostics as `vdl check` prints them.
pub fn render_diagnostics(file_name: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    diagnostic::render_all(file_name, source, diagnostics)
}

/// Where a span starts, as 1-based line and column.
pub fn line_col(source: &str, span: Span) -> (usize, usize) {
    diagnostic::line_col(source, span.start)
}
