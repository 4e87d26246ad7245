import { CommonErrorCode, type JsonObject, violation } from '@salient/engine';

export function integerParam(action: JsonObject, name: string, min: number, max: number): number {
  const value = action[name];
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    violation(CommonErrorCode.Malformed, `${name} must be a whole number`);
  }
  if (value < min || value > max)
    violation('OUT_OF_BOUNDS', `${name} must be between ${min} and ${max}, not ${value}`);
  return value;
}

export function stringParam(action: JsonObject, name: string): string {
  const value = action[name];
  if (typeof value !== 'string') violation(CommonErrorCode.Malformed, `${name} must be a string`);
  return value;
}

export function stringListParam(action: JsonObject, name: string): string[] {
  const value = action[name];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    violation(CommonErrorCode.Malformed, `${name} must be a list of unit ids`);
  }
  const list = value as string[];
  if (new Set(list).size !== list.length) violation(CommonErrorCode.Malformed, `${name} names a unit twice`);
  return list;
}
