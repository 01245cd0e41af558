//! The Rust generated for a small hand-built game: a snapshot of the text (its
//! behaviour is tested against the interpreter by `tests/engines_agree.rs` for
//! every bundled variant), plus checks that it is a well-formed module.

use vdl_runtime::ir::*;

/// A 4x4 board, files wrapping around (so rays along them come back to their
/// start, and a circuit ride makes a null move), ranks not. Between them the
/// pieces use every kind of rule: steps, rides, leaps with routes (one of them
/// only when not crossing a zone's boundary), a capturing leap, hops, rules
/// for one zone, confinement, promotions (optional, and compulsory where the
/// piece could not move on), a swap, a promotion by proxy and an obligation.
fn tiny() -> Game {
    const FILES: i32 = 4;
    const RANKS: i32 = 4;
    let cell = |f: i32, r: i32| CellId::from_index((r * FILES + f) as usize);
    let vectors: Vec<[i32; 2]> = vec![[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, 2], [2, 1], [0, 2], [0, -2]];
    let directions = vectors
        .iter()
        .map(|v| Direction {
            vector: v.to_vec(),
            target: (0..RANKS)
                .flat_map(|r| (0..FILES).map(move |f| (f, r)))
                .map(|(f, r)| {
                    let (f, r) = ((f + v[0]).rem_euclid(FILES), r + v[1]);
                    (0..RANKS).contains(&r).then(|| cell(f, r))
                })
                .collect(),
        })
        .collect();
    let zone = |name: &str, ranks: [i32; 2]| Zone {
        name: name.to_string(),
        cells: [ranks, ranks.map(|r| RANKS - 1 - r)]
            .iter()
            .map(|range| {
                let (lo, hi) = (range[0].min(range[1]), range[0].max(range[1]));
                (0..FILES * RANKS).map(|c| (lo..=hi).contains(&(c / FILES))).collect()
            })
            .collect(),
    };
    let rule = |kind: MoveKind, mode: Mode, only_in: Option<ZoneId>| MoveRule {
        kind,
        mode,
        only_in,
        gate: Default::default(),
        en_passant: Vec::new(),
    };
    let ride = |dir: usize, range: Option<u32>| MoveKind::Ride { dir: DirId::from_index(dir), range, circuit: false };
    let route = |cells: Vec<usize>| Route { cells: cells.into_iter().map(DirId::from_index).collect(), crossing: None };
    // Black's rules mirror White's ranks: directions 0 <-> 1 and 8 <-> 9.
    let both = |white: Vec<MoveRule>| {
        let black = white
            .iter()
            .map(|r| {
                let flip = |d: DirId| {
                    DirId::from_index(match d.index() {
                        0 => 1,
                        1 => 0,
                        8 => 9,
                        9 => 8,
                        d => d,
                    })
                };
                let kind = match &r.kind {
                    MoveKind::Ride { dir, range, circuit } => MoveKind::Ride { dir: flip(*dir), range: *range, circuit: *circuit },
                    MoveKind::Hop { dir, not_over, spares } => {
                        MoveKind::Hop { dir: flip(*dir), not_over: not_over.clone(), spares: spares.clone() }
                    }
                    MoveKind::Leap { target, routes } => MoveKind::Leap {
                        target: flip(*target),
                        routes: routes.iter().map(|r| Route { cells: r.cells.iter().map(|&d| flip(d)).collect(), ..r.clone() }).collect(),
                    },
                    MoveKind::CapturingLeap { target, via, crossing } => {
                        MoveKind::CapturingLeap { target: flip(*target), via: flip(*via), crossing: *crossing }
                    }
                    MoveKind::Swap { dir, with, unattacked } => {
                        MoveKind::Swap { dir: flip(*dir), with: with.clone(), unattacked: *unattacked }
                    }
                    MoveKind::Castle { dir, ends, with } => MoveKind::Castle { dir: flip(*dir), ends: *ends, with: with.clone() },
                    MoveKind::Pass => MoveKind::Pass,
                };
                MoveRule { kind, ..r.clone() }
            })
            .collect();
        PerPlayer(vec![white, black])
    };
    let piece = |name: &str, symbol: &str, royal, confined, moves| PieceType {
        name: name.into(),
        symbol: symbol.into(),
        royal,
        confined,
        moves,
        promotions: Vec::new(),
        in_place: None,
        captured_as: None,
        no_drop: None,
        drop_forms: vec![],
        glyphs: vec![],
    };
    Game {
        name: "Tiny".into(),
        board: Board {
            axes: vec![
                Axis { name: "file".into(), size: FILES as u32, labels: vec![], wrap: true },
                Axis { name: "rank".into(), size: RANKS as u32, labels: vec![], wrap: false },
            ],
            cells: (0..RANKS)
                .flat_map(|r| (0..FILES).map(move |f| (f, r)))
                .map(|(f, r)| Cell { name: format!("{}{}", (b'a' + f as u8) as char, r + 1), coords: vec![f, r] })
                .collect(),
            layout: Layout {
                rows: (0..RANKS).rev().map(|r| (0..FILES).map(|f| Some(cell(f, r))).collect()).collect(),
                separators: vec!["/".into(); RANKS as usize - 1],
                row_labels: (0..RANKS).rev().map(|r| (r + 1).to_string()).collect(),
                column_labels: (0..FILES).map(|f| ((b'a' + f as u8) as char).to_string()).collect(),
                block_labels: Vec::new(),
                rows_wrap: false,
                columns_wrap: true,
                drawing: Drawing::default(),
                centres: Vec::new(),
            },
        },
        players: vec![
            Player { name: "White".into(), forward: vec![0, 1], letter: 'w' },
            Player { name: "Black".into(), forward: vec![0, -1], letter: 'b' },
        ],
        directions,
        zones: vec![zone("home", [0, 1]), zone("far", [3, 3]), zone("upper", [2, 3])],
        pieces: vec![
            // Steps in four directions, confined to its two home ranks; swaps
            // forwards with a friendly King (which must be allowed on its cell)
            // or Rook, unless either cell is attacked.
            piece(
                "King",
                "K",
                true,
                Some(ZoneId::from_index(0)),
                both(
                    (0..4)
                        .map(|d| rule(ride(d, Some(1)), Mode::Both, None))
                        .chain([rule(
                            MoveKind::Swap {
                                dir: DirId::from_index(0),
                                with: vec![PieceId::from_index(0), PieceId::from_index(1)],
                                unattacked: true,
                            },
                            Mode::Both,
                            None,
                        )])
                        .collect(),
                ),
            ),
            // Rides round the files, a null move when the rank is empty; at most
            // two cells forward.
            piece(
                "Rook",
                "R",
                false,
                None,
                both(vec![
                    rule(MoveKind::Ride { dir: DirId::from_index(2), range: None, circuit: true }, Mode::Both, None),
                    rule(ride(0, Some(2)), Mode::Both, None),
                ]),
            ),
            // A leap with two alternative routes, the second one only when not
            // crossing into or out of the far rank, and one that cannot be
            // blocked.
            piece(
                "Knight",
                "N",
                false,
                None,
                both(vec![
                    rule(
                        MoveKind::Leap {
                            target: DirId::from_index(6),
                            routes: vec![
                                route(vec![0]),
                                Route {
                                    cells: vec![DirId::from_index(4), DirId::from_index(0)],
                                    crossing: Some(Crossing { zone: ZoneId::from_index(1), crossing: false }),
                                },
                            ],
                        },
                        Mode::Both,
                        None,
                    ),
                    rule(MoveKind::Leap { target: DirId::from_index(7), routes: vec![] }, Mode::Both, None),
                ]),
            ),
            // Moves like a rook forwards, captures by hopping, also round the files.
            piece(
                "Cannon",
                "C",
                false,
                None,
                both(vec![
                    rule(ride(0, None), Mode::MoveOnly, None),
                    rule(MoveKind::Hop { dir: DirId::from_index(0), not_over: Vec::new(), spares: Vec::new() }, Mode::CaptureOnly, None),
                    rule(MoveKind::Hop { dir: DirId::from_index(2), not_over: Vec::new(), spares: Vec::new() }, Mode::Both, None),
                ]),
            ),
            // Moves forward, captures diagonally; sideways only on the far rank.
            // May become a Rook or a Knight on the upper ranks, must on the far
            // one; the first player's only while it has fewer than 2 Knights,
            // the second player's never a Knight.
            PieceType {
                promotions: vec![Promotion {
                    to: PerPlayer(vec![
                        vec![Choice::always(PieceId::from_index(1)), Choice { kind: PieceId::from_index(2), while_fewer_than: Some(2) }],
                        vec![Choice::always(PieceId::from_index(1))],
                    ]),
                    trigger: Trigger::Touches(ZoneId::from_index(2)),
                    optional: true,
                    forced_at: Some(ZoneId::from_index(1)),
                }],
                ..piece(
                    "Pawn",
                    "P",
                    false,
                    None,
                    both(vec![
                        rule(ride(0, Some(1)), Mode::MoveOnly, None),
                        rule(ride(4, Some(1)), Mode::CaptureOnly, None),
                        rule(ride(5, Some(1)), Mode::CaptureOnly, None),
                        rule(ride(3, Some(1)), Mode::Both, Some(ZoneId::from_index(1))),
                    ]),
                )
            },
            // Leaps two forward over the cell between, capturing an enemy piece
            // there too.
            piece(
                "Elephant",
                "E",
                false,
                None,
                both(vec![rule(
                    MoveKind::CapturingLeap { target: DirId::from_index(8), via: DirId::from_index(0), crossing: None },
                    Mode::Both,
                    None,
                )]),
            ),
        ],
        rules: Rules {
            facing: vec![DirId::from_index(0), DirId::from_index(1)],
            facing_allowed: Vec::new(),
            stalemate: Outcome::Loss,
            limits: vec![],
            no_drop_mate: vec![],
            goals: vec![],
            checks_forbidden: false,
            must_capture: false,
            must_drop: false,
            explosion: None,
            material: None,
            gating: None,
            unmoved_listed: None,
            unmoved_losses: vec![],
            blocker: None,
            // A Rook moving from the home ranks into the upper ones may turn a
            // Pawn into a Knight, if a King stays home.
            proxy_promotions: vec![ProxyPromotion {
                movers: vec![PieceId::from_index(1)],
                trigger: Trigger::FromInto { from: ZoneId::from_index(0), into: ZoneId::from_index(2) },
                targets: vec![PieceId::from_index(4)],
                into: vec![PieceId::from_index(2)],
                require: Some((ZoneId::from_index(0), vec![PieceId::from_index(0)])),
            }],
            // Once a side has no Elephant, its Rooks must be home within two
            // moves, and stay.
            obligations: vec![Obligation {
                piece: PieceId::from_index(1),
                zone: ZoneId::from_index(0),
                unless: vec![PieceId::from_index(5)],
                delay: 2,
            }],
        },
        setup: "rkec/p2p/P2P/RKEC w".into(),
    }
}

