//! A do-file line's substitutions, made before the line is read as a command: `%0`..`%9`
//! the file and its arguments, `%*` all the arguments, `%%` one `%`, and `%NAME%` a
//! variable (`set env`), the host's environment or one of the console's own: `%DATE%`,
//! `%TIME%`, `%STATUS%`, `%SIM_NAME%` ... (`builtin`). `%NAME:~START,LENGTH%` is part of a
//! value and `%NAME:OLD=NEW%` a value with OLD replaced, as the Windows shell writes them.
//!
//! Source: the SIMH user's guide, "Executing command files" (argument and environment
//! substitution, the built-in variables).
//!
//! Implementation notes:
//!
//! 1. The date and time are the host's clock in UTC: the console carries no time-zone
//!    database. `%LDATE%`, `%LTIME%` and `%CTIME%` are in the C locale's forms.

use std::time::{SystemTime, UNIX_EPOCH};

/// A civil date and time.
struct Clock {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    minute: u32,
    second: u32,
    millis: u32,
    weekday: u32, // 0 Sunday
    yday: u32,    // 1..=366
    unix: i64,
}

fn clock() -> Clock {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let unix = d.as_secs() as i64;
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400) as u32;
    // Days to a civil date (the proleptic Gregorian calendar, March-based years).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const BEFORE: [u32; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let yday = BEFORE[month as usize - 1] + day + u32::from(leap && month > 2);
    Clock {
        year,
        month,
        day,
        hour: secs / 3600,
        minute: secs / 60 % 60,
        second: secs % 60,
        millis: d.subsec_millis(),
        weekday: (days + 4).rem_euclid(7) as u32,
        yday,
        unix,
    }
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// What the console knows beyond the do-file's arguments.
pub struct Context<'a> {
    pub sim_name: &'a str,
    /// The last command's status.
    pub status: u32,
    /// The words for it (`No Error`, `Invalid argument`, `Programmed halt`).
    pub status_words: &'a str,
    pub verify: bool,
    pub quiet: bool,
    /// A variable set by `set env`, or the host's.
    pub variable: &'a dyn Fn(&str) -> Option<String>,
}

/// A built-in variable's value (note 1).
fn builtin(name: &str, cx: &Context) -> Option<String> {
    let c = clock();
    let mon3 = &MONTHS[c.month as usize - 1][..3];
    let day3 = &DAYS[c.weekday as usize][..3];
    let h12 = match c.hour % 12 {
        0 => 12,
        h => h,
    };
    let pm = if c.hour < 12 { "AM" } else { "PM" };
    Some(match name {
        "DATE" => format!("{:04}-{:02}-{:02}", c.year, c.month, c.day),
        "TIME" => format!("{:02}:{:02}:{:02}", c.hour, c.minute, c.second),
        "DATETIME" => format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
            c.year, c.month, c.day, c.hour, c.minute, c.second
        ),
        "LDATE" => format!("{:02}/{:02}/{:02}", c.month, c.day, c.year % 100),
        "LTIME" => format!("{h12:02}:{:02}:{:02} {pm}", c.minute, c.second),
        "CTIME" => format!(
            "{day3} {mon3} {:2} {:02}:{:02}:{:02} {}",
            c.day, c.hour, c.minute, c.second, c.year
        ),
        "UTIME" => c.unix.to_string(),
        "DATE_YYYY" => format!("{:04}", c.year),
        "DATE_YY" => format!("{:02}", c.year % 100),
        "DATE_YC" => (c.year / 100).to_string(),
        "DATE_MM" => format!("{:02}", c.month),
        "DATE_MMM" => mon3.to_string(),
        "DATE_MONTH" => MONTHS[c.month as usize - 1].to_string(),
        "DATE_DD" => format!("{:02}", c.day),
        "DATE_D" => (if c.weekday == 0 { 7 } else { c.weekday }).to_string(),
        "DATE_JJJ" => format!("{:03}", c.yday),
        "TIME_HH" => format!("{:02}", c.hour),
        "TIME_MM" => format!("{:02}", c.minute),
        "TIME_SS" => format!("{:02}", c.second),
        "TIME_MSEC" => format!("{:03}", c.millis),
        "STATUS" => format!("{:08X}", cx.status),
        "TSTATUS" => cx.status_words.to_string(),
        "SIM_NAME" => cx.sim_name.to_string(),
        "SIM_VERIFY" | "SIM_VERBOSE" => if cx.verify { "-V" } else { "" }.to_string(),
        "SIM_QUIET" => if cx.quiet { "-Q" } else { "" }.to_string(),
        "SIM_MESSAGE" => String::new(),
        _ => return None,
    })
}

