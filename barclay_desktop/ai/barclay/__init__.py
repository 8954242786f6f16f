"""Computer players for Operation Barclay."""
