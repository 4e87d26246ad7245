import type { JsonObject } from '@salient/engine';
import type { MatchSummary } from '@salient/protocol';
import { type Player, TestUser } from './harness.ts';

/** A match created through the public API, both seats taken and connected, and a spectator watching. */
export interface SeatedMatch {
  id: string;
  /** The accounts, by seat, and the spectator's. */
  users: Record<string, TestUser>;
  watcherUser: TestUser;
  /** The connected sockets, by seat, each joined to the match. */
  players: Record<string, Player>;
  watcher: Player;
  /** Each seat's view as its join acknowledgement gave it. */
  views: Record<string, JsonObject>;
  watcherView: JsonObject;
  /** The summary once everyone has joined. */
  summary: MatchSummary;
}

/**
 * What every game's server test starts with: the first seat's player creates the match, the second
 * joins, both connect and join their seats, and a third account watches. Account names are
 * `${tag}_${seat}` and `${tag}_watcher`, so tests sharing a server pick distinct tags.
 */
export async function seatedMatch(
  url: string,
  game: string,
  scenario: string,
  [first, second]: readonly [string, string],
  tag: string,
): Promise<SeatedMatch> {
  const creator = await TestUser.signUp(url, `${tag}_${first}`);
  const joiner = await TestUser.signUp(url, `${tag}_${second}`);
  const watcherUser = await TestUser.signUp(url, `${tag}_watcher`);
  const created = await creator.request<MatchSummary>('POST', '/api/matches', {
    game,
    scenario,
    seat: first,
  });
  if (created.status !== 201) throw new Error(`creating the match answered ${created.status}`);
  const id = created.body.id;
  await joiner.join(id, second);
  const users = { [first]: creator, [second]: joiner };
  const players: Record<string, Player> = {};
  const views: Record<string, JsonObject> = {};
  for (const seat of [first, second]) {
    const player = await users[seat]!.connect();
    const ack = await player.join(id, 'seat');
    if (!ack.ok) throw new Error(ack.error.message);
    players[seat] = player;
    views[seat] = ack.snapshot.view;
  }
  const watcher = await watcherUser.connect();
  const watched = await watcher.join(id, 'spectator');
  if (!watched.ok) throw new Error(watched.error.message);
  const summary = (await creator.request<MatchSummary>('GET', `/api/matches/${id}`)).body;
  return { id, users, watcherUser, players, watcher, views, watcherView: watched.snapshot.view, summary };
}
