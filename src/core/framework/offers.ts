/**
 * Extension point: resource offers (Mesos-style two-level scheduling). The cluster offers a node's free slots to a
 * framework, which takes some or declines them all; a declined offer goes to the next framework. Declared for the
 * offers issue: no scheduler path makes offers yet, and no plugin implements it.
 */
import type { NodeId } from '../topology.js';

export interface ResourceOffer {
  readonly node: NodeId;
  readonly freeMaps: number;
  readonly freeReduces: number;
  readonly nowMs: number;
}

/** Slots taken from an offer; both 0 declines it. */
export interface OfferReply {
  maps: number;
  reduces: number;
}

export interface OfferedFramework {
  readonly name: string;
  offer(offer: ResourceOffer): OfferReply;
}
