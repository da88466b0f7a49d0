// The one table of models: what a host may ask for (id, name), which ensemble member bit runs it,
// and the component codes the core reports. Adding a model is one row here plus its entry function;
// host constants, the config schema and the ABI tables in assembly/README.md are generated from it
// (scripts/gen-registry.js), and a test checks the generated file against this table.
import { ModelForecast } from "./result";
import { snaiveModel, driftModel, naive2Model, naiveModel } from "./baseline/entry";
import { etsModel, dampedModel } from "./ets/entry";
import { thetaModel, otmModel, dotmModel } from "./theta/entry";
import { arimaModel } from "./arima/entry";
import { sbaModel } from "./intermittent/croston_sba";
import { tsbModel } from "./intermittent/tsb";
import { adidaModel } from "./intermittent/adida";
import { imapaModel } from "./intermittent/imapa";
import {
  CODE_ETS_BASE, CODE_THETA, CODE_OTM, CODE_DOTM, CODE_NAIVE, CODE_SNAIVE, CODE_DRIFT, CODE_NAIVE2,
  CODE_CONSTANT, CODE_ARIMA_BASE, CODE_ARIMA_SPAN, CODE_SBA, CODE_TSB, CODE_ADIDA, CODE_IMAPA,
} from "./codes";

/** How a single model runs: a gap-free series, its season length and the horizon in; a forecast out. */
export type ModelEntry = (y: Float64Array, m: i32, h: i32) => ModelForecast;

/**
 * One model: its id and name, its bit in the ensemble's `members` argument (0 = not a member),
 * what it is in a few words, and its entry (null = the ensemble, which the pipeline runs itself).
 */
export class ModelRow {
  constructor(public id: i32, public name: string, public member: i32, public title: string, public entry: ModelEntry | null) {}
}

/** One component code (or a family of `span` codes from `code`), the name hosts report for it, and what it is. */
export class CodeRow {
  constructor(public code: i32, public span: i32, public name: string, public title: string) {}
}

/** Id of the `tempo` ensemble, the only row without an entry of its own. */
export const MODEL_TEMPO: i32 = 0;

/**
 * Every model the core runs. Ids and member bits are ABI: never reuse a retired one (11 and bit 64
 * were `ces`). Built on each call, not held in a global: the host's arena reset after every call
 * would reclaim a table allocated once at start-up.
 */
export function models(): StaticArray<ModelRow> {
  return [
    new ModelRow(MODEL_TEMPO, "tempo", 0, "the default ensemble (see `assembly/pipeline/tempo.ts`)", null),
    new ModelRow(1, "ets", 1 << 0, "ETS, form chosen by AICc", etsModel),
    new ModelRow(2, "theta", 1 << 1, "standard Theta", thetaModel),
    new ModelRow(3, "otm", 1 << 2, "optimised Theta", otmModel),
    new ModelRow(4, "dotm", 1 << 3, "dynamic optimised Theta", dotmModel),
    new ModelRow(5, "naive", 1 << 8, "last value", naiveModel),
    new ModelRow(6, "snaive", 1 << 7, "seasonal naive", snaiveModel),
    new ModelRow(7, "drift", 0, "random walk with drift", driftModel),
    new ModelRow(8, "naive2", 0, "M4 Naive2", naive2Model),
    new ModelRow(9, "damped", 1 << 4, "ETS with damped trend", dampedModel),
    new ModelRow(10, "arima", 1 << 5, "automatic ARIMA", arimaModel),
    new ModelRow(12, "sba", 1 << 9, "Croston with the SBA correction (intermittent demand)", sbaModel),
    new ModelRow(13, "tsb", 1 << 10, "TSB: demand probability and size smoothed apart (intermittent demand)", tsbModel),
    new ModelRow(14, "adida", 1 << 11, "ADIDA: SES on demand aggregated over the mean interval (intermittent demand)", adidaModel),
    new ModelRow(15, "imapa", 1 << 12, "IMAPA: ADIDA averaged over aggregation levels (intermittent demand)", imapaModel),
  ];
}

/** Every component code the core writes to the method buffer; families span a range of codes. */
export function codes(): StaticArray<CodeRow> {
  return [
    new CodeRow(CODE_ETS_BASE, 1000, "ets", "ETS: `1000 + 100·e + 10·t + s`, e 1=A 2=M; t 0=N 1=A 2=Ad; s 0=N 1=A 2=M (e.g. 1221 = ETS(M,Ad,A))"),
    new CodeRow(CODE_THETA, 1, "theta", "standard Theta"),
    new CodeRow(CODE_OTM, 1, "otm", "optimised Theta"),
    new CodeRow(CODE_DOTM, 1, "dotm", "dynamic optimised Theta"),
    new CodeRow(CODE_NAIVE, 1, "naive", "naive (also the last-resort fallback)"),
    new CodeRow(CODE_SNAIVE, 1, "snaive", "seasonal naive"),
    new CodeRow(CODE_DRIFT, 1, "drift", "random walk with drift"),
    new CodeRow(CODE_NAIVE2, 1, "naive2", "M4 Naive2"),
    new CodeRow(CODE_CONSTANT, 1, "constant", "a constant series, forecast as that constant"),
    new CodeRow(CODE_ARIMA_BASE, CODE_ARIMA_SPAN, "arima", "ARIMA(p,d,q)(P,D,Q): `4000000 + p·100000 + d·10000 + q·1000 + P·100 + D·10 + Q`"),
    new CodeRow(CODE_SBA, 1, "sba", "Croston with the SBA correction"),
    new CodeRow(CODE_TSB, 1, "tsb", "TSB"),
    new CodeRow(CODE_ADIDA, 1, "adida", "ADIDA"),
    new CodeRow(CODE_IMAPA, 1, "imapa", "IMAPA"),
  ];
}

/** The row of model id `id`, or null when no model has that id. */
export function modelById(id: i32): ModelRow | null {
  const t = models();
  for (let i = 0; i < t.length; i++) if (t[i].id == id) return t[i];
  return null;
}

/** The rows whose member bit is set in `set`, in the order of their bits. */
export function membersIn(set: i32): Array<ModelRow> {
  const t = models();
  const rows = new Array<ModelRow>();
  for (let b = 0; b < 31; b++) {
    const bit = 1 << b;
    if ((set & bit) == 0) continue;
    for (let i = 0; i < t.length; i++) if (t[i].member == bit && t[i].entry !== null) rows.push(t[i]);
  }
  return rows;
}

/** The member bit of the model named `name` (0 when there is no such member). */
export function memberBit(name: string): i32 {
  const t = models();
  for (let i = 0; i < t.length; i++) if (t[i].name == name) return t[i].member;
  return 0;
}

/** The union of every member bit: a `members` argument with any other bit names nothing that runs. */
export function allMemberBits(): i32 {
  const t = models();
  let all = 0;
  for (let i = 0; i < t.length; i++) all |= t[i].member;
  return all;
}
