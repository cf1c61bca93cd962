//! Pieces shared by the emulated machines: stops, the debugger core