/// A variable's value: set by `set env` or the host's (tried as written, then in upper
/// and lower case), else a built-in one.
pub fn lookup(name: &str, cx: &Context) -> Option<String> {
    (cx.variable)(name)
        .or_else(|| (cx.variable)(&name.to_ascii_uppercase()))
        .or_else(|| (cx.variable)(&name.to_ascii_lowercase()))
        .or_else(|| builtin(name, cx))
}

/// `~START[,LENGTH]` (a negative START counts from the end, a negative LENGTH leaves that
/// many off the end) or `OLD=NEW` applied to `value`.
fn modify(value: &str, how: &str) -> String {
    let chars: Vec<char> = value.chars().collect();
    let n = chars.len() as i64;
    if let Some(range) = how.strip_prefix('~') {
        let (s, l) = match range.split_once(',') {
            Some((s, l)) => (s, Some(l)),
            None => (range, None),
        };
        let start = s.trim().parse::<i64>().unwrap_or(0);
        let start = if start < 0 {
            (n + start).max(0)
        } else {
            start.min(n)
        };
        let end = match l.and_then(|l| l.trim().parse::<i64>().ok()) {
            None => n,
            Some(l) if l < 0 => (n + l).max(start),
            Some(l) => (start + l).min(n),
        };
        return chars[start as usize..end as usize].iter().collect();
    }
    match how.split_once('=') {
        Some((old, new)) if !old.is_empty() => {
            // Replaced regardless of case, as the Windows shell does.
            let (lower, old_lower) = (value.to_ascii_lowercase(), old.to_ascii_lowercase());
            let mut out = String::new();
            let mut i = 0;
            while let Some(k) = lower[i..].find(&old_lower) {
                out.push_str(&value[i..i + k]);
                out.push_str(new);
                i += k + old.len();
            }
            out.push_str(&value[i..]);
            out
        }
        _ => value.to_string(),
    }
}

/// `raw` with its substitutions made; `args[0]` is the file.
pub fn substitute(raw: &str, args: &[String], cx: &Context) -> String {
    let mut out = String::new();
    let mut rest = raw;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let mut next = after.chars();
        match next.next() {
            Some('%') => {
                out.push('%');
                rest = &after[1..];
            }
            Some(d @ '0'..='9') => {
                let k = d as usize - '0' as usize;
                out.push_str(args.get(k).map_or("", String::as_str));
                rest = &after[1..];
            }
            Some('*') => {
                let all: Vec<String> = args
                    .iter()
                    .skip(1)
                    .map(|a| {
                        if a.contains(' ') {
                            format!("\"{a}\"")
                        } else {
                            a.clone()
                        }
                    })
                    .collect();
                out.push_str(&all.join(" "));
                rest = &after[1..];
            }
            None => {
                out.push('%');
                rest = after;
            }
            Some(_) => {
                // A name up to the next `%`; a `%` with no closing one stays as it is.
                let end = after.find('%').unwrap_or(after.len());
                let spec = &after[..end];
                let (name, how) = match spec.split_once(':') {
                    Some((n, h)) => (n, Some(h)),
                    None => (spec, None),
                };
                let value = lookup(name, cx).unwrap_or_default();
                out.push_str(&match how {
                    Some(h) => modify(&value, h),
                    None => value,
                });
                rest = after.get(end + 1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx<'a>(var: &'a dyn Fn(&str) -> Option<String>) -> Context<'a> {
        Context {
            sim_name: "HP 2100",
            status: 0x48,
            status_words: "Invalid argument",
            verify: false,
            quiet: false,
            variable: var,
        }
    }

    #[test]
    fn arguments_variables_and_builtins() {
        let var = |n: &str| (n == "S").then(|| "ABCDEFGHIJ".to_string());
        let c = cx(&var);
        let args = vec!["f.do".to_string(), "a".into(), "b c".into()];
        assert_eq!(
            substitute(
                "%0 %1 %2 %3|%*|100%%|%S%|%S:~0,5%|%S:~2%|%s:~-3%",
                &args,
                &c
            ),
            "f.do a b c |a \"b c\"|100%|ABCDEFGHIJ|ABCDE|CDEFGHIJ|HIJ"
        );
        assert_eq!(
            substitute("%SIM_NAME% %STATUS% %TSTATUS% %NONE%.", &args, &c),
            "HP 2100 00000048 Invalid argument ."
        );
        assert_eq!(substitute("%S:CD=x%", &args, &c), "ABxEFGHIJ");
        assert_eq!(substitute("100%", &args, &c), "100%");
        let date = substitute("%DATE% %TIME%", &args, &c);
        assert_eq!(date.len(), 19, "{date}");
        assert_eq!(&date[4..5], "-");
        assert_eq!(&date[13..14], ":");
    }

    #[test]
    fn the_civil_date_is_right() {
        let c = clock();
        assert!(c.year >= 2024 && (1..=12).contains(&c.month) && (1..=31).contains(&c.day));
        assert!(c.yday >= 1 && c.yday <= 366);
    }
}
