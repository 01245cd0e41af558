//! The work a file can cause is bounded: many zones, long chains and vectors
//! on boards of many axes are checked quickly, with an error where a limit is
//! passed. Each case is generated small enough to run in the test suite and
//! large enough that quadratic or exponential work would show.

use std::time::{Duration, Instant};
use vdl_runtime::PlayerId;

/// A complete small game with `extra` inserted before the pieces.
fn mini(extra: &str) -> String {
    format!(
        "board {{\n    axis file = a..e\n    axis rank = 1..5\n}}\nforward +rank\nplayer White\nplayer Black = mirror rank\n{extra}\n\
         direction orth = (0,1)*\npiece King K {{\n    royal\n    step orth\n}}\nsetup \"2k2/5/5/5/2K2 w\"\n"
    )
}

/// Checks `source` and returns its diagnostic codes, failing if it took long.
fn codes_within(source: &str, limit: Duration) -> Vec<&'static str> {
    let start = Instant::now();
    let checked = vdl_compiler::check("bounds.vdl", source);
    let took = start.elapsed();
    assert!(took < limit, "took {took:?}");
    checked.diagnostics.iter().map(|d| d.code.id()).collect()
}

/// As many declarations as the parser's token limit (100,000) allows.
const MANY: usize = 15_000;

#[test]
fn twelve_thousand_zones_are_checked_in_linear_time() {
    // Zone i holds the cells of the set bits of i + 1 among five: the sets
    // repeat, the names do not. (20,000 zones took 12.8 s when quadratic.)
    let cells = ["a1", "b2", "c3", "d4", "e5"];
    let zone = |i: usize| (0..5).filter(|bit| (i % 31 + 1) >> bit & 1 == 1).map(|bit| cells[bit]).collect::<Vec<_>>().join(" ");
    let count = 12_000;
    let zones: String = (0..count).map(|i| format!("zone z{i} = [{}]\n", zone(i))).collect();
    let codes = codes_within(&mini(&zones), Duration::from_secs(2));
    assert_eq!(codes.iter().filter(|&&c| c == "W0104").count(), count, "every zone is unused");
    assert!(!codes.iter().any(|c| c.starts_with('E')));
}

#[test]
fn a_long_union_of_zones_does_not_use_the_stack() {
    // The longest chain the parser takes (256 operators) is checked on a
    // small stack; 10,000 are refused with a located error, not a crash.
    for (terms, accepted) in [(250, true), (10_000, false)] {
        let terms: Vec<String> = (0..terms).map(|i| format!("file {}", (b'a' + (i % 5) as u8) as char)).collect();
        let source = mini(&format!("zone wide = {}\nzone used = wide\n", terms.join(" | ")));
        let codes = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || codes_within(&source, Duration::from_secs(2)))
            .unwrap()
            .join()
            .expect("no stack overflow");
        if accepted {
            assert!(!codes.iter().any(|c| c.starts_with('E')), "{codes:?}");
        } else {
            assert_eq!(codes, ["E0003"]);
        }
    }
}

/// A board of `axes` axes of two cells each, with a King in two opposite
/// corners. Position strings write it in blocks of two rows of two cells.
fn hypercube(axes: usize, piece: &str) -> String {
    let decls: String = (0..axes).map(|a| format!("    axis x{a} = [p{a} q{a}]\n")).collect();
    let mut blocks = vec!["2/2"; 1 << (axes - 2)];
    blocks[0] = "K1/2";
    *blocks.last_mut().unwrap() = "2/1k";
    format!(
        "board {{\n{decls}}}\nforward +x{last}\nplayer White\nplayer Black = mirror x{last}\npiece King K {{\n    royal\n    {piece}\n}}\nsetup \"{} w\"\n",
        blocks.join("|"),
        last = axes - 1
    )
}

#[test]
fn a_star_vector_on_many_axes_is_an_error_not_a_flood() {
    let every: Vec<String> = (1..=9).map(|c| c.to_string()).collect();
    let source = hypercube(9, &format!("leap ({})*", every.join(",")));
    let codes = codes_within(&source, Duration::from_secs(1));
    assert!(codes.contains(&"E0305"), "{codes:?}");
}

#[test]
fn a_star_vector_with_few_images_on_many_axes_is_fine() {
    // (1,0,...,0)* on 8 axes is the 16 one-cell steps, not 8! * 2^8 symmetries.
    let mut unit = ["0"; 8];
    unit[0] = "1";
    let source = hypercube(8, &format!("step ({})*", unit.join(",")));
    let start = Instant::now();
    let checked = vdl_compiler::check("bounds.vdl", &source);
    assert!(start.elapsed() < Duration::from_secs(2), "took {:?}", start.elapsed());
    let game = checked.game.unwrap_or_else(|| panic!("{:?}", checked.diagnostics));
    assert_eq!(game.pieces[0].moves[PlayerId::FIRST].len(), 16);
}

