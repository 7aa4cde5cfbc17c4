// Mock adapter lands here.