#[test]
fn tiny_game_snapshot() {
    insta::assert_snapshot!(vdl_compiler::generate_rust(&tiny()));
}

#[test]
fn generated_module_is_well_formed_and_stable() {
    let game = tiny();
    let text = vdl_compiler::generate_rust(&game);
    assert_eq!(text, vdl_compiler::generate_rust(&game), "generation is deterministic");
    let file = syn::parse_file(&text).expect("the generated module parses");
    let names: Vec<String> = file
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Fn(f) => Some(f.sig.ident.to_string()),
            syn::Item::Struct(s) => Some(s.ident.to_string()),
            _ => None,
        })
        .collect();
    for expected in [
        "Rules",
        "engine",
        "game",
        "generate",
        "attacked_by_white",
        "attacked_by_black",
        "is_safe",
        "moves_king_white",
        "moves_pawn_black",
        "moves_elephant_white",
        "promote_pawn_black",
        "bound_rook_white",
        "attacked_now",
        "attacked_by_black_now",
    ] {
        assert!(names.iter().any(|n| n == expected), "no `{expected}` in {names:?}");
    }
    assert!(text.contains("impl Engine for Rules"));
    // The embedded IR is the game itself.
    let start = text.find("r#\"").expect("the IR as a raw string") + 3;
    let end = start + text[start..].find("\"#").unwrap();
    assert_eq!(Game::from_json(&text[start..end]).unwrap(), game);
    // Wrapped files: rides and hops along them check for coming back, the
    // circuit as a null move.
    assert!(text.contains("if to == from"));
    assert!(text.contains("null_move = true"));
    // The newer rules are all there, decided at generation time.
    assert!(text.contains("fn promote_pawn_white") && text.contains("with_promotion(KIND_KNIGHT)"));
    assert!(text.contains("capturing_on_the_way") && text.contains("CAPTURING_JUMPS_WHITE"));
    assert!(text.contains("KNIGHT_WHITE_TO_0_1") && text.contains("KNIGHT_WHITE_TO_0_2"));
    // A swap `unless attacked` asks whether `from` is attacked once for all
    // its directions, and is handed to the sink as found unattacked.
    assert!(text.contains("out.swap_unattacked(\n") && text.contains("let mut from_attacked: Option<bool> = None;"));
    assert!(text.contains(".get_or_insert_with(|| attacked_by_black_now(pos, board, from))"));
    assert!(text.contains("vdl_runtime::gen::proxy::add(game(), pos, ROOK_WHITE, mv, out)"));
    assert!(text.contains("fn moves_rook_white<S: MoveSink>(\n    pos: &Position,") && text.contains("bound.is_none_or(|zone| zone[to])"));
    // Nothing is interpreted at run time.
    assert!(!text.contains("Interpreter::new") && !text.contains("MoveKind"));
}

