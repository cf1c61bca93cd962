//! Serde for the `quoridor` crate's typed settings (policies, cuts, specs) as the text they
//! print and parse, so that results headers read as the command line wrote them.

use serde::{Deserialize, Deserializer, Serializer};
use std::fmt::Display;
use std::str::FromStr;

pub fn serialize<T: Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let text = String::deserialize(d)?;
    text.parse()
        .map_err(|e| serde::de::Error::custom(format!("`{text}`: {e}")))
}
