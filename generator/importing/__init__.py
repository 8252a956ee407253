"""Reading the Laws from the official WBF text layout (used by `importer.py`)."""
