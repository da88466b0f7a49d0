// What a run of any model reports back to the ABI layer.
import { ModelForecast } from "../models/result";
import { Selection } from "./regression";

/**
 * A finished forecast with the season length that was used and the component codes that ran;
 * `countIntervals`: bound it with quantiles of a count distribution instead of the normal;
 * `outer`: the second, longer seasonal period when two were decomposed (0 when one was used).
 */
export class Outcome {
  /** the regression the forecast used, when the caller gave regressors */
  regression: Selection | null = null;
  constructor(public fc: ModelForecast, public season: i32, public codes: Array<i32>, public countIntervals: bool = false,
    public outer: i32 = 0) {}
}