/// The generated module takes everything from the runtime through its one
/// `gen` module, which follows the runtime's files where they move: every
/// path into the runtime outside comments starts `vdl_runtime::gen::`.
#[test]
fn the_runtime_is_reached_only_through_gen() {
    let text = vdl_compiler::generate_rust(&tiny());
    let code: String = text.lines().filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    let paths = code.matches("vdl_runtime::").count();
    assert!(paths > 10, "the tiny game's module uses the runtime: {paths} paths");
    assert_eq!(code.matches("vdl_runtime::gen::").count(), paths, "{code}");
}

/// A game with no pieces, zones or directions still gives a valid module.
#[test]
fn empty_game_generates_a_valid_module() {
    let mut game = tiny();
    game.pieces.clear();
    game.zones.clear();
    game.directions.clear();
    game.rules.facing.clear();
    game.rules.proxy_promotions.clear();
    game.rules.obligations.clear();
    let text = vdl_compiler::generate_rust(&game);
    syn::parse_file(&text).expect("the generated module parses");
    assert!(text.contains("fn generate<S: MoveSink>(board: &Board, side: PlayerId, out: &mut S)"));
    assert!(!text.contains("const NONE"), "no table, so no NONE");
}

/// Steps that nothing can block are handed to the sink as one set of
/// destinations per cell, the board's cells as bits (`leap_sets`), but for
/// those that may promote, given one by one to the promotions helper
/// (`set_moves`).
#[test]
fn open_steps_are_handed_over_as_sets_of_cells() {
    let mut game = tiny();
    // An obligation tests each destination of the piece it binds: every
    // step of it keeps its code.
    game.rules.obligations.clear();
    let text = vdl_compiler::generate_rust(&game);
    syn::parse_file(&text).expect("the generated module parses");
    assert!(text.contains("let occupancy = held.seen_by(PlayerId::FIRST, CELLS);"));
    // Each type's moves in a loop over its cells, which the position keeps.
    // On a board of up to 64 cells, the loop is over one word.
    let compact: String = text.split_whitespace().collect();
    assert!(compact.contains("vdl_runtime::gen::occupancy::for_each_bit64_inline((pieces.of(KING_WHITE,CELLS))asu64,"), "{text}");
    // A royal type's steps go to `royal_to`, which a counter judges by the
    // attacks on their destinations alone.
    assert!(compact.contains("out.royal_to(board,KIND_KING,from,u128::from(KING_WHITE_STEPS[from])&!occupancy.own,);"));
    // On a board of up to 64 cells, the sets are one word each: the
    // compiler then knows that what they reach has no high half.
    assert!(text.contains("static KING_WHITE_STEPS: [u64; CELLS] = ["));
    // The Pawn's step moves only and its diagonal steps capture only; the
    // destinations where they may promote go one by one to its promotions
    // helper, the others to the sink as one set.
    assert!(text.contains(
        "| u128::from(PAWN_WHITE_MOVES[from]) & occupancy.empty\n            | u128::from(PAWN_WHITE_CAPTURES[from]) & occupancy.enemy;"
    ));
    assert!(text.contains(
        "let promoting = targets & u128::from(PAWN_WHITE_PROMOTING[from]);\n        out.plain_to(board, KIND_PAWN, from, targets ^ promoting);"
    ));
    assert!(compact.contains("(promoting)asu64,|to|promote_pawn_white(pos,out,new_move(from,to),promotion[to]),"), "{text}");
    assert!(!text.contains("(from the cells where it promotes)"));
    // A piece that may promote another by proxy tests each destination for
    // it: with the King such a piece, its steps keep their code, the Pawn's
    // do not.
    game.rules.proxy_promotions[0].movers = vec![PieceId::from_index(0)];
    let text = vdl_compiler::generate_rust(&game);
    let compact: String = text.split_whitespace().collect();
    assert!(!compact.contains("KIND_KING,from,u128::from(KING_WHITE_STEPS") && text.contains("PAWN_WHITE_MOVES[from]"));
    assert!(text.contains("vdl_runtime::gen::proxy::add(game(), pos, KING_WHITE, mv, out)"));
}

