//! `serve`: a web server with a page that plays the given variants against
//! each other or the computer. The page (web/, compiled into the binary) talks
//! to the server through a small JSON API (docs/web.md).
//!
//! The server is built to stay up whatever its clients do: hyper reads
//! requests with bounded headers and a header timeout, tower-http bounds how
//! long a body and a whole request may take, the connections, searches and
//! games it holds are bounded ([`ServerLimits`]), game ids are unguessable,
//! and idle games expire.

mod addresses;
mod api;
mod body;
mod games;
mod limits;
mod listener;

pub use games::GameId;
pub use limits::ServerLimits;

use api::{App, Entry};
use games::GameStore;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::Semaphore;
use vdl_runtime::Engine;

#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// The address to listen on (loopback by default: the page is for this
    /// machine).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port to listen on (0: any free port; the URL is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The computer's default thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// Connections open at once (more wait their turn).
    #[arg(long, default_value_t = ServerLimits::default().max_connections)]
    pub max_connections: usize,
    /// Connections open at once from one client address (more are refused
    /// with 503).
    #[arg(long, default_value_t = ServerLimits::default().max_connections_per_address)]
    pub max_connections_per_address: usize,
    /// Computer searches at once (more are refused with 503); default: the
    /// number of cores.
    #[arg(long)]
    pub max_searches: Option<usize>,
    /// Games held at once (more are refused with 503 until games expire).
    #[arg(long, default_value_t = ServerLimits::default().max_games)]
    pub max_games: usize,
    /// Minutes a game is kept after its last request.
    #[arg(long, default_value_t = ServerLimits::default().game_idle.as_secs() / 60)]
    pub game_idle_minutes: u64,
}

impl Default for ServeArgs {
    fn default() -> Self {
        let limits = ServerLimits::default();
        ServeArgs {
            host: "127.0.0.1".into(),
            port: 8080,
            movetime: 1000,
            max_connections: limits.max_connections,
            max_connections_per_address: limits.max_connections_per_address,
            max_searches: None,
            max_games: limits.max_games,
            game_idle_minutes: limits.game_idle.as_secs() / 60,
        }
    }
}

impl ServeArgs {
    /// The limits the options set (the rest at their defaults).
    pub fn limits(&self) -> ServerLimits {
        let defaults = ServerLimits::default();
        ServerLimits {
            max_connections: self.max_connections.max(1),
            max_connections_per_address: self.max_connections_per_address.max(1),
            max_searches: self.max_searches.unwrap_or(defaults.max_searches).max(1),
            max_games: self.max_games.max(1),
            game_idle: Duration::from_secs(self.game_idle_minutes.max(1) * 60),
            ..defaults
        }
    }
}

/// One variant the page offers.
pub struct Variant {
    /// Where it comes from, shown next to its name: a file name.
    pub file: String,
    /// `"compiled"` or `"interpreter"`: which engine runs it.
    pub engine_kind: String,
    pub engine: Box<dyn Engine>,
}

/// A bound server, not yet serving.
pub struct Bound {
    listener: std::net::TcpListener,
    app: Arc<App>,
    url: String,
}

impl Bound {
    /// The page's address, such as `http://127.0.0.1:8080/`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Serves requests until the process ends.
    pub fn run(self) -> Result<(), String> {
        let runtime =
            tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| format!("cannot start the server: {e}"))?;
        runtime.block_on(listener::serve(self.listener, self.app))
    }
}

/// Binds the address of `args` with the limits its options set; `run` then
/// serves.
pub fn bind(variants: Vec<Variant>, args: &ServeArgs) -> Result<Bound, String> {
    bind_with_limits(variants, args, args.limits())
}

/// Binds the address of `args` with the given limits.
pub fn bind_with_limits(variants: Vec<Variant>, args: &ServeArgs, limits: ServerLimits) -> Result<Bound, String> {
    if variants.is_empty() {
        return Err("no variant to serve".to_string());
    }
    let listener = std::net::TcpListener::bind((args.host.as_str(), args.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr().map_err(|e| format!("the server has no address: {e}"))?;
    let app = app(variants, args.movetime, limits);
    Ok(Bound { listener, app: Arc::new(app), url: format!("http://{addr}/") })
}

fn app(variants: Vec<Variant>, movetime: u64, limits: ServerLimits) -> App {
    let entries = variants
        .into_iter()
        .map(|v| {
            let engine: Arc<dyn Engine> = Arc::from(v.engine);
            let description = crate::json::game_description(engine.game());
            Entry {
                file: v.file,
                engine_kind: v.engine_kind,
                engine,
                description,
                eval: OnceLock::new(),
                measuring: AtomicBool::new(false),
            }
        })
        .collect();
    App {
        variants: entries,
        games: GameStore::new(limits.max_games, limits.max_moves_held, limits.game_idle),
        searches: Arc::new(Semaphore::new(limits.max_searches)),
        movetime,
        limits,
    }
}

/// Binds, prints the address and serves until the process ends.
pub fn serve(variants: Vec<Variant>, args: &ServeArgs) -> Result<(), String> {
    let count = variants.len();
    let bound = bind(variants, args)?;
    // Whoever started the server may stop reading its output (`vdl serve |
    // head -1` to learn the address): the server goes on.
    let mut out = std::io::stdout();
    let _ = writeln!(out, "vdl serve: {count} variant(s) at {}", bound.url()).and_then(|()| out.flush());
    if !is_loopback(&args.host) {
        eprintln!("warning: listening on {}, reachable from other machines; there is no authentication", args.host);
    }
    bound.run()
}

fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}
