/** A sweep's axes: a field path (or the variant) and its values; the points are their product with the seeds. */

/** The axis name that selects a variant of the base scenario. */
export const VARIANT_AXIS = 'variant';

export interface Axis {
  name: string;
  values: unknown[];
}

/** An axis whose every value is a finite number: one a chart can place on its x scale. */
export function isNumericAxis(axis: Axis): boolean {
  return axis.values.every((v) => typeof v === 'number' && Number.isFinite(v));
}
