"""Stage 5, the corpus: every source file loaded and checked across files (citations resolve,
charts are sound rulings); what every later stage is made from.
"""
