import { type JsonObject, pickAction, rngFromSeed, rollInPlace } from '@salient/engine';
import { games } from '@salient/games';
import type { MatchUpdate } from '@salient/protocol';
import { describe, expect, it } from 'vitest';
import { serveEveryGame } from './helpers/gamesServer.ts';
import type { Player, ReceivedUpdate } from './helpers/harness.ts';
import { seatedMatch } from './helpers/seatedMatch.ts';

const belleEpoque = games['belle-epoque']!;
const STEPS = 60;

/** Hexes whose terrain a payload's view shows. */
const knownTerrain = (view: JsonObject) => Object.keys(view.terrain as Record<string, string>).sort();
const discoveredIn = (update: MatchUpdate) =>
  update.events
    .filter((e) => e.type === 'discovered')
    .flatMap((e) => (e.sectors as { hex: string }[]).map((s) => s.hex));

describe('Belle Epoque through the server: hidden facts stay hidden', () => {
  const server = serveEveryGame();

  it("sends no seat or spectator the other side's sealed order, an undiscovered sector, the bowl's order or the generator", async () => {
    const match = await seatedMatch(server.url, 'belle-epoque', 'encounter', ['blue', 'red'], 'be');
    const { id, players, views, watcher } = match;
    const { blue, red } = players as { blue: Player; red: Player };
    let spectatorTerrain = knownTerrain(match.watcherView);

    const rng = rngFromSeed('belle-epoque-over-the-wire');
    const pick = (n: number) => rollInPlace(rng, n) - 1;
    let seq = 0;
    let discoveries = 0;
    let sealedChecks = 0;
    let summary = match.summary;
    for (let step = 0; step < STEPS && summary.status === 'active'; step++) {
      const seat = summary.toAct[0]!;
      const choices = belleEpoque.choices(views[seat]!, seat);
      const action = pickAction(choices[pick(choices.length)]!, pick);
      const ack = await players[seat]!.submit(id, action, seq);
      expect(ack, JSON.stringify(action)).toEqual({ ok: true, seq: seq + 1 });
      seq++;
      const updates = await Promise.all([blue.waitForSeq(seq), red.waitForSeq(seq), watcher.waitForSeq(seq)]);
      const [toBlue, toRed, toWatcher] = updates;
      views.blue = toBlue.view;
      views.red = toRed.view;
      if (action.type === 'doctrine') {
        // The sealed order of battle reaches nobody else until both sides have chosen (then it is revealed).
        const other = seat === 'blue' ? toRed : toBlue;
        const sealedFor = (u: ReceivedUpdate) =>
          (u.view.phase as { sealed?: Record<string, unknown> }).sealed ?? {};
        if ((toWatcher.view.phase as { kind: string }).kind === 'doctrine') {
          expect(Object.keys(sealedFor(other))).not.toContain(seat);
          expect(sealedFor(toWatcher)).toEqual({});
          sealedChecks++;
        }
      }
      // Terrain appears in a view only when the events announce its discovery, to everyone at once.
      const discovered = discoveredIn(toWatcher);
      discoveries += discovered.length;
      const expected = [...new Set([...spectatorTerrain, ...discovered])].sort();
      expect(knownTerrain(toWatcher.view)).toEqual(expected);
      expect(knownTerrain(toBlue.view)).toEqual(expected);
      expect(knownTerrain(toRed.view)).toEqual(expected);
      spectatorTerrain = expected;
      // The bowl shows only how many tokens each side has left.
      expect(
        Object.values(toWatcher.view.bowl as Record<string, unknown>).every((n) => typeof n === 'number'),
      ).toBe(true);
      summary = toWatcher.summary;
    }
    expect(seq).toBeGreaterThan(10);
    expect(sealedChecks).toBe(1);
    expect(discoveries).toBeGreaterThan(0);
    for (const p of [blue, red, watcher]) {
      const text = JSON.stringify(p.raw);
      expect(text).not.toContain('"rng"');
    }
    for (const p of [blue, red, watcher]) p.close();
  });
});
