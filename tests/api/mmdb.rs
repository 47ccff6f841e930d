//! A small MaxMind DB written here from the format's specification
//! (https://maxmind.github.io/MaxMind-DB/): an IPv4 search tree of 24-bit
//! records, a data section of GeoIP2-City-shaped maps, and the metadata.
//! The server reads it with the maxminddb crate, as it reads GeoLite2.

use std::net::Ipv4Addr;

/// A value of the data section.
pub enum Value {
    Text(&'static str),
    Double(f64),
    Map(Vec<(&'static str, Value)>),
    /// uint16, uint32 and uint64 of the format (its types 5, 6 and 9).
    Uint(u8, u64),
    Array(Vec<Value>),
}

fn control(kind: u8, size: usize, out: &mut Vec<u8>) {
    assert!(size < 29, "only small values are written");
    let size = size as u8;
    if kind <= 7 {
        out.push((kind << 5) | size);
    } else {
        out.push(size);
        out.push(kind - 7);
    }
}

fn encode(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Text(text) => {
            control(2, text.len(), out);
            out.extend_from_slice(text.as_bytes());
        }
        Value::Double(double) => {
            control(3, 8, out);
            out.extend_from_slice(&double.to_be_bytes());
        }
        Value::Map(entries) => {
            control(7, entries.len(), out);
            for (key, value) in entries {
                encode(&Value::Text(key), out);
                encode(value, out);
            }
        }
        Value::Uint(kind, n) => {
            let bytes = n.to_be_bytes();
            let skip = bytes.iter().take_while(|b| **b == 0).count();
            // The fewest bytes that hold it.
            control(*kind, 8 - skip, out);
            out.extend_from_slice(&bytes[skip..]);
        }
        Value::Array(items) => {
            control(11, items.len(), out);
            for item in items {
                encode(item, out);
            }
        }
    }
}

/// A GeoIP2-City-shaped record.
pub fn city(
    name: Option<&'static str>,
    country: Option<&'static str>,
    location: Option<(f64, f64, Option<&'static str>)>,
) -> Value {
    let mut map = Vec::new();
    if let Some(name) = name {
        map.push(("city", Value::Map(vec![("names", Value::Map(vec![("en", Value::Text(name))]))])));
    }
    if let Some(code) = country {
        map.push(("country", Value::Map(vec![("iso_code", Value::Text(code))])));
    }
    if let Some((latitude, longitude, zone)) = location {
        let mut place = vec![("latitude", Value::Double(latitude)), ("longitude", Value::Double(longitude))];
        if let Some(zone) = zone {
            place.push(("time_zone", Value::Text(zone)));
        }
        map.push(("location", Value::Map(place)));
    }
    Value::Map(map)
}

/// A node of the search tree: each side another node, a record, or nothing.
#[derive(Clone, Copy)]
enum Side {
    Empty,
    Node(usize),
    Data(usize),
}

/// The database holding `networks` (IPv4 address, prefix length, record).
pub fn write(networks: &[(Ipv4Addr, u8, Value)]) -> Vec<u8> {
    let mut nodes: Vec<[Side; 2]> = vec![[Side::Empty, Side::Empty]];
    let mut data = Vec::new();
    for (address, prefix, value) in networks {
        let offset = data.len();
        encode(value, &mut data);
        let bits = u32::from(*address);
        let mut node = 0;
        for depth in 0..*prefix {
            let bit = ((bits >> (31 - depth)) & 1) as usize;
            if depth + 1 == *prefix {
                nodes[node][bit] = Side::Data(offset);
            } else {
                node = match nodes[node][bit] {
                    Side::Node(next) => next,
                    _ => {
                        nodes.push([Side::Empty, Side::Empty]);
                        nodes[node][bit] = Side::Node(nodes.len() - 1);
                        nodes.len() - 1
                    }
                };
            }
        }
    }
    let count = nodes.len();
    let record = |side: Side| -> u32 {
        match side {
            Side::Empty => count as u32,
            Side::Node(next) => next as u32,
            Side::Data(offset) => (count + 16 + offset) as u32,
        }
    };
    let mut out = Vec::new();
    for [left, right] in &nodes {
        out.extend_from_slice(&record(*left).to_be_bytes()[1..]);
        out.extend_from_slice(&record(*right).to_be_bytes()[1..]);
    }
    out.extend_from_slice(&[0; 16]);
    out.extend_from_slice(&data);
    out.extend_from_slice(b"\xAB\xCD\xEFMaxMind.com");
    let metadata = Value::Map(vec![
        ("binary_format_major_version", Value::Uint(5, 2)),
        ("binary_format_minor_version", Value::Uint(5, 0)),
        ("build_epoch", Value::Uint(9, 1_700_000_000)),
        ("database_type", Value::Text("tsconv-test-City")),
        ("description", Value::Map(vec![("en", Value::Text("tsconv's test database"))])),
        ("ip_version", Value::Uint(5, 4)),
        ("languages", Value::Array(vec![Value::Text("en")])),
        ("node_count", Value::Uint(6, count as u64)),
        ("record_size", Value::Uint(5, 24)),
    ]);
    encode(&metadata, &mut out);
    out
}
