"""Benchmarks of Fatekeeper: one table of figures, targets and what this machine measured.

Run ``python -m bench`` (``--quick`` for a smoke run with tiny counts). Figures are medians
over repeated runs; results go to ``bench/results/latest.json`` unless ``--json`` says where.
"""
