/**
 * A bound on the tokens of a JSON input that jsonc-parser's scanner builds a character at a time: a run of spaces and
 * tabs (its trivia) and a string's escapes, each at most MAX_JSON_RUN (src/core/limits.ts). Checked before the text is
 * scanned, so that such a file is refused at its line rather than ending the process out of heap. And where a JSON
 * text's nesting passes MAX_JSON_DEPTH, so that it is refused at its line too.
 */
import { MAX_JSON_DEPTH, MAX_JSON_RUN } from '../core/limits.js';

/** Where a token of `text` passes `most` characters (or escapes), and what it is; undefined where none does. */
export function overlongRun(text: string, most = MAX_JSON_RUN): { offset: number; what: string } | undefined {
  if (text.length <= most) return undefined;
  let start = 0;
  let run = 0; // spaces and tabs in a row, outside strings
  let escapes = -1; // inside a string: its escapes so far; -1 outside one
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (escapes >= 0) {
      if (c === 0x5c) {
        if (++escapes > most) return { offset: start, what: `a string of more than ${most} escapes (\\n, \\", \\u0041 ...), the limit in one string (hfsim's JSON reader holds about 34 bytes an escape)` };
        i++;
      } else if (c === 0x22 || c === 0x0a || c === 0x0d) escapes = -1; // a line break ends it, as jsonc-parser reads it
    } else if (c === 0x20 || c === 0x09) {
      if (run++ === 0) start = i;
      if (run > most) return { offset: start, what: `a run of more than ${most} spaces and tabs, the limit in a row (hfsim's JSON reader holds about 34 bytes a character of one)` };
    } else {
      run = 0;
      if (c === 0x22) {
        escapes = 0;
        start = i;
      }
    }
  }
  return undefined;
}

/** The offset of the `[` or `{` of `text` (valid JSON) that opens a level past `most`; undefined where none does. */
export function overdeepOpening(text: string, most = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > most) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}
