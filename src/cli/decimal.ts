/**
 * What hfsim reads as a number in text it is given (configuration files, flags, the bench scripts' flags), around
 * what Java's trim removes, and the characters it keeps named in messages.
 */

/** A character named by its code point for a message, "U+00A0": one that prints as a space, or as nothing. */
export const codePoint = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A number as Hadoop's configuration files write one: decimal digits, an optional fraction and exponent, around
 * spaces. JavaScript's Number() also reads "0x10", "0b10" and "0o7", which Hadoop's parsers (Integer.parseInt,
 * Float.parseFloat) refuse: a weight of "0x10" ran as 16.
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * `text` less what Java's String.trim removes at each end, the characters up to U+0020 (spaces, tabs, newlines, other
 * controls), as Hadoop trims a value (getTrimmedTextData, Configuration.getTrimmed) and Double.parseDouble and
 * Float.parseFloat trim a number. JavaScript's trim removes more (U+00A0, U+FEFF, U+2028...), which Java keeps and
 * its number parsers refuse: `<weight>1.5\u00a0</weight>` ran as 1.5 where Hadoop refuses the file.
 */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/**
 * Why a value Hadoop refuses looked like a number: a space at an end that Java's trim keeps (said by its code point,
 * as it prints as a space or not at all), or '' when it has none.
 */
export function keptByJavaTrim(text: string): string {
  const t = javaTrim(text);
  // a space, or a character that prints as nothing or as a space: a control (U+007F, U+0085), a format character (U+FEFF)
  const kept = (c: string | undefined): string | undefined => (c !== undefined && (c.trim() === '' || /^[\p{Cc}\p{Cf}]$/u.test(c)) ? codePoint(c) : undefined);
  const chars = [...t]; // whole code points: U+E0001 at an end is two UTF-16 units
  const first = kept(chars.at(0));
  const last = chars.length > 1 ? kept(chars.at(-1)) : undefined;
  const where = [first === undefined ? '' : `begins with ${first}`, last === undefined ? '' : `ends in ${last}`].filter((w) => w !== '');
  if (where.length === 0) return '';
  return ` (it ${where.join(' and ')}, which Java's String.trim keeps, as Hadoop reads it: delete ${where.length > 1 ? 'them' : 'it'})`;
}

/** The number `text` writes in decimal around what Java trims, or NaN when it writes none (hex, binary, octal, Infinity, words). */
export function decimal(text: string): number {
  const t = javaTrim(text);
  return DECIMAL.test(t) ? Number(t) : NaN;
}

/**
 * A float as Java's Float.parseFloat reads a decimal one (YARN's Configuration.getFloat: a capacity, a user limit
 * factor): `decimal`'s forms, with Java's optional type suffix (f, F, d or D): "50f" is 50. Hex floats, NaN and Infinity
 * are NaN here, as `decimal` has them.
 */
export function javaFloat(text: string): number {
  const t = javaTrim(text);
  return decimal(/^[^fFdD]+[fFdD]$/.test(t) ? t.slice(0, -1) : t);
}

/**
 * An int as Hadoop's Configuration.getInt reads it around what Java trims: hexadecimal after "0x" or "0X" (a "-"
 * before it; getHexDigits, then Integer.parseInt(hex, 16)), else Integer.parseInt's digits after an optional sign;
 * -2^31 to 2^31 - 1; NaN otherwise ("1e1", "40.0" and "2147483648" throw in Java).
 */
export function javaInt(text: string): number {
  const t = javaTrim(text);
  const hex = /^(-?)0[xX]([+-]?)([0-9a-fA-F]+)$/.exec(t);
  let n = NaN;
  if (hex !== null) n = hex[1] !== '' && hex[2] !== '' ? NaN : Number.parseInt(`${hex[1] || hex[2]}${hex[3]}`, 16);
  else if (/^[+-]?\d+$/.test(t)) n = Number(t);
  return n >= -(2 ** 31) && n <= 2 ** 31 - 1 ? n : NaN;
}

/** The whole number `text` writes in decimal digits alone, around spaces ("07" is 7), or NaN: no sign, fraction or exponent. */
export function digits(text: string): number {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : NaN;
}
