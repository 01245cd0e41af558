//! USI, Shogi's dialect of UCI, as Fairy-Stockfish speaks it: `usi`/`usiok`,
//! the `USI_Variant` option, squares numbered from the right and lettered from
//! the top (`7g7f`, drops `P*5e`), positions as `sfen`, `btime` for the first
//! player (sente, "Black"), `byoyomi`, mate distances in plies and
//! `bestmove resign` when there is no move. Everything else is UCI's
//! ([`super::uci`]).

use super::uci::{self, Dialect};
use super::variants::Variants;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use vdl_runtime::Game;

/// Serves USI on `input`/`output` until `quit` or the end of the input.
pub fn run(variants: Arc<Variants>, input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    uci::serve(Dialect::Usi, variants, input, output)
}

/// An SFEN position (`BOARD SIDE HANDS [MOVE]`) as the variant's position
/// string: the board is written the same way; the side is `b` for the first
/// player (sente) and `w` for the second; hands are `-` or counts and
/// letters (`S2Pb3p`), upper case for the first player.
pub fn sfen_to_position_string(game: &Game, sfen: &str) -> Result<String, String> {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let [board, side, rest @ ..] = fields.as_slice() else {
        return Err("an SFEN needs at least a board and a side to move (`b` or `w`)".to_string());
    };
    let player = match *side {
        "b" => 0,
        "w" => 1,
        other => return Err(format!("unknown side to move `{other}` in the SFEN; expected `b` (sente) or `w` (gote)")),
    };
    let letter = game.players.get(player).map(|p| p.letter).ok_or("the game has one player")?;
    let hands = rest.first().copied().unwrap_or("-");
    if game.has_hands() {
        Ok(format!("{board}[{hands}] {letter}"))
    } else if hands == "-" {
        Ok(format!("{board} {letter}"))
    } else {
        Err(format!("pieces in hand `{hands}` in a game without hands"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_reads_as_the_position_string() {
        let shogi = (vdl_variants::by_name("shogi").unwrap().engine)().game().clone();
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(sfen_to_position_string(&shogi, start).unwrap(), shogi.setup);
        let held = sfen_to_position_string(&shogi, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w S2Pb 5").unwrap();
        assert_eq!(held, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[S2Pb] b");
        assert!(sfen_to_position_string(&shogi, "9/9 x -").unwrap_err().contains("side to move"));
        let xiangqi = (vdl_variants::by_name("xiangqi").unwrap().engine)().game().clone();
        assert!(sfen_to_position_string(&xiangqi, "9/9 b P").unwrap_err().contains("without hands"));
    }
}
