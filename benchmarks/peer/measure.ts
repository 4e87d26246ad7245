/** What the peer benchmark measures on each side, and how it prints it. */
import { readFileSync } from 'node:fs';

/** One move's timings, in ms from its submission. */
export interface Sample {
  /** Until the mover has the server's answer (Salient: the acknowledgement; boardgame.io: its update). */
  confirmMs: number;
  /** Until both players hold the state after the move (the opponent can move). */
  opponentMs: number;
}

export interface Measured {
  side: string;
  persists: string;
  moves: number;
  seconds: number;
  movesPerSecond: number;
  confirmP50: number;
  confirmP99: number;
  opponentP50: number;
  opponentP99: number;
  cpuMsPerMove: number;
  /** PostgreSQL's backends for the benchmark's database, when there are any to read. */
  databaseCpuMsPerMove: number | null;
  errors: number;
  /** The 1-minute load average when the side's measurement started and ended. */
  load: [number, number];
  consistency: string;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime is the 14th
  // field of the line, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const COLUMNS: [string, number][] = [
  ['side', 22],
  ['moves/s', 9],
  ['confirm p50/p99 ms', 20],
  ['both hold p50/p99 ms', 22],
  ['CPU/move ms', 12],
  ['DB CPU/move ms', 15],
  ['moves', 8],
  ['errors', 7],
  ['load avg', 12],
];

/** A row of the results table, or its header for null. */
export function formatRow(r: Measured | null): string {
  const cells = r
    ? [
        r.side,
        r.movesPerSecond.toFixed(0),
        `${r.confirmP50.toFixed(1)} / ${r.confirmP99.toFixed(1)}`,
        `${r.opponentP50.toFixed(1)} / ${r.opponentP99.toFixed(1)}`,
        r.cpuMsPerMove.toFixed(3),
        r.databaseCpuMsPerMove === null ? '-' : r.databaseCpuMsPerMove.toFixed(3),
        String(r.moves),
        String(r.errors),
        `${r.load[0].toFixed(2)}-${r.load[1].toFixed(2)}`,
      ]
    : COLUMNS.map(([name]) => name);
  return cells.map((c, i) => (i === 0 ? c.padEnd(COLUMNS[i]![1]) : c.padStart(COLUMNS[i]![1]))).join(' ');
}
