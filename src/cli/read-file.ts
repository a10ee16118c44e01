/** Reading an input file as text: a missing or unreadable file is bad input (one line, exit 2), named with what it is. */
import { readFileSync } from 'node:fs';
import { InputError } from './errors.js';

export function readTextFile(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(`${file}: cannot read ${what} (${code === 'ENOENT' ? 'no such file' : code ?? String(err)})`);
  }
}
