"""Stage 4, the flowcharts: the one style table, chart to DOT to SVG, walking a chart (its routes,
its end boxes) and the words attached to its boxes.
"""
