/**
 * Loading plugin files (--plugin, or loadPlugins in the library API): each is an ES module that registers plugins
 * when imported (registerPolicy and the like, from hfsim). Code runs only from files named this way; a scenario
 * names registered plugins, never a path. A file that cannot load, or registers nothing, is bad input (exit 2).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gates, policies, preemptions, replications } from '../core/framework/builtins.js';
import { InputError, loadedPluginFiles } from './errors.js';

const registered = (): number => policies.names.length + gates.names.length + preemptions.names.length + replications.names.length;

/** The file URLs of `paths` (relative to the working directory), as workers import them. */
export const pluginUrls = (paths: readonly string[]): string[] => paths.map((p) => pathToFileURL(resolve(p)).href);

/** Imports each plugin file once, in order. */
export async function loadPlugins(paths: readonly string[]): Promise<void> {
  const urls = pluginUrls(paths);
  for (let i = 0; i < urls.length; i++) {
    const before = registered();
    // A module whose top-level await never settles leaves nothing to run: Node exits with 13 (set as exitCode
    // before the exit listeners run) and says nothing.
    const unsettled = (code: number): void => {
      if (code !== 13 && process.exitCode !== 13) return;
      process.stderr.write(`hfsim: --plugin ${paths[i]}: the module never finished loading (a top-level await that never settles)\n`);
      process.exitCode = 2;
    };
    process.on('exit', unsettled);
    try {
      await import(urls[i]);
    } catch (err) {
      throw new InputError(`--plugin ${paths[i]}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    } finally {
      process.off('exit', unsettled);
    }
    if (registered() === before && !loaded.has(urls[i])) {
      throw new InputError(`--plugin ${paths[i]}: registered no plugin (a plugin file calls registerPolicy, registerGate, registerPreemption or registerReplication from the hfsim it runs under)`);
    }
    if (!loaded.has(urls[i])) loadedPluginFiles.push(paths[i]);
    loaded.add(urls[i]);
  }
}

const loaded = new Set<string>();
