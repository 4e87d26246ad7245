import { type ErrorBody, ServerErrorCode } from '@salient/protocol';

/** An error meant for the client: a stable code, words, and the HTTP status it maps to. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    /** For refusals that waiting cures: sent as `retryAfterSeconds` and the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return this.retryAfterSeconds === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, retryAfterSeconds: this.retryAfterSeconds };
  }
}

export const notFound = (what: string) => new AppError(ServerErrorCode.NotFound, `${what} not found`, 404);
export const unauthenticated = () => new AppError(ServerErrorCode.Unauthenticated, 'sign in first', 401);
export const forbidden = (message: string) => new AppError(ServerErrorCode.Forbidden, message, 403);
export const conflict = (code: string, message: string) => new AppError(code, message, 409);
/** Too much too fast: try again after `retryAfterMs`. */
export const rateLimited = (message: string, retryAfterMs: number) =>
  new AppError(ServerErrorCode.RateLimited, message, 429, Math.max(1, Math.ceil(retryAfterMs / 1000)));
/** A standing allowance is used up: waiting alone does not help. */
export const quotaExceeded = (message: string) => new AppError(ServerErrorCode.QuotaExceeded, message, 429);

/** Turns anything thrown into a body safe to send: internal details stay in the log. */
export function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof AppError) return err.toBody();
  return { code: ServerErrorCode.Internal, message: 'the server failed on this request' };
}
