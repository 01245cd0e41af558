//! The accept loop: at most `max_connections` connections at once and
//! `max_connections_per_address` from one client, each served by hyper's
//! HTTP/1 with bounded headers, a header timeout, no Nagle delay and each
//! response written in one piece; the router behind tower-http's body deadline
//! and request timeout. When more than half the connections are taken, new
//! ones get the short `busy_timeout` for headers and bodies. Games that
//! expired are swept out meanwhile.

use super::addresses::AddressCounts;
use super::api::{router, App};
use super::ServerLimits;
use axum::http::StatusCode;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceBuilder;
use tower_http::timeout::{RequestBodyDeadlineLayer, TimeoutLayer};

/// The answer to a connection beyond its address's share, written before
/// any request is read.
fn too_many_from_one_address() -> String {
    let body = serde_json::json!({"ok": false, "error": "too many connections from your address at once; try again when some have closed"})
        .to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// How connections are served: hyper's HTTP/1 settings and the router behind
/// the timeouts, with either the normal timeouts or the busy ones.
struct Http {
    http: hyper::server::conn::http1::Builder,
    router: Router,
    body_timeout: Duration,
    request_timeout: Duration,
}

impl Http {
    fn new(limits: &ServerLimits, router: Router, header_timeout: Duration, body_timeout: Duration) -> Http {
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new()).header_read_timeout(header_timeout).max_buf_size(limits.max_header_bytes.max(8192)).writev(false);
        Http { http, router, body_timeout, request_timeout: limits.request_timeout() }
    }

    async fn serve(&self, stream: TcpStream) {
        let service = ServiceBuilder::new()
            .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, self.request_timeout))
            .layer(RequestBodyDeadlineLayer::new(self.body_timeout))
            .service(self.router.clone());
        let _ = self.http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)).await;
    }
}

pub(super) async fn serve(listener: std::net::TcpListener, app: Arc<App>) -> Result<(), String> {
    listener.set_nonblocking(true).map_err(|e| format!("cannot serve: {e}"))?;
    let listener = TcpListener::from_std(listener).map_err(|e| format!("cannot serve: {e}"))?;
    let limits = app.limits.clone();
    tokio::spawn(sweep_games(app.clone()));
    let router = router(app);
    let relaxed = Arc::new(Http::new(&limits, router.clone(), limits.header_timeout, limits.body_timeout));
    let busy = Arc::new(Http::new(&limits, router, limits.busy_timeout, limits.busy_timeout));
    let connections = Arc::new(Semaphore::new(limits.max_connections));
    let addresses = AddressCounts::new(limits.max_connections_per_address);
    let refusal = too_many_from_one_address();
    loop {
        let permit = connections.clone().acquire_owned().await.expect("the semaphore is never closed");
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of file descriptors or a connection reset before it was
                // accepted: wait a little rather than spin.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Some(slot) = addresses.admit(peer.ip()) else {
            // Best effort: the client may read why before the connection closes.
            let _ = stream.try_write(refusal.as_bytes());
            continue;
        };
        let _ = stream.set_nodelay(true);
        let http = if limits.is_busy(connections.available_permits()) { busy.clone() } else { relaxed.clone() };
        tokio::spawn(async move {
            http.serve(stream).await;
            drop((permit, slot));
        });
    }
}

/// Forgets expired games every so often (they are also refused when asked
/// for after their time).
async fn sweep_games(app: Arc<App>) {
    let mut ticks = tokio::time::interval(app.games.sweep_interval());
    loop {
        ticks.tick().await;
        app.games.expire();
    }
}
