"""Computer players for Stratego Spies & Lies."""
