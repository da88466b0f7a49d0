// One test for "a JSON object" (not null, not an array), which every body check asks first.

/** True when `v` is a non-null object that is not an array: a parsed JSON object. */
export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
