x = (1,
  2)
if x:
	pass
@jit
def g(p, Q: tl.constexpr = 3):
    pass
