//! Serving: the socket and its accept loop ([`server`]), what each
//! connection may hold and how long it may stall ([`connection`]), and log
//! output ([`logging`]).

pub mod connection;
pub mod logging;
pub mod server;
