// Regression with ARIMA errors (Hyndman & Athanasopoulos, FPP3 §10.1–10.2; FPP2 §9.1–9.2):
// y_t = Σ_j β_j x_{j,t} + η_t with η an ARIMA(p,d,q)(P,D,Q)_m process. The differencing is chosen
// on the residuals of the ordinary least-squares regression, then applied to y and to every
// regressor alike; the regression coefficients and the ARMA terms of the differenced errors are
// estimated together by conditional sum of squares, and the orders are searched by AICc as the
// plain ARIMA family does (search.ts). Forecasts: the error process continued by its own
// recursion plus the regression at the regressors' future values; intervals from the error model.
import { ModelForecast, noFit, withFitted } from "../result";
import { isConstant } from "../../numerics/checks";
import { olsFit, Basis } from "../../numerics/ols";
import { chooseDifferencing, differenceBy } from "./differencing";
import { CssProblem } from "./css";
import { ArimaFit, FitWork, aiccOf } from "./fit";
import { stepwiseSearch, fitSpec, SearchSettings } from "./search";
import { arimaForecast } from "./forecast";
import { ArimaSpec } from "./spec";
import { MAX_SEASONAL_TERMS_PERIOD } from "./entry";

// Upper bound on candidates the order search fits (as the plain family's).
const MAX_MODELS: i32 = 60;
/**
 * Above this many observations × (coefficients + 2)², estimating the coefficients inside every
 * candidate's least squares costs seconds (n = 10,000 with 50 regressors: minutes): the
 * coefficients are then estimated once, by least squares on the differenced data, and the orders
 * searched on what is left (the two-step estimator). 500,000 is 10,000 hourly values with 5.
 */
const JOINT_WORK_LIMIT: f64 = 5e5;

/**
 * A series and its candidate regressors on the fit's scale: y divided by max|y|, each column by
 * its largest absolute value over the history, the differencing chosen once and applied to all.
 * Fits on different subsets of the columns share the differenced series, so their AICc compare.
 */
export class RegressionData {
  z: Float64Array;
  scale: f64;
  season: i32;
  d: i32 = 0;
  D: i32 = 0;
  w: Float64Array = new Float64Array(0);
  burnIn: i32 = 0;
  seasonalTerms: bool = false;
  /** scaled columns (each n + however many future values the caller gave) and their scale factors */
  cols: Array<Float64Array> = new Array<Float64Array>();
  colScale: Array<f64> = new Array<f64>();
  /** the scaled columns differenced as w is (length w.length) */
  diffCols: Array<Float64Array> = new Array<Float64Array>();
  // buffers every fit on this data shares (the core's arena frees nothing until the call ends)
  private prob: CssProblem | null = null;
  private work: FitWork | null = null;
  private workColumns: i32 = -1;

  /**
   * `y` (n values, finite, not constant) and the columns the differencing is chosen with: the
   * residuals of y on them by least squares are tested (seasonal strength, then KPSS), as R's
   * auto.arima does with regressors. `m` is the season length (1 = none).
   */
  constructor(y: Float64Array, base: Array<Float64Array>, m: i32) {
    const n = y.length;
    let s = 0.0;
    for (let i = 0; i < n; i++) { const v = Math.abs(y[i]); if (v > s) s = v; }
    this.scale = s;
    this.z = new Float64Array(n);
    for (let i = 0; i < n; i++) this.z[i] = y[i] / s;
    this.season = m > 1 ? m : 1;
    for (let j = 0; j < base.length; j++) this.scaleColumn(base[j]);
    const fit = olsFit(this.z, this.cols, n, true);
    const diff = chooseDifferencing(fit.resid, this.season);
    const eff = differenceBy(this.z, this.season, diff.d, diff.D);
    this.d = eff.d; this.D = eff.D; this.w = eff.w;
    for (let j = 0; j < this.cols.length; j++) this.diffCols.push(this.differenced(this.cols[j]));
    this.seasonalTerms = this.season > 1 && this.season <= MAX_SEASONAL_TERMS_PERIOD && this.w.length >= 2 * this.season + 4;
    this.burnIn = this.seasonalTerms ? this.season : 0;
  }

  // adds a column brought to the fit's scale; returns its index
  private scaleColumn(col: Float64Array): i32 {
    const n = this.z.length;
    let s = 0.0;
    for (let t = 0; t < n; t++) { const v = Math.abs(col[t]); if (v > s) s = v; }
    if (!(s > 0.0)) s = 1.0;
    const c = new Float64Array(col.length);
    for (let t = 0; t < col.length; t++) c[t] = col[t] / s;
    this.cols.push(c);
    this.colScale.push(s);
    return this.cols.length - 1;
  }

  private differenced(col: Float64Array): Float64Array {
    return differenceBy(col.subarray(0, this.z.length), this.season, this.d, this.D).w;
  }

