import { CommonErrorCode, type JsonObject, violation } from '@salient/engine';

export function stringParam(action: JsonObject, name: string): string {
  const value = action[name];
  if (typeof value !== 'string') violation(CommonErrorCode.Malformed, `${name} must be a string`);
  return value;
}

export function booleanParam(action: JsonObject, name: string): boolean {
  const value = action[name];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') violation(CommonErrorCode.Malformed, `${name} must be true or false`);
  return value;
}
