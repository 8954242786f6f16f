"""Computer players for Stratego Spies & Lies (levels easy, normal, hard; see docs/ai.md)."""
