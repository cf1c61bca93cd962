//! HP 2100A instruction set: the one opcode table, decoding, disassembly
