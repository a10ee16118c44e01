/**
 * The library audit's slip messages on odd plugins (a review's findings): a name check matching a word, not a part of
 * one; a getter or Proxy trap that throws while hfsim looks for a slip leaves the structural message; an export whose
 * properties throw is not taken for a plugin.
 */
import { describe, expect, it } from 'vitest';
import { sizeErrorLine } from '../../src/core/plugin-checks.js';
import { shapeProblem } from '../../src/core/plugin-members.js';
import { looksLikePlugin } from '../../src/cli/plugins.js';

describe('slips on odd plugins', () => {
  it('a size message names policy "a" only where it says policy a, not "policy allows"', () => {
    expect(sizeErrorLine('a', 'this policy allows at most 10 maps a job', {})).toBe('scheduler.policy "a": this policy allows at most 10 maps a job');
    expect(sizeErrorLine('a', 'policy a takes at most 10 maps a job', {})).toBe('scheduler.policy: policy a takes at most 10 maps a job');
  });

  it('a getter that throws while a slip is looked for leaves the structural message', () => {
    const odd = { get boom(): unknown { throw new Error('getter threw'); }, createQueu: () => ({}) };
    expect(shapeProblem(odd, { createQueue: 'function' }, 'create()')).toBe("create()'s createQueue is undefined, not a function");
    const trap = new Proxy({}, { ownKeys() { throw new Error('ownKeys trap'); } });
    expect(shapeProblem(trap, { createQueue: 'function' }, 'create()')).toBe("create()'s createQueue is undefined, not a function");
  });

  it('an export whose property read throws is not a plugin', () => {
    expect(looksLikePlugin(new Proxy({}, { get() { throw new Error('trap get'); } }))).toBe(false);
    expect(looksLikePlugin({ description: 'x', create: () => ({}) })).toBe(true);
  });
});
