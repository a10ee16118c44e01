/**
 * results.jsonl is read line by line in chunks and written line by line: as one string, a file past V8's longest
 * string (about 512 MB, a few hundred FB-2009-day points) failed at a long sweep's end, and no command read it again.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOutput } from '../../src/cli/output.js';
import { RESULTS, readRecords } from '../../src/cli/sweep-output.js';
import { tmp } from './sweep-helpers.js';

const CHUNK = 1 << 24; // the reader's chunk

describe('results.jsonl line by line', () => {
  it('lines longer than a chunk and lines across chunk ends read whole, in order; a cut last line is dropped, and cut off with repair', () => {
    const dir = tmp('lines');
    mkdirSync(dir, { recursive: true });
    const big = (id: string, n: number) => JSON.stringify({ id, pad: 'é'.repeat(n) }) + '\n'; // 2 bytes a character
    const lines = [big('a', 10), big('b', CHUNK / 2 - 20), big('c', CHUNK), big('d', 3), '\n', big('e', CHUNK / 2)];
    const cut = '{"id":"f","pad":"ab';
    writeFileSync(join(dir, RESULTS), lines.join('') + cut);
    const read = () => readRecords(dir).map((r) => [(r as unknown as { id: string }).id, (r as unknown as { pad: string }).pad.length]);
    expect(read()).toEqual([['a', 10], ['b', CHUNK / 2 - 20], ['c', CHUNK], ['d', 3], ['e', CHUNK / 2]]);
    const size = Buffer.byteLength(lines.join(''));
    expect(statSync(join(dir, RESULTS)).size).toBe(size + cut.length);
    readRecords(dir, true);
    expect(statSync(join(dir, RESULTS)).size).toBe(size);
  });

  it('an unreadable line is named by its number, past a chunk too', () => {
    const dir = tmp('bad-line');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, RESULTS), JSON.stringify({ id: 'a', pad: 'x'.repeat(CHUNK + 5) }) + '\n{"id": oops}\n');
    expect(() => readRecords(dir)).toThrow(`${join(dir, RESULTS)}:2: not a JSON result line`);
  });

  it('writeOutput takes pieces, written one after another', () => {
    const file = join(tmp('pieces'), 'r.jsonl');
    writeOutput(file, ['{"a":1}\n', '', '{"b":2}\n']);
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
  });
});
