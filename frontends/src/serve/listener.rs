//! The accept loop: at most `max_connections` connections at once, each
//! served by hyper's HTTP/1 with bounded headers, a header timeout, no Nagle
//! delay and each response written in one piece; the router behind
//! tower-http's body deadline and request timeout. Games that expired are
//! swept out meanwhile.

use super::api::{router, App};
use axum::http::StatusCode;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceBuilder;
use tower_http::timeout::{RequestBodyDeadlineLayer, TimeoutLayer};

pub(super) async fn serve(listener: std::net::TcpListener, app: Arc<App>) -> Result<(), String> {
    listener.set_nonblocking(true).map_err(|e| format!("cannot serve: {e}"))?;
    let listener = TcpListener::from_std(listener).map_err(|e| format!("cannot serve: {e}"))?;
    let limits = app.limits.clone();
    tokio::spawn(sweep_games(app.clone()));
    let service = ServiceBuilder::new()
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, limits.request_timeout()))
        .layer(RequestBodyDeadlineLayer::new(limits.body_timeout))
        .service(router(app));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).max_buf_size(limits.max_header_bytes.max(8192)).writev(false);
    let connections = Arc::new(Semaphore::new(limits.max_connections));
    loop {
        let permit = connections.clone().acquire_owned().await.expect("the semaphore is never closed");
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors or a connection reset before it was
                // accepted: wait a little rather than spin.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let connection = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service.clone()));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
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
