/**
 * Extension point: resource offers (Nexus/Mesos-style two-level scheduling, SPEC.md 3.9). The master offers a
 * node's free map slots to frameworks one at a time, in fair order; a framework takes some through the launch port or
 * declines them all, and what is left goes to the next. The offers policy (policies/offers.ts) makes frameworks of
 * jobs or of pools; each runs delay scheduling inside itself, so declining is how it waits for locality.
 */
import type { LaunchPort, MapSlots } from './map-assignment.js';

export interface OfferedFramework {
  readonly name: string;
  /** Offered `port.free` slots on `slots.node`: launches what it takes through `port`; returns the slots taken (0: it declined). */
  offer(slots: MapSlots, port: LaunchPort): number;
}
