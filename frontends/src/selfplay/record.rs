//! One self-play game as a line of the results file (JSON Lines):
//!
//! ```json
//! {"game":0,"seed":123,"moves":["e2-e4","e7-e5"],"result":"first","end":"checkmate","plies":2}
//! ```

use serde::{Deserialize, Serialize};
use vdl_runtime::legal::Reason;
use vdl_runtime::legality::goals::GoalKind;

/// A played game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Its index in the series, from 0.
    pub game: u64,
    /// Its own seed, derived from the series' seed and `game`.
    pub seed: u64,
    /// The moves in vdl's move text, openings included.
    pub moves: Vec<String>,
    pub result: Outcome,
    pub end: End,
    /// The game's length (the number of `moves`).
    pub plies: u32,
}

/// Who won, by their turn order (the player to move first in the setup is the
/// first player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    First,
    Draw,
    Second,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    Checkmate,
    Stalemate,
    Extinction,
    BareRoyal,
    Reach,
    Checks,
    /// Two passes in a row, or a pass while the royals face: a draw.
    Passes,
    Explosion,
    /// A game that would have been drawn, decided by material
    /// (`draws decided by material`).
    Material,
    /// The series' `--max-plies` was reached: a draw.
    PlyLimit,
}

impl End {
    /// The word the results file and the summary use.
    pub fn name(self) -> &'static str {
        match self {
            End::Checkmate => "checkmate",
            End::Stalemate => "stalemate",
            End::Extinction => "extinction",
            End::BareRoyal => "bare_royal",
            End::Reach => "reach",
            End::Checks => "checks",
            End::Passes => "passes",
            End::Explosion => "explosion",
            End::Material => "material",
            End::PlyLimit => "ply_limit",
        }
    }
}

impl From<Reason> for End {
    fn from(reason: Reason) -> End {
        match reason {
            Reason::Checkmate => End::Checkmate,
            Reason::Stalemate => End::Stalemate,
            Reason::Goal(GoalKind::Extinction) => End::Extinction,
            Reason::Goal(GoalKind::BareRoyal) => End::BareRoyal,
            Reason::Goal(GoalKind::Reach) => End::Reach,
            Reason::Goal(GoalKind::Checks) => End::Checks,
            Reason::Goal(GoalKind::Passes) => End::Passes,
            Reason::Goal(GoalKind::Explosion) => End::Explosion,
            Reason::Material => End::Material,
        }
    }
}

impl GameRecord {
    /// The record as one line of JSON (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a game record always serializes")
    }

    /// A line of a results file; the error says what is wrong with it.
    pub fn from_line(line: &str) -> Result<GameRecord, String> {
        let record: GameRecord = serde_json::from_str(line).map_err(|e| format!("not a game record: {e}"))?;
        if record.plies as usize != record.moves.len() {
            return Err(format!("\"plies\" is {} but there are {} moves", record.plies, record.moves.len()));
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back() {
        let record = GameRecord { game: 3, seed: 9, moves: vec!["e2-e4".into()], result: Outcome::Second, end: End::PlyLimit, plies: 1 };
        let line = record.to_line();
        assert_eq!(line, r#"{"game":3,"seed":9,"moves":["e2-e4"],"result":"second","end":"ply_limit","plies":1}"#);
        assert_eq!(GameRecord::from_line(&line), Ok(record));
        assert!(GameRecord::from_line(&line.replace("\"plies\":1", "\"plies\":2")).is_err());
    }
}
