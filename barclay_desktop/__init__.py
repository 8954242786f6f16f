"""Barclay Desktop: three WWII espionage board games for one shared screen."""

__version__ = "0.1.0"
