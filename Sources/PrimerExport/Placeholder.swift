// Exports land here.
