/**
 * Codes every game shares. A game adds its own codes (string literals) for rule violations;
 * these are the ones the engine and the server rely on.
 */
export const CommonErrorCode = {
  Malformed: 'MALFORMED_ACTION',
  UnknownAction: 'UNKNOWN_ACTION',
  NotYourTurn: 'NOT_YOUR_TURN',
  GameOver: 'GAME_OVER',
  UnknownUnit: 'UNKNOWN_UNIT',
  UnknownLocation: 'UNKNOWN_LOCATION',
  WrongPhase: 'WRONG_PHASE',
} as const;

export interface GameError {
  readonly code: string;
  readonly message: string;
}

export function gameError(code: string, message: string): GameError {
  return { code, message };
}

/** Thrown inside a game's apply to abandon the working copy; caught at the module boundary. */
export class RuleViolation extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RuleViolation';
  }
}

export function violation(code: string, message: string): never {
  throw new RuleViolation(code, message);
}

export function check(condition: unknown, code: string, message: string): asserts condition {
  if (!condition) throw new RuleViolation(code, message);
}
