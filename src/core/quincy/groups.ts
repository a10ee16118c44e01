/**
 * Supply vertices of Quincy's graph: tasks that no solution can tell apart share one. Two waiting tasks of one job
 * whose inputs are on the same computers have the same arcs at the same costs (its unscheduled vertex, X, the same
 * racks and computers; a job's waiting cost is the same for all its tasks), so k of them are one vertex of supply k
 * whose arcs carry up to k: the programs have the same optimum (a flow of the plain program summed over the k tasks is
 * a flow of the aggregated one at the same cost; an integral flow of the aggregated one splits into k unit paths, one
 * per task, at the same cost). A running task (kills on) has its own arcs and is a vertex of its own. A Facebook
 * 'benchmark' job of 4,800 maps on 12 computers at replication 3 has at most C(12, 3) = 220 distinct input sets.
 */
import type { FlowTask } from './network.js';

export interface SupplyGroups {
  /** Supply vertices, in order of their first task. */
  count: number;
  /** Per vertex: its tasks (indices into the snapshot's tasks), in task order: members[start[v] .. start[v + 1]]. */
  start: Int32Array;
  members: Int32Array;
}

/** Groups `tasks` into supply vertices; with `aggregate` false, every task is a vertex of its own (the plain program). */
export function supplyGroups(tasks: readonly FlowTask[], aggregate: boolean): SupplyGroups {
  const lists: number[][] = [];
  const byKey = new Map<string, number[]>();
  tasks.forEach((t, i) => {
    if (!aggregate || t.runningOn >= 0) {
      lists.push([i]);
      return;
    }
    const key = `${t.job}/${t.waitedMs}/${[...t.nodes].sort((a, b) => a - b).join(',')}`;
    let list = byKey.get(key);
    if (list === undefined) {
      byKey.set(key, (list = []));
      lists.push(list);
    }
    list.push(i);
  });
  const start = new Int32Array(lists.length + 1);
  const members = new Int32Array(tasks.length);
  let k = 0;
  lists.forEach((list, v) => {
    start[v] = k;
    for (const i of list) members[k++] = i;
  });
  start[lists.length] = k;
  return { count: lists.length, start, members };
}
