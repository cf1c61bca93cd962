//! Numbers as SIMH's console reads a count (`send after=200k`, `step 1M`): digits in a
//! radix, then optionally `K` (thousands) or `M` (millions), upper or lower case.
//!
//! Source: the SIMH user's guide, "Specifying numbers"; Open SIMH 4 takes `after=200k` and
//! shows it as 200000 instructions (`tests/simh4/` in `hp2100`).

/// `text` as a count in `radix`, with SIMH's `K` and `M` multipliers; `None` if it is not
/// one, or does not fit in 64 bits.
pub fn count(text: &str, radix: u32) -> Option<u64> {
    let t = text.trim();
    let (digits, times) = match t.chars().last()? {
        'k' | 'K' => (&t[..t.len() - 1], 1_000),
        'm' | 'M' => (&t[..t.len() - 1], 1_000_000),
        _ => (t, 1),
    };
    let digits = digits.trim_end();
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()?.checked_mul(times)
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn k_and_m_multiply_as_simh() {
        assert_eq!(count("200k", 10), Some(200_000));
        assert_eq!(count("2M", 10), Some(2_000_000));
        assert_eq!(count("1000", 10), Some(1000));
        assert_eq!(count("17", 8), Some(15));
        assert_eq!(count("18", 8), None);
        assert_eq!(count("k", 10), None);
        assert_eq!(count("-1", 10), None);
        assert_eq!(count("99999999999999999999M", 10), None);
    }
}
