print("landfall")
