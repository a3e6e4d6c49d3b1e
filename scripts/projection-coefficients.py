#!/usr/bin/env python3
"""Derives the constants of the Web Mercator kernel (Sources/CSIMDShim/webmercator.c) and
checks the error figures its comments state. Needs sympy and mpmath.

- tan x / x = P(z)/Q(z), z = x²: the Padé approximant of order [8/8] in x (4 and 4 in z),
  solved exactly from the Taylor series (Bernoulli numbers), scaled to integers;
- atanh(s)/s − 1 = z·A(z), z = s² on [0, 0.0415]: degree 7 by interpolation at the
  Chebyshev nodes, 50 digits;
- a·ln 2 and π/4 split into a head and a tail.

Run: python3 scripts/webmercator-coefficients.py
"""
import sympy as sp
import mpmath as mp

mp.mp.dps = 50


def pade_tan():
    x = sp.symbols("x")
    series = sp.series(sp.tan(x) / x, x, 0, 22).removeO()
    c = [sp.Rational(series.coeff(x, 2 * k)) for k in range(10)]
    m = n = 4
    q = sp.symbols("q1:%d" % (n + 1))
    qs = [1] + list(q)
    equations = [sum(qs[j] * c[i - j] for j in range(n + 1) if i - j >= 0) for i in range(m + 1, m + n + 1)]
    solution = sp.solve(equations, q)
    Q = [sp.Integer(1)] + [solution[v] for v in q]
    P = [sum(Q[j] * c[i - j] for j in range(min(i, n) + 1)) for i in range(m + 1)]
    scale = sp.ilcm(*[sp.fraction(v)[1] for v in P + Q])
    return [int(v * scale) for v in P], [int(v * scale) for v in Q]


def atanh_poly(zmax, degree):
    def f(z):
        if z == 0:
            return mp.mpf(1) / 3
        s = mp.sqrt(z)
        return (mp.atanh(s) / s - 1) / z
    n = degree + 1
    nodes = [zmax / 2 * (1 - mp.cos(mp.pi * (2 * k + 1) / (2 * n))) for k in range(n)]
    a = mp.lu_solve(mp.matrix([[t ** j for j in range(n)] for t in nodes]), mp.matrix([f(t) for t in nodes]))
    coefficients = [float(a[j]) for j in range(n)]
    # Absolute error on ln = 2·atanh(s): 2·s·z·|A − f|, largest at the end of the range.
    error = max(abs(sum(mp.mpf(coefficients[j]) * t ** j for j in range(n)) - f(t)) * 2 * mp.sqrt(t) * t
                for t in mp.linspace(0, zmax, 2000))
    return coefficients, error


def split(value, bits):
    m, e = mp.frexp(value)
    head = mp.ldexp(mp.floor(mp.ldexp(m, bits)), e - bits)
    return float(head), float(value - head)


P, Q = pade_tan()
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

A, error = atanh_poly(mp.mpf("0.0415"), 7)
print("atanh A =", [repr(v) for v in A])
print("  absolute error on ln, coefficients rounded: %.2e (comment: 3.3e-19)" % error)
assert error < 3.3e-19

hi, lo = split(6378137 * mp.log(2), 24)
print("a·ln 2 = %r + %r" % (hi, lo))
print("π/4 = %r + %r" % (float(mp.pi / 4), float(mp.pi / 4 - mp.mpf(float(mp.pi / 4)))))
