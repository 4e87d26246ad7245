/**
 * Reading the server's Prometheus histograms over a benchmark's own window: scrape `/metrics`
 * before and after, subtract the cumulative bucket counts, and read quantiles off the buckets (as
 * an upper bound: "p99 ≤ 30 ms" means 99% fell in buckets up to 30 ms).
 */
export interface Buckets {
  /** Upper bounds in seconds, ascending, then +Inf. */
  le: number[];
  /** Cumulative counts per bound. */
  counts: number[];
  sum: number;
  max: number;
}

export type Scrape = Map<string, Buckets>;

export async function scrape(url: string): Promise<Scrape> {
  return parseHistograms(await (await fetch(`${url}/metrics`)).text());
}

export function parseHistograms(text: string): Scrape {
  const out: Scrape = new Map();
  const of = (name: string) => {
    let h = out.get(name);
    if (!h) {
      h = { le: [], counts: [], sum: 0, max: 0 };
      out.set(name, h);
    }
    return h;
  };
  for (const line of text.split('\n')) {
    const bucket = /^(\w+)_bucket\{le="([^"]+)"\} (\S+)$/.exec(line);
    if (bucket) {
      const h = of(bucket[1]!);
      h.le.push(bucket[2] === '+Inf' ? Number.POSITIVE_INFINITY : Number(bucket[2]));
      h.counts.push(Number(bucket[3]));
      continue;
    }
    const scalar = /^(\w+)_(sum|max) (\S+)$/.exec(line);
    if (scalar && out.has(scalar[1]!)) of(scalar[1]!)[scalar[2] as 'sum' | 'max'] = Number(scalar[3]);
  }
  return out;
}

/** What `after` added to `before` (the max is the process's, not the window's). */
export function windowOf(before: Buckets | undefined, after: Buckets): Buckets {
  return {
    le: after.le,
    counts: after.counts.map((c, i) => c - (before?.counts[i] ?? 0)),
    sum: after.sum - (before?.sum ?? 0),
    max: after.max,
  };
}

/** The smallest bucket bound under which at least fraction q of the window fell, in ms. */
export function quantileBoundMs(h: Buckets, q: number): number {
  const total = h.counts.at(-1) ?? 0;
  if (total === 0) return Number.NaN;
  const i = h.counts.findIndex((c) => c >= q * total);
  return h.le[i]! * 1000;
}

/** The share of the window at or under `ms`, when `ms` is one of the bounds. */
export function shareWithinMs(h: Buckets, ms: number): number {
  const i = h.le.findIndex((le) => Math.abs(le * 1000 - ms) < 1e-9);
  const total = h.counts.at(-1) ?? 0;
  return i < 0 || total === 0 ? Number.NaN : h.counts[i]! / total;
}
