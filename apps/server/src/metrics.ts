import { Histogram, LATENCY_BUCKETS, type RuntimeHealth } from './runtimeHealth.ts';

export interface CacheFigures {
  entries: number;
  bytes: number;
  /** The most `bytes` has been once the cache settled after a change (a high-water mark). */
  peakBytes: number;
  budget: number;
  evictions: number;
}

export interface RedisHealth {
  up: boolean;
  outages: number;
  publishFailures: number;
  catchUpPushes: number;
}

/** Prometheus metrics, written out by hand: counters, gauges and a few histograms. */
export class Metrics {
  actionsAccepted = 0;
  actionsRefused = 0;
  private readonly actionLatency = new Histogram(
    'salient_action_latency_seconds',
    "From the action's turn to run (after earlier steps of its match) to its acknowledgement: rules, commit, broadcast.",
    LATENCY_BUCKETS,
  );
  /** The event loop's lag and the garbage collector's pauses, where the server watches them (server.ts). */
  runtime: RuntimeHealth | null = null;
  sockets = 0;
  /** Match updates built (each encoded once for its room), by audience. */
  readonly updatesBuilt = { seats: 0, spectators: 0 };
  /** Quota and rate refusals by limit name (see LimitGuard). */
  readonly limitRefusals = new Map<string, number>();

