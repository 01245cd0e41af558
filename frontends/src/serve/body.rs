//! A request body as a JSON object (an empty body is an empty object), read
//! within the server's size limit: a `Content-Length` beyond it is refused
//! before anything is read, and a body that turns out longer, arrives too
//! slowly or breaks off is refused too. Every refusal is a JSON answer.

use super::api::{fail, Answer, App};
use axum::body::Body;
use axum::extract::{FromRequest, Request};
use axum::http::{header, StatusCode};
use http_body_util::LengthLimitError;
use serde_json::{Map, Value};
use std::error::Error;
use std::sync::Arc;
use tower_http::timeout::TimeoutError;

pub(super) struct JsonBody(pub Map<String, Value>);

impl FromRequest<Arc<App>> for JsonBody {
    type Rejection = Answer;

    async fn from_request(request: Request, app: &Arc<App>) -> Result<JsonBody, Answer> {
        let limit = app.limits.max_body_bytes;
        let too_large = || fail(StatusCode::PAYLOAD_TOO_LARGE, format!("the request body is larger than {limit} bytes"));
        let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|length| length > limit as u64) {
            return Err(too_large());
        }
        let bytes = axum::body::to_bytes(Body::new(request.into_body()), limit).await.map_err(|e| {
            if caused_by::<LengthLimitError>(&e) {
                too_large()
            } else if caused_by::<TimeoutError>(&e) {
                fail(StatusCode::REQUEST_TIMEOUT, "the request body did not arrive in time")
            } else {
                fail(StatusCode::BAD_REQUEST, format!("cannot read the request body: {e}"))
            }
        })?;
        parse(&bytes).map(JsonBody)
    }
}

/// Is `error`, or anything that caused it, a `T`?
fn caused_by<T: Error + 'static>(error: &(dyn Error + 'static)) -> bool {
    let mut next = Some(error);
    while let Some(e) = next {
        if e.is::<T>() {
            return true;
        }
        next = e.source();
    }
    false
}

fn parse(bytes: &[u8]) -> Result<Map<String, Value>, Answer> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(fail(StatusCode::BAD_REQUEST, "the request body must be a JSON object")),
        Err(e) => Err(fail(StatusCode::BAD_REQUEST, format!("malformed JSON: {e}"))),
    }
}
