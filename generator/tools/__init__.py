"""Stage 7, the tools made from the corpus: Law 77-78 scoring tables, the search's scoring on query
sets, the laws editor's impact report between editions.
"""
