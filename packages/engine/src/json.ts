/** Values that survive JSON.stringify/parse unchanged: the only shape state, actions and events may take. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Serialises with the key order of construction: deterministic code yields byte-identical text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value);
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
