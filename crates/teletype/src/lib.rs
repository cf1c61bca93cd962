//! ASR-33 teletype model shared by the emulated machines and the native games
