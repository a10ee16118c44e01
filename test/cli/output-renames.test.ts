/**
 * writeOutputs (src/cli/output.ts) replaces a command's files all or none, but its renames are one after another: one
 * the system refuses (EBUSY on a bind-mounted file, EPERM in a sticky folder) after another has been made leaves a
 * mix, and the message must say which. It said the later file was not written ("nor were the other outputs written:
 * a, c") when c had been replaced (the second review of session 53).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const OUTPUT = join(import.meta.dirname, '..', '..', 'dist', 'src', 'cli', 'output.js');

describe('writeOutputs, a rename refused after another was made', () => {
  it('names the files replaced and those left as they were', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-renames-'));
    for (const f of ['a', 'b', 'c']) writeFileSync(join(dir, f), `old-${f}\n`);
    // in a process of its own: the rename of b refused, as a bind mount refuses it
    const script = `import { createRequire } from 'node:module';
const fs = createRequire(import.meta.url)('fs');
const rename = fs.renameSync;
fs.renameSync = (from, to) => { if (to.endsWith('/b')) throw Object.assign(new Error('EBUSY: resource busy or locked, rename'), { code: 'EBUSY' }); return rename(from, to); };
const { writeOutputs } = await import(${JSON.stringify(OUTPUT)});
const d = ${JSON.stringify(dir)};
try { writeOutputs([[d + '/a', 'new-a\\n'], [d + '/b', 'new-b\\n'], [d + '/c', 'new-c\\n']]); } catch (e) { console.log(e.message); }`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const contents = Object.fromEntries(['a', 'b', 'c'].map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    // c, renamed first (the last first), is new; a and b are as they were; no temp file is left
    expect(contents).toEqual({ a: 'old-a\n', b: 'old-b\n', c: 'new-c\n' });
    expect(readdirSync(dir).sort()).toEqual(['a', 'b', 'c']);
    expect(r.stdout.trim()).toBe(`${dir}/b: not written (resource busy or locked); the file there is unchanged; nor were the other outputs written: ${dir}/a; ${dir}/c was replaced before it`);
  });
});
