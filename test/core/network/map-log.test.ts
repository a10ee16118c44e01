import { describe, expect, it } from 'vitest';
import { MapLog } from '../../../src/core/network/map-log.js';

describe('a rack\'s map log (map-log.ts)', () => {
  it('keeps each job\'s outputs by node in report order, growing past its first room', () => {
    const log = new MapLog();
    for (let k = 0; k < 20; k++) log.append(3, k % 4);
    log.append(5, 2);
    expect(log.length(3)).toBe(20);
    expect(Array.from({ length: 20 }, (_, k) => log.entries(3)[k])).toEqual(Array.from({ length: 20 }, (_, k) => k % 4));
    expect(log.length(5)).toBe(1);
    expect(log.entries(5)[0]).toBe(2);
    expect(log.length(7)).toBe(0);
    expect(log.entries(7)).toHaveLength(0);
  });

  it('a restore drops what was appended since the save, and only that', () => {
    const log = new MapLog();
    log.append(1, 0);
    log.append(1, 1);
    log.save();
    log.append(1, 2);
    log.append(2, 0);
    log.append(1, 3);
    log.restore();
    expect(log.length(1)).toBe(2);
    expect(log.length(2)).toBe(0);
    log.append(1, 4); // the restored log grows from the saved end
    expect(log.entries(1)[2]).toBe(4);
    log.restore(); // a restore also stands as a save of what it restored
    expect(log.length(1)).toBe(2);
    log.append(2, 6);
    log.save();
    log.restore();
    expect(log.length(2)).toBe(1);
  });
});

describe('a done job leaves the map log', () => {
  it('forget drops its entries, whether logged before the last save or since (the save that follows keeps it so)', () => {
    const log = new MapLog();
    log.append(1, 0);
    log.save();
    log.append(2, 3);
    log.forget(1);
    log.forget(2);
    log.forget(9); // never logged: nothing to do
    log.save();
    expect(log.jobs).toBe(0);
    expect(log.length(1)).toBe(0);
    log.restore();
    expect(log.jobs).toBe(0);
    expect(log.length(2)).toBe(0);
  });
});
