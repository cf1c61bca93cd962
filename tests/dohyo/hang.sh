#!/bin/sh
# A file-protocol program that never answers: it sleeps in its folder until killed.
# Used by crates/retro/tests/referee_kill_cli.rs.
exec sleep 1000