/// On a board whose cells fit in one word, the attack test and the watch
/// find the first pieces on a line whose cells' numbers run one way from
/// the occupied cells, as bits; a line that wraps round keeps its walk.
#[test]
fn lines_running_one_way_are_walked_as_bits() {
    let mut game = tiny();
    // With obligations the attack test reads masked copies of the board:
    // every line keeps its walk.
    let text = vdl_compiler::generate_rust(&game);
    assert!(!text.contains("reach_rising(RIDES_"));
    game.rules.obligations.clear();
    let text = vdl_compiler::generate_rust(&game);
    syn::parse_file(&text).expect("the generated module parses");
    let bit_walks = text.matches("let first = reach & occupied;").count();
    let loop_walks = text.matches("while cell != NONE {").count() + text.matches("while d < ").count();
    assert!(bit_walks > 0 && loop_walks > 0, "{bit_walks} walks as bits, {loop_walks} loops");
    let compact: String = text.split_whitespace().collect();
    assert!(
        compact.contains(
            "fnattacked_by_white(board:&Board,target:usize,held:vdl_runtime::gen::AttackerCells,occupied:u128,pieces:&vdl_runtime::gen::PieceCells,)->bool"
        ),
        "{text}"
    );
    // A line's walk runs where a rider stands beyond its first cell; the
    // pieces next to the target are tested as leaps.
    assert!(compact.contains("_FROM[target]&riders!=0{"), "{text}");

    // The watch keeps a pinned piece's line, from the royal to the
    // attacker, where it finds it as bits.
    assert!(text.contains("watch.mark_pinned(CellId::from_index(met), reach | beyond);"));
    // A copy of the board after a move has its occupied cells worked out.
    assert!(text.contains("vdl_runtime::gen::board_after::occupied_after(") && text.contains("pos.held_cells().occupied(CELLS)"));
}

