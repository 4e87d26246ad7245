import type { JsonObject, ScenarioOption } from '@salient/engine';

export type OptionsCheck = { ok: true; options: JsonObject } | { ok: false; message: string };

/**
 * A match's options as the scenario declares them: every key a declared option, every value one
 * of the values it allows (same type and value: 6 is not "6"). Creating a match and importing a
 * record check the same way.
 */
export function checkOptions(declared: ScenarioOption[], given: JsonObject): OptionsCheck {
  const options: JsonObject = {};
  for (const [key, value] of Object.entries(given)) {
    const option = declared.find((o) => o.id === key);
    if (!option) {
      const known = declared.map((o) => o.id).join(', ') || 'none';
      return { ok: false, message: `unknown option ${key} (this scenario's options: ${known})` };
    }
    if (!option.values.some((v) => JSON.stringify(v) === JSON.stringify(value))) {
      const allowed = option.values.map((v) => JSON.stringify(v)).join(', ');
      return { ok: false, message: `option ${key} cannot be ${JSON.stringify(value)} (allowed: ${allowed})` };
    }
    options[key] = value;
  }
  return { ok: true, options };
}
