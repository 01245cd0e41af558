//! What a search may spend: UCI's and USI's `go` arguments, and XBoard's
//! clock commands turned into the same form, then into the runtime's
//! [`Limits`] for the side to move.

use std::time::Duration;
use vdl_runtime::search::{Limits, MAX_DEPTH};
use vdl_runtime::PlayerId;

/// The share of the remaining time one move may take when the number of
/// moves to the next time control is unknown.
const MOVES_LEFT_GUESS: u32 = 30;
/// Kept in hand for the protocol's own delays.
const OVERHEAD: Duration = Duration::from_millis(30);
const SHORTEST: Duration = Duration::from_millis(10);
/// With a clock, a new iteration starts only within this part of the move's
/// share (percent): the next iteration takes longer than all before it.
const ITERATE_WITHIN: u32 = 60;
/// An iteration under way may run on to this many times the move's share,
/// but not past a quarter of the time left (the share itself stays allowed).
const OVERRUN: u32 = 3;
/// Longer times are read as this (a search deadline must fit in an `Instant`).
pub const LONGEST: Duration = Duration::from_secs(365 * 24 * 3600);

/// Milliseconds as a duration, at most [`LONGEST`].
pub fn millis(ms: u64) -> Duration {
    Duration::from_millis(ms).min(LONGEST)
}

/// Seconds (possibly fractional) as a duration, at most [`LONGEST`]; `None`
/// for a negative or non-finite number.
pub fn seconds(s: f64) -> Option<Duration> {
    (s.is_finite() && s >= 0.0).then(|| Duration::try_from_secs_f64(s).unwrap_or(LONGEST).min(LONGEST))
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    pub depth: Option<u32>,
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    /// Each player's remaining time and increment, by player index.
    pub time: [Option<Duration>; 2],
    pub inc: [Duration; 2],
    pub moves_to_go: Option<u32>,
    /// Search until `stop` (the best move is not given before).
    pub infinite: bool,
}

/// Which clock `wtime` and `btime` name: UCI's White is the first player,
/// USI's Black (sente) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockNames {
    WhiteFirst,
    BlackFirst,
}

impl GoLimits {
    /// Reads `go`'s arguments: `depth N`, `movetime MS`, `nodes N`, `wtime MS`,
    /// `btime MS`, `winc MS`, `binc MS`, `movestogo N`, `byoyomi MS` (USI: added
    /// to both clocks and increments) and `infinite`.
    pub fn parse(args: &[&str], names: ClockNames) -> Result<GoLimits, String> {
        let mut limits = GoLimits::default();
        let (white, black) = match names {
            ClockNames::WhiteFirst => (0, 1),
            ClockNames::BlackFirst => (1, 0),
        };
        let mut tokens = args.iter();
        while let Some(&token) = tokens.next() {
            let mut number = || -> Result<u64, String> {
                let value = tokens.next().ok_or_else(|| format!("`{token}` needs a number"))?;
                value.parse::<u64>().map_err(|_| format!("`{token} {value}`: not a non-negative whole number"))
            };
            match token {
                "depth" => limits.depth = Some(number()?.clamp(1, MAX_DEPTH as u64) as u32),
                "movetime" => limits.movetime = Some(millis(number()?)),
                "nodes" => limits.nodes = Some(number()?),
                "wtime" => limits.time[white] = Some(millis(number()?)),
                "btime" => limits.time[black] = Some(millis(number()?)),
                "winc" => limits.inc[white] = millis(number()?),
                "binc" => limits.inc[black] = millis(number()?),
                "movestogo" => limits.moves_to_go = Some(number()?.min(u32::MAX as u64) as u32),
                "byoyomi" => {
                    let byoyomi = millis(number()?);
                    for player in 0..2 {
                        limits.inc[player] = limits.inc[player].saturating_add(byoyomi).min(LONGEST);
                        limits.time[player] = Some(limits.time[player].unwrap_or_default().saturating_add(byoyomi).min(LONGEST));
                    }
                }
                "infinite" => limits.infinite = true,
                other => {
                    return Err(format!(
                        "`go {other}` is not supported; use depth, movetime, nodes, wtime/btime/winc/binc/movestogo{} or infinite",
                        if names == ClockNames::BlackFirst { "/byoyomi" } else { "" }
                    ))
                }
            }
        }
        Ok(limits)
    }

    /// Does nothing but `stop` end the search?
    pub fn is_unbounded(&self) -> bool {
        self.infinite || (self.depth.is_none() && self.movetime.is_none() && self.nodes.is_none() && self.time.iter().all(Option::is_none))
    }

    /// The time `side` may take for this move from its clock, if it has one.
    pub fn budget(&self, side: PlayerId) -> Option<Duration> {
        let left = self.time.get(side.index()).copied().flatten()?;
        let inc = self.inc[side.index()];
        let share = left / self.moves_to_go.unwrap_or(MOVES_LEFT_GUESS).max(1) + inc / 4 * 3;
        Some(share.min(left.saturating_sub(OVERHEAD)).max(SHORTEST))
    }

