print("SampleApp placeholder")
