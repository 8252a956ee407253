"""Stage 8, the site: the page makers (Laws, charts, step-throughs, editions, course), the page
cache, the search records and index, the offline copy.
"""
