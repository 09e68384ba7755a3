"""Scripts that maintain files of the repository (not shipped, not benchmarks)."""
