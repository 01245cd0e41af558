//! `play`: a game in the terminal. The position is drawn as text once per
//! turn (after the computer's answer, when it answers), the last move's cells
//! marked `*`; the user types moves (SAN, `e2e4`, `e2-e4`, UCI) or a command;
//! the computer answers for the side(s) it plays.

use crate::history::{self, MAX_PLIES};
use crate::session::{describe_search, Session};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::time::Duration;
use vdl_runtime::fen::piece_symbol;
use vdl_runtime::search::{eval::Evaluator, Limits};
use vdl_runtime::{diagram, CellId, Engine, Game, Piece, PlayerId};

#[derive(clap::Args, Clone, Debug)]
pub struct PlayArgs {
    /// The side the computer plays: `white` or `black` (the first or second
    /// player, whatever the game calls them), a player's name, `both` or `none`.
    #[arg(long, default_value = "black")]
    pub computer: String,
    /// Thinking time per computer move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// Also stop each computer search at this depth (plies).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Start from this position string instead of the variant's setup.
    #[arg(long)]
    pub fen: Option<String>,
    /// Stop the game after this many moves (useful with `--computer both`).
    #[arg(long)]
    pub max_plies: Option<usize>,
}

impl Default for PlayArgs {
    fn default() -> Self {
        PlayArgs { computer: "black".into(), movetime: 1000, depth: None, fen: None, max_plies: None }
    }
}

/// Which players the computer moves for, from a `--computer` value.
pub fn computer_sides(game: &Game, text: &str) -> Result<Vec<bool>, String> {
    let lower = text.trim().to_ascii_lowercase();
    let count = game.players.len();
    let mut sides = vec![false; count];
    if let Some(i) = game.players.iter().position(|p| p.name.to_ascii_lowercase() == lower) {
        sides[i] = true;
        return Ok(sides);
    }
    match lower.as_str() {
        "white" | "first" => sides[0] = true,
        "black" | "second" => sides[1.min(count - 1)] = true,
        "both" | "all" => sides.iter_mut().for_each(|s| *s = true),
        "none" | "off" => {}
        _ => {
            let names: Vec<String> = game.players.iter().map(|p| p.name.to_ascii_lowercase()).collect();
            return Err(format!("unknown --computer `{text}`: use white, black, both, none or a player's name ({})", names.join(", ")));
        }
    }
    Ok(sides)
}

