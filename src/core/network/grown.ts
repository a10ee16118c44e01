/** Typed arrays copied into longer ones: a fluid rack's arrays by resource grow as it binds group links (rack-links.ts). */
/** A copy of `a` of length n (at least a's), zeros after a's values. */
export function grownFloats(a: Float64Array, n: number): Float64Array {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

/** A copy of `a` of length n (at least a's), `fill` after a's values. */
export function grownInts(a: Int32Array, n: number, fill = 0): Int32Array {
  const b = new Int32Array(n);
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}
