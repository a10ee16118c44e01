/** Values as error messages show them (plugins' answers, bad arguments, sizes). */
/**
 * A value as a message shows it: a string or plain data as JSON, a number (NaN, Infinity) or any other primitive as
 * JavaScript prints it, a function or data JSON cannot write (a cycle, a bigint) by its kind.
 */
export function shownValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v !== 'object' || v === null) return typeof v === 'function' ? 'a function' : String(v);
  try {
    return JSON.stringify(v) ?? valueKind(v);
  } catch {
    return valueKind(v);
  }
}

/** Words as a sentence lists them: "a", "a and b", "a, b and c". */
export function andList(words: readonly string[]): string {
  return words.length <= 2 ? words.join(' and ') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A value as a message about its kind shows it: a function, an array or an object by its kind, else as shownValue. */
export function valueKind(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' && v !== null ? 'an object' : shownValue(v);
}

/** A type zod expects ("number", "array", "object"), as a message says it: "a number", "a list" (JSON's word), "an object". */
export function typeInWords(expected: string): string {
  if (expected === 'array') return 'a list';
  return `${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`;
}

/** A value's kind in words, a primitive's too: "a string", "a boolean", "undefined", "null"; an object's as valueKind. */
export function kindInWords(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  return typeof v === 'object' || typeof v === 'function' ? valueKind(v) : typeInWords(typeof v);
}

/**
 * A whole number with its thousands grouped by commas, as toLocaleString('en-US') writes it, without loading ICU's
 * locale data (about 11 ms at a process's first call: a module that formats at import paid it in every process).
 */
export function digitsGrouped(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`digitsGrouped: ${n} is not a whole number`);
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
