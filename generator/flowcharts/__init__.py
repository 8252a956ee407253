"""Flowcharts: the style table, the DOT writer and the SVG renderer."""
