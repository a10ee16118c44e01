#!/usr/bin/env node
/**
 * The hfsim bin. Before it loads the command line's modules (~0.1-0.3 s), a `run` of several variants side by side
 * starts its worker processes (src/cli/prestart.ts), so that they start while this process loads and reads the
 * scenario; then src/cli/program.ts runs the command.
 */
import { endQuietlyOnClosedPipes } from './closed-pipe.js';
import { dropPrestartedPool, prestartPool } from './prestart.js';
import { endDespitePluginTimers } from './errors.js';

prestartPool(process.argv.slice(2));
endQuietlyOnClosedPipes();
const { main } = await import('./program.js');
process.exitCode = await main(process.argv);
dropPrestartedPool();
endDespitePluginTimers();
