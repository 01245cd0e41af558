//! The whole check-and-lower pass: resolves every name, reports every problem it
//! can find, and builds the IR when there are none.

use crate::after::{self, After};
use crate::board::{self, unknown_axis, BoardModel, NamePart};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::directions::DirectionEval;
use crate::groups::PieceSets;
use crate::lints;
use crate::pieces::{DirectionTable, PieceLowering};
use crate::players::{self, Players};
use crate::zones::{DeclaredZone, ZoneEval, ZoneTable};
use std::collections::HashMap;
use vdl_dsl::ast::{self, Item, Span};
use vdl_runtime::ir::{self, Game};

/// The items of a file, sorted by kind.
#[derive(Default)]
struct Items<'a> {
    games: Vec<&'a ast::Text>,
    boards: Vec<&'a ast::Board>,
    forwards: Vec<&'a ast::Forward>,
    players: Vec<&'a ast::Player>,
    zones: Vec<&'a ast::ZoneDecl>,
    directions: Vec<&'a ast::DirectionDecl>,
    pieces: Vec<&'a ast::PieceDecl>,
    facings: Vec<&'a ast::Facing>,
    stalemates: Vec<&'a ast::Stalemate>,
    setups: Vec<&'a ast::Text>,
    hands: Vec<Span>,
    limits: Vec<&'a ast::LimitDecl>,
    drop_mates: Vec<(&'a ast::PieceSet, Span)>,
    groups: Vec<&'a ast::GroupDecl>,
    proxies: Vec<&'a ast::ProxyDecl>,
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
                Item::Group(group) => items.groups.push(group),
                Item::Proxy(proxy) => items.proxies.push(proxy),
            }
        }
        items
    }
}

/// Reports every declaration after the first of something that may appear once.
fn at_most_once(what: &str, spans: &[Span], diags: &mut Vec<Diagnostic>) {
    for &span in spans.iter().skip(1) {
        diags.push(
            Diagnostic::error(codes::DUPLICATE_ITEM, span, format!("the file has more than one {what}"))
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
                Diagnostic::error(codes::DUPLICATE_NAME, ident.span, format!("{kind} `{}` is declared twice", ident.text))
                    .with_label("second declaration")
                    .with_note(*first, "first declared here")
                    .with_help("rename one of them"),
            );
        } else {
            seen.insert(&ident.text, span);
        }
    }
}

