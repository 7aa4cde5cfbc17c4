// Document extraction, passages and retrieval land here.
