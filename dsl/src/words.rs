//! The language's words, in one place: the statements with the words that open
//! them and how an error names them, every other reserved word, and how an
//! error names the rules that are not statements.
//!
//! From this module come the parser's "expected ..." descriptions, the
//! statement lists `vdl fmt` lays out by, and the grammar's `keyword` rule:
//! pest needs the grammar as a file, so dsl/tests/keywords.rs checks that the
//! rule lists exactly [`reserved`] (and rewrites it with `UPDATE_GRAMMAR=1`).

use crate::parser::Rule;

/// The blocks statements live in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Block {
    /// The file itself.
    Top,
    Board,
    Piece,
    Proxy,
}

/// A kind of statement: the grammar rule, the block it appears in, the words
/// that can open it, and what an error calls it when it was expected.
pub(crate) struct Statement {
    pub rule: Rule,
    pub block: Block,
    pub opened_by: &'static [&'static str],
    pub described: &'static str,
}

const fn statement(rule: Rule, block: Block, opened_by: &'static [&'static str], described: &'static str) -> Statement {
    Statement { rule, block, opened_by, described }
}

/// Every statement of the language.
pub(crate) const STATEMENTS: &[Statement] = &[
    statement(Rule::game_decl, Block::Top, &["game"], "`game`"),
    statement(Rule::board_decl, Block::Top, &["board"], "`board`"),
    statement(Rule::forward_decl, Block::Top, &["forward"], "`forward`"),
    statement(Rule::player_decl, Block::Top, &["player"], "`player`"),
    statement(Rule::zone_decl, Block::Top, &["zone"], "`zone`"),
    statement(Rule::direction_decl, Block::Top, &["direction"], "`direction`"),
    statement(Rule::piece_decl, Block::Top, &["piece"], "`piece`"),
    statement(Rule::facing_decl, Block::Top, &["facing"], "`facing`"),
    statement(Rule::stalemate_decl, Block::Top, &["stalemate"], "`stalemate`"),
    statement(Rule::setup_decl, Block::Top, &["setup"], "`setup`"),
    statement(Rule::hands_decl, Block::Top, &["hands"], "`hands`"),
    statement(Rule::limit_decl, Block::Top, &["limit"], "`limit`"),
    statement(Rule::drop_mate_decl, Block::Top, &["no"], "`no checkmate by dropping`"),
    statement(Rule::drop_ban_decl, Block::Top, &["no"], "`no dropping`"),
    statement(Rule::no_check_decl, Block::Top, &["no"], "`no check`"),
    statement(Rule::must_capture_decl, Block::Top, &["must"], "`must capture`"),
    statement(Rule::must_drop_decl, Block::Top, &["must"], "`must drop`"),
    statement(Rule::explosion_decl, Block::Top, &["captures"], "`captures explode`"),
    statement(Rule::gating_decl, Block::Top, &["gate"], "`gate from hand`"),
    statement(Rule::unmoved_listing_decl, Block::Top, &["unmoved"], "`unmoved listed in`"),
    statement(Rule::material_decl, Block::Top, &["draws"], "`draws decided by material`"),
    statement(Rule::may_drop_decl, Block::Top, &["may"], "`may drop`"),
    statement(Rule::blocker_decl, Block::Top, &["place"], "`place ... after every move`"),
    statement(Rule::goal_decl, Block::Top, &["goal"], "`goal`"),
    statement(Rule::group_decl, Block::Top, &["group"], "`group`"),
    statement(Rule::proxy_decl, Block::Top, &["proxy"], "`proxy`"),
    statement(Rule::axis_decl, Block::Board, &["axis"], "`axis`"),
    statement(Rule::fold_decl, Block::Board, &["fold"], "`fold`"),
    statement(Rule::name_decl, Block::Board, &["name"], "`name`"),
    statement(Rule::draw_decl, Block::Board, &["draw"], "`draw`"),
    statement(Rule::cells_decl, Block::Board, &["cells"], "`cells`"),
    statement(Rule::without_decl, Block::Board, &["without"], "`without`"),
    statement(Rule::royal, Block::Piece, &["royal"], "`royal`"),
    statement(Rule::pass_stmt, Block::Piece, &["pass"], "`pass`"),
    statement(Rule::confined, Block::Piece, &["confined"], "`confined`"),
    statement(Rule::move_stmt, Block::Piece, &["step", "slide", "leap", "hop"], "a move (`step`, `slide`, `leap`, `hop`)"),
    statement(Rule::swap_stmt, Block::Piece, &["swap"], "`swap`"),
    statement(Rule::castle_stmt, Block::Piece, &["castle"], "`castle`"),
    statement(Rule::unmoved_loss, Block::Piece, &["unmoved"], "`unmoved lost when`"),
    statement(Rule::promotion, Block::Piece, &["must", "may"], "`must promote` or `may promote`"),
    statement(Rule::glyphs, Block::Piece, &["draw"], "`draw`"),
    statement(Rule::proxy_movers, Block::Proxy, &["movers"], "`movers`"),
    statement(Rule::proxy_trigger, Block::Proxy, &["on", "from", "in"], "a trigger (`on entering`, `from ... into`, ...)"),
    statement(Rule::proxy_promotes, Block::Proxy, &["promotes"], "`promotes`"),
    statement(Rule::proxy_into, Block::Proxy, &["to"], "`to`"),
    statement(Rule::proxy_keeping, Block::Proxy, &["keeping"], "`keeping`"),
];

