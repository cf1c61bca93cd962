//! The disc's medium for the console (`io/media.rs`): which drive a device name means, and
//! `attach`, `detach` and `boot` in SIMH's words (`scp/disc.rs`).

use super::{AttachMode, DRIVES};

/// The disc's medium, for the console's `attach`, `detach` and `boot` (`io/media.rs`; the
/// commands in SIMH's words, `scp/disc.rs`).
pub const MEDIA: crate::io::media::Media = crate::io::media::Media {
    unit: drive,
    switches: "nreq",
    boot_switches: "r",
    attach,
    detach: |m, unit| {
        m.cards.dp.detach(unit);
        m.io_changed();
    },
    boot: Some(boot),
    loader: Some(|m| m.install_disc_loader(false)),
    in_detach_all: false,
};

/// The drive a device name means: `dpc` and `dpc0` drive 0, `dpc1`..`dpc3` the others.
fn drive(dev: &str) -> Option<usize> {
    let d = dev.to_ascii_lowercase();
    let n = d.strip_prefix("dpc")?;
    match n {
        "" => Some(0),
        _ => n.parse().ok().filter(|&n: &usize| n < DRIVES),
    }
}

/// `attach [-n|-r|-e|-q] dpc[N] FILE`: a disc image on a drive; the interface goes into the
/// machine if it is out, and says so unless `-q` (`scp/disc.rs` note 1).
fn attach(m: &mut crate::Machine, a: &crate::io::media::Attach) -> Result<Vec<String>, String> {
    let unit = a.unit;
    let mode = AttachMode {
        new: a.has('n'),
        read_only: a.has('r'),
        existing: a.has('e'),
    };
    let quiet = a.has('q');
    let mut said = Vec::new();
    let dpc = crate::Machine::slot("DPC").expect("the registry has DPC");
    if !m.select_code(dpc).1 {
        install(m, true).map_err(|e| format!("attach dpc: {e}"))?;
        let (sc, _) = m.select_code(crate::Machine::slot("DPD").expect("DPD"));
        if !quiet {
            said.push(format!(
                "DPC: the 12557A disc interface is in the machine at select codes {sc:o} and {:o}",
                sc + 1
            ));
        }
    }
    m.cards
        .dp
        .attach(unit, &a.path, mode)
        .map_err(|e| format!("attach dpc{unit}: {e}"))?;
    m.io_changed();
    Ok(said)
}

/// Put both disc cards in (or out), keeping them as a pair.
pub(crate) fn install(m: &mut crate::Machine, present: bool) -> Result<(), String> {
    for name in ["DPD", "DPC"] {
        let slot = crate::Machine::slot(name).expect("the registry has the disc's cards");
        m.install(slot, present)?;
    }
    Ok(())
}

/// `boot [-r] dpc`: the disc loader from drive 0 ([`crate::Machine::boot_disc`]); an error
/// the disc met while it ran ends the command before the stop is reported.
fn boot(
    m: &mut crate::Machine,
    unit: usize,
    switches: &str,
    limit: machine_core::Limit,
) -> Result<crate::io::media::Booted, String> {
    let removable = switches.contains('r');
    if unit != 0 {
        return Err(format!("boot: the disc loader reads drive 0, not dpc{unit}"));
    }
    let stop = m
        .boot_disc(removable, limit)
        .map_err(|e| format!("boot dpc: {e}"))?;
    if let Some(e) = m.cards.dp.take_error() {
        return Err(e);
    }
    Ok(crate::io::media::Booted { stop, words: None })
}
