print("primer")
