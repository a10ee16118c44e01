#!/usr/bin/env node
/**
 * The hfsim bin. Before it loads the command line's modules (~0.1-0.3 s), a `run` of several variants side by side
 * starts its worker processes (src/cli/prestart.ts), so that they start while this process loads and reads the
 * scenario; then src/cli/program.ts runs the command.
 */
import { endQuietlyOnClosedPipes } from './closed-pipe.js';
import { dropPrestartedPool, prestartPool } from './prestart.js';
import { loadedPluginFiles } from './errors.js';

prestartPool(process.argv.slice(2));
endQuietlyOnClosedPipes();
const { main } = await import('./program.js');
process.exitCode = await main(process.argv);
dropPrestartedPool();
// A plugin's own timer (a setInterval it never clears) kept the process alive once the command was done: end it then.
// Unref'd, so a process with nothing else to wait for ends on its own first.
if (loadedPluginFiles.length > 0) setTimeout(() => process.exit(), 1000).unref();
