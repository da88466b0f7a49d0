// Stepwise order search of Hyndman & Khandakar (2008, §3.2): start models, then ±1 moves by AICc.
import { ArimaSpec } from "./spec";
import { CssProblem } from "./css";
import { ArimaFit, FitWork, fitArma } from "./fit";

export const MAX_P: i32 = 5;
export const MAX_Q: i32 = 5;
export const MAX_SP: i32 = 2;
export const MAX_SQ: i32 = 2;
export const MAX_ORDER: i32 = 5;

/**
 * What the search may use: the differencing already chosen and which terms are allowed; with `nx`
 * regressors, the least-squares starting coefficients with and without the constant (`betaStart`,
 * `betaStartNoMean`) and the constant's (`meanStart`).
 */
export class SearchSettings {
  nx: i32 = 0;
  betaStart: Float64Array = new Float64Array(0);
  betaStartNoMean: Float64Array = new Float64Array(0);
  meanStart: f64 = 0.0;
  constructor(
    public d: i32, public D: i32, public m: i32,
    public seasonalTerms: bool, public allowMean: bool, public maxModels: i32,
  ) {}
}

class Search {
  visited: Array<i32> = new Array<i32>();
  best: ArimaFit | null = null;
  fits: i32 = 0;
  wMean: f64 = 0.0;

  constructor(public prob: CssProblem, public wk: FitWork, public cfg: SearchSettings) {
    const w = prob.w;
    let s = 0.0;
    for (let i = 0; i < w.length; i++) s += w[i];
    this.wMean = w.length > 0 ? s / <f64>w.length : 0.0;
    if (cfg.nx > 0) this.wMean = cfg.meanStart;
  }

  // Whether the orders are inside the search space and estimable from this many observations.
  allowed(p: i32, q: i32, P: i32, Q: i32, mean: bool): bool {
    const c = this.cfg;
    if (p < 0 || q < 0 || P < 0 || Q < 0) return false;
    if (p > MAX_P || q > MAX_Q || P > MAX_SP || Q > MAX_SQ || p + q + P + Q > MAX_ORDER) return false;
    if (!c.seasonalTerms && (P > 0 || Q > 0)) return false;
    if (mean && !c.allowMean) return false;
    const nW = this.prob.w.length;
    const k = p + q + P + Q + (mean ? 1 : 0) + c.nx + 1;
    if (p + P * c.m + q + Q * c.m >= nW) return false;
    return this.prob.nEff - k - 1 >= 1;
  }

  // The starting point: the current best model's coefficients where the orders overlap, zeros elsewhere.
  warmStart(spec: ArimaSpec): Float64Array {
    const x = new Float64Array(spec.nCoef);
    const b = this.best;
    if (b !== null) {
      const bs = b.spec;
      for (let i = 0; i < spec.p && i < bs.p; i++) x[i] = b.par[i];
      for (let i = 0; i < spec.q && i < bs.q; i++) x[spec.offTheta + i] = b.par[bs.offTheta + i];
      for (let i = 0; i < spec.P && i < bs.P; i++) x[spec.offSPhi + i] = b.par[bs.offSPhi + i];
      for (let i = 0; i < spec.Q && i < bs.Q; i++) x[spec.offSTheta + i] = b.par[bs.offSTheta + i];
      if (spec.mean) x[spec.offMean] = bs.mean ? b.par[bs.offMean] : this.wMean;
    } else if (spec.mean) {
      x[spec.offMean] = this.wMean;
    }
    const nx = this.cfg.nx;
    if (nx > 0) {
      const from = b !== null ? b.par.subarray(b.spec.offBeta, b.spec.offBeta + nx)
        : (spec.mean ? this.cfg.betaStart : this.cfg.betaStartNoMean);
      for (let j = 0; j < nx; j++) x[spec.offBeta + j] = from[j];
    }
    return x;
  }

