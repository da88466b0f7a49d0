// The bundled sample series (samples.json next to the page's modules), fetched on first use.

export interface Sample {
  id: string;
  name: string;
  description: string;
  frequency: string;
  season_length: number | null;
  horizon: number;
  values: number[];
  /** date of the first value and the grid step (ISO 8601), so the sample loads with its dates */
  start?: string;
  freq?: string;
}

/** The samples from `url`; an empty list when the file cannot be read (the playground still works without). */
export async function loadSamples(url: URL): Promise<Sample[]> {
  try {
    const res = await fetch(url, { credentials: 'omit' });
    if (!res.ok) return [];
    const body = await res.json() as { samples?: Sample[] };
    return Array.isArray(body.samples) ? body.samples : [];
  } catch {
    return [];
  }
}
