//! HP 2100A computer: CPU with EAU, interrupt system, I/O cards, front panel