    /// The longest `side`'s move may take from its clock, if it has one: an
    /// iteration started within the share may finish past it.
    pub fn longest(&self, side: PlayerId) -> Option<Duration> {
        let left = self.time.get(side.index()).copied().flatten()?;
        let share = self.budget(side)?;
        let overrun = (share * OVERRUN).min(left / 4);
        Some(share.max(overrun).min(left.saturating_sub(OVERHEAD)).max(SHORTEST))
    }

    /// The runtime's limits for a search of `side`'s move (the search thread
    /// adds its stop flag).
    pub fn limits(&self, side: PlayerId) -> Limits {
        let mut limits = Limits::default();
        if self.is_unbounded() {
            limits.depth = Some(MAX_DEPTH);
            return limits;
        }
        limits.depth = self.depth.or(Some(MAX_DEPTH));
        limits.nodes = self.nodes;
        limits.movetime = match (self.movetime, self.longest(side)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        limits.soft_movetime = self.budget(side).map(|share| share * ITERATE_WITHIN / 100);
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str, names: ClockNames) -> Result<GoLimits, String> {
        GoLimits::parse(&text.split_whitespace().collect::<Vec<_>>(), names)
    }

    #[test]
    fn go_arguments_are_read() {
        let go = parse("depth 5 nodes 1000 movetime 250", ClockNames::WhiteFirst).unwrap();
        assert_eq!((go.depth, go.nodes, go.movetime), (Some(5), Some(1000), Some(Duration::from_millis(250))));
        assert!(!go.is_unbounded());
        assert!(parse("infinite", ClockNames::WhiteFirst).unwrap().is_unbounded());
        assert!(parse("", ClockNames::WhiteFirst).unwrap().is_unbounded());
        assert_eq!(parse("depth 900", ClockNames::WhiteFirst).unwrap().depth, Some(MAX_DEPTH));
        assert!(parse("depth", ClockNames::WhiteFirst).unwrap_err().contains("needs a number"));
        assert!(parse("depth -3", ClockNames::WhiteFirst).unwrap_err().contains("not a non-negative"));
        assert!(parse("ponder", ClockNames::WhiteFirst).unwrap_err().contains("not supported"));
    }

    #[test]
    fn clocks_belong_to_the_right_player() {
        let uci = parse("wtime 60000 btime 1000 winc 0 binc 0", ClockNames::WhiteFirst).unwrap();
        assert_eq!(uci.budget(PlayerId::FIRST), Some(Duration::from_millis(2000)));
        assert!(uci.budget(PlayerId::SECOND).unwrap() < Duration::from_millis(100));
        // USI: btime is the first player's (sente's) clock.
        let usi = parse("btime 60000 wtime 1000", ClockNames::BlackFirst).unwrap();
        assert_eq!(usi.budget(PlayerId::FIRST), Some(Duration::from_millis(2000)));
        let byoyomi = parse("btime 0 wtime 0 byoyomi 3000", ClockNames::BlackFirst).unwrap();
        assert!(byoyomi.budget(PlayerId::FIRST).unwrap() >= Duration::from_millis(2000));
        assert!(byoyomi.budget(PlayerId::FIRST).unwrap() <= Duration::from_millis(3000));
    }

    #[test]
    fn huge_times_are_read_as_long_ones() {
        let max = u64::MAX.to_string();
        let go = parse(&format!("wtime {max} winc {max} byoyomi {max} movetime {max}"), ClockNames::WhiteFirst).unwrap();
        assert_eq!(go.movetime, Some(LONGEST));
        let limits = go.limits(PlayerId::FIRST);
        assert!(limits.movetime.unwrap() <= LONGEST);
        assert_eq!(seconds(f64::INFINITY), None);
        assert_eq!(seconds(-1.0), None);
        assert_eq!(seconds(1e300), Some(LONGEST));
        assert_eq!(seconds(1.5), Some(Duration::from_millis(1500)));
    }

    #[test]
    fn an_iteration_may_run_past_the_share_but_not_far() {
        // 5 s + 0.05 s: a share of 5000 / 30 + 3/4 of 50 ms = 204.17 ms; new
        // iterations start within 60 % of it, one under way may run to three
        // times it.
        let go = parse("wtime 5000 btime 5000 winc 50 binc 50", ClockNames::WhiteFirst).unwrap();
        let share = go.budget(PlayerId::FIRST).unwrap();
        assert_eq!(share, Duration::from_nanos(204_166_666));
        let limits = go.limits(PlayerId::FIRST);
        assert_eq!(limits.soft_movetime, Some(share * 60 / 100));
        assert_eq!(limits.movetime, Some(share * 3));
        // With 400 ms left, a quarter of it, not three shares (3 × 50 ms).
        let low = parse("wtime 400 btime 400 winc 50 binc 50", ClockNames::WhiteFirst).unwrap();
        assert_eq!(low.limits(PlayerId::FIRST).movetime, Some(Duration::from_millis(100)));
    }

    #[test]
    fn the_clock_never_runs_out() {
        let go = parse("wtime 20 btime 20", ClockNames::WhiteFirst).unwrap();
        assert_eq!(go.budget(PlayerId::FIRST), Some(SHORTEST));
        let limits = go.limits(PlayerId::FIRST);
        assert_eq!(limits.movetime, Some(SHORTEST));
        assert_eq!(limits.depth, Some(MAX_DEPTH));
    }
}
