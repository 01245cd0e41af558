//! Plays a random game of a bundled variant through the runtime API, the way a
//! front end would: legal moves, notation, position strings, the result.
//!
//! `cargo run --release --example random_game -- [VARIANT] [SEED]`

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use vdl_runtime::{fen, legal, notation};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "xiangqi".to_string());
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let Some(bundled) = vdl_variants::by_name(&name) else {
        let names: Vec<&str> = vdl_variants::all().iter().map(|b| b.name).collect();
        eprintln!("unknown variant `{name}`; bundled: {}", names.join(", "));
        std::process::exit(2);
    };
    let engine = (bundled.engine)();
    let game = engine.game();
    let mut pos = fen::parse(game, &game.setup).expect("the setup of a bundled variant is valid");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut played = Vec::new();
    let result = loop {
        if let Some(result) = legal::result(&*engine, &pos) {
            break Some(result);
        }
        if played.len() == 200 {
            break None;
        }
        let moves = legal::legal_moves(&*engine, &pos);
        let mv = *moves.choose(&mut rng).expect("a position without a result has a legal move");
        played.push(notation::move_text(game, mv));
        pos.make(mv);
    };
    println!("{} (seed {seed}): {}", game.name, played.join(" "));
    print!("{}", vdl_runtime::diagram::draw(game, &pos));
    println!("{}", fen::format(game, &pos));
    match result {
        Some(legal::GameResult::Win(player)) => println!("{} wins", game.players[player.index()].name),
        Some(legal::GameResult::Draw) => println!("draw"),
        None => println!("stopped after {} plies", played.len()),
    }
}
