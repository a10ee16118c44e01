/** YARN resource values as Hadoop 3's FairSchedulerConfiguration.parseResourceConfigValue reads them (yarn-resource.ts). */
import { describe, expect, it } from 'vitest';
import { parseYarnResource, resolveResource } from '../../src/cli/yarn-resource.js';

describe('the three forms, told apart as YARN tells them', () => {
  it('absolute, old form: any case and order; a decimal counts by its whole part', () => {
    expect(parseYarnResource('10240 mb, 10 vcores')).toEqual({ form: 'absolute', mb: 10240, vcores: 10 });
    expect(parseYarnResource(' 4 VCores,2048.9MB ')).toEqual({ form: 'absolute', mb: 2048, vcores: 4 });
  });

  it('absolute, old form: memory alone or vcores alone is refused, as YARN refuses it (TestFairSchedulerConfiguration.testOnlyMemory: "Missing resource: vcores"); it was read with no vcore cap', () => {
    expect(parseYarnResource('8192 mb')).toEqual({ error: 'must be "X mb, Y vcores", "memory-mb=X, vcores=Y" or a percentage ("50%", "50% memory, 60% cpu", "memory-mb=50%, vcores=60%"), not "8192 mb" (it gives no vcores: YARN refuses it, "Missing resource: vcores"; write "8192 mb, 8 vcores", or "memory-mb=8192", which leaves vcores out (unbounded in a max))' });
    expect(parseYarnResource('4 vcores')).toEqual({ error: expect.stringContaining('it gives no memory: YARN refuses it, "Missing resource: mb"') });
  });

  it('absolute, old form: "vcore" (singular) is refused, as YARN\'s findResource, which looks for "vcores", refuses it ("Missing resource: vcores"); it was read as vcores', () => {
    expect(parseYarnResource('2048 mb, 2 vcore')).toEqual({ error: expect.stringContaining('"2 vcore" is none of them: YARN reads "vcores", and without it refuses the value ("Missing resource: vcores")') });
    expect(parseYarnResource('1 VCore, 1024 mb')).toHaveProperty('error');
  });

  it('absolute, new form: a resource left out is not given (unbounded in a max, none in a min); names in their exact case, whole numbers', () => {
    expect(parseYarnResource('memory-mb=10240, vcores=10')).toEqual({ form: 'absolute', mb: 10240, vcores: 10 });
    expect(parseYarnResource('vcores=6')).toEqual({ form: 'absolute', vcores: 6 });
    expect(resolveResource({ form: 'absolute', vcores: 6 }, 400, Infinity)).toEqual({ mb: Infinity, vcores: 6 });
    expect(parseYarnResource('Memory-MB=1024')).toEqual({ error: expect.stringContaining('"Memory-MB" is no resource: YARN names them memory-mb and vcores, in that case') });
    expect(parseYarnResource('memory-mb=1024.5')).toEqual({ error: expect.stringContaining('"1024.5" is not a whole number of MB') });
    expect(parseYarnResource('memory-mb=1024, gpu=1')).toEqual({ error: expect.stringContaining('"gpu" is no resource') });
  });

  it('"X%" is that share of every resource; a single part is so whatever word follows it, as getResourcePercentage reads it', () => {
    expect(parseYarnResource('50%')).toEqual({ form: 'percent', memory: 0.5, vcores: 0.5 });
    expect(parseYarnResource(' 12.5 % ')).toEqual({ form: 'percent', memory: 0.125, vcores: 0.125 });
    expect(parseYarnResource('50% memory')).toEqual({ form: 'percent', memory: 0.5, vcores: 0.5 });
    expect(parseYarnResource('250%')).toEqual({ form: 'percent', memory: 2.5, vcores: 2.5 });
  });

  it('"X% memory, Y% cpu": each its own share, any case and order, both needed, "cpu" as Hadoop names it', () => {
    expect(parseYarnResource('60% CPU, 40% Memory')).toEqual({ form: 'percent', memory: 0.4, vcores: 0.6 });
    expect(parseYarnResource('40% memory, 60% vcores')).toEqual({ error: expect.stringContaining('"60% vcores" is not "X% memory" or "X% cpu": this form names vcores "cpu"') });
    expect(parseYarnResource('40% memory, 40% memory')).toEqual({ error: expect.stringContaining('memory is given twice') });
    expect(parseYarnResource('40% memory, 1024 mb')).toEqual({ error: expect.stringContaining('"1024 mb" is not "X% memory" or "X% cpu"') });
  });

  it('"memory-mb=X%, vcores=Y%": every value a percentage, a resource left out 100%', () => {
    expect(parseYarnResource('vcores=50%, memory-mb=60%')).toEqual({ form: 'percent', memory: 0.6, vcores: 0.5 });
    expect(parseYarnResource('memory-mb=25%')).toEqual({ form: 'percent', memory: 0.25, vcores: 1 });
    expect(parseYarnResource('memory-mb=25%, vcores=4')).toEqual({ error: expect.stringContaining('"4" is no percentage, and with one percentage every value must be one') });
  });

  it('refused: negative shares, empty values, stray words', () => {
    for (const bad of ['-5%', 'memory-mb=-5%', '', '   ', '50% junk', 'half', '50%%']) expect(parseYarnResource(bad)).toHaveProperty('error');
  });
});

describe('a percentage against the cluster, as ConfigurableResource.getResource computes it', () => {
  it('memory (long)(cluster MB x share), vcores (int)(cluster vcores x share): truncated in double arithmetic', () => {
    // 400 map slots = 409,600 MB and 400 vcores; 25% = 102,400 MB and 100 vcores.
    expect(resolveResource({ form: 'percent', memory: 0.25, vcores: 0.25 }, 400, Infinity)).toEqual({ mb: 102_400, vcores: 100 });
    // 29% of 100 slots: 0.29 x 102,400 is 29,695.999... in doubles, truncated to 29,695 MB; 0.29 x 100 to 28 vcores.
    expect(resolveResource({ form: 'percent', memory: 0.29, vcores: 0.29 }, 100, Infinity)).toEqual({ mb: 29_695, vcores: 28 });
  });
});