/// A ride round a ring is two runs through the cells' numbers, up to the
/// seam and on from its other side, and is taken as a set like any other:
/// the second run is reached across an empty first, and the null move is
/// made when the whole ring is empty, which is tested only there (every
/// start's line comes round: no table says which do). Its rides round the
/// ring both ways may
/// repeat a destination: as sets, ORed, each is given once, and nothing is
/// read back from a list.
#[test]
fn rides_round_a_ring_are_sets_of_two_runs() {
    let source = r#"
game "Ring"
board {
    axis file = a..d
    axis rank = 1..6 wrap
    name file rank
}
forward +rank
player White
player Black = shift rank 3
direction orth = (0,1)*
piece King K {
    royal
    step orth
}
piece Rook R {
    slide orth circuit
}
setup "4/1k2/4/4/1K2/R3 w"
"#;
    let game = vdl_compiler::compile("ring.vdl", source).expect("the game compiles");
    let text = vdl_compiler::generate_rust(&game);
    syn::parse_file(&text).expect("the generated module parses");
    let rook = &text[text.find("fn moves_rook_white").expect("the Rook's function")..];
    let rook: String = rook[..rook.find("\n}\n").expect("its end")].split_whitespace().collect();
    // 24 cells: one word. Each ride's two runs go its way.
    assert!(
        rook.contains("reach_rising(u128::from(ROOK_WHITE_RIDE_1_RISING[from]),blockers,)|if(u128::from(ROOK_WHITE_RIDE_1_RISING[from]))&blockers==0{"),
        "{rook}"
    );
    assert!(rook.contains("reach_rising(u128::from(ROOK_WHITE_RIDE_1_THEN_RISING[from]),blockers,)"), "{rook}");
    assert!(rook.contains("reach_falling(u128::from(ROOK_WHITE_RIDE_2_THEN_FALLING[from]),blockers,)"), "{rook}");
    assert!(!rook.contains("RIDE_1_FALLING") && !rook.contains("RIDE_2_RISING"), "{rook}");
    assert!(
        rook.contains("&blockers==0{if(u128::from(ROOK_WHITE_RIDE_1_THEN_RISING[from]))&blockers==0{null_move=true;}vdl_runtime::gen::occupancy::reach_rising(u128::from(ROOK_WHITE_RIDE_1_THEN_RISING[from])"),
        "{rook}"
    );
    assert!(!rook.contains("ROUND"), "{rook}");
    // Both ways round, the ring is the same: it is tested once.
    assert_eq!(rook.matches("null_move=true;").count(), 1, "{rook}");
    assert!(rook.contains("ifnull_move{out.plain(board,KIND_ROOK,from,from);}"), "{rook}");
    assert!(!rook.contains("already(") && !rook.contains("out.moves()"), "{rook}");
}

