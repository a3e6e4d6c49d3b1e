#!/usr/bin/env python3
"""Derives the constants of the projection kernels (Sources/CSIMDShim/vector_math.h,
webmercator.c, tmerc.c) and checks the error figures their comments state. Needs sympy
and mpmath.

- tan x / x = P(z)/Q(z), z = x²: the Padé approximant of order [8/8] in x (4 and 4 in z),
  solved exactly from the Taylor series, scaled to integers;
- atan q / q = P(z)/Q(z): the Padé approximant [12/12] in q (6 and 6 in z), the same way;
- atanh(s)/s − 1 = z·A(z), z = s² on [0, 0.0415], and (cos x − 1 + z/2)/z² = C(z) on
  [0, (π/4)²]: by interpolation at the Chebyshev nodes, 50 digits;
- ln 2, a·ln 2, π/4 and π/2 split into a head and a tail.

Run: python3 scripts/projection-coefficients.py
"""
import sympy as sp
import mpmath as mp

mp.mp.dps = 50


def pade(function, m, n):
    """The Padé approximant [m/n] in z = x² of the even function(x), integer coefficients."""
    x = sp.symbols("x")
    series = sp.series(function(x), x, 0, 2 * (m + n) + 4).removeO()
    c = [sp.Rational(series.coeff(x, 2 * k)) for k in range(m + n + 2)]
    q = sp.symbols("q1:%d" % (n + 1))
    qs = [1] + list(q)
    equations = [sum(qs[j] * c[i - j] for j in range(n + 1) if i - j >= 0) for i in range(m + 1, m + n + 1)]
    solution = sp.solve(equations, q)
    Q = [sp.Integer(1)] + [solution[v] for v in q]
    P = [sum(Q[j] * c[i - j] for j in range(min(i, n) + 1)) for i in range(m + 1)]
    scale = sp.ilcm(*[sp.fraction(v)[1] for v in P + Q])
    return [int(v * scale) for v in P], [int(v * scale) for v in Q]


def interpolate(f, zmax, degree):
    """Degree `degree` interpolation of f at the Chebyshev nodes of [0, zmax], rounded."""
    n = degree + 1
    nodes = [zmax / 2 * (1 - mp.cos(mp.pi * (2 * k + 1) / (2 * n))) for k in range(n)]
    a = mp.lu_solve(mp.matrix([[t ** j for j in range(n)] for t in nodes]), mp.matrix([f(t) for t in nodes]))
    return [float(a[j]) for j in range(n)]


def atanh_term(z):
    if z == 0:
        return mp.mpf(1) / 3
    s = mp.sqrt(z)
    return (mp.atanh(s) / s - 1) / z


def cos_term(z):
    if z == 0:
        return mp.mpf(1) / 24
    return (mp.cos(mp.sqrt(z)) - 1 + z / 2) / z ** 2


def value(coefficients, z):
    return sum(mp.mpf(c) * z ** j for j, c in enumerate(coefficients))


def split(value, bits):
    m, e = mp.frexp(value)
    head = mp.ldexp(mp.floor(mp.ldexp(m, bits)), e - bits)
    return float(head), float(value - head)


P, Q = pade(lambda x: sp.tan(x) / x, 4, 4)
print("tan x / x ≈ P(z)/Q(z): P =", P, " Q =", Q)
worst = max(abs(mp.polyval(P[::-1], x * x) / mp.polyval(Q[::-1], x * x) * x / mp.tan(x) - 1)
            for x in mp.linspace(mp.mpf("1e-9"), mp.mpf("0.6"), 600))
print("  relative error on (0, 0.6]: %.2e (comment: below 1e-20)" % worst)
assert worst < 1e-20

# The branches: small for t ≤ 0.4 rad (s = tan(t/2)); large s = (q − d)/(q + d) with q/d
# in [√½·2^−0.0861, √2·2^0.0861] (the bit-pattern logarithm's error is below 0.0861).
small = mp.tan(mp.mpf("0.2"))
ratio = mp.sqrt(2) * mp.mpf(2) ** mp.mpf("0.0861")
large = (ratio - 1) / (ratio + 1)
zmax = max(small, large) ** 2
print("largest s² of the two branches: %.5f (kernel's range: 0.0415)" % zmax)
assert zmax <= 0.0415

A = interpolate(atanh_term, mp.mpf("0.0415"), 7)
# Absolute error on ln = 2·atanh(s): 2·s·z·|A − f|.
error = max(abs(value(A, t) - atanh_term(t)) * 2 * mp.sqrt(t) * t for t in mp.linspace(0, mp.mpf("0.0415"), 2000))
print("atanh A =", [repr(v) for v in A])
print("  absolute error on ln, coefficients rounded: %.2e (comment: 3.3e-19)" % error)
assert error < 3.3e-19

zc = (mp.pi / 4) ** 2
C = interpolate(cos_term, zc, 5)
error = max(abs(value(C, t) - cos_term(t)) * t ** 2 / mp.cos(mp.sqrt(t)) for t in mp.linspace(0, zc, 2000))
print("cos C =", [repr(v) for v in C])
print("  relative error on cos, coefficients rounded: %.2e (comment: 1.3e-18)" % error)
assert error < 1.3e-18

P, Q = pade(lambda x: sp.atan(x) / x, 6, 6)
print("atan q / q ≈ P(z)/Q(z): P =", P, " Q =", Q)
assert max(P + Q) < 2 ** 53
worst = max(abs(mp.polyval(P[::-1], q * q) / mp.polyval(Q[::-1], q * q) * q / mp.atan(q) - 1)
            for q in mp.linspace(mp.mpf("1e-9"), mp.tan(mp.pi / 8), 600))
print("  relative error on (0, tan(π/8)]: %.2e (comment: 9.1e-19)" % worst)
assert worst < 9.2e-19

for name, v, bits in [("ln 2", mp.log(2), 40), ("a·ln 2", 6378137 * mp.log(2), 24)]:
    hi, lo = split(v, bits)
    print("%s = %r + %r" % (name, hi, lo))
for name, v in [("π/4", mp.pi / 4), ("π/2", mp.pi / 2)]:
    print("%s = %r + %r" % (name, float(v), float(v - mp.mpf(float(v)))))