const HELP: &str = "Type a move (as `moves` lists it, in SAN, or as e2e4 or e2-e4), or a command:
  moves   list the legal moves
  undo    take back a move (and the computer's answer)
  new     start again
  go      let the computer move for the side to move
  show    draw the position again
  help    this text
  quit    leave";

/// Plays in the terminal until the input ends or `quit`.
pub fn run(engine: Box<dyn Engine>, args: &PlayArgs, input: impl BufRead, mut out: impl Write) -> io::Result<Result<(), String>> {
    let engine: Arc<dyn Engine> = Arc::from(engine);
    let game = engine.game();
    let computer = match computer_sides(game, &args.computer) {
        Ok(sides) => sides,
        Err(e) => return Ok(Err(e)),
    };
    let mut session = match Session::start(engine.clone(), args.fen.as_deref(), &[]) {
        Ok(session) => session,
        Err(e) => return Ok(Err(e)),
    };
    let start_fen = session.fen();
    let limits = Limits { movetime: Some(Duration::from_millis(args.movetime)), depth: args.depth, ..Limits::default() };
    let mut eval: Option<Evaluator> = None;

    let who: Vec<String> =
        game.players.iter().zip(&computer).map(|(p, &c)| format!("{} ({})", p.name, if c { "computer" } else { "you" })).collect();
    writeln!(out, "{}: {}. Type `help` for commands.", game.name, who.join(" vs "))?;
    // The drawing waits until the computer, if it answers, has answered.
    let mut stale = true;
    let mut lines = input.lines();
    loop {
        let over = session.ending();
        let computer_next = over.is_none() && computer[session.side().index()];
        if stale && (!computer_next || computer.iter().all(|&c| c)) {
            show(&mut out, &session)?;
            stale = false;
        }
        if let Some(ending) = &over {
            writeln!(out, "Game over: {}.", ending.text)?;
        }
        if args.max_plies.is_some_and(|max| session.ply() >= max) {
            writeln!(out, "Stopped after {} moves.", session.ply())?;
            break;
        }
        if session.ply() >= MAX_PLIES {
            writeln!(out, "Stopped after {} moves: {}.", session.ply(), history::Full)?;
            break;
        }
        if over.is_none() && computer[session.side().index()] {
            let eval = eval.get_or_insert_with(|| Evaluator::new(&*engine));
            let found = session.search(eval, &limits);
            let mv = found.best.expect("a game that is not over has a move");
            let side = session.side_name().to_string();
            let text = session.san(mv);
            session.play_move(mv).map_err(io::Error::other)?;
            writeln!(out, "{side} plays {text} ({})", describe_search(&found))?;
            stale = true;
            continue;
        }
        if over.is_some() && computer.iter().all(|&c| c) {
            break;
        }
        let prompt = if over.is_some() { "undo, new or quit".to_string() } else { format!("{} to move", session.side_name()) };
        write!(out, "{prompt}> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            break;
        };
        let line = line?;
        let command = line.trim();
        match command {
            "" => {}
            "quit" | "exit" | "q" => break,
            "help" | "?" => writeln!(out, "{HELP}")?,
            "show" => show(&mut out, &session)?,
            "moves" => writeln!(out, "{}", session.legal_texts().join(" "))?,
            "new" => {
                session = Session::start(engine.clone(), Some(&start_fen), &[]).expect("the start position was valid");
                stale = true;
            }
            "go" => {
                if let Some(ending) = session.ending() {
                    writeln!(out, "error: the game is over ({})", ending.text)?;
                    continue;
                }
                let eval = eval.get_or_insert_with(|| Evaluator::new(&*engine));
                let found = session.search(eval, &limits);
                let side = session.side_name().to_string();
                let mv = found.best.expect("a game that is not over has a move");
                let text = session.san(mv);
                session.play_move(mv).map_err(io::Error::other)?;
                writeln!(out, "{side} plays {text} ({})", describe_search(&found))?;
                stale = true;
            }
            "undo" => {
                let last = session.last_move_san().map(str::to_string);
                match session.undo() {
                    Ok(_) => {
                        let mut undone: Vec<String> = last.into_iter().collect();
                        // Take back the computer's answer too, so that it is
                        // the user's turn again.
                        let answer = session.last_move_san().map(str::to_string);
                        if computer[session.side().index()] && !computer.iter().all(|&c| c) && session.undo().is_ok() {
                            undone.extend(answer);
                        }
                        writeln!(out, "Took back {}.", undone.join(", "))?;
                        stale = true;
                    }
                    Err(e) => writeln!(out, "error: {e}")?,
                }
            }
            text => match session.play(text) {
                Ok(_) => stale = true,
                Err(e) => writeln!(out, "error: {e} (type `moves` for the legal moves, `help` for commands)")?,
            },
        }
    }
    Ok(Ok(()))
}

fn show(out: &mut impl Write, session: &Session) -> io::Result<()> {
    writeln!(out)?;
    let marked: Vec<CellId> = session.last_move_cells().map_or_else(Vec::new, |(from, to)| from.into_iter().chain([to]).collect());
    write!(out, "{}", diagram::draw_marked(session.game(), session.position(), &marked))?;
    for line in hand_lines(session) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{}", session.fen())?;
    if !session.history().is_empty() {
        writeln!(out, "Moves: {}", session.history_san().collect::<Vec<_>>().join(" "))?;
    }
    if session.in_check() && session.result().is_none() {
        writeln!(out, "{} is in check.", session.side_name())?;
    }
    Ok(())
}

/// In games with hands, one line per player under the board:
/// `White in hand: B P×2` (symbols as the diagram writes them), `-` for none.
pub fn hand_lines(session: &Session) -> Vec<String> {
    let game = session.game();
    if !game.has_hands() {
        return Vec::new();
    }
    session
        .hands()
        .into_iter()
        .enumerate()
        .map(|(player, held)| {
            let pieces: Vec<String> = held
                .into_iter()
                .map(|(kind, count)| {
                    let text = piece_symbol(game, Piece::new(kind, PlayerId::from_index(player)));
                    if count > 1 {
                        format!("{text}×{count}")
                    } else {
                        text
                    }
                })
                .collect();
            let list = if pieces.is_empty() { "-".to_string() } else { pieces.join(" ") };
            format!("{} in hand: {list}", game.players[player].name)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xiangqi() -> Box<dyn Engine> {
        (vdl_variants::by_name("xiangqi").unwrap().engine)()
    }

    fn run_script(args: &PlayArgs, script: &str) -> String {
        let mut out = Vec::new();
        run(xiangqi(), args, script.as_bytes(), &mut out).unwrap().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn bad_input_is_refused_and_undo_takes_back() {
        let args = PlayArgs { computer: "none".into(), ..PlayArgs::default() };
        let out = run_script(&args, "h3-e4\nh3-e3\nnonsense\nundo\nundo\nmoves\nquit\nh2-e2\n");
        assert!(out.contains("error: illegal move `h3-e4`"), "{out}");
        // In SAN: the other Cannon, on b3, could go to e3 too.
        assert!(out.contains("Moves: Che3\n"), "{out}");
        assert!(out.contains("error: cannot parse move `nonsense`"), "{out}");
        assert!(out.contains("Took back Che3."), "{out}");
        assert!(out.contains("error: no move to undo"), "{out}");
        assert!(out.contains("a1-a2 a1-a3"), "{out}");
        assert!(!out.contains("h2-e2"), "nothing is read after quit: {out}");
    }

    #[test]
    fn the_computer_answers_and_undo_takes_back_both_moves() {
        let args = PlayArgs { computer: "black".into(), depth: Some(1), movetime: 1000, ..PlayArgs::default() };
        let out = run_script(&args, "h3-e3\nundo\n");
        assert!(out.contains("Black plays "), "{out}");
        assert!(out.contains("Took back "), "{out}");
        assert!(out.trim_end().ends_with("Red to move>"), "{out}");
    }

    #[test]
    fn the_board_is_drawn_once_per_turn_with_the_last_move_marked() {
        // Xiang Qi's column labels: one line per drawing.
        let drawings = |out: &str| out.lines().filter(|l| l.trim() == "a b c d e f g h i").count();
        let args = PlayArgs { computer: "black".into(), depth: Some(1), ..PlayArgs::default() };
        let out = run_script(&args, "h3-e3\nquit\n");
        assert_eq!(drawings(&out), 2, "the start, then after the computer's answer only:\n{out}");
        let alone = PlayArgs { computer: "none".into(), ..PlayArgs::default() };
        let out = run_script(&alone, "h3e3\nquit\n");
        assert_eq!(drawings(&out), 2, "{out}");
        // Rank 3 after the Cannon's move from h3 to e3: both cells marked.
        assert!(out.contains("\n 3  . C . .*C . .*. .\n"), "{out}");
    }

    #[test]
    fn moves_are_read_in_every_form() {
        let args = PlayArgs { computer: "none".into(), ..PlayArgs::default() };
        // SAN, coordinates without the dash, and vdl's move text.
        let out = run_script(&args, "Che3\nh10g8\nb1-c3\nquit\n");
        assert!(out.contains("Moves: Che3 Ng8 Nc3\n"), "{out}");
        // A drop in SAN (`P@c4`) after the c-Pawns trade and the Bishops are taken.
        let shogi = (vdl_variants::by_name("shogi").unwrap().engine)();
        let mut out = Vec::new();
        run(shogi, &args, "c4\nc6\nc5\ncxc5\nBxg7\nBxg7\nP@c4\nquit\n".as_bytes(), &mut out).unwrap().unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("Moves: c4 c6 c5 cxc5 Bxg7+ Bxg7 P@c4\n"), "{out}");
    }

    #[test]
    fn a_check_is_said() {
        let args = PlayArgs { computer: "none".into(), fen: Some("3k5/9/9/9/9/9/9/9/9/R3K4 w".into()), ..PlayArgs::default() };
        let out = run_script(&args, "a1-a10\nquit\n");
        assert!(out.contains("Black is in check."), "{out}");
    }

    #[test]
    fn computer_against_computer_stops_at_the_ply_limit() {
        let args = PlayArgs { computer: "both".into(), depth: Some(1), max_plies: Some(4), ..PlayArgs::default() };
        let out = run_script(&args, "");
        assert_eq!(out.matches(" plays ").count(), 4, "{out}");
        assert!(out.contains("Stopped after 4 moves."));
    }

    #[test]
    fn hands_are_shown_under_the_board_in_games_with_hands() {
        let shogi = (vdl_variants::by_name("shogi").unwrap().engine)();
        let args = PlayArgs { computer: "none".into(), ..PlayArgs::default() };
        let mut out = Vec::new();
        let script = "c3-c4\nc7-c6\nc4-c5\nc6-c5\nb2-g7\nh8-g7\nquit\n";
        run(shogi, &args, script.as_bytes(), &mut out).unwrap().unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("Black in hand: -\nWhite in hand: -\n"), "{out}");
        assert!(out.contains("Black in hand: P\nWhite in hand: b p\n"), "{out}");
        let with_two =
            Session::start(Arc::from((vdl_variants::by_name("shogi").unwrap().engine)()), Some("4k4/9/9/9/9/9/9/9/4K4[2PRpp] w"), &[])
                .unwrap();
        assert_eq!(hand_lines(&with_two), ["Black in hand: R P×2", "White in hand: p×2"]);
        assert!(!run_script(&args, "quit\n").contains("in hand"), "no hands in Xiang Qi");
    }

    #[test]
    fn computer_sides_by_alias_or_name() {
        let engine = xiangqi();
        let game = engine.game();
        assert_eq!(computer_sides(game, "white").unwrap(), vec![true, false]);
        assert_eq!(computer_sides(game, "Black").unwrap(), vec![false, true]);
        assert_eq!(computer_sides(game, "second").unwrap(), vec![false, true]);
        assert_eq!(computer_sides(game, "both").unwrap(), vec![true, true]);
        assert_eq!(computer_sides(game, "none").unwrap(), vec![false, false]);
        assert_eq!(computer_sides(game, "Red").unwrap(), vec![true, false], "Xiang Qi's first player is Red");
        assert!(computer_sides(game, "green").unwrap_err().contains("unknown --computer"));
        // In Shogi, Black (sente) moves first: the name wins over the alias.
        let shogi = (vdl_variants::by_name("shogi").unwrap().engine)();
        assert_eq!(computer_sides(shogi.game(), "black").unwrap(), vec![true, false]);
        assert_eq!(computer_sides(shogi.game(), "white").unwrap(), vec![false, true]);
        let mut out = Vec::new();
        let args = PlayArgs { computer: "green".into(), ..PlayArgs::default() };
        assert!(run(engine, &args, &b""[..], &mut out).unwrap().is_err());
    }
}
