// Each training series' segment as the core will see it at forecast time: its intermittent test
// and its season key, under the base config and what the series' dates tell, as the forecast routes
// tell it (Forecaster.segmentOf). The tuning service and the tuning eval both segment this way.
import type { CoreConfig, Forecaster } from '@tempo-forecast/core';
import { seasonOptions, type DatePlan } from '../dates/index.js';

/** Per series: intermittent or not, and its season key; the `intermittent` and `seasons` inputs of tuneSegments. */
export function seriesSegments(core: Forecaster, series: ReadonlyArray<ArrayLike<number | null>>, base: CoreConfig,
  dates: ReadonlyArray<DatePlan> | undefined): { intermittent: boolean[]; seasons: number[] } {
  const found = series.map((s, i) => core.segmentOf(s, { config: base, ...(dates ? seasonOptions(dates[i], base.season_length) : {}) }));
  return { intermittent: found.map((f) => f.intermittent), seasons: found.map((f) => f.season) };
}
