/**
 * The cases of a user's own scenario files (`hfsim bench --scenario`, with its --plugin files): one a variant, named
 * by file name and the variant's name as `hfsim run` gives it (a scenario without variants: its policy), so that two
 * reports compare case by case. Each file is read here, in bench's own process, by the code `hfsim run` reads it with
 * (the same refusals, exit 2), before any case runs; each case then runs warm in its own process, as a latency case does.
 */
import { realpathSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '../src/cli/errors.js';
import { loadScenario } from '../src/cli/load-scenario.js';
import { pluginSha256 } from '../src/cli/plugins.js';
import { type CaseSpec, WARM_RUNS } from './suites.js';

/**
 * The cases of `files`, in order, each variant in the scenario's order. `plugins` (the --plugin files, loaded already
 * by loadPluginFlags, so that a scenario may name what they register) are imported by every case's process. A name
 * the suite's cases (`suite`, its name and cases) or an earlier file's case has already is refused: a report holds
 * each name once.
 */
export function scenarioCases(files: readonly string[], plugins: readonly string[], suite: { name: string; cases: readonly CaseSpec[] }): CaseSpec[] {
  // A file given twice (by two paths) is one plugin, imported once, recorded once.
  const unique = plugins.filter((file, i) => plugins.findIndex((f) => realpathSync(f) === realpathSync(file)) === i);
  const own = { plugins: unique.map((file) => ({ file, sha256: pluginSha256(file) })) };
  const owner = new Map<string, string | undefined>(suite.cases.map((c) => [c.name, undefined])); // a name: its --scenario file, or the suite's
  const given = new Map<string, string>();
  const cases: CaseSpec[] = [];
  for (const file of files) {
    const loaded = loadScenario(file);
    // Each case's process reads the file again, by its real path (/dev/stdin redirected from a file: that file); a
    // pipe (/dev/stdin, <(...)) would be empty there, and every case fail.
    const real = regularFile(file);
    if (real === undefined) throw new InputError(`--scenario ${file}: not a regular file (a pipe or a device): each case's process reads it again; save it to a file first`);
    const twice = given.get(real);
    if (twice !== undefined) throw new InputError(`--scenario ${file}: given twice${twice === file ? '' : ` (as ${twice} before)`}`);
    given.set(real, file);
    for (const v of loaded.variants) {
      const name = `${basename(file)} / ${v.name}`;
      if (owner.has(name)) {
        const other = owner.get(name);
        throw new InputError(`--scenario ${file}: its case "${name}" has the name of a case of ${other === undefined ? `the ${suite.name} suite` : `--scenario ${other}`}: cases are named by file name and variant, so rename ${other === undefined ? 'the file (or leave --suite out)' : 'one of the files'}`);
      }
      owner.set(name, file);
      // The case's process runs in this folder, as hfsim run would (a plugin may read files relative to it); the
      // scenario by its real path (absolute: the child resolves a suite's files against the project root).
      cases.push({ name, group: 'own', file: real, variant: v.name, warmup: { runs: WARM_RUNS }, own });
    }
  }
  return cases;
}

/** The real path of `file` when it is a regular file; undefined for a pipe or a device (a pipe's link names no path). */
function regularFile(file: string): string | undefined {
  try {
    const real = realpathSync(file);
    return statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}