/// The reserved words that never open a statement (some of them open one in
/// another block, like `in` and `to`, and are listed there).
const INNER_WORDS: &[&str] = &[
    "after",
    "all",
    "allowed",
    "alone",
    "along",
    "and",
    "answered",
    "anywhere",
    "attacked",
    "attacking",
    "backward",
    "bare",
    "binding",
    "by",
    "capture",
    "capturing",
    "check",
    "checkmate",
    "checks",
    "circuit",
    "crossing",
    "decided",
    "discs",
    "draw",
    "drop",
    "dropping",
    "en",
    "enemy",
    "entering",
    "every",
    "explode",
    "extends",
    "extinction",
    "for",
    "forward",
    "hand",
    "hexagons",
    "into",
    "lands",
    "leaving",
    "line",
    "listed",
    "loss",
    "lost",
    "material",
    "mirror",
    "move",
    "moves",
    "moving",
    "not",
    "of",
    "only",
    "or",
    "over",
    "passant",
    "passes",
    "per",
    "points",
    "promote",
    "promoted",
    "reaches",
    "shift",
    "sideways",
    "snake",
    "sparing",
    "squares",
    "steps",
    "tiles",
    "unless",
    "unmoved",
    "via",
    "when",
    "where",
    "win",
    "with",
    "within",
    "without",
    "wrap",
];

