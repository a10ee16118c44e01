import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { jobsScenario, scenario } from '../helpers.js';

// The invariants over every canonical scenario's whole run are checked in test/golden.test.ts, on the run that gives its golden digest.

describe('reduces', () => {
  it('a reduce cannot finish before its job\'s last map, and holds its slot through the copy phase', async () => {
    const s = scenario(jobsScenario({ tasks: { slowStart: 0 } }));
    const launches: Array<{ now: number; job: number; task: number }> = [];
    const finishes: Array<{ now: number; job: number; task: number }> = [];
    const r = await simulate(s, {
      observer: {
        launched: (now, _n, job, task) => launches.push({ now, job, task }),
        finished: (now, _n, job, task) => finishes.push({ now, job, task }),
      },
    });
    for (const job of [0, 1]) {
      const lastMap = Math.max(...finishes.filter((f) => f.job === job && f.task >= 0).map((f) => f.now));
      const reduceFinishes = finishes.filter((f) => f.job === job && f.task < 0);
      expect(reduceFinishes.length).toBe(r.jobs[job].reduces);
      for (const f of reduceFinishes) expect(f.now).toBeGreaterThan(lastMap);
      // slow start 0: reduces launch before the last map finishes (their slot is held while they copy)
      const firstReduce = Math.min(...launches.filter((l) => l.job === job && l.task < 0).map((l) => l.now));
      expect(firstReduce).toBeLessThan(lastMap);
    }
  });

  it('reduces wait for slow start', async () => {
    const s = scenario(jobsScenario({ tasks: { slowStart: 0.5 } }));
    const mapsDone = new Map<number, number>();
    let early = 0;
    await simulate(s, {
      observer: {
        finished: (_now, _n, job, task) => { if (task >= 0) mapsDone.set(job, (mapsDone.get(job) ?? 0) + 1); },
        launched: (_now, _n, job, task) => { if (task < 0 && (mapsDone.get(job) ?? 0) < Math.ceil(0.5 * (job === 0 ? 12 : 3))) early++; },
      },
    });
    expect(early).toBe(0);
  });

  // "offers" places maps through the framework's port (scheduler.ts's hb.maxMaps), not the walk's own cap.
  it.each(['fair', 'offers'])('assignMultiple off launches at most one map and one reduce per heartbeat (%s)', async (policy) => {
    const s = scenario(jobsScenario({ scheduler: { policy, assignMultiple: false } }));
    const perHeartbeat = new Map<string, { maps: number; reduces: number }>();
    await simulate(s, {
      observer: {
        launched: (now, node, _job, task) => {
          const k = `${now}:${node}`;
          const c = perHeartbeat.get(k) ?? { maps: 0, reduces: 0 };
          if (task >= 0) c.maps++; else c.reduces++;
          perHeartbeat.set(k, c);
        },
      },
    });
    const counts = [...perHeartbeat.values()];
    expect(Math.max(...counts.map((c) => c.maps))).toBe(1);
    expect(Math.max(...counts.map((c) => c.reduces))).toBe(1);
  });
});
