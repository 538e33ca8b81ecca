import CleanSlate
print("cleanslate placeholder")
