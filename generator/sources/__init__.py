"""Stage 1, the sources: YAML read with its line numbers, the content model, the cache of validated
files, and the errors a laws editor sees (path:line: message).
"""
