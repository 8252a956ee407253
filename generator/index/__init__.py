"""Stage 2, the index: the one citation parser, the tree of a Law's places, the cross-reference
index of who cites what, and the coverage of the Laws by charts.
"""
