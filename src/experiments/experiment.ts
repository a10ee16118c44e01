/**
 * An experiment of the papers as hfsim reproduces it: a sweep file (scenarios/experiments/), what the paper reports
 * (transcribed, with its place), and an analysis that turns the sweep's records into a figure, a table, the shapes
 * the paper reports (each checked against a threshold) and sentences on every difference, computed from the numbers.
 */
import type { PointRecord } from '../cli/sweep-aggregate.js';
import type { Sweep } from '../cli/sweep-file.js';

/** One mark of a figure: a category or number on x, a series, a mean and (simulated) its 95% interval over seeds. */
export interface FigurePoint {
  x: string | number;
  series: string;
  mean: number;
  lo?: number | null;
  hi?: number | null;
}

export interface Panel {
  title: string;
  points: FigurePoint[];
  /** Said in the panel when it has no points (a paper figure whose numbers are not in papers/). */
  note?: string;
}

/** The paper's figure beside the simulated one, on one y scale. */
export interface Figure {
  title: string;
  xTitle: string;
  yTitle: string;
  /** Bars by category, or lines over a number. */
  x: 'ordinal' | 'quantitative';
  /** y is a share, drawn as a percentage from 0 to 100%. */
  share?: boolean;
  /** y cannot be below 0 (a time): an interval a few seeds stretch below 0 is drawn from 0 (the table keeps it whole). */
  nonNegative?: boolean;
  paper: Panel;
  simulated: Panel;
}

/** A shape the papers report, checked: `holds` comes from a threshold on the simulated numbers, `detail` says which. */
export interface Check {
  shape: string;
  holds: boolean;
  detail: string;
}

export interface Analysis {
  figure: Figure;
  /** A table of the numbers behind the figure: a header row, then rows. */
  table: string[][];
  checks: Check[];
  /** One sentence per difference from the paper (computed from the numbers), with its likely cause. */
  differences: string[];
}

export interface Experiment {
  /** The file stem of its chart (experiments/<id>.svg) and the --only name. */
  id: string;
  title: string;
  /** The sweep file, relative to the repository root. */
  sweep: string;
  /** Where the paper reports it and what it reports, transcribed (page, section, figure). */
  paper: string;
  /** What --quick runs instead: fewer seeds, overrides that shrink the workload, and axes that replace the sweep's. */
  quick: { seeds: number[]; set?: Record<string, unknown>; axes?: Record<string, unknown[]> };
  /** A file that must exist for the experiment to run (a scenario another change adds); missing: reported as such. */
  requires?: string;
  analyze(records: readonly PointRecord[], sweep: Sweep): Analysis;
}
