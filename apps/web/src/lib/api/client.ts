import { errorResponse } from '@salient/protocol';
import type { z } from 'zod';

/** A refusal from the API, with the server's error code so pages can react to it. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls the REST API on the page's own origin with the session cookie, and checks the answer against
 * the protocol's schema so a page never works on a shape it does not expect.
 */
export async function call<T extends z.ZodType>(
  method: Method,
  path: string,
  schema: T | null,
  body?: unknown,
): Promise<z.infer<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('NETWORK', 'the server cannot be reached', 0);
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const parsed = errorResponse.safeParse(data);
    if (parsed.success) throw new ApiError(parsed.data.error.code, parsed.data.error.message, res.status);
    throw new ApiError('HTTP_' + res.status, `the server answered ${res.status}`, res.status);
  }
  if (schema === null) return undefined as z.infer<T>;
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new ApiError('BAD_REPLY', 'the server sent an answer this client does not understand', res.status);
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return err instanceof Error ? err.message : String(err);
}