#[test]
fn direction_tables_are_bounded() {
    // 1,024 directions (the most one `*` may make) on a board of 32,768 cells:
    // tables of 2 x 1,024 x 32,768 entries, far past the bound.
    let mut vector = vec!["1"; 15];
    vector[10..].fill("0");
    let source = hypercube(15, &format!("leap ({})*", vector.join(",")));
    let codes = codes_within(&source, Duration::from_secs(2));
    assert!(codes.contains(&"E0305"), "{codes:?}");
}

#[test]
fn many_unknown_names_are_reported_without_comparing_each_with_all() {
    let unknown: String = (0..MANY).map(|i| format!("zone z{i} = y{i}\n")).collect();
    let codes = codes_within(&mini(&unknown), Duration::from_secs(2));
    assert_eq!(codes.iter().filter(|&&c| c == "E0101").count(), MANY);
}

/// A board of 4,095 files and 16 ranks with a King and `queen`'s moves.
fn wide_board(queen: &str) -> String {
    let files: String = (0..4095).map(|i| format!(" f{i}x")).collect();
    let mut rows = vec!["4095".to_string(); 16];
    rows[0] = "4094k".into();
    rows[15] = "KQ4093".into();
    format!(
        "board {{\n    axis file = [{files}]\n    axis rank = 1..16\n}}\nforward +rank\nplayer White\nplayer Black = mirror rank\n\
         direction orth = (0,1)*\ndirection diag = (1,1)*\npiece King K {{\n    royal\n    step orth\n}}\n\
         piece Queen Q {{\n    {queen}\n}}\nsetup \"{} w\"\n",
        rows.join("/")
    )
}

#[test]
fn lints_on_a_huge_board_stop_rather_than_wait() {
    // 65,520 cells and a short-range Queen: asking the interpreter about every
    // cell of every piece would take seconds; the lints spend a bounded amount.
    let codes = codes_within(&wide_board("step orth | diag"), Duration::from_secs(3));
    assert!(!codes.iter().any(|c| c.starts_with('E')), "{codes:?}");
}

#[test]
fn a_move_plan_past_its_bound_is_an_error_not_a_flood() {
    // A Queen sliding from each of 65,520 cells passes some 270 million cells:
    // the plan of its moves would take gigabytes.
    let codes = codes_within(&wide_board("slide orth | diag"), Duration::from_secs(2));
    assert_eq!(codes, ["E0305"]);
}

#[test]
fn facing_lines_past_the_plans_bound_are_an_error_not_a_flood() {
    // The Kings face along the 4,095-cell rows: the plan keeps a facing
    // line per royal type, player, direction and cell, some 500 million
    // cells in all, counted against the same bound as the rides.
    let source = wide_board("step orth | diag").replace("setup ", "facing along file\nsetup ");
    let codes = codes_within(&source, Duration::from_secs(2));
    assert_eq!(codes, ["E0305"]);
}

#[test]
fn more_directions_than_an_id_can_name_are_an_error_not_a_wrapped_id() {
    // On a one-cell board every direction table is one entry, so no table
    // bound stops 8,200 leaps of 8 images each (65,600 directions): the
    // checker must refuse them with E0305 rather than give two directions
    // one id.
    let vectors = (1..).flat_map(|a: i32| (1..a).map(move |b| (a, b))).take(8_200);
    let leaps: String = vectors.map(|(a, b)| format!("    leap ({a},{b})*\n")).collect();
    let source = format!(
        "board {{\n    axis file = a..a\n    axis rank = 1..1\n}}\nforward +rank\nplayer White\nplayer Black = mirror rank\n\
         piece King K {{\n    royal\n{leaps}}}\nsetup \"K w\"\n"
    );
    let codes = codes_within(&source, Duration::from_secs(10));
    assert!(codes.contains(&"E0305"), "{:?}", &codes[..codes.len().min(5)]);
}

#[test]
fn more_piece_types_than_an_id_can_name_are_an_error_not_a_wrapped_id() {
    // 300 types: past the 127 a piece byte holds and past the 256 a `u8`
    // counts, where ids given by a cast would wrap around to the first types.
    let pieces: String = (0..300).map(|i| format!("piece Type{i} {} {{\n    step orth\n}}\n", (b'A' + (i % 26) as u8) as char)).collect();
    let source = mini(&pieces);
    let start = Instant::now();
    let checked = vdl_compiler::check("bounds.vdl", &source);
    assert!(start.elapsed() < Duration::from_secs(2), "took {:?}", start.elapsed());
    assert!(checked.game.is_none());
    let cap = checked.diagnostics.iter().find(|d| d.message.contains("at most 127 piece types"));
    let cap = cap.unwrap_or_else(|| panic!("no error about the number of types: {:?}", &checked.diagnostics[..3]));
    assert_eq!(&source[cap.span.start..cap.span.end], "Type127", "the first type past the cap is named");
}
