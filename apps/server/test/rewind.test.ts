import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameModule, JsonObject } from '@salient/engine';
import { pickAction } from '@salient/engine';
import { findGame } from '@salient/games';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { freshPostgres, type TestDatabase } from './helpers/databases.ts';
import { type Player, startTestServer, TestUser } from './helpers/harness.ts';

// A real game, so that the operator's script (which hosts the games of @salient/games) can rewind it.
const game = findGame('western-front') as GameModule;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startTestServer(database.target, {}, [game]);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function sql(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: (database.target as { url: string }).url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** The operator's command, as documented: `pnpm --filter @salient/server rewind -- ...`. */
function rewindScript(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/rewind.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: (database.target as { url: string }).url },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The latest view a player holds of a match. */
const viewOf = (p: Player): JsonObject => (p.updates.at(-1)?.view ?? p.snapshot!.view) as JsonObject;

describe('a match whose steps corrected rules no longer allow', () => {
  it('answers RULES_CHANGED (409) instead of an internal error while the server plays on; the rewind script sets the refused step and every later one aside (kept, undone) and play goes on from before them', async () => {
    const scenario = game.scenarios[0]!;
    const [first, second] = scenario.seats.map((s) => s.id) as [string, string];
    const alice = await TestUser.signUp(server.url, 'alice-rewind');
    const bob = await TestUser.signUp(server.url, 'bob-rewind');
    const m = await alice.createMatch({ game: game.id, scenario: scenario.id, seat: first });
    await bob.join(m.id, second);
    const players = { [first]: await alice.connect(), [second]: await bob.connect() };
    for (const p of Object.values(players)) expect((await p.join(m.id, 'seat')).ok).toBe(true);

    // Six steps, each the rules' first offer to the seat whose turn it is; the views kept by step.
    const viewsAt: JsonObject[] = [viewOf(players[first]!)];
    for (let seq = 0; seq < 6; seq++) {
      const seat = game.status(viewOf(players[first]!)).toAct[0]!;
      const choice = game.choices(viewOf(players[seat]!), seat)[0]!;
      const ack = await players[seat]!.submit(
        m.id,
        pickAction(choice, () => 0),
        seq,
      );
      expect(ack).toEqual({ ok: true, seq: seq + 1 });
      await players[first]!.waitForSeq(seq + 1);
      viewsAt.push(viewOf(players[first]!));
    }
    for (const p of Object.values(players)) p.close();

    // A rules correction that refuses step 4 (here: the stored step made one no rules allow), and a
    // server started on the new rules.
    await server.close();
    await sql(
      `UPDATE match_actions SET action = '{"type":"noLongerAllowed"}' WHERE match_id = $1 AND seq = 4`,
      [m.id],
    );
    server = await startTestServer(database.target, {}, [game]);
    // The same accounts and sessions, at the new server's address.
    const [alice2, bob2] = [alice, bob].map((u) => new TestUser(server.url, u.username, u.cookie, u.id)) as [
      TestUser,
      TestUser,
    ];

    const refused = await (await alice2.connect()).join(m.id, 'seat');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('RULES_CHANGED');
    expect(refused.error.message).toMatch(/step 4 .*operator/);
    // Everything else goes on: another match is created, joined and loaded.
    const other = await alice2.createMatch({ game: game.id, scenario: scenario.id, seat: first });
    await bob2.join(other.id, second);
    expect((await (await bob2.connect()).join(other.id, 'seat')).ok).toBe(true);

    const rewound = rewindScript('--all');
    expect(rewound.stderr).toBe('');
    expect(rewound.status).toBe(0);
    expect(rewound.stdout).toContain(`${m.id}: rewound, steps 4, 5, 6 set aside (step 4: UNKNOWN_ACTION`);
    expect(rewound.stdout).toContain('2 active matches checked, 1 rewound');

    // Back in play at step 7 (the rewind's own step), in the position after step 3.
    const back = await alice2.connect();
    const joined = await back.join(m.id, 'seat');
    expect(joined.ok).toBe(true);
    if (!joined.ok) return;
    expect(joined.snapshot.seq).toBe(7);
    expect(joined.snapshot.view).toEqual(viewsAt[3]);
    const log = joined.snapshot.log;
    expect(log.filter((e) => e.undone).map((e) => e.seq)).toEqual([4, 5, 6]);
    expect(log.at(-1)).toMatchObject({ seq: 7, kind: 'undo' });
    expect(log.at(-1)!.events[0]!.text).toMatch(/rules were corrected .* steps 4-6/);
    // Nothing acknowledged is lost: the steps set aside are still in the database.
    const kept = await sql(
      'SELECT seq, undone FROM match_actions WHERE match_id = $1 AND seq BETWEEN 4 AND 6',
      [m.id],
    );
    expect(kept.rows).toEqual([4, 5, 6].map((seq) => ({ seq, undone: true })));

    const seat = game.status(joined.snapshot.view).toAct[0]!;
    const player = seat === first ? back : await bob2.connect();
    if (player !== back) await player.join(m.id, 'seat');
    const next = pickAction(game.choices(viewOf(player), seat)[0]!, () => 0);
    expect(await player.submit(m.id, next, 7)).toEqual({ ok: true, seq: 8 });

    // Run again: nothing left to rewind.
    const again = rewindScript('--all');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('2 active matches checked, 0 rewound');
  });
});
