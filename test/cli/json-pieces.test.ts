/**
 * Outputs in pieces: `hfsim run`'s result JSON (jsonPieces) and jobs CSV, byte for byte what one string gave, each
 * piece far below V8's longest string (a million-job trace's result passed it: "Invalid string length", exit 1).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/actors/simulate.js';
import { jobsCsv } from '../../src/cli/jobs-csv.js';
import { jsonPieces } from '../../src/cli/json-pieces.js';
import { variantsAtOnce } from '../../src/cli/run-variants.js';
import type { LoadedVariant } from '../../src/cli/load-scenario.js';

const stringified = (v: unknown): string => JSON.stringify(v, null, 2);

describe('jsonPieces', () => {
  it('joined, is JSON.stringify(v, null, 2) for random values, cut at any depth', () => {
    // undefined, functions and symbols in objects and arrays; toJSON that returns undefined, a value or an object
    // a review's: a function with a toJSON, a boxed string whose own toJSON must not be called again, an array with its
    // own slice, an Array subclass whose constructor takes no count
    class Row extends Array { constructor(label: string) { super(); this.push(label.toUpperCase()); } }
    const withSlice = Object.assign([1, 2, 3], { slice: () => ['hacked'] });
    const odd = fc.oneof(fc.constant(undefined), fc.constant(() => 1), fc.constant(Symbol('s')), fc.constant(NaN), fc.constant(-0),
      fc.constant(new Date(0)), fc.constant({ toJSON: () => undefined }), fc.constant({ toJSON: (k: string) => ({ key: k, a: [1, 'x\n'] }) }),
      fc.constant(Object.assign(() => 0, { toJSON: (k: string) => `fn ${k}` })), fc.constant(new Number(3)), fc.constant(Object.create(Number.prototype)),
      fc.constant({ toJSON: () => Object.assign(new String('x'), { toJSON: () => 'y' }) }), fc.constant(withSlice), fc.constant(new Row('r')),
      fc.constant(new Map([[1, 2]])), fc.constant(new Uint8Array([1, 2])), fc.constant('\u2028\u2029\ud800'));
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.string(), odd),
      tree: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('tree'), { maxLength: 6 }), fc.dictionary(fc.string(), tie('tree'), { maxKeys: 6 })),
    })).tree;
    fc.assert(fc.property(value, fc.integer({ min: 0, max: 4 }), (v, whole) => {
      const text = stringified(v);
      fc.pre(text !== undefined);
      const pieces = jsonPieces(v, whole);
      expect(pieces.join('')).toBe(text);
    }), { numRuns: 2000, seed: 1125 });
  });

  it('a wide object after a small element is still cut (it was counted only to what the run had left, and went whole)', () => {
    const wide = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]));
    for (const v of [[wide], [1, wide], ['x', 2, wide], [1, [wide]]]) {
      const pieces = jsonPieces(v);
      expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(2 << 20);
      expect(pieces.join('')).toBe(stringified(v));
    }
  });

  it('a bigint\'s toJSON is called with its own key, in an object and in a long array', () => {
    const proto = BigInt.prototype as unknown as { toJSON?: (k: string) => string };
    proto.toJSON = function (this: bigint, k: string) { return `${this}@${k}`; };
    try {
      const v = { a: 1n, list: Array.from({ length: 20_000 }, (_, i) => BigInt(i)) };
      expect(jsonPieces(v).join('')).toBe(stringified(v));
      expect(jsonPieces(v, 1).join('')).toBe(stringified(v));
    } finally {
      delete proto.toJSON;
    }
    expect(() => jsonPieces({ a: 1n })).toThrow(TypeError);
  });

  it('a value without JSON text is refused, as JSON.stringify gives none', () => {
    expect(() => jsonPieces(undefined)).toThrow(/no JSON text/);
    expect(() => jsonPieces({ toJSON: () => undefined })).toThrow(/no JSON text/);
  });

  it('a long array is cut into pieces of one to two million characters', () => {
    const row = { id: 1, name: 'x'.repeat(200), times: [1, 2, 3] };
    const jobs = Array.from({ length: 40_000 }, () => row);
    const result = { summary: { jobs: jobs.length }, jobs };
    const pieces = jsonPieces(result);
    expect(pieces.length).toBeGreaterThan(5);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(2 << 20); // a MB and a run of elements
    expect(pieces.join('')).toBe(stringified(result));
  });
});

describe('jobsCsv in pieces', () => {
  const job = (id: number) => ({ id, pool: 'p', type: 'io', bin: 1, maps: 2, reduces: 1, submitMs: id, finishMs: id + 5, responseMs: 5,
    nodeLocalMaps: 2, rackLocalMaps: 0, offRackMaps: 0 });
  const result = (variant: string, jobs: number, replication?: object) =>
    ({ variant, seed: 1, jobs: Array.from({ length: jobs }, (_, i) => job(i)), ...(replication && { replication }) }) as unknown as Result;

  it('one header, every job in order, across the pieces and the variants', () => {
    const pieces = jobsCsv([result('a', 150_000), result('b', 60_001)]);
    expect(pieces.length).toBe(3);
    const lines = pieces.join('').split('\n');
    expect(lines).toHaveLength(1 + 210_001 + 1); // the header, the rows, '' after the last newline
    expect(lines[0]).toMatch(/^variant,seed,id,/);
    expect(lines[150_000]).toMatch(/^a,1,149999,/);
    expect(lines[150_001]).toMatch(/^b,1,0,/);
    expect(lines.at(-2)).toMatch(/^b,1,60000,/);
    expect(lines.filter((l) => l.startsWith('variant,'))).toHaveLength(1);
  });

  it('no jobs: the header alone, with the replication column where a variant has a policy', () => {
    expect(jobsCsv([result('a', 0)]).join('')).toBe(jobsCsv([result('a', 1)]).join('').split('\n')[0] + '\n');
    expect(jobsCsv([result('a', 1), result('b', 1, {})]).join('').split('\n')[0]).toMatch(/,delayWaitMs$/);
  });
});

describe('many variants', () => {
  it('how many run at once is asked of 200,000 variants without a spread (Math.max(...sizes) overflowed the stack)', () => {
    const v = { name: 'v', scenario: { cluster: { racks: 1, nodesPerRack: 1 }, workload: { kind: 'facebook', jobs: 1 } } } as unknown as LoadedVariant;
    expect(variantsAtOnce(Array(200_000).fill(v), { parallel: 'auto' })).toBe(1);
  });
});
