// Evaluation lands here.
