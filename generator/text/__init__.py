"""Stage 6, text for pages: escaping, inline rendering of the Laws' words with their citations
linked, the Jinja2 templates, quotes of a place, situations.
"""
