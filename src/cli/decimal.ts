/** What hfsim reads as a number in text it is given: configuration files, flags, the bench scripts' flags. */

/**
 * A number as Hadoop's configuration files write one: decimal digits, an optional fraction and exponent, around
 * spaces. JavaScript's Number() also reads "0x10", "0b10" and "0o7", which Hadoop's parsers (Integer.parseInt,
 * Float.parseFloat) refuse: a weight of "0x10" ran as 16.
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number `text` writes in decimal, or NaN when it writes none (hex, binary, octal, Infinity, words). */
export function decimal(text: string): number {
  const t = text.trim();
  return DECIMAL.test(t) ? Number(t) : NaN;
}

/**
 * A float as Java's Float.parseFloat reads a decimal one (YARN's Configuration.getFloat: a capacity, a user limit
 * factor): `decimal`'s forms, with Java's optional type suffix (f, F, d or D): "50f" is 50. Hex floats, NaN and Infinity
 * are NaN here, as `decimal` has them.
 */
export function javaFloat(text: string): number {
  const t = text.trim();
  return decimal(/^[^fFdD]+[fFdD]$/.test(t) ? t.slice(0, -1) : t);
}

/** The whole number `text` writes in decimal digits alone, around spaces ("07" is 7), or NaN: no sign, fraction or exponent. */
export function digits(text: string): number {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : NaN;
}
