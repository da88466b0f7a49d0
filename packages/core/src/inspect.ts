// Host wrapper for the ETS family's extra exports: fit one named form, or run one likelihood pass.
// They live in the inspection build (build/tempo-inspect.wasm, see inspectWasmPath in ./node.ts),
// not in the shipped core. Portable like ./index.ts: no host-specific imports; the caller brings the .wasm bytes.
import { STATUS } from './abi.js';
import { instantiateCore, type ArenaExports } from './instantiate.js';

/** One fitted ETS form as `ets_fit_form` reports it (NaN for parameters the form lacks). */
export interface EtsFormFit {
  mean: number[];
  sd: number[];
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
  aicc: number;
  loglik: number;
  sigma2: number;
  nparams: number;
}

export interface EtsParamsIn {
  alpha: number;
  beta?: number;
  gamma?: number;
  phi?: number;
}

export interface Inspector {
  /** Fits the form named like "AAdM" (error, trend, season); null when the data do not admit it. */
  fitEtsForm(series: ArrayLike<number>, m: number, h: number, form: string): EtsFormFit | null;
  /** n·log Σε² (+2Σlog|ŷ|) for the form with these parameters and states [level, slope, s_0 … s_{1−m}]. */
  etsLoglik(series: ArrayLike<number>, m: number, form: string, params: EtsParamsIn, states: ArrayLike<number>): number;
  /** etsLoglik for several parameter vectors and states of one additive-error form in one batched pass; throws for other forms. */
  etsLoglikLanes(series: ArrayLike<number>, m: number, form: string, params: EtsParamsIn[], states: ArrayLike<number>[]): number[];
}

interface InspectExports extends ArenaExports {
  ets_fit_form(yPtr: number, n: number, m: number, h: number, error: number, trend: number, season: number,
    outPtr: number, paramsPtr: number): number;
  ets_loglik(yPtr: number, n: number, m: number, error: number, trend: number, season: number,
    alpha: number, beta: number, gamma: number, phi: number, statesPtr: number): number;
  ets_loglik_lanes(yPtr: number, n: number, m: number, error: number, trend: number, season: number,
    parPtr: number, statesPtr: number, lanes: number, outPtr: number): number;
}

const PARAM_SLOTS = 8;

/** Parses "AAdM" / "MNN" style names into the core's (error, trend, season) ids. */
export function parseEtsForm(form: string): [number, number, number] {
  const m = /^([AM])(N|A|Ad)([NAM])$/.exec(form);
  if (!m) throw new Error(`not an ETS form: "${form}" (expected e.g. "ANN", "AAdA", "MAM")`);
  const error = m[1] === 'A' ? 1 : 2;
  const trend = m[2] === 'N' ? 0 : m[2] === 'A' ? 1 : 2;
  const season = m[3] === 'N' ? 0 : m[3] === 'A' ? 1 : 2;
  return [error, trend, season];
}

/** Instantiates the inspection build from its bytes or module and returns the ETS inspection calls. */
export async function createInspector(source: BufferSource | WebAssembly.Module): Promise<Inspector> {
  const ex = await instantiateCore<InspectExports>(source);

  function fitEtsForm(series: ArrayLike<number>, m: number, h: number, form: string): EtsFormFit | null {
    const [error, trend, season] = parseEtsForm(form);
    const n = series.length;
    ex.reset();
    const yPtr = ex.alloc(n * 8);
    const outPtr = ex.alloc(2 * h * 8);
    const parPtr = ex.alloc(PARAM_SLOTS * 8);
    // views after the last alloc: a memory.grow detaches earlier ones
    new Float64Array(ex.memory.buffer, yPtr, n).set(series);
    const status = ex.ets_fit_form(yPtr, n, m, h, error, trend, season, outPtr, parPtr);
    if (status === STATUS.BAD_ARGUMENT) return null;
    if (status !== STATUS.OK) throw new Error(`ets_fit_form failed with status ${status}`);
    const out = new Float64Array(ex.memory.buffer, outPtr, 2 * h);
    const par = new Float64Array(ex.memory.buffer, parPtr, PARAM_SLOTS);
    return {
      mean: Array.from(out.subarray(0, h)),
      sd: Array.from(out.subarray(h, 2 * h)),
      alpha: par[0], beta: par[1], gamma: par[2], phi: par[3],
      aicc: par[4], loglik: par[5], sigma2: par[6], nparams: par[7],
    };
  }

  function etsLoglik(series: ArrayLike<number>, m: number, form: string, params: EtsParamsIn, states: ArrayLike<number>): number {
    const [error, trend, season] = parseEtsForm(form);
    const n = series.length;
    ex.reset();
    const yPtr = ex.alloc(n * 8);
    const slots = Math.max(2 + m, states.length);
    const sPtr = ex.alloc(slots * 8);
    const mem = ex.memory.buffer;
    new Float64Array(mem, yPtr, n).set(series);
    const st = new Float64Array(mem, sPtr, slots);
    st.fill(0);
    st.set(states);
    return ex.ets_loglik(yPtr, n, m, error, trend, season, params.alpha, params.beta ?? 0,
      params.gamma ?? 0, params.phi ?? 1, sPtr);
  }

  function etsLoglikLanes(series: ArrayLike<number>, m: number, form: string, params: EtsParamsIn[], states: ArrayLike<number>[]): number[] {
    const [error, trend, season] = parseEtsForm(form);
    const n = series.length, lanes = params.length;
    if (states.length !== lanes) throw new Error(`${lanes} parameter vectors but ${states.length} state vectors`);
    const stride = 2 + (season === 0 ? 1 : m);
    ex.reset();
    const yPtr = ex.alloc(n * 8);
    const parPtr = ex.alloc(lanes * 4 * 8);
    const sPtr = ex.alloc(lanes * stride * 8);
    const outPtr = ex.alloc(lanes * 8);
    const mem = ex.memory.buffer;
    new Float64Array(mem, yPtr, n).set(series);
    const par = new Float64Array(mem, parPtr, lanes * 4);
    const st = new Float64Array(mem, sPtr, lanes * stride);
    st.fill(0);
    for (let k = 0; k < lanes; k++) {
      const p = params[k];
      par.set([p.alpha, p.beta ?? 0, p.gamma ?? 0, p.phi ?? 1], 4 * k);
      st.set(Array.from(states[k]).slice(0, stride), stride * k);
    }
    const status = ex.ets_loglik_lanes(yPtr, n, m, error, trend, season, parPtr, sPtr, lanes, outPtr);
    if (status !== STATUS.OK) throw new Error(`ets_loglik_lanes refused ${form} (status ${status}): additive-error forms only`);
    return Array.from(new Float64Array(ex.memory.buffer, outPtr, lanes));
  }

  return { fitEtsForm, etsLoglik, etsLoglikLanes };
}
