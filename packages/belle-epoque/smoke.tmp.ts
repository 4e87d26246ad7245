import { randomPlayout } from '@salient/engine';
import { belleEpoque } from './src/index.ts';
import { aggressive } from './test/helpers.ts';
for (const sc of ['encounter', 'rossignol-1914']) {
  const kinds: Record<string, number> = {};
  const wins: Record<string, number> = {};
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const r = randomPlayout(belleEpoque, sc, `s${i}`, `b${i}`, { policy: aggressive, afterAction: (_s, a) => { kinds[a.type] = (kinds[a.type] ?? 0) + 1; } });
    wins[String(r.outcome?.winner)] = (wins[String(r.outcome?.winner)] ?? 0) + 1;
    if (i < 5) console.log(sc, i, r.actions.length, r.outcome?.reason, (performance.now() - t).toFixed(0) + 'ms');
  }
  console.log(kinds, wins);
}
