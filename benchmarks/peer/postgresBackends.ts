/**
 * PostgreSQL does its part of Salient's work in processes of its own (one backend per connection
 * of the server's pool), so their CPU time is read separately: from /proc, for the backends
 * pg_stat_activity lists for the benchmark's database. Background processes the whole cluster
 * shares (WAL writer, checkpointer) are left out.
 */
import pg from 'pg';
import { cpuSeconds } from './measure.ts';

/** CPU seconds used so far by each backend serving `database`, by pid; empty if PostgreSQL runs elsewhere. */
export async function backendCpu(adminUrl: string, database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    const used = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        used.set(pid, cpuSeconds(pid));
      } catch {
        // Not on this machine, or the backend ended meanwhile.
      }
    }
    return used;
  } finally {
    await client.end();
  }
}

/** CPU seconds the backends used between two readings (a backend new in `after` counts from zero). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}
