//! The seeded generator of the random player and of tie-breaks between equally good moves:
//! SplitMix64 from the `splitmix` crate, with its multiply-shift `below`. Games are
//! reproducible from the seed.

pub use splitmix::SplitMix64 as Rng;
