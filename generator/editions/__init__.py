"""Stage 3, earlier editions: word-level differences, and the match of an earlier edition's
provisions with the current text's.
"""
