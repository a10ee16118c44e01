/** The Facebook job-size bins of the Delay Scheduling paper (Table 2), and the bin of a job by its maps. */
export interface FacebookBin {
  bin: number;
  minMaps: number;
  maxMaps: number;
  /** Share of Facebook jobs, October 2009. */
  share: number;
  benchmarkMaps: number;
  benchmarkJobs: number;
}

/** The paper's Table 2 and its 100-job benchmark (bin 9 drawn up to 4,800 maps). */
export const FACEBOOK_BINS: readonly FacebookBin[] = [
  { bin: 1, minMaps: 1, maxMaps: 1, share: 0.39, benchmarkMaps: 1, benchmarkJobs: 38 },
  { bin: 2, minMaps: 2, maxMaps: 2, share: 0.16, benchmarkMaps: 2, benchmarkJobs: 16 },
  { bin: 3, minMaps: 3, maxMaps: 20, share: 0.14, benchmarkMaps: 10, benchmarkJobs: 14 },
  { bin: 4, minMaps: 21, maxMaps: 60, share: 0.09, benchmarkMaps: 50, benchmarkJobs: 8 },
  { bin: 5, minMaps: 61, maxMaps: 150, share: 0.06, benchmarkMaps: 100, benchmarkJobs: 6 },
  { bin: 6, minMaps: 151, maxMaps: 300, share: 0.06, benchmarkMaps: 200, benchmarkJobs: 6 },
  { bin: 7, minMaps: 301, maxMaps: 500, share: 0.04, benchmarkMaps: 400, benchmarkJobs: 4 },
  { bin: 8, minMaps: 501, maxMaps: 1500, share: 0.04, benchmarkMaps: 800, benchmarkJobs: 4 },
  { bin: 9, minMaps: 1501, maxMaps: 4800, share: 0.03, benchmarkMaps: 4800, benchmarkJobs: 4 },
];

/** The Facebook bin of a job with `maps` maps. */
export function binOf(maps: number): number {
  for (const b of FACEBOOK_BINS) if (maps <= b.maxMaps) return b.bin;
  return 9;
}
