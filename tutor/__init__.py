"""Truco Tutor."""
