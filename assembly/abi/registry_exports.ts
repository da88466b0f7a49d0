// Numbers-only view of the model registry, so hosts can check their generated constants against it.
import { models, codes } from "../models/registry";

// writes the UTF-8 bytes of `s` to ptr (at most cap) and returns the full byte length
function writeText(s: string, ptr: usize, cap: i32): i32 {
  const bytes = Uint8Array.wrap(String.UTF8.encode(s));
  const k = bytes.length < cap ? bytes.length : cap;
  for (let i = 0; i < k; i++) store<u8>(ptr + <usize>i, bytes[i]);
  return bytes.length;
}

/** Number of models in the registry. */
export function registryModels(): i32 {
  return models().length;
}

/** Field of model row i: 0 = id, 1 = member bit (0 = not an ensemble member); -1 when out of range. */
export function registryModel(i: i32, field: i32): i32 {
  const t = models();
  if (i < 0 || i >= t.length) return -1;
  if (field == 0) return t[i].id;
  if (field == 1) return t[i].member;
  return -1;
}

/** Text field of model row i (0 = name, 1 = title) as UTF-8 at ptr (up to cap bytes); returns its byte length, -1 when out of range. */
export function registryModelText(i: i32, field: i32, ptr: usize, cap: i32): i32 {
  const t = models();
  if (i < 0 || i >= t.length || field < 0 || field > 1) return -1;
  return writeText(field == 0 ? t[i].name : t[i].title, ptr, cap);
}

/** Number of component-code rows in the registry. */
export function registryCodes(): i32 {
  return codes().length;
}

/** Field of code row i: 0 = first code, 1 = span (1 for a single code); -1 when out of range. */
export function registryCode(i: i32, field: i32): i32 {
  const t = codes();
  if (i < 0 || i >= t.length) return -1;
  if (field == 0) return t[i].code;
  if (field == 1) return t[i].span;
  return -1;
}

/** Text field of code row i (0 = name, 1 = title) as UTF-8 at ptr (up to cap bytes); returns its byte length, -1 when out of range. */
export function registryCodeText(i: i32, field: i32, ptr: usize, cap: i32): i32 {
  const t = codes();
  if (i < 0 || i >= t.length || field < 0 || field > 1) return -1;
  return writeText(field == 0 ? t[i].name : t[i].title, ptr, cap);
}