pub fn lower(source: &str, file: &ast::File, file_name: &str, diags: &mut Vec<Diagnostic>) -> Option<Game> {
    let items = Items::sort(file);
    let file_start = Span::new(0, source.find('\n').unwrap_or(source.len()).min(1));
    at_most_once("`game` name", &items.games.iter().map(|g| g.stmt).collect::<Vec<_>>(), diags);
    at_most_once("board", &items.boards.iter().map(|b| b.span).collect::<Vec<_>>(), diags);
    at_most_once("setup", &items.setups.iter().map(|s| s.stmt).collect::<Vec<_>>(), diags);
    at_most_once("stalemate rule", &items.stalemates.iter().map(|s| s.span).collect::<Vec<_>>(), diags);
    at_most_once("`hands` statement", &items.hands, diags);
    unique_names("zone", items.zones.iter().map(|z| (&z.name, z.span)), diags);
    unique_names("direction set", items.directions.iter().map(|d| (&d.name, d.span)), diags);
    unique_names("piece", items.pieces.iter().map(|p| (&p.name, p.span)), diags);
    unique_symbols(&items.pieces, diags);
    let setup = required_setup(&items, file_start, diags);

    let Some(board_decl) = items.boards.first() else {
        diags.push(
            Diagnostic::error(codes::MISSING_ITEM, file_start, "the file has no board")
                .with_help("add a board, such as `board { axis file = a..i  axis rank = 1..10 }`"),
        );
        return None;
    };
    let board = board::lower(board_decl, diags)?;
    let drawing = crate::drawing::board_drawing(board_decl, diags);
    let players = players::lower(&items.players, &items.forwards, &board, file_start, diags)?;

    let mut zones = ZoneTable::default();
    for decl in &items.zones {
        let eval = ZoneEval { board: &board, players: &players, zones: &zones };
        let cells = eval.eval(&decl.expr, diags);
        if let Some(cells) = &cells {
            if cells.iter().all(|set| !set.contains(&true)) {
                diags.push(Diagnostic::warning(codes::EMPTY_ZONE, decl.name.span, format!("zone `{}` contains no cell", decl.name.text)));
            }
            zones.intern(&decl.name.text, cells.clone());
        }
        zones.declared.entry(decl.name.text.clone()).or_insert(cells.map(|cells| DeclaredZone { cells }));
    }
    let mut directions = DirectionEval { board: &board, players: &players, declared: HashMap::new() };
    for decl in &items.directions {
        let set = directions.eval(&decl.expr, diags);
        if set.as_ref().is_some_and(Vec::is_empty) {
            diags.push(Diagnostic::error(
                codes::EMPTY_DIRECTIONS,
                decl.expr.span(),
                format!("direction set `{}` is empty", decl.name.text),
            ));
        }
        directions.declared.entry(decl.name.text.clone()).or_insert(set);
    }
    let mut table = DirectionTable::default();
    let mut piece_ids = HashMap::new();
    for (index, piece) in items.pieces.iter().enumerate() {
        piece_ids.entry(piece.name.text.clone()).or_insert(index as ir::PieceId);
    }
    if items.pieces.len() > 120 {
        diags.push(Diagnostic::error(codes::MISSING_ITEM, items.pieces[120].name.span, "a game may have at most 120 piece types"));
        return None;
    }
    let mut sets = PieceSets::new(piece_ids.clone());
    for group in &items.groups {
        sets.declare(group, diags);
    }
    let mut lowering = PieceLowering {
        source,
        board: &board,
        players: &players,
        directions: &directions,
        zones: &mut zones,
        table: &mut table,
        sets: &sets,
        obligations: Vec::new(),
    };
    let mut pieces: Vec<ir::PieceType> = items.pieces.iter().map(|p| lowering.lower(p, diags)).collect();
    let proxy_promotions: Vec<ir::ProxyPromotion> = items.proxies.iter().filter_map(|p| lowering.proxy(p, diags)).collect();
    let obligations = std::mem::take(&mut lowering.obligations);
    inherit_moves(&items.pieces, &piece_ids, &mut pieces, diags);
    if pieces.is_empty() {
        diags.push(Diagnostic::error(codes::MISSING_ITEM, file_start, "the file declares no pieces"));
    }
    let facing = facing_directions(&items.facings, &board, &pieces, &mut table, diags);

    let name = items.games.first().map_or_else(|| file_stem(file_name), |g| g.value.clone());
    let stalemate = items.stalemates.first().map_or(ir::Outcome::Draw, |s| match s.outcome {
        ast::Outcome::Loss => ir::Outcome::Loss,
        ast::Outcome::Draw => ir::Outcome::Draw,
        ast::Outcome::Win => ir::Outcome::Win,
    });
    if diags.iter().any(Diagnostic::is_error) {
        return None;
    }
    let game = Game {
        name,
        board: ir::Board { axes: board.ir_axes(), layout: ir::Layout { drawing, ..layout(&board, &players) }, cells: board.cells.clone() },
        players: players.ir_players(board.dimensions()),
        directions: table.ir,
        zones: zones.ir,
        pieces,
        rules: ir::Rules { facing, stalemate, limits: Vec::new(), no_drop_mate: Vec::new(), proxy_promotions, obligations },
        setup: setup?.value.clone(),
    };
    let mut game = game;
    let after = After { hands: items.hands.first().copied(), limits: items.limits.clone(), drop_mates: items.drop_mates.clone() };
    after::finish(&mut game, &after, &board, &sets, diags);
    check_setup(&game, setup?, diags);
    if !diags.iter().any(Diagnostic::is_error) {
        let declared =
            lints::Declared { source, pieces: items.pieces.clone(), zones: items.zones.clone(), setup: setup?, board: board_decl.span };
        lints::run(&game, &declared, diags);
    }
    (!diags.iter().any(Diagnostic::is_error)).then_some(game)
}

