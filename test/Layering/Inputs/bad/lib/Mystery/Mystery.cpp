// A library that is in no layer.
