/**
 * The registry with the built-in plugins in it: the policies fifo, fair, hfs and capacity; the gates none, skip and
 * wait; the preemption hfs; the replication policies static, dsbra and popular-small. Import the registry from here (the library API and the scenario schema do), so that
 * whoever reads it finds the built-ins registered.
 */
import { noDelayGate, skipGate, waitGate } from '../locality.js';
import { BUILTIN_POLICIES } from '../policies/index.js';
import { hfsPreemption } from '../preemption.js';
import { dsbraPlugin } from '../replication/dsbra.js';
import { popularSmallPlugin } from '../replication/popular-small.js';
import { staticPlugin } from '../replication/static.js';
import { gates, policies, preemptions, registerGate, registerPolicy, registerPreemption, registerReplication, replications } from './registry.js';
import { frozenCopy } from '../frozen.js';

/**
 * Whether `plugin`, as the registry gives it, is one of the plugins below: trusted with the run's scenario itself (a
 * user's plugin gets a frozen copy: plugins.ts). The registry holds frozen copies (registry.ts), so the definitions
 * themselves are not what a run is given: an identity set of them ran every built-in as a user's plugin, through the
 * checking proxies (fb2009-day's 2,000 jobs: 7.3 G instructions to 9.9 G, the same digest).
 */
export const isBuiltIn = (plugin: object): boolean => [policies, gates, preemptions, replications].some((registry) => registry.isBuiltIn(plugin));
/** What `plugin` is handed of the run's settings: `value` itself for a built-in, a frozen copy for a user's (one that set a field changed the run, silently). */
export const seenBy = <T>(plugin: object, value: T): T => (isBuiltIn(plugin) ? value : frozenCopy(value));
/** Whether `policy` names a registered policy that owns its pools' shares (PolicyPlugin.ownsPoolShares: capacity's). */
export const ownsPoolShares = (policy: unknown): policy is string => typeof policy === 'string' && policies.get(policy)?.ownsPoolShares === true;

for (const [name, plugin] of Object.entries(BUILTIN_POLICIES)) registerPolicy(name, plugin);
registerGate('none', noDelayGate);
registerGate('skip', skipGate);
registerGate('wait', waitGate);
registerPreemption('hfs', hfsPreemption);
registerReplication('static', staticPlugin);
registerReplication('dsbra', dsbraPlugin);
registerReplication('popular-small', popularSmallPlugin);
for (const registry of [policies, gates, preemptions, replications]) registry.markBuiltIns();

export { gates, policies, preemptions, replications, registerGate, registerPolicy, registerPreemption, registerReplication } from './registry.js';