/// Where every attack is a ride walked as bits or a leap nothing blocks,
/// the cells a check depends on are found along the attack tables: each
/// attacker's, and those of a line up to its attacker. A leap that a cell
/// can block leaves them to the runtime.
#[test]
fn the_cells_of_a_check_are_found_along_the_attack_tables() {
    let source = |knight: &str| {
        box_game(
            "",
            &format!(
                r#"
piece Knight N {{
    leap (1,2)* {knight}
}}
setup "1k2/4/4/RN1K w"
"#
            ),
        )
    };
    let game = vdl_compiler::compile("box.vdl", &source("")).expect("the game compiles");
    let text = vdl_compiler::generate_rust(&game);
    syn::parse_file(&text).expect("the generated module parses");
    let compact: String = text.split_whitespace().collect();
    assert!(compact.contains("influence.check_cells_from_bits(royals,|royal|attack_cells("), "{text}");
    // The rides' cells up to the attacker, the leapers' cells as bits.
    assert!(compact.contains("cells|=reach;") && compact.contains("cells|=u128::from(("), "{text}");
    let game = vdl_compiler::compile("box.vdl", &source("via (0,1)")).expect("the game compiles");
    let text = vdl_compiler::generate_rust(&game);
    assert!(!text.contains("fn check_cells(") && !text.contains("fn attack_cells("), "{text}");
}

/// A leap that one cell blocks is part of its piece's set, let through
/// where that cell is empty; a leap capturing on the way keeps only its
/// capture as code, under one test for an enemy piece on a passed cell.
#[test]
fn leaps_one_cell_blocks_are_sets_gated_by_that_cell() {
    let text = vdl_compiler::generate_rust(&tiny());
    syn::parse_file(&text).expect("the generated module parses");
    let function = text.split("fn moves_elephant_white").nth(1).expect("the Elephant's function");
    let function = function.split("\nfn ").next().unwrap_or_default();
    assert!(function.contains("(if board[ELEPHANT_WHITE_GATE_0[from] as usize].is_empty() {"), "{function}");
    assert!(function.contains("u128::from(ELEPHANT_WHITE_GATED_0_STEPS[from])") && function.contains("& !occupancy.own"));
    assert!(function.contains("if u128::from(ELEPHANT_WHITE_PASSED[from]) & occupancy.enemy != 0 {"));
    assert!(function.contains(".capturing_on_the_way(") && !function.contains("out.plain(board"));
}

