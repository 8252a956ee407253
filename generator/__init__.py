"""Build the Laws & Flowcharts site and handbook from the YAML sources."""
