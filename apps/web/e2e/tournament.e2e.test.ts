import path from 'node:path';
import type { TournamentDetail } from '@salient/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
// The server tests' HTTP and socket client plays the games; the pages show the tournament.
import { TestUser } from '../../server/test/helpers/clients.ts';
import { signIn } from './support/pages.ts';
import { repoRoot, screenshotPath } from './support/paths.ts';
import { browserSession } from './support/session.ts';

// The real server entry, hosting the fixture game beside the real ones.
process.env.SALIENT_SERVER_ENTRY = path.join(repoRoot, 'apps', 'server', 'test', 'fixtures', 'serve.ts');

const password = 'correct horse battery';

/** Both sides deploy over the socket API, then blue resigns: red wins, a counted game. */
async function redWins(matchId: string, red: TestUser, blue: TestUser): Promise<void> {
  const r = await red.connect();
  const b = await blue.connect();
  await r.join(matchId, 'seat');
  await b.join(matchId, 'seat');
  if (!(await r.submit(matchId, { type: 'deploy', at: 'north' }, 0)).ok)
    throw new Error('red deploy refused');
  if (!(await b.submit(matchId, { type: 'deploy', at: 'south' }, 1)).ok)
    throw new Error('blue deploy refused');
  r.close();
  b.close();
  const res = await blue.request('POST', `/api/matches/${matchId}/resign`);
  if (res.status !== 200) throw new Error(`resign answered ${res.status}`);
}

describe('a tournament in the browser (issue 25)', () => {
  let director: Page;
  let dan: Page;
  let watcher: Page;
  const session = browserSession({
    env: { OPERATORS: 'director' },
    failureShots: { prefix: 'failed-tournament', pages: () => ({ director, dan, watcher }) },
  });

  it('an operator creates a pool of four, players join (one from the lobby), it starts, round 1 is played and the standings change live', async () => {
    const url = session.app.url;
    await TestUser.signUp(url, 'director');
    const players = await Promise.all(['amy', 'ben', 'cat', 'dan'].map((n) => TestUser.signUp(url, n)));
    director = await session.newPage(1440, 900);
    await signIn(director, url, 'director', password);
    await director.goto(`${url}/#/tournaments`);
    await director.fill('form.create input[name="name"]', 'Skirmish Cup');
    await director.selectOption('form.create select[name="game"]', 'skirmish');
    await director.fill('form.create input[name="size"]', '4');
    await director.click('form.create button[type="submit"]');
    await director.waitForURL(/#\/tournament\//);
    const id = decodeURIComponent(director.url().split('#/tournament/')[1]!);
    await director.waitForSelector('header[data-status="registering"]');

    for (const p of players.slice(0, 3)) {
      const res = await p.request('POST', `/api/tournaments/${id}/join`);
      expect(res.status).toBe(200);
    }
    // dan joins from the lobby, on a phone.
    dan = await session.newPage(390, 844);
    await signIn(dan, url, 'dan', password);
    await dan.goto(`${url}/#/`);
    const card = dan.locator(`[data-open-tournaments] li[data-tournament="${id}"]`);
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('3 of 4 joined');
    await dan.screenshot({ path: screenshotPath('community-tournament-lobby-phone') });
    await card.locator('button.join').click();

    // The director's page follows without reloading: started, round 1 of 3, four games.
    await director.waitForSelector('header[data-status="running"][data-round="1"]');
    watcher = await session.newPage(390, 844);
    await watcher.goto(`${url}/#/tournament/${id}`);
    await watcher.waitForSelector('table[data-standings] tr[data-points="0"]');
    const detail = (await players[0]!.request<TournamentDetail>('GET', `/api/tournaments/${id}`)).body;
    expect(detail.games).toHaveLength(4);
    await director.screenshot({ path: screenshotPath('community-tournament-started-desktop') });

    const byId = new Map(players.map((p) => [p.id, p]));
    for (const g of detail.games)
      await redWins(g.matchId, byId.get(g.seats[0]!.user!.id)!, byId.get(g.seats[1]!.user!.id)!);

    // Every player won once and lost once: 2 points each, pushed to both open pages; round 2 began.
    for (const page of [director, watcher]) {
      await page.waitForFunction(
        () =>
          document.querySelectorAll('table[data-standings] tr[data-points="2"]').length === 4 &&
          document.querySelector('header[data-round="2"]') !== null,
        undefined,
        { timeout: 15_000 },
      );
    }
    expect(await director.locator('li[data-match][data-status="finished"]').count()).toBe(4);
    await director.screenshot({ path: screenshotPath('community-tournament-round1-desktop') });
    await watcher.screenshot({ path: screenshotPath('community-tournament-round1-phone'), fullPage: true });
  }, 150_000);
});
