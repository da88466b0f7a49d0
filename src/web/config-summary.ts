// A model's stored configuration in words, for the models table.

const MODEL_NAMES: Record<string, string> = {
  tempo: 'the tempo ensemble',
  ets: 'exponential smoothing (ETS, automatic selection)',
  damped: 'damped-trend exponential smoothing',
  theta: 'Theta',
  otm: 'optimised Theta',
  dotm: 'dynamic optimised Theta',
  arima: 'ARIMA (automatic order selection)',
  naive: 'naive (last value)',
  snaive: 'seasonal naive',
  drift: 'random walk with drift',
  naive2: 'Naive2 (seasonally adjusted naive)',
  sba: 'Croston with the SBA correction', tsb: 'TSB (intermittent demand)', adida: 'ADIDA (intermittent demand)', imapa: 'IMAPA (intermittent demand)',
};

const MEMBER_NAMES: Record<string, string> = {
  ets: 'ETS', damped: 'damped ETS', theta: 'Theta', otm: 'OTM', dotm: 'DOTM', arima: 'ARIMA',
  snaive: 'seasonal naive', naive: 'naive', sba: 'SBA', tsb: 'TSB', adida: 'ADIDA', imapa: 'IMAPA',
};

const KNOWN = new Set(['model', 'members', 'combination', 'season_length', 'intermittent', 'seasons']);

/** One readable sentence for a model config such as {"model":"ets","season_length":12}. */
export function summarizeConfig(config: Record<string, unknown>): string {
  const model = typeof config.model === 'string' ? config.model : 'tempo';
  const parts: string[] = [];
  let head = MODEL_NAMES[model] ?? `model "${model}"`;
  head = head.charAt(0).toUpperCase() + head.slice(1);
  if (model === 'tempo') {
    const members = Array.isArray(config.members) ? config.members.map((m) => MEMBER_NAMES[String(m)] ?? String(m)) : null;
    head += members ? ` of ${members.join(', ')}` : ' with its default members';
    const combination = typeof config.combination === 'string' ? config.combination : null;
    if (combination) parts.push(`combined by the ${combination}`);
  }
  parts.push(typeof config.season_length === 'number'
    ? `season length ${config.season_length}`
    : 'season length detected from the data');
  for (const [k, v] of Object.entries(config)) {
    if (!KNOWN.has(k)) parts.push(`${k} = ${JSON.stringify(v)}`);
  }
  const own = config.intermittent;
  if (own !== null && typeof own === 'object') {
    const inner = summarizeConfig(own as Record<string, unknown>).replace(/\.$/, '');
    parts.push(`intermittent series: ${Object.keys(own).length === 0 ? 'the Croston-family routing' : inner.charAt(0).toLowerCase() + inner.slice(1)}`);
  }
  const seasons = config.seasons;
  if (seasons !== null && typeof seasons === 'object') {
    for (const [k, c] of Object.entries(seasons as Record<string, unknown>)) {
      if (c === null || typeof c !== 'object') continue;
      const inner = summarizeConfig(c as Record<string, unknown>).replace(/\.$/, '');
      parts.push(`regular series of season ${k}: ${inner.charAt(0).toLowerCase() + inner.slice(1)}`);
    }
  }
  return `${head}; ${parts.join('; ')}.`;
}
