// Weekly data's year is 52.18 weeks, not the 52 steps a seasonal model repeats: in the default
// ensemble, members see it through Fourier terms at its true length.
import { ModelForecast, usable, withComponent } from "../models/result";
import { etsModel } from "../models/ets/entry";
import { arimaModel } from "../models/arima/entry";
import { dotmModel } from "../models/theta/entry";
import { fourierSeason } from "../stats/fourier_season";
import { logSeasonalMeansP } from "../stats/seasonal_means";

/** The season length, in whole steps, that weekly data with a yearly cycle is given (detected or told). */
export const YEAR_OF_WEEKS_STEPS: i32 = 52;
/** A year in weeks. */
const YEAR_IN_WEEKS: f64 = 365.25 / 7.0;
/**
 * Most harmonic pairs the yearly shape may take (K by AICc below that). Up to 25 (half the period)
 * scored the same on the dev sample's weekly series at four origins and costs six times the sums.
 */
const MAX_HARMONICS: i32 = 10;
/**
 * Years the yearly shape is estimated over, the most recent ones: a shape drifts. On the dev
 * sample's weekly series (up to 44 years long) at four origins, three to six years scored alike and
 * better than the whole history, ten years or eight (CHANGELOG.md has the numbers).
 */
const SHAPE_YEARS: f64 = 4.0;
/** Significance at which the seasonal naive member may repeat last year: detection's level per lag. */
const YEAR_ALPHA: f64 = 0.01;

/** The series less its Fourier yearly component, and that component over the history and the h steps after it. */
export class YearOfWeeks {
  adjusted: Float64Array;
  season: Float64Array;
  /** whether the seasonal naive member may use the 52-week season (the seasonal-means test below) */
  snaiveSeasonal: bool;

  constructor(y: Float64Array, h: i32) {
    const n = y.length;
    this.season = fourierSeason(y, YEAR_IN_WEEKS, h, MAX_HARMONICS, SHAPE_YEARS);
    this.adjusted = new Float64Array(n);
    for (let t = 0; t < n; t++) this.adjusted[t] = y[t] - this.season[t];
    // the seasonal naive member cannot refuse a season the data do not carry, so it repeats last
    // year only when the seasonal-means F test (either form) shows one at 1%, as detection asks per lag
    this.snaiveSeasonal = logSeasonalMeansP(y, YEAR_OF_WEEKS_STEPS, true) < Math.log(YEAR_ALPHA);
  }

  /** `fc`, fitted to the adjusted series, with the yearly component put back (see withComponent). */
  private reseasoned(fc: ModelForecast): ModelForecast {
    return usable(fc) ? withComponent(fc, this.season, this.adjusted.length) : fc;
  }

  /** Dynamic optimised Theta of the series adjusted by the Fourier component instead of classical indices at 52 steps. */
  dotm(h: i32): ModelForecast {
    return this.reseasoned(dotmModel(this.adjusted, 1, h));
  }

  /**
   * ETS and ARIMA, each fitted without a season to the adjusted series (with K = 0: to the series
   * itself), pushed onto `fits` and their codes onto `codes` when usable: two more voices in the median.
   */
  extraMembers(h: i32, fits: Array<ModelForecast>, codes: Array<i32>): void {
    const a = this.reseasoned(etsModel(this.adjusted, 1, h));
    if (usable(a)) { fits.push(a); codes.push(a.code); }
    const b = this.reseasoned(arimaModel(this.adjusted, 1, h));
    if (usable(b)) { fits.push(b); codes.push(b.code); }
  }
}