#[test]
fn steps_of_a_type_of_many_pieces_are_shifts_of_their_cells() {
    let text = vdl_compiler::generate_rust(&tiny());
    syn::parse_file(&text).expect("the generated module parses");
    // Black's four Pawns step down a rank of four cells: one shift of their
    // cells, four cells down, taken where the sink takes them in bulk; the
    // rest go to the Pawn's function one by one. The shift is from every
    // cell taken in bulk: no mask of its own.
    assert!(text.contains("const PAWN_BLACK_SHIFTED: u128 = 0xf000;"), "{text}");
    assert!(!text.contains("PAWN_BLACK_SHIFT_0"));
    let generate = text.split("fn generate<S: MoveSink>").nth(1).expect("the generator");
    let generate = generate.split("\nfn ").next().unwrap_or_default();
    assert!(generate.contains("let bulk = out.in_bulk(KIND_PAWN, cells & PAWN_BLACK_SHIFTED);"), "{generate}");
    let compact: String = generate.split_whitespace().collect();
    // All of a type's shifts go to the sink in one call.
    assert!(compact.contains("out.plain_shifts(board,KIND_PAWN,[(bulk>>4&occupancy.empty,-4)],);"), "{generate}");
    assert!(compact.contains("for_each_bit64_inline((cells^bulk)asu64,|from|moves_pawn_black(board,from,out,&occupancy),"), "{generate}");
    // A type of one piece keeps its loop.
    assert!(!text.contains("KING_WHITE_SHIFTED") && compact.contains("(pieces.of(KING_WHITE,CELLS))asu64,"), "{generate}");
}

/// The tiny game's Pawns, promoting nowhere and only stepping forward (few
/// shifts for their two pieces: the captures wrap round the files), given
/// a double step over the cell ahead with `gate`.
fn double_stepping_pawns(gate: Gate) -> Game {
    let mut game = tiny();
    let pawn = game.pieces.iter_mut().find(|piece| piece.name == "Pawn").expect("the tiny game's Pawn");
    pawn.promotions.clear();
    for (player, [target, via]) in [[8, 0], [9, 1]].into_iter().enumerate() {
        pawn.moves.0[player].truncate(1);
        let route = Route { cells: vec![DirId::from_index(via)], crossing: None };
        pawn.moves.0[player].push(MoveRule {
            kind: MoveKind::Leap { target: DirId::from_index(target), routes: vec![route] },
            mode: Mode::MoveOnly,
            only_in: None,
            gate,
            en_passant: Vec::new(),
        });
    }
    game
}

/// A first move (`when unmoved`) that one cell blocks is a shift of the
/// unmoved pieces among those taken in bulk, less those whose cell ahead
/// is taken; a first move that also asks about attacks keeps the type on
/// its function.
#[test]
fn first_moves_one_cell_blocks_are_shifts_of_the_unmoved_pieces() {
    let text = vdl_compiler::generate_rust(&double_stepping_pawns(Gate::Unmoved));
    syn::parse_file(&text).expect("the generated module parses");
    let generate = text.split("fn generate<S: MoveSink>(").nth(1).expect("the generator");
    let generate = generate.split("\nfn ").next().unwrap_or_default();
    let compact: String = generate.split_whitespace().collect();
    // The generator reads the unmoved cells from the position, only where
    // the sink takes some Pawn in bulk.
    assert!(generate.starts_with("\n    pos: &Position,"), "{generate}");
    assert!(compact.contains("ifbulk!=0{letunmoved=pos.unmoved_bits(CELLS);"), "{generate}");
    // White's double step: up two ranks of four cells, over the cell one
    // rank up; Black's down.
    assert!(compact.contains("(((bulk&PAWN_WHITE_SHIFT_1)&unmoved)&occupancy.empty>>4)<<8&occupancy.empty,8,"), "{generate}");
    assert!(compact.contains("(((bulk&PAWN_BLACK_SHIFT_1)&unmoved)&occupancy.empty<<4)>>8&occupancy.empty,-8,"), "{generate}");
    // White's Pawns are taken in bulk on the three ranks they step from,
    // their double step from the lower two.
    assert!(text.contains("const PAWN_WHITE_SHIFTED: u128 = 0xfff;"), "{text}");
    assert!(text.contains("const PAWN_WHITE_SHIFT_1: u128 = 0xff;"), "{text}");
    let text = vdl_compiler::generate_rust(&double_stepping_pawns(Gate::UnmovedUnattacked));
    assert!(!text.contains("PAWN_WHITE_SHIFTED") && !text.contains("PAWN_BLACK_SHIFTED"), "{text}");
}