/// `extends Base`: a piece also has every move of its base (and of the base's
/// base), resolved in dependency order; a cycle is an error.
fn inherit_moves(decls: &[&ast::PieceDecl], ids: &HashMap<String, ir::PieceId>, pieces: &mut [ir::PieceType], diags: &mut Vec<Diagnostic>) {
    let own: Vec<Vec<Vec<ir::MoveRule>>> = pieces.iter().map(|p| p.moves.clone()).collect();
    for (index, decl) in decls.iter().enumerate() {
        let mut chain = vec![index];
        let mut current = decl;
        while let Some(base) = &current.extends {
            let Some(&base_id) = ids.get(&base.text) else {
                diags.push(
                    Diagnostic::error(codes::UNKNOWN_NAME, base.span, format!("unknown piece `{}`", base.text))
                        .with_help_opt(crate::diagnostic::did_you_mean(&base.text, ids.keys().map(String::as_str))),
                );
                break;
            };
            if chain.contains(&(base_id as usize)) {
                if current.name.text == decl.name.text || base_id as usize == index {
                    diags.push(
                        Diagnostic::error(
                            codes::CONFLICTING_STATEMENTS,
                            base.span,
                            format!("`{}` extends itself through `{}`", decl.name.text, base.text),
                        )
                        .with_help("a piece cannot be its own base; remove one `extends`"),
                    );
                }
                break;
            }
            chain.push(base_id as usize);
            for (player, rules) in own[base_id as usize].iter().enumerate() {
                for rule in rules {
                    if !pieces[index].moves[player].contains(rule) {
                        pieces[index].moves[player].push(rule.clone());
                    }
                }
            }
            current = &decls[base_id as usize];
        }
    }
}

fn file_stem(file_name: &str) -> String {
    std::path::Path::new(file_name).file_stem().map_or_else(|| file_name.to_string(), |s| s.to_string_lossy().into_owned())
}

fn unique_symbols(pieces: &[&ast::PieceDecl], diags: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<String, &ast::PieceDecl> = HashMap::new();
    for piece in pieces {
        if let Some(first) = seen.get(&piece.symbol.text) {
            diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_SYMBOL,
                    piece.symbol.span,
                    format!("pieces `{}` and `{}` both use the symbol `{}`", first.name.text, piece.name.text, piece.symbol.text),
                )
                .with_note(first.symbol.span, format!("`{}` has it already", first.name.text))
                .with_help("position strings tell pieces apart by symbol; give each piece its own letter"),
            );
        } else {
            seen.insert(piece.symbol.text.clone(), piece);
        }
    }
}

fn required_setup<'a>(items: &Items<'a>, file_start: Span, diags: &mut Vec<Diagnostic>) -> Option<&'a ast::Text> {
    let setup = items.setups.first().copied();
    if setup.is_none() {
        diags.push(
            Diagnostic::error(codes::MISSING_ITEM, file_start, "the file has no setup")
                .with_help("add the start position as a position string: `setup \"rnbakabnr/9/... w\"`"),
        );
    }
    setup
}

/// `facing along rank`: both directions of the axis, for a ray from each royal.
fn facing_directions(
    facings: &[&ast::Facing],
    board: &BoardModel,
    pieces: &[ir::PieceType],
    table: &mut DirectionTable,
    diags: &mut Vec<Diagnostic>,
) -> Vec<ir::DirId> {
    let mut out = Vec::new();
    for facing in facings {
        if !pieces.iter().any(|p| p.royal) {
            diags.push(
                Diagnostic::error(codes::NO_ROYAL, facing.span, "royal pieces may not face each other, but no piece is royal")
                    .with_help("mark the king-like piece with `royal` inside its piece block"),
            );
        }
        let Some(axis) = board.axis_index(&facing.axis.text) else {
            diags.push(unknown_axis(&facing.axis, board.axis_names()));
            continue;
        };
        for sign in [1, -1] {
            let mut vector = vec![0; board.dimensions()];
            vector[axis] = sign;
            let id = table.intern(board, &vector);
            if !out.contains(&id) {
                out.push(id);
            }
        }
    }
    out
}

