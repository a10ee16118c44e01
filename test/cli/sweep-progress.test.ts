/** `hfsim sweep`'s bar on a terminal: its ETA reads "-" until a point of this run ends, then the time left, hours whole. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SweepProgress, etaText, rateText } from '../../src/cli/sweep-progress.js';

function fakeTerminal() {
  const out: string[] = [];
  return { out, stream: { isTTY: true, columns: 120, write: (s: string) => { out.push(s); return true; } } };
}

/** The bar's lines drawn so far (each redraw starts at the line's first column). */
const drawn = (out: string[]): string[] => out.join('').split('\x1b[1G').slice(1).map((l) => l.replace(/\x1b\[0K[^]*$/, ''));

describe('SweepProgress on a terminal', () => {
  // a terminal that draws in place, whatever TERM the tests run under (a CI's may be dumb)
  beforeEach(() => {
    vi.stubEnv('TERM', 'xterm-256color');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('a resumed sweep reads no ETA before its first point ends (it read "ETA 0s"), then the time left in whole hours', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'performance'] });
    const { out, stream } = fakeTerminal();
    const progress = new SweepProgress(1000, 400, true, stream);
    expect(drawn(out).at(-1)).toMatch(/ 400\/1000 points \| - points\/s \| ETA -$/);
    vi.advanceTimersByTime(30 * 60_000); // the first point of this run: half an hour
    progress.tick();
    // 599 points left at one per 1800 s: 299.5 h (cli-progress's own read "99h30m")
    expect(drawn(out).at(-1)).toMatch(/ 401\/1000 points \| .* \| ETA 299h30m$/);
    progress.stop();
  });
});

describe('SweepProgress leaves the workers\' start-up out of its ETA', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * 96 points of 0.1 s a worker on `workers` workers (1 or 2, each ending a point every 0.1 s, together) that take 10
   * s to start: the plain lines' ETAs, as ticked.
   */
  function etas(workers: number): string[] {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'performance'] });
    const { out, stream } = fakeTerminal();
    const plain = { ...stream, isTTY: false };
    const progress = new SweepProgress(96, 0, true, plain, workers);
    vi.advanceTimersByTime(10_000);
    for (let k = 0; k < 96 / workers; k++) {
      vi.advanceTimersByTime(100);
      for (let w = 0; w < workers; w++) progress.tick();
    }
    progress.stop();
    return out.slice(1).map((l) => /ETA (\S+)$/.exec(l.trim())![1]);
  }

  it('on 2 workers: the start-up counts only until two points end after the first (it read 5m16s at 3 of 96, for 5 s of points left)', () => {
    const seen = etas(2);
    // the first two: from the start, erring long (95 points at 10.1 s a point, then 94 at 5.05 s)
    expect(seen.slice(0, 2)).toEqual(['16m00s', '7m55s']);
    // from the third on, the points since the first: 0.05 s a point, so 93 points left read 5s (it read 5m16s)
    expect(seen.slice(2, 5)).toEqual(['5s', '5s', '5s']);
    // and once the window has filled and moves (21 ends): 36 points left at 60 of 96, 1.8 s
    expect(seen[59]).toBe('2s');
  });

  it('on 1 worker: from the second point on, 0.1 s a point', () => {
    const seen = etas(1);
    expect(seen.slice(0, 3)).toEqual(['16m00s', '9s', '9s']); // 95 x 10.1 s; then 94 and 93 x 0.1 s
    expect(seen[59]).toBe('4s'); // 36 x 0.1 s, the window moving
  });
});

describe('SweepProgress counts a failed point as ended', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('in a log: the last line reaches the total and says how many failed (it ended at 2/4 with 2 points failed)', () => {
    const { out, stream } = fakeTerminal();
    const progress = new SweepProgress(4, 0, true, { ...stream, isTTY: false });
    progress.tick();
    progress.tick(true);
    progress.tick();
    progress.tick(true);
    progress.stop();
    expect(out).toHaveLength(5);
    expect(out[1]).toMatch(/^sweep: 1\/4 points, \S+ points\/s, ETA \S+\n$/);
    expect(out[2]).toMatch(/^sweep: 2\/4 points, 1 failed, \S+ points\/s, ETA \S+\n$/);
    expect(out[4]).toMatch(/^sweep: 4\/4 points, 2 failed, /);
  });

  it('on a terminal: the bar reaches the total, its failed points said beside it', () => {
    vi.stubEnv('TERM', 'xterm-256color');
    const { out, stream } = fakeTerminal();
    const progress = new SweepProgress(2, 0, true, stream);
    progress.tick(true);
    progress.tick();
    progress.stop();
    expect(drawn(out).at(-1)).toMatch(/ 2\/2 points \(1 failed\) \| /);
  });
});

describe('SweepProgress on a TERM=dumb terminal', () => {
  it('writes a log\'s plain lines, not the bar (its cursor moves showed as text, each redraw after the last)', () => {
    vi.stubEnv('TERM', 'dumb');
    try {
      const { out, stream } = fakeTerminal();
      const progress = new SweepProgress(2, 0, true, stream);
      progress.tick();
      progress.tick();
      progress.stop();
      expect(out.join('')).not.toContain('\x1b');
      expect(out[0]).toBe('sweep: 0/2 points done, running 2\n');
      expect(out).toHaveLength(3);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('etaText', () => {
  it('carries rounded seconds and minutes, and keeps every digit of the hours', () => {
    expect(etaText('0', false)).toBe('-');
    expect(etaText(12, false)).toBe('-');
    expect(etaText('INF', true)).toBe('-');
    expect(etaText('NULL', true)).toBe('-');
    expect(etaText(0, true)).toBe('0s');
    expect(etaText(58, true)).toBe('58s');
    expect(etaText(59.6, true)).toBe('1m00s');
    expect(etaText(3599, true)).toBe('59m59s'); // cli-progress: 59m60s
    expect(etaText(3599.6, true)).toBe('1h00m');
    expect(etaText(7170, true)).toBe('2h00m'); // 119.5 min rounds to 2 h, not "1h60m"
    expect(etaText(150 * 3600, true)).toBe('150h00m'); // cli-progress: 50h00m
  });
});

describe('rateText', () => {
  it('points a second, or seconds a point for points past 10 s (0.02 points/s read "0.00 points/s"); "-" before any', () => {
    expect(rateText(0, 12)).toBe('- points/s');
    expect(rateText(47, 20)).toBe('2.35 points/s');
    expect(rateText(1, 10)).toBe('0.10 points/s');
    expect(rateText(3, 144)).toBe('48 s/point');
    expect(rateText(1, 1800)).toBe('1800 s/point');
  });
});