  limitRefused(limit: string): void {
    this.limitRefusals.set(limit, (this.limitRefusals.get(limit) ?? 0) + 1);
  }
  /** Promise rejections nobody handled: logged and counted, the process goes on (see run.ts). */
  unhandledRejections = 0;
  /** Bot decisions: time from being queued to the answer (worker thread), and the queue's figures. */
  readonly botDecisionTime = new Histogram(
    'salient_bot_decision_seconds',
    'From a bot decision being queued to its answer from a worker thread (queue wait included).',
    [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  );
  bots: (() => { queued: number; busy: number; workers: number; failures: number }) | null = null;
  /** Set when the process runs over Redis. */
  redis: (() => RedisHealth) | null = null;
  /** Statements that appended actions, and the actions they carried: their ratio is the batching. */
  appendCommits = 0;
  appendedActions = 0;
  /**
   * Each appending statement from its sending to the database's answer: where a stall of the
   * database (a slow flush of its log, a paused disk) shows apart from the server's own work.
   */
  private readonly appendCommitTime = new Histogram(
    'salient_append_commit_seconds',
    "Each statement appending actions (one commit), from its sending to the database's answer.",
    LATENCY_BUCKETS,
  );

  appendsCommitted(commits: number, actions: number, seconds?: number): void {
    this.appendCommits += commits;
    this.appendedActions += actions;
    if (seconds !== undefined) this.appendCommitTime.observe(seconds);
  }

  actionDone(ok: boolean, seconds: number): void {
    if (ok) this.actionsAccepted++;
    else this.actionsRefused++;
    this.actionLatency.observe(seconds);
  }

  /** The exposition text; `matchesByStatus` is counted from the database at scrape time. */
  render(matchesByStatus: Record<string, number>, cache: CacheFigures): string {
    const lines: string[] = [];
    lines.push('# HELP salient_matches Matches in the database by status.', '# TYPE salient_matches gauge');
    for (const [status, n] of Object.entries(matchesByStatus))
      lines.push(`salient_matches{status="${status}"} ${n}`);
    lines.push(
      '# HELP salient_matches_loaded Matches held in this process.',
      '# TYPE salient_matches_loaded gauge',
    );
    lines.push(`salient_matches_loaded ${cache.entries}`);
    lines.push(
      '# HELP salient_match_cache_bytes Estimated memory of the matches held in this process.',
      '# TYPE salient_match_cache_bytes gauge',
      `salient_match_cache_bytes ${cache.bytes}`,
      '# HELP salient_match_cache_peak_bytes The most the match cache has held since the process started.',
      '# TYPE salient_match_cache_peak_bytes gauge',
      `salient_match_cache_peak_bytes ${cache.peakBytes}`,
      '# HELP salient_match_cache_budget_bytes The budget the match cache is kept under (MATCH_CACHE_BYTES).',
      '# TYPE salient_match_cache_budget_bytes gauge',
      `salient_match_cache_budget_bytes ${cache.budget}`,
      '# HELP salient_match_cache_evictions_total Matches dropped from memory to stay under the budget.',
      '# TYPE salient_match_cache_evictions_total counter',
      `salient_match_cache_evictions_total ${cache.evictions}`,
      '# HELP salient_limit_refusals_total Requests refused by a quota or rate limit, by limit.',
      '# TYPE salient_limit_refusals_total counter',
    );
    for (const [limit, n] of this.limitRefusals)
      lines.push(`salient_limit_refusals_total{limit="${limit}"} ${n}`);
    lines.push('# HELP salient_sockets Connected socket.io clients.', '# TYPE salient_sockets gauge');
    lines.push(`salient_sockets ${this.sockets}`);
    lines.push(
      '# HELP salient_actions_total Submitted actions by result.',
      '# TYPE salient_actions_total counter',
    );
    lines.push(`salient_actions_total{result="accepted"} ${this.actionsAccepted}`);
    lines.push(`salient_actions_total{result="refused"} ${this.actionsRefused}`);
    lines.push(
      '# HELP salient_updates_built_total Match updates built after committed steps, by audience (none for unwatched spectator rooms).',
      '# TYPE salient_updates_built_total counter',
    );
    lines.push(`salient_updates_built_total{audience="seats"} ${this.updatesBuilt.seats}`);
    lines.push(`salient_updates_built_total{audience="spectators"} ${this.updatesBuilt.spectators}`);
    lines.push(
      '# HELP salient_unhandled_rejections_total Promise rejections no code handled (logged as errors).',
      '# TYPE salient_unhandled_rejections_total counter',
      `salient_unhandled_rejections_total ${this.unhandledRejections}`,
    );
    const redis = this.redis?.();
    if (redis) {
      lines.push(
        '# HELP salient_redis_up 1 when both Redis connections work; 0 means degraded (cross-process pushes lag).',
        '# TYPE salient_redis_up gauge',
        `salient_redis_up ${redis.up ? 1 : 0}`,
        '# HELP salient_redis_outages_total Times the Redis connections were lost.',
        '# TYPE salient_redis_outages_total counter',
        `salient_redis_outages_total ${redis.outages}`,
        '# HELP salient_redis_publish_failures_total Broadcasts Redis did not take (local sockets still got them).',
        '# TYPE salient_redis_publish_failures_total counter',
        `salient_redis_publish_failures_total ${redis.publishFailures}`,
        '# HELP salient_redis_catch_up_pushes_total Matches pushed to local sockets from the database during or after an outage.',
        '# TYPE salient_redis_catch_up_pushes_total counter',
        `salient_redis_catch_up_pushes_total ${redis.catchUpPushes}`,
      );
    }
    lines.push(
      '# HELP salient_append_commits_total Statements (each its own commit) that appended actions.',
      '# TYPE salient_append_commits_total counter',
    );
    lines.push(`salient_append_commits_total ${this.appendCommits}`);
    lines.push(
      '# HELP salient_append_rows_total Actions those statements carried (group commit: many per statement).',
      '# TYPE salient_append_rows_total counter',
    );
    lines.push(`salient_append_rows_total ${this.appendedActions}`);
    this.appendCommitTime.render(lines);
    this.actionLatency.render(lines);
    const bots = this.bots?.();
    if (bots) {
      lines.push(
        '# HELP salient_bot_queue Bot decisions waiting for a worker thread.',
        '# TYPE salient_bot_queue gauge',
        `salient_bot_queue ${bots.queued}`,
        '# HELP salient_bot_busy Worker threads thinking now, of salient_bot_workers.',
        '# TYPE salient_bot_busy gauge',
        `salient_bot_busy ${bots.busy}`,
        '# TYPE salient_bot_workers gauge',
        `salient_bot_workers ${bots.workers}`,
        '# HELP salient_bot_failures_total Bot decisions that failed (worker error, refused action).',
        '# TYPE salient_bot_failures_total counter',
        `salient_bot_failures_total ${bots.failures}`,
      );
      this.botDecisionTime.render(lines);
    }
    this.runtime?.render(lines);
    return `${lines.join('\n')}\n`;
  }
}
