// What a run of any model reports back to the ABI layer.
import { ModelForecast } from "../models/result";

/** A finished forecast with the season length that was used and the component codes that ran. */
export class Outcome {
  constructor(public fc: ModelForecast, public season: i32, public codes: Array<i32>) {}
}
