/**
 * Where a sweep's time goes (bench/sweep.js prints it): the workers' time (workers x wall) split four ways, which
 * add up to it exactly: before each worker's first point (the sweep's set-up, the worker's start and the first
 * hand-over), in points, between points (answer, hand-over), and after each worker's last point (the idle tail, the
 * log's last sync, the aggregates, the workers' exit). Beside it: points' mean times by their place in their
 * worker's life (a cold JIT shows in the first), the hand-over each way, and the end's steps.
 */
import type { SweepTimings } from '../src/cli/sweep-run.js';

export interface SweepPhases {
  wallMs: number;
  workers: number;
  /** Worker-ms before the first point, in points, between points, and after the last (sum: workers x wall). */
  beforeMs: number;
  pointsMs: number;
  betweenMs: number;
  afterMs: number;
  /** Set-up before the pool starts; the last worker ready (after the pool started). */
  setupMs: number;
  readyMs: number;
  /** Mean point time of each worker's 1st, 2nd, 3rd and later points. */
  byNthMs: number[];
  /** Mean ms from a point's hand-over to its start on its worker (2nd and later points), and from its end to its answer read here. */
  sendMs: number;
  answerMs: number;
  /** This thread's ms per point recording and logging it. */
  mainMs: number;
  /** From the first worker's last point's end to the last answer; then the log's sync, the aggregates, the workers' exit. */
  tailMs: number;
  syncMs: number;
  finalizeMs: number;
  closeMs: number;
}

const mean = (xs: readonly number[]): number => xs.length === 0 ? NaN : xs.reduce((a, x) => a + x, 0) / xs.length;

export function sweepPhases(t: SweepTimings): SweepPhases {
  const workers = new Map<number, typeof t.points>();
  for (const p of t.points) workers.set(p.worker, [...(workers.get(p.worker) ?? []), p]);
  let beforeMs = 0;
  let pointsMs = 0;
  let betweenMs = 0;
  let afterMs = 0;
  const lastEnds: number[] = [];
  for (const points of workers.values()) {
    points.sort((a, b) => a.startedAt - b.startedAt);
    beforeMs += points[0].startedAt - t.startedAt;
    for (let i = 0; i < points.length; i++) {
      pointsMs += points[i].endedAt - points[i].startedAt;
      if (i > 0) betweenMs += points[i].startedAt - points[i - 1].endedAt;
    }
    const last = points[points.length - 1].endedAt;
    lastEnds.push(last);
    afterMs += t.closedAt - last;
  }
  const byNth = [1, 2, 3, 4].map((n) => mean(t.points.filter((p) => (n < 4 ? p.nth === n : p.nth >= n)).map((p) => p.endedAt - p.startedAt)));
  const later = t.points.filter((p) => p.nth > 1);
  return {
    wallMs: t.closedAt - t.startedAt,
    workers: workers.size,
    beforeMs, pointsMs, betweenMs, afterMs,
    setupMs: t.poolAt - t.startedAt,
    readyMs: Math.max(...t.workers.map((w) => (w.readyAt ?? NaN) - t.poolAt)),
    byNthMs: byNth,
    sendMs: mean(later.map((p) => p.startedAt - p.sentAt)),
    answerMs: mean(t.points.map((p) => p.receivedAt - p.endedAt)),
    mainMs: mean(t.points.map((p) => p.mainMs)),
    tailMs: t.answeredAt - Math.min(...lastEnds),
    syncMs: t.loggedAt - t.answeredAt,
    finalizeMs: t.finalizedAt - t.loggedAt,
    closeMs: t.closedAt - t.finalizedAt,
  };
}

/** One line per run: the four shares of the workers' time, and the details. */
export function phasesLine(p: SweepPhases): string {
  const cap = p.workers * p.wallMs;
  const pct = (x: number): string => `${Math.round(100 * x / cap)}%`;
  const ms = (x: number): string => Number.isNaN(x) ? '-' : x.toFixed(x < 10 ? 1 : 0);
  return `worker time ${(cap / 1000).toFixed(1)} s: before first point ${pct(p.beforeMs)} (set-up ${ms(p.setupMs)} ms, last worker ready ${ms(p.readyMs)} ms), `
    + `points ${pct(p.pointsMs)} (1st/2nd/3rd/later ${p.byNthMs.map(ms).join('/')} ms), between ${pct(p.betweenMs)} (send ${ms(p.sendMs)}, answer ${ms(p.answerMs)}, main ${ms(p.mainMs)} ms a point), `
    + `after last ${pct(p.afterMs)} (tail ${ms(p.tailMs)}, sync ${ms(p.syncMs)}, aggregates ${ms(p.finalizeMs)}, exit ${ms(p.closeMs)} ms)`;
}