  /** Adds a candidate column (n + future values) after the differencing was chosen; returns its index. */
  addColumn(col: Float64Array): i32 {
    const j = this.scaleColumn(col);
    this.diffCols.push(this.differenced(this.cols[j]));
    return j;
  }

  /** Number of observations the order search scores. */
  get nEff(): i32 { return this.w.length - this.burnIn; }

  /** The conditional-sum-of-squares problem of this data, made once and shared by its fits. */
  problem(): CssProblem {
    if (this.prob === null) this.prob = new CssProblem(this.w, this.burnIn);
    return this.prob!;
  }

  /** Least-squares buffers for fits with up to `columns` regression coefficients, made once (again only to grow). */
  fitWork(columns: i32): FitWork {
    if (this.work === null || columns > this.workColumns) {
      this.work = new FitWork(this.nEff, columns);
      this.workColumns = columns;
    }
    return this.work!;
  }

  /** Whether estimating `columns` coefficients with the ARMA terms is cheap enough (JOINT_WORK_LIMIT). */
  jointAffordable(columns: i32): bool {
    const k = <f64>(columns + 2);
    return <f64>this.nEff * k * k <= JOINT_WORK_LIMIT;
  }
}

/** A fitted regression with ARIMA errors on a subset of a RegressionData's columns. */
export class RegressionArima {
  constructor(
    public data: RegressionData,
    /** the columns used (indices into data.cols), in the order of the coefficients */
    public use: Array<i32>,
    public spec: ArimaSpec,
    public par: Float64Array,
    public sigma2: f64,
    public aicc: f64,
    /** innovations of the differenced errors at the estimates (length w.length) */
    public resid: Float64Array,
  ) {}

  /** The coefficient of used column i, in units of y per unit of the column as given. */
  coef(i: i32): f64 {
    return this.par[this.spec.offBeta + i] * this.data.scale / this.data.colScale[this.use[i]];
  }

  /** Σ_j β_j·x_{j,t} on the fit's scale at row t of the columns. */
  private effectScaled(t: i32): f64 {
    let v = 0.0;
    for (let i = 0; i < this.use.length; i++) v += this.par[this.spec.offBeta + i] * this.data.cols[this.use[i]][t];
    return v;
  }

  /** The regression part Σ_j β_j·x_{j,t} in units of y, for rows from..from+count of the columns. */
  effect(from: i32, count: i32): Float64Array {
    const out = new Float64Array(count);
    for (let i = 0; i < count; i++) out[i] = this.effectScaled(from + i) * this.data.scale;
    return out;
  }

  /**
   * The forecast of the h values after the series: the error process continued by its ARIMA
   * recursion plus the regression at the columns' rows n..n+h−1 (every column must hold them);
   * sd from the error model's ψ weights. With the one-step in-sample predictions.
   */
  forecast(h: i32): ModelForecast {
    const data = this.data, z = data.z, n = z.length, scale = data.scale;
    const eta = new Float64Array(n);
    for (let t = 0; t < n; t++) eta[t] = z[t] - this.effectScaled(t);
    const path = arimaForecast(eta, this.spec, this.par, this.resid, this.sigma2, h);
    const mean = path.mean, sd = path.sd;
    for (let i = 0; i < h; i++) {
      mean[i] = (mean[i] + this.effectScaled(n + i)) * scale;
      sd[i] *= scale;
    }
    // ŷ_t = y_t − e_t: the innovation of the differenced errors is that of y
    const fitted = noFit(n);
    const off = n - this.resid.length;
    const skip = data.burnIn > this.spec.arDegree ? data.burnIn : this.spec.arDegree;
    for (let t = skip; t < this.resid.length; t++) fitted[off + t] = (z[off + t] - this.resid[t]) * scale;
    return withFitted(new ModelForecast(mean, sd, this.spec.code()), fitted);
  }
}

/**
 * Fits the regression with ARIMA errors on the columns `use` of `data`: the orders by the stepwise
 * AICc search, or exactly the orders and constant of `orders` when given. Columns that are
 * collinear once differenced (with each other or the constant) must have been removed by the
 * caller (see `differencedKept`). Null when no candidate can be estimated from this many
 * observations.
 */
