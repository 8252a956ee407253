"""Stage 10, publishing (after the handbook, stage 9): the safe build that writes the site and the
handbook beside the old site and only then swaps them in, and the thin adapter to MkDocs.
"""