  // Fits (p,q,P,Q,mean) unless already seen or not allowed; true when it became the best.
  tryModel(p: i32, q: i32, P: i32, Q: i32, mean: bool): bool {
    if (this.fits >= this.cfg.maxModels || !this.allowed(p, q, P, Q, mean)) return false;
    const c = this.cfg;
    const spec = new ArimaSpec(p, q, P, Q, mean, c.d, c.D, c.m, c.nx);
    const key = spec.key();
    for (let i = 0; i < this.visited.length; i++) if (this.visited[i] == key) return false;
    this.visited.push(key);
    this.fits++;
    const fit = fitArma(this.prob, this.wk, spec, this.warmStart(spec));
    if (!isFinite(fit.aicc)) return false;
    const b = this.best;
    if (b === null || fit.aicc < b.aicc - 1e-9) { this.best = fit; return true; }
    return false;
  }
}

/**
 * The AICc-best ARMA orders for the differenced series in `prob` by the stepwise search: four
 * start models (plus the no-constant white noise), then repeatedly the first ±1 change of p, q,
 * P, Q (singly or in pairs) or of the constant that lowers AICc. Null when no candidate fits.
 */
export function stepwiseSearch(prob: CssProblem, wk: FitWork, cfg: SearchSettings): ArimaFit | null {
  const s = new Search(prob, wk, cfg);
  const c = cfg.allowMean;
  const sp: i32 = cfg.seasonalTerms ? 1 : 0;
  s.tryModel(2, 2, sp, sp, c);
  s.tryModel(0, 0, 0, 0, c);
  s.tryModel(1, 0, sp, 0, c);
  s.tryModel(0, 1, 0, sp, c);
  if (c) s.tryModel(0, 0, 0, 0, false);
  // orders too large for a short series: the smallest non-trivial candidates still get a chance
  if (s.best === null) { s.tryModel(1, 0, 0, 0, c); s.tryModel(0, 1, 0, 0, c); }
  if (s.best === null) return null;
  while (s.fits < cfg.maxModels) {
    const b = s.best!.spec;
    const p = b.p, q = b.q, P = b.P, Q = b.Q, mn = b.mean;
    if (
      s.tryModel(p, q, P - 1, Q, mn) || s.tryModel(p, q, P + 1, Q, mn) ||
      s.tryModel(p, q, P, Q - 1, mn) || s.tryModel(p, q, P, Q + 1, mn) ||
      s.tryModel(p, q, P - 1, Q - 1, mn) || s.tryModel(p, q, P + 1, Q + 1, mn) ||
      s.tryModel(p, q, P - 1, Q + 1, mn) || s.tryModel(p, q, P + 1, Q - 1, mn) ||
      s.tryModel(p - 1, q, P, Q, mn) || s.tryModel(p + 1, q, P, Q, mn) ||
      s.tryModel(p, q - 1, P, Q, mn) || s.tryModel(p, q + 1, P, Q, mn) ||
      s.tryModel(p - 1, q - 1, P, Q, mn) || s.tryModel(p + 1, q + 1, P, Q, mn) ||
      s.tryModel(p - 1, q + 1, P, Q, mn) || s.tryModel(p + 1, q - 1, P, Q, mn) ||
      s.tryModel(p, q, P, Q, !mn)
    ) continue;
    break;
  }
  return s.best;
}

/**
 * The orders (p,q,P,Q) fitted as they are, with and without the constant where cfg allows one,
 * the better by AICc; null when neither is allowed or fits. A refit of a chosen model: no search.
 */
export function fitOrders(prob: CssProblem, wk: FitWork, cfg: SearchSettings, p: i32, q: i32, P: i32, Q: i32): ArimaFit | null {
  const s = new Search(prob, wk, cfg);
  s.tryModel(p, q, P, Q, false);
  if (cfg.allowMean) s.tryModel(p, q, P, Q, true);
  return s.best;
}

/** Exactly the orders (p,q,P,Q) and constant given, fitted as they are; null when not allowed or not fitted. */
export function fitSpec(prob: CssProblem, wk: FitWork, cfg: SearchSettings, p: i32, q: i32, P: i32, Q: i32, mean: bool): ArimaFit | null {
  const s = new Search(prob, wk, cfg);
  s.tryModel(p, q, P, Q, mean);
  return s.best;
}