export function fitRegressionOn(data: RegressionData, use: Array<i32>, orders: ArimaSpec | null = null): RegressionArima | null {
  const w = data.w;
  if (data.nEff < 3) return null;
  const nx = use.length;
  const dcols = new Array<Float64Array>();
  for (let i = 0; i < nx; i++) dcols.push(data.diffCols[use[i]]);
  if (!data.jointAffordable(nx)) return twoStep(data, use, dcols);
  const allowMean = data.d + data.D <= 1;
  const prob = data.problem();
  prob.setRegressors(dcols);
  const wk = data.fitWork(nx);
  const cfg = new SearchSettings(data.d, data.D, data.season, data.seasonalTerms, allowMean, MAX_MODELS);
  cfg.nx = nx;
  // least squares of the differenced data starts every candidate's coefficients
  const withMean = olsFit(w, dcols, w.length, true);
  cfg.meanStart = withMean.coef[0];
  cfg.betaStart = withMean.coef.subarray(1);
  cfg.betaStartNoMean = olsFit(w, dcols, w.length, false).coef;
  let best: ArimaFit | null;
  if (orders !== null) {
    best = fitSpec(prob, wk, cfg, orders.p, orders.q, data.seasonalTerms ? orders.P : 0, data.seasonalTerms ? orders.Q : 0, orders.mean && allowMean);
  } else {
    best = stepwiseSearch(prob, wk, cfg);
  }
  if (best === null) return null;
  const spec = best.spec;
  const k = spec.nCoef;
  const sigma2 = best.ssr / <f64>(prob.nEff > k ? prob.nEff - k : prob.nEff);
  prob.spec = spec;
  prob.ssr(best.par, new Float64Array(0));
  // the problem's buffers serve the next fit: the innovations are kept as a copy
  return new RegressionArima(data, use, spec, best.par, sigma2, best.aicc, prob.e.slice(0));
}

/**
 * The two-step estimator for a large problem (see JOINT_WORK_LIMIT): the coefficients by least
 * squares of the differenced series on the differenced columns (and the constant where the
 * differencing allows one), then the orders searched by AICc on what they leave, the
 * coefficients counted in AICc and in σ²'s degrees of freedom.
 */
function twoStep(data: RegressionData, use: Array<i32>, dcols: Array<Float64Array>): RegressionArima | null {
  const w = data.w, n = w.length, nx = use.length;
  const allowMean = data.d + data.D <= 1;
  const ls = olsFit(w, dcols, n, allowMean);
  const lead = allowMean ? 1 : 0;
  const rest = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    let v = w[t];
    for (let i = 0; i < nx; i++) v -= ls.coef[lead + i] * dcols[i][t];
    rest[t] = v;
  }
  const prob = new CssProblem(rest, data.burnIn);
  const cfg = new SearchSettings(data.d, data.D, data.season, data.seasonalTerms, allowMean, MAX_MODELS);
  const best = stepwiseSearch(prob, data.fitWork(0), cfg);
  if (best === null) return null;
  const s0 = best.spec;
  const spec = new ArimaSpec(s0.p, s0.q, s0.P, s0.Q, s0.mean, s0.d, s0.D, s0.m, nx);
  const par = new Float64Array(spec.nCoef);
  for (let i = 0; i < s0.nCoef; i++) par[i] = best.par[i];
  for (let i = 0; i < nx; i++) par[spec.offBeta + i] = ls.coef[lead + i];
  const k = spec.nCoef;
  const sigma2 = best.ssr / <f64>(prob.nEff > k ? prob.nEff - k : prob.nEff);
  prob.spec = s0;
  prob.ssr(best.par, new Float64Array(0));
  return new RegressionArima(data, use, spec, par, sigma2, aiccOf(best.ssr, prob.nEff, k), prob.e);
}

/**
 * The columns of `use` that stay linearly independent of the constant and of each other once
 * differenced (in order: a later column that repeats earlier ones is left out), and, when `dropped`
 * is given, the left-out ones pushed to it.
 */
export function differencedKept(data: RegressionData, use: Array<i32>, dropped: Array<i32> | null = null): Array<i32> {
  const basis = differencedBasis(data, new Array<i32>());
  const kept = new Array<i32>();
  for (let i = 0; i < use.length; i++) {
    if (basis.add(data.diffCols[use[i]])) kept.push(use[i]);
    else if (dropped !== null) dropped.push(use[i]);
  }
  return kept;
}

/** An orthonormal basis of the constant and the differenced columns `use` of `data` (each independent of those before it). */
export function differencedBasis(data: RegressionData, use: Array<i32>): Basis {
  const basis = new Basis(data.w.length, true);
  for (let i = 0; i < use.length; i++) basis.add(data.diffCols[use[i]]);
  return basis;
}

/**
 * Regression with ARIMA errors of `y` (n finite values, gap-free) on `cols` (each at least n values:
 * the history, then any known future values), season length `m` (1 = none): differencing, orders and
 * coefficients chosen automatically. Columns collinear with the constant or with earlier columns
 * (after differencing) get no coefficient. Null when y is constant or too short. The reusable
 * entry point: `fit.forecast(h)` needs n + h values in every column; `fit.coef(i)` is the i-th used
 * column's coefficient.
 */
export function fitRegressionArima(y: Float64Array, cols: Array<Float64Array>, m: i32): RegressionArima | null {
  const n = y.length;
  if (n < 3) return null;
  let s = 0.0;
  for (let i = 0; i < n; i++) { const v = Math.abs(y[i]); if (v > s) s = v; }
  if (!isFinite(s) || isConstant(y, 1e-13 * s)) return null;
  const data = new RegressionData(y, cols, m);
  const all = new Array<i32>();
  for (let j = 0; j < cols.length; j++) all.push(j);
  return fitRegressionOn(data, differencedKept(data, all));
}
