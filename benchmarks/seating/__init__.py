"""Seating benchmark: ``python -m benchmarks.seating`` (see :mod:`benchmarks.seating.run`)."""