/// How an error names the rules that are not statements, when one was expected.
const DESCRIPTIONS: &[(&[Rule], &str)] = &[
    (&[Rule::EOI], "the end of the file"),
    (&[Rule::ident, Rule::zone_ref, Rule::dir_ref], "a name"),
    (&[Rule::label], "a label"),
    (&[Rule::int], "a number"),
    (&[Rule::string], "a quoted string"),
    (&[Rule::symbol], "a piece symbol (one capital letter, optionally after `+`)"),
    (&[Rule::per_line, Rule::per_binding], "`per line along AXIS` or `per binding`"),
    (&[Rule::snake], "`snake`"),
    (&[Rule::labels, Rule::label_range, Rule::label_list], "labels (`a..i` or `[x y z]`)"),
    (&[Rule::wrap], "`wrap`"),
    (&[Rule::sign], "`+` or `-`"),
    (&[Rule::transform, Rule::mirror, Rule::shift], "`mirror` or `shift`"),
    (&[Rule::zone_expr, Rule::zone_box, Rule::axis_sel, Rule::zone_cells, Rule::zone_enemy, Rule::zone_not], "a zone"),
    (&[Rule::negation], "`not`"),
    (&[Rule::zone_op], "`|`, `&` or `-`"),
    (&[Rule::zone_sum], "a coordinate condition (`x + y + z == 0`)"),
    (&[Rule::sum_sign], "`+` or `-`"),
    (&[Rule::dir_expr, Rule::dir_union, Rule::vector, Rule::vector_all], "a direction"),
    (&[Rule::dir_op], "`|`"),
    (
        &[Rule::dir_cond, Rule::cond_not, Rule::cond_forward, Rule::cond_backward, Rule::cond_sideways, Rule::cond_compare],
        "a direction condition",
    ),
    (&[Rule::cond_and], "`and`"),
    (&[Rule::compare_op], "a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`)"),
    (&[Rule::move_kind], "a move (`step`, `slide`, `leap`, `hop`)"),
    (&[Rule::via, Rule::route], "`via`"),
    (&[Rule::move_only], "`move only`"),
    (&[Rule::capture_only], "`capture only`"),
    (&[Rule::when_in], "`when in`"),
    (&[Rule::when_unmoved], "`when unmoved`"),
    (&[Rule::en_passant], "`en passant by`"),
    (&[Rule::circuit], "`circuit`"),
    (&[Rule::within], "`within`"),
    (&[Rule::allowed], "`allowed`"),
    (&[Rule::over], "`over`"),
    (&[Rule::sparing], "`sparing`"),
    (&[Rule::capturing], "`capturing`"),
    (&[Rule::route_cond, Rule::when_crossing, Rule::unless_crossing], "`when crossing` or `unless crossing`"),
    (&[Rule::must, Rule::may], "`must promote` or `may promote`"),
    (
        &[Rule::trigger, Rule::on_every_move, Rule::on_entering, Rule::on_leaving, Rule::from_into, Rule::in_zone, Rule::in_place],
        "`on every move`, `on entering`, `on leaving`, `from ... into`, `in` or `in place`",
    ),
    (&[Rule::or_moving], "`or moving`"),
    (&[Rule::or_alone], "`or alone`"),
    (&[Rule::without_attacking], "`without attacking`"),
    (&[Rule::lost], "`lost`"),
    (&[Rule::drop_promoted, Rule::drop_anywhere], "`promoted` or `anywhere`"),
    (&[Rule::material_weight], "a piece and its weight (`Rook 13`)"),
    (&[Rule::material_bonus], "`with POINTS for PLAYER`"),
    (&[Rule::points], "points (`1.5`)"),
    (&[Rule::for_players], "`for` and player names"),
    (&[Rule::extends], "`extends`"),
    (&[Rule::piece_set], "piece names"),
    (&[Rule::all_pieces], "`all`"),
    (&[Rule::sparing], "`sparing`"),
    (&[Rule::set_op], "more pieces (after `,`, `or` or `&`)"),
    (&[Rule::countdown], "`within`"),
    (&[Rule::unless_attacked], "`unless attacked`"),
    (&[Rule::outcome], "`loss`, `draw` or `win`"),
    (&[Rule::cell_style], "`squares`, `points` or `hexagons`"),
    (&[Rule::check_word], "`check`"),
    (
        &[Rule::goal_extinction, Rule::goal_bare, Rule::goal_passes, Rule::goal_checks, Rule::goal_reach],
        "a goal (`extinction of`, `bare royal`, `passes`, `N checks`, `PIECES reaches ZONE`)",
    ),
    (&[Rule::answered], "`unless answered`"),
    (&[Rule::reaches], "`reaches`"),
    (&[Rule::piece_shape], "`discs` or `tiles`"),
];

/// Whether `word` opens a statement in `block`.
pub(crate) fn opens_statement(block: Block, word: &str) -> bool {
    STATEMENTS.iter().any(|s| s.block == block && s.opened_by.contains(&word))
}

/// What an error message calls `rule` when it was expected.
pub(crate) fn describe(rule: Rule) -> &'static str {
    STATEMENTS
        .iter()
        .find(|s| s.rule == rule)
        .map(|s| s.described)
        .or_else(|| DESCRIPTIONS.iter().find(|(rules, _)| rules.contains(&rule)).map(|(_, text)| *text))
        .unwrap_or("something else")
}

/// Every reserved word, longest first (the order the grammar's `keyword` rule
/// needs: PEG commits to the first alternative that matches, so `in` must come
/// after `into`).
pub fn reserved() -> Vec<&'static str> {
    let mut words: Vec<&'static str> =
        STATEMENTS.iter().flat_map(|s| s.opened_by.iter().copied()).chain(INNER_WORDS.iter().copied()).collect();
    words.sort_by_key(|w| (std::cmp::Reverse(w.len()), *w));
    words.dedup();
    words
}

/// Whether `word` is reserved, and so cannot be a name.
pub fn is_reserved(word: &str) -> bool {
    STATEMENTS.iter().any(|s| s.opened_by.contains(&word)) || INNER_WORDS.contains(&word)
}
