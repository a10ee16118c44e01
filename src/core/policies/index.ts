/** The built-in scheduling policies, registered under these names by framework/builtins.ts. */
import { capacity } from './capacity.js';
import { fair } from './fair.js';
import { fifo } from './fifo.js';
import { hfs } from './hfs.js';
import { offers } from './offers.js';
import { quincy } from '../quincy/policy.js';

export const BUILTIN_POLICIES = { fifo, fair, hfs, capacity, offers, quincy } as const;
