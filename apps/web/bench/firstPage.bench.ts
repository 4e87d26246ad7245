import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../e2e/support/browser.ts';
import { buildClient } from '../e2e/support/build.ts';
import { startApp } from '../e2e/support/server.ts';
import { gzippedSize } from '../size-budget.ts';

/**
 * The client's two budget figures: its JavaScript gzipped, and how soon the first page is usable
 * after the server starts on its embedded database (a fresh PGlite folder, migrations included):
 * from the start of the server process to the lobby showing its lists in Chromium. Prints figures;
 * it asserts nothing (the build itself fails above the size budget).
 *
 * The server here starts as a developer's does (TypeScript through tsx, an empty data folder, so the
 * database is created and migrated every run): the slowest start there is. What `pnpm start` gives
 * (the compiled server on an existing folder) is measured by apps/server/bench/startup.ts.
 */
const RUNS = Number(process.env.RUNS ?? 3);
console.info(
  'first page after a development start (tsx, new database folder each run; see apps/server/bench/startup.ts for pnpm start)',
);

const dist = await buildClient();
let js = 0;
const walk = (dir: string) => {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (f.endsWith('.js')) js += gzippedSize(readFileSync(p));
  }
};
walk(dist);
console.info(
  `client JavaScript: ${(js / 1024).toFixed(1)} KB gzipped in all (each game's rules load with its first match page; the build prints what each page takes)`,
);

const browser = await launchChromium();
try {
  for (let run = 1; run <= RUNS; run++) {
    const t0 = performance.now();
    // Vite's build set NODE_ENV=production in this process; the server runs as a developer starts it.
    const app = await startApp(dist, { NODE_ENV: 'development' });
    const healthy = performance.now();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const t1 = performance.now();
    await page.goto(`${app.url}/#/`);
    // Usable: the lobby has its lists (the first load of the match lists finished).
    await page.waitForSelector('[data-loads]:not([data-loads="0"])');
    const usable = performance.now();
    console.info(
      `run ${run}: server healthy ${Math.round(healthy - t0)} ms after start; lobby usable ${Math.round(usable - t1)} ms after navigation; ${Math.round(usable - t0)} ms from start to a usable page`,
    );
    await page.close();
    await app.stop();
  }
} finally {
  await browser.close();
  rmSync(dist, { recursive: true, force: true });
}
