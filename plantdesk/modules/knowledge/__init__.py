"""The knowledge base: catalogue, info (sanitised rich text), attachments, threaded comments, change log,
full-text search (Chinese and English) and the alarm events' knowledge links."""
