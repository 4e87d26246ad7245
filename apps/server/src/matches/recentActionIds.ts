/**
 * The client action ids of a match's latest actions, so the usual resend (an ack lost a moment ago)
 * is recognised without a query. Only the last few are kept: remembering every id would make a
 * loaded match grow with every action. An older id is found in the database, whose unique index on
 * (match_id, client_action_id) refuses a second row anyway, so an acknowledged action is never
 * applied twice whatever this holds.
 */
export class RecentActionIds {
  /** In the order the actions were applied: the first entry is the oldest kept. */
  private readonly ids = new Map<string, number>();

  /**
   * @param entries id and seq pairs, oldest first
   * @param complete whether `entries` are all the ids the match has (nothing older to look up)
   */
  constructor(
    readonly limit: number,
    entries: Iterable<readonly [string, number]> = [],
    private complete = true,
  ) {
    for (const [id, seq] of entries) this.add(id, seq);
  }

  /** The seq the action with this id was applied at, if it is among the latest. */
  get(id: string): number | undefined {
    return this.ids.get(id);
  }

  /** Whether an id missing here may still be in the database. */
  get mayHaveOlder(): boolean {
    return !this.complete;
  }

  get size(): number {
    return this.ids.size;
  }

  add(id: string, seq: number): void {
    this.ids.delete(id);
    this.ids.set(id, seq);
    while (this.ids.size > this.limit) {
      this.ids.delete(this.ids.keys().next().value!);
      this.complete = false;
    }
  }
}

/** How many client action ids a loaded match keeps in memory. */
export const RECENT_ACTION_IDS = 16;