/// Position-string order, over the parts of cell names (so a folded board is
/// written in its named layout): rows run across the forward axis from the first
/// player's far side, along the first other part; further parts make blocks of
/// rows separated by `|`.
fn layout(board: &BoardModel, players: &Players) -> ir::Layout {
    let row_part = NamePart::Axis(players.forward_axis);
    let col_part = board.naming.iter().copied().find(|&p| p != row_part);
    let others: Vec<NamePart> = board.naming.iter().copied().filter(|&p| p != row_part && Some(p) != col_part).collect();
    let row_size = board.part_size(row_part);
    let key = |cell: usize| {
        let mut key: Vec<usize> = others.iter().map(|&p| board.part_index(p, cell)).collect();
        let row = board.part_index(row_part, cell);
        key.push(if players.forward_sign > 0 { row_size - 1 - row } else { row });
        key.push(col_part.map_or(0, |p| board.part_index(p, cell)));
        key
    };
    let mut order: Vec<usize> = (0..board.cells.len()).collect();
    order.sort_by_key(|&cell| key(cell));
    let mut rows: Vec<Vec<ir::CellId>> = Vec::new();
    let mut separators = Vec::new();
    let mut row_labels = Vec::new();
    let mut block_labels = Vec::new();
    let mut last_key: Option<Vec<usize>> = None;
    for cell in order {
        let k = key(cell);
        let row_key = &k[..k.len() - 1];
        let new_block = last_key.as_ref().is_none_or(|prev| prev[..others.len()] != k[..others.len()]);
        match &last_key {
            Some(prev) if prev[..prev.len() - 1] == *row_key => {}
            Some(_) => {
                separators.push(if new_block { "|" } else { "/" }.to_string());
                rows.push(Vec::new());
            }
            None => rows.push(Vec::new()),
        }
        if rows.last().is_some_and(Vec::is_empty) {
            row_labels.push(board.part_label(row_part, cell).to_string());
            if new_block && !others.is_empty() {
                let label: Vec<String> = others.iter().map(|&p| format!("{} {}", board.part_name(p), board.part_label(p, cell))).collect();
                block_labels.push(label.join(", "));
            }
        }
        rows.last_mut().expect("a row was started").push(cell as ir::CellId);
        last_key = Some(k);
    }
    let column_labels = match (col_part, rows.first()) {
        (Some(part), Some(row)) => row.iter().map(|&c| board.part_label(part, c as usize).to_string()).collect(),
        _ => Vec::new(),
    };
    let wraps = |part: Option<NamePart>| matches!(part, Some(NamePart::Axis(a)) if board.axes[a].wrap);
    ir::Layout {
        rows,
        separators,
        row_labels,
        column_labels,
        block_labels,
        rows_wrap: wraps(Some(row_part)),
        columns_wrap: wraps(col_part),
        drawing: ir::Drawing::default(),
    }
}

fn check_setup(game: &Game, setup: &ast::Text, diags: &mut Vec<Diagnostic>) {
    if let Err(error) = vdl_runtime::fen::parse(game, &setup.value) {
        let start = setup.span.start + error.offset.min(setup.value.len());
        let end = (start + 1).min(setup.span.end.max(start));
        let example = vdl_runtime::fen::format(game, &vdl_runtime::Position::empty(game));
        diags.push(
            Diagnostic::error(codes::BAD_SETUP, Span::new(start, end), format!("the setup does not fit: {}", error.message)).with_help(
                format!(
                    "rows are listed from the first player's far side, separated as in `{example}`; pieces are {}",
                    game.pieces.iter().map(|p| format!("`{}` {}", p.symbol, p.name)).collect::<Vec<_>>().join(", ")
                ),
            ),
        );
    }
}
