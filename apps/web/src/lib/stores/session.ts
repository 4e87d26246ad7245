import { api, meResponse, type PublicUser } from '@salient/protocol';
import { writable } from 'svelte/store';
import { call } from '../api/client.ts';

/** Who is signed in: undefined while the first check runs, null when nobody is. */
export const currentUser = writable<PublicUser | null | undefined>(undefined);

export async function loadSession(): Promise<void> {
  try {
    const me = await call('GET', api.me, meResponse);
    currentUser.set(me.user);
  } catch {
    // 401 means nobody is signed in; any other failure leaves the visitor signed out as well, and
    // the pages that need an account say so.
    currentUser.set(null);
  }
}

export async function signUp(username: string, password: string, email?: string): Promise<void> {
  const me = await call(
    'POST',
    api.signUp,
    meResponse,
    email ? { username, password, email } : { username, password },
  );
  currentUser.set(me.user);
}

export async function signIn(username: string, password: string): Promise<void> {
  const me = await call('POST', api.signIn, meResponse, { username, password });
  currentUser.set(me.user);
}

export async function signOut(): Promise<void> {
  await call('POST', api.signOut, null, {});
  currentUser.set(null);
}
