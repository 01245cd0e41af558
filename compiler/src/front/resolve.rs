//! Phase 2, resolve names: sorts the items of a file by kind, reports what is
//! declared twice or missing, and numbers the piece types. Names used inside
//! expressions (zones, direction sets, groups) are looked up by the check
//! phase against the tables declared before the use.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use std::collections::HashMap;
use vdl_dsl::ast::{self, Item, Span};
use vdl_runtime::ir::PieceId;

/// The items of a file, sorted by kind, in file order within each kind.
#[derive(Default)]
pub struct Items<'a> {
    pub games: Vec<&'a ast::Text>,
    pub boards: Vec<&'a ast::Board>,
    pub forwards: Vec<&'a ast::Forward>,
    pub players: Vec<&'a ast::Player>,
    pub zones: Vec<&'a ast::ZoneDecl>,
    pub directions: Vec<&'a ast::DirectionDecl>,
    pub pieces: Vec<&'a ast::PieceDecl>,
    pub facings: Vec<&'a ast::Facing>,
    pub stalemates: Vec<&'a ast::Stalemate>,
    pub setups: Vec<&'a ast::Text>,
    pub hands: Vec<Span>,
    pub limits: Vec<&'a ast::LimitDecl>,
    pub drop_mates: Vec<(&'a ast::PieceSet, Span)>,
    pub drop_bans: Vec<(&'a ast::PieceSet, &'a ast::ZoneExpr, Span)>,
    pub groups: Vec<&'a ast::GroupDecl>,
    pub proxies: Vec<&'a ast::ProxyDecl>,
    pub goals: Vec<&'a ast::GoalDecl>,
    /// `no check` statements.
    pub no_checks: Vec<Span>,
    pub must_captures: Vec<Span>,
    pub must_drops: Vec<Span>,
    /// `captures explode ...` statements.
    pub explosions: Vec<&'a ast::ExplosionDecl>,
    /// `gate from hand in ZONE` statements.
    pub gatings: Vec<(&'a ast::ZoneExpr, Span)>,
    /// `unmoved listed in ZONE` statements.
    pub unmoved_listings: Vec<(&'a ast::ZoneExpr, Span)>,
    /// `place PIECE after every move` statements.
    pub blockers: Vec<(&'a ast::Ident, Span)>,
    /// `may drop promoted` and `may drop anywhere` statements.
    pub may_drops: Vec<(ast::DropLicence, Span)>,
    /// `draws decided by material ...` statements.
    pub materials: Vec<&'a ast::MaterialDecl>,
}

/// What the resolve phase hands to the check phase.
pub struct Names<'a> {
    pub source: &'a str,
    pub items: Items<'a>,
    /// The game's name: its `game` line, or else the file's stem.
    pub game_name: String,
    /// Where problems of the file as a whole (a missing board, ...) are shown.
    pub file_start: Span,
    /// Piece types by name, numbered in file order (the first of two pieces of
    /// the same name keeps it).
    pub piece_ids: HashMap<String, PieceId>,
    pub board: Option<&'a ast::Board>,
    pub setup: Option<&'a ast::Text>,
}

pub fn resolve<'a>(file: &'a ast::File, source: &'a str, file_name: &str, diags: &mut Vec<Diagnostic>) -> Names<'a> {
    let items = Items::sort(file);
    let file_start = Span::new(0, source.find('\n').unwrap_or(source.len()).min(1));
    at_most_once("`game` name", &items.games.iter().map(|g| g.stmt).collect::<Vec<_>>(), diags);
    if let Some(game) = items.games.first() {
        crate::front::game_name::check(game, diags);
    }
    at_most_once("board", &items.boards.iter().map(|b| b.span).collect::<Vec<_>>(), diags);
    at_most_once("setup", &items.setups.iter().map(|s| s.stmt).collect::<Vec<_>>(), diags);
    at_most_once("stalemate rule", &items.stalemates.iter().map(|s| s.span).collect::<Vec<_>>(), diags);
    at_most_once("`hands` statement", &items.hands, diags);
    at_most_once("`no check` rule", &items.no_checks, diags);
    at_most_once("`must capture` rule", &items.must_captures, diags);
    at_most_once("`must drop` rule", &items.must_drops, diags);
    at_most_once("`captures explode` rule", &items.explosions.iter().map(|e| e.span).collect::<Vec<_>>(), diags);
    at_most_once("`draws decided by material` rule", &items.materials.iter().map(|m| m.span).collect::<Vec<_>>(), diags);
    let gatings: Vec<Span> = items.gatings.iter().map(|&(_, span)| span).collect();
    at_most_once("`gate from hand` rule", &gatings, diags);
    let listings: Vec<Span> = items.unmoved_listings.iter().map(|&(_, span)| span).collect();
    at_most_once("`unmoved listed in` rule", &listings, diags);
    at_most_once("blocker", &items.blockers.iter().map(|&(_, span)| span).collect::<Vec<_>>(), diags);
    for (licence, words) in [(ast::DropLicence::Promoted, "`may drop promoted`"), (ast::DropLicence::Anywhere, "`may drop anywhere`")] {
        let spans: Vec<Span> = items.may_drops.iter().filter(|(l, _)| *l == licence).map(|(_, span)| *span).collect();
        at_most_once(&format!("{words} rule"), &spans, diags);
    }
    let check_goals: Vec<Span> = items.goals.iter().filter(|g| matches!(g.kind, ast::Goal::Checks(_))).map(|g| g.span).collect();
    at_most_once("check-count goal", &check_goals, diags);
    unique_names("zone", items.zones.iter().map(|z| (&z.name, z.span)), diags);
    unique_names("direction set", items.directions.iter().map(|d| (&d.name, d.span)), diags);
    unique_names("piece", items.pieces.iter().map(|p| (&p.name, p.span)), diags);
    unique_symbols(&items.pieces, diags);
    let setup = items.setups.first().copied();
    if setup.is_none() {
        diags.push(
            Diagnostic::error(Code::MissingItem, file_start, "the file has no setup")
                .with_help("add the start position as a position string: `setup \"rnbakabnr/9/... w\"`"),
        );
    }
    let board = items.boards.first().copied();
    if board.is_none() {
        diags.push(
            Diagnostic::error(Code::MissingItem, file_start, "the file has no board")
                .with_help("add a board, such as `board { axis file = a..i  axis rank = 1..10 }`"),
        );
    }
    let mut piece_ids = HashMap::new();
    // Past the most piece types a game may have, pieces get no id: the checker
    // reports them.
    for (id, piece) in PieceId::first(items.pieces.len().min(PieceId::MAX_COUNT)).zip(&items.pieces) {
        piece_ids.entry(piece.name.text.clone()).or_insert(id);
    }
    let game_name = crate::front::game_name::of(items.games.first().copied(), file_name);
    Names { source, items, game_name, file_start, piece_ids, board, setup }
}

impl<'a> Items<'a> {
    fn sort(file: &'a ast::File) -> Items<'a> {
        let mut items = Items::default();
        for item in &file.items {
            match item {
                Item::Game(t) => items.games.push(t),
                Item::Board(b) => items.boards.push(b),
                Item::Forward(f) => items.forwards.push(f),
                Item::Player(p) => items.players.push(p),
                Item::Zone(z) => items.zones.push(z),
                Item::Direction(d) => items.directions.push(d),
                Item::Piece(p) => items.pieces.push(p),
                Item::Facing(f) => items.facings.push(f),
                Item::Stalemate(s) => items.stalemates.push(s),
                Item::Setup(s) => items.setups.push(s),
                Item::Hands(span) => items.hands.push(*span),
                Item::Limit(limit) => items.limits.push(limit),
                Item::NoDropMate { pieces, span } => items.drop_mates.push((pieces, *span)),
                Item::NoDrop { pieces, zone, span } => items.drop_bans.push((pieces, zone, *span)),
                Item::Group(group) => items.groups.push(group),
                Item::Proxy(proxy) => items.proxies.push(proxy),
                Item::Goal(goal) => items.goals.push(goal),
                Item::NoCheck(span) => items.no_checks.push(*span),
                Item::MustCapture(span) => items.must_captures.push(*span),
                Item::MustDrop(span) => items.must_drops.push(*span),
                Item::Explosion(explosion) => items.explosions.push(explosion),
                Item::Gating { zone, span } => items.gatings.push((zone, *span)),
                Item::UnmovedListing { zone, span } => items.unmoved_listings.push((zone, *span)),
                Item::MayDrop { licence, span } => items.may_drops.push((*licence, *span)),
                Item::Blocker { piece, span } => items.blockers.push((piece, *span)),
                Item::Material(material) => items.materials.push(material),
            }
        }
        items
    }
}

/// Reports every declaration after the first of something that may appear once.
fn at_most_once(what: &str, spans: &[Span], diags: &mut Vec<Diagnostic>) {
    for &span in spans.iter().skip(1) {
        diags.push(
            Diagnostic::error(Code::DuplicateItem, span, format!("the file has more than one {what}"))
                .with_note(spans[0], "the first one")
                .with_help("keep only one"),
        );
    }
}

/// Reports names declared twice among `named`.
fn unique_names<'a>(kind: &str, named: impl IntoIterator<Item = (&'a ast::Ident, Span)>, diags: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for (ident, span) in named {
        if let Some(first) = seen.get(ident.text.as_str()) {
            diags.push(
                Diagnostic::error(Code::DuplicateName, ident.span, format!("{kind} `{}` is declared twice", ident.text))
                    .with_label("second declaration")
                    .with_note(*first, "first declared here")
                    .with_help("rename one of them"),
            );
        } else {
            seen.insert(&ident.text, span);
        }
    }
}

fn unique_symbols(pieces: &[&ast::PieceDecl], diags: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<&str, &ast::PieceDecl> = HashMap::new();
    for piece in pieces {
        if let Some(first) = seen.get(piece.symbol.text.as_str()) {
            diags.push(
                Diagnostic::error(
                    Code::DuplicateSymbol,
                    piece.symbol.span,
                    format!("pieces `{}` and `{}` both use the symbol `{}`", first.name.text, piece.name.text, piece.symbol.text),
                )
                .with_note(first.symbol.span, format!("`{}` has it already", first.name.text))
                .with_help("position strings tell pieces apart by symbol; give each piece its own letter"),
            );
        } else {
            seen.insert(&piece.symbol.text, piece);
        }
    }
}