/// On a board whose cells fit in one word, the attack test finds the
/// leapers attacking a target as bits: per group of types that attack from
/// the same cells, a table of those cells met with the group's pieces. So
/// it finds the riders, met with the first piece on each line out from the
/// target; a line round a ring keeps its walk. After a move on a copy of
/// the board, the enemy's cells given to the test are those before it
/// less the cell the move took.
#[test]
fn leapers_and_riders_are_found_as_bits_where_the_cells_fit_one_word() {
    let source = |wrap: &str| {
        let rest = r#"
piece Queen Q {
    slide orth | diag
}
piece Knight N {
    leap (1,2)*
}
setup "k3/4/4/1NRK w"
"#;
        box_game(wrap, rest)
    };
    let game = vdl_compiler::compile("box.vdl", &source("")).expect("the game compiles");
    let text = vdl_compiler::generate_rust(&game);
    syn::parse_file(&text).expect("the generated module parses");
    let compact: String = text.split_whitespace().collect();
    let attack = attack_test_of_black(&text);
    // Next to the target, the King and the Queen attack from the same
    // cells, the Rook from some of them; the Knight's leaps are a group
    // of their own. Along the lines, the Rook and the Queen are two.
    assert!(attack.contains("&(pieces.of(KING_BLACK,CELLS)|pieces.of(QUEEN_BLACK,CELLS))asu64)"), "{attack}");
    assert!(attack.contains("&(pieces.of(KNIGHT_BLACK,CELLS))asu64)"), "{attack}");
    assert_eq!(attack.matches("&(pieces.of(ROOK_BLACK,CELLS))asu64)").count(), 2, "{attack}");
    assert!(attack.contains("letfirsts=(vdl_runtime::gen::occupancy::reach_"), "{attack}");
    assert!(attack.contains("&(firstsasu64)&gate!=0{returntrue;}"), "{attack}");
    assert!(!attack.contains("board[") && !attack.contains("JUMPS_BLACK"), "{attack}");
    assert!(compact.contains("vdl_runtime::gen::board_after::enemy_after("), "{text}");
    // Round a ring, a cell can be on two lines from one target: the rides
    // keep their walks, the leapers stay bits.
    let game = vdl_compiler::compile("ring.vdl", &source("wrap")).expect("the game compiles");
    let text = vdl_compiler::generate_rust(&game);
    syn::parse_file(&text).expect("the generated module parses");
    let attack = attack_test_of_black(&text);
    assert!(!attack.contains("letfirsts=") && attack.contains("pieces.of(KNIGHT_BLACK,CELLS)"), "{attack}");
}

/// A game on a 4x4 board (its files wrapped with `wrap`) with a King and
/// a Rook, then `rest`.
fn box_game(wrap: &str, rest: &str) -> String {
    format!(
        r#"
game "Box"
board {{
    axis file = a..d {wrap}
    axis rank = 1..4
    name file rank
}}
forward +rank
player White
player Black = mirror rank
direction orth = (0,1)*
direction diag = (1,1)*
piece King K {{
    royal
    step orth | diag
}}
piece Rook R {{
    slide orth
}}
{rest}"#
    )
}

/// The generated `attacked_by_black`, without its whitespace.
fn attack_test_of_black(text: &str) -> String {
    let function = text.split("fn attacked_by_black(").nth(1).expect("an attack test of Black");
    function.split("\n}\n").next().unwrap().split_whitespace().collect()
}
