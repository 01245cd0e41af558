//! A minimal HTTP/1.1 client over a kept-alive TCP connection, with the raw
//! socket at hand for requests no well-behaved client would send.

// Each test binary that includes this module uses only part of it.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

pub struct Client {
    pub stream: BufReader<TcpStream>,
}

/// A response: status and JSON body (`Value::Null` for a body that is not JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    /// Did the server say it will close the connection?
    pub closing: bool,
}

impl Client {
    pub fn connect(addr: SocketAddr) -> Client {
        let stream = TcpStream::connect(addr).expect("the server accepts connections");
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        stream.set_write_timeout(Some(Duration::from_secs(20))).unwrap();
        Client { stream: BufReader::new(stream) }
    }

    pub fn raw(&mut self) -> &mut TcpStream {
        self.stream.get_mut()
    }

    /// Sends one request in one write and reads its response; the connection
    /// stays open.
    pub fn request(&mut self, method: &str, path: &str, body: Option<&Value>) -> Answer {
        let body = body.map(Value::to_string).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        self.raw().write_all(request.as_bytes()).expect("the request is sent");
        self.response().unwrap_or_else(|e| panic!("no response to {method} {path}: {e}"))
    }

    pub fn get(&mut self, path: &str) -> Answer {
        self.request("GET", path, None)
    }

    pub fn post(&mut self, path: &str, body: Value) -> Answer {
        self.request("POST", path, Some(&body))
    }

    /// Reads one response (headers, then a body of `Content-Length` bytes).
    pub fn response(&mut self) -> io::Result<Answer> {
        let mut line = String::new();
        if self.stream.read_line(&mut line)? == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the connection was closed"));
        }
        let status = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let (mut length, mut closing) = (0, false);
        loop {
            line.clear();
            self.stream.read_line(&mut line)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header.split_once(':').unwrap_or((header, ""));
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.trim().parse().unwrap_or(0),
                "connection" => closing = value.trim().eq_ignore_ascii_case("close"),
                _ => {}
            }
        }
        let mut body = vec![0; length];
        self.stream.read_exact(&mut body)?;
        Ok(Answer { status, body: serde_json::from_slice(&body).unwrap_or(Value::Null), closing })
    }

    /// Waits until the server closes the connection (reading and dropping
    /// whatever it sends first); the error if it does not within the read
    /// timeout.
    pub fn closed_by_server(&mut self) -> io::Result<()> {
        let mut sink = Vec::new();
        match self.stream.read_to_end(&mut sink) {
            Ok(_) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::ConnectionReset => Ok(()),
            Err(e) => Err(e),
        }
    }
}
