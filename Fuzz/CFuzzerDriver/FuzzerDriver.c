// Declarations only: see include/FuzzerDriver.h.
