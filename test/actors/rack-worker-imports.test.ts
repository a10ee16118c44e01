/**
 * What a rack worker thread loads before its first epoch: the modules src/actors/rack-worker.ts imports at run time,
 * none of which may load zod (the scenario schema's library: importing it was about half of a worker's start-up,
 * 4.9 -> 2.7 s of CPU for 40 worker starts on the loaded 2-core machine once rack-links.ts stopped importing
 * network/config.ts for gbpsToMBps).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');
/** Value imports (not `import type`, not a clause of type names only) and their specifiers. */
const VALUE_IMPORT = /^\s*import\s+(?!type\s)([^;]*?)\s*from\s*['"]([^'"]+)['"]|^\s*export\s+(?!type\s)[^;]*?from\s*['"]([^'"]+)['"]/gm;

function loaded(entry: string): { modules: string[]; packages: Map<string, string> } {
  const modules: string[] = [];
  const packages = new Map<string, string>();
  const visit = (file: string): void => {
    if (modules.includes(file)) return;
    modules.push(file);
    for (const m of readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
      const clause = m[1]?.trim() ?? '';
      const braces = /^\{([\s\S]*)\}$/.exec(clause);
      if (braces && braces[1].split(',').map((s) => s.trim()).filter((s) => s !== '').every((n) => n.startsWith('type '))) continue;
      const spec = m[2] ?? m[3];
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.set(spec, file.slice(SRC.length + 1));
    }
  };
  visit(join(SRC, 'actors', 'rack-worker.ts'));
  return { modules, packages };
}

describe('a rack worker thread', () => {
  it('loads the rack model, the codec and the mailbox, and no zod', () => {
    const { modules, packages } = loaded(join(SRC, 'actors', 'rack-worker.ts'));
    const names = modules.map((m) => m.slice(SRC.length + 1));
    expect(names).toEqual(expect.arrayContaining(['actors/rack-actor.ts', 'messages/codec.ts', 'actors/mailbox.ts', 'core/network/rack-links.ts']));
    expect(packages.get('zod'), `zod, imported by ${packages.get('zod')}`).toBeUndefined();
  });
});
