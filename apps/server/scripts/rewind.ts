/**
 * After a release that corrects a game's rules, puts back into play the active matches whose steps
 * the corrected rules no longer allow (they answer RULES_CHANGED until then): each is rewound to
 * before its first refused step, which is set aside with every later one (src/matches/rewind.ts).
 *
 *   pnpm --filter @salient/server rewind -- <match id> [<match id> ...]
 *   pnpm --filter @salient/server rewind -- --all      every active match, replayed from its seed
 *
 * It opens the database as the server does (DATABASE_URL, else the embedded database in DATA_DIR);
 * the embedded one only while the server is stopped, since one process at a time may hold it.
 * Prints one line per match rewound (and with --all a count of those checked); exits 1 if any failed.
 */
import { generatePrismaClient } from '../src/db/generateClient.ts';

generatePrismaClient();
const { findGame } = await import('@salient/games');
const { configFromEnv } = await import('../src/config.ts');
const { openDatabase } = await import('../src/db/database.ts');
const { rewindToRules } = await import('../src/matches/rewind.ts');

const args = process.argv.slice(2).filter((a) => a !== '--');
if (args.length === 0) {
  console.error('usage: rewind <match id> [...] | --all');
  process.exit(2);
}
const database = await openDatabase(configFromEnv().database);
let failed = 0;
try {
  const ids = args.includes('--all')
    ? (
        await database.db.match.findMany({
          where: { status: 'active', imported: false },
          select: { id: true },
        })
      ).map((m) => m.id)
    : args;
  let rewound = 0;
  for (const id of ids) {
    try {
      const result = await rewindToRules(database.db, findGame, id);
      if (!result.rewound) {
        if (!args.includes('--all')) console.log(`${id}: every step still applies, left as it is`);
        continue;
      }
      rewound++;
      console.log(
        `${id}: rewound, steps ${result.setAside.join(', ')} set aside (step ${result.setAside[0]}: ${result.refusal}); now at step ${result.seq}`,
      );
    } catch (err) {
      failed++;
      console.error(`${id}: ${(err as Error).message}`);
    }
  }
  if (args.includes('--all')) console.log(`${ids.length} active matches checked, ${rewound} rewound`);
} finally {
  await database.close();
}
process.exit(failed > 0 ? 1 : 0);
