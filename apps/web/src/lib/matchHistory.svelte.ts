import { api, position } from '@salient/protocol';
import { call, errorText } from './api/client.ts';

/** Where the positions come from: the match, the invite that lets a guest watch it, its steps in force. */
export interface HistorySource {
  matchId: string;
  invite: string | null;
  /** Steps in force: the live position is position `steps`. */
  steps: number;
}

/**
 * Looking back at a match in play: which earlier position is shown (null: the live one), that
 * position's view and the one before it (to mark its move), fetched from the server, which alone
 * may say what this seat saw then.
 */
export class MatchHistory {
  /** null: the live position; otherwise the index of the position shown (0 = the set-up). */
  index = $state<number | null>(null);
  view = $state.raw<object | null>(null);
  before = $state.raw<object | null>(null);
  total = $state(0);
  busy = $state(false);

  constructor(
    private readonly source: () => HistorySource | null,
    private readonly onError: (message: string) => void,
  ) {}

  async show(index: number): Promise<void> {
    const from = this.source();
    if (!from || this.busy) return;
    if (index >= from.steps) return this.live();
    this.busy = true;
    try {
      // An invite holder watching a private match shows its code, as for the summary.
      const query = from.invite ? `?invite=${encodeURIComponent(from.invite)}` : '';
      const url = (i: number) => `${api.position(from.matchId, i)}${query}`;
      const at = await call('GET', url(Math.max(0, index)), position);
      const prev = at.index > 0 ? await call('GET', url(at.index - 1), position) : null;
      this.view = at.view;
      this.before = prev?.view ?? null;
      this.total = at.total;
      this.index = at.index;
    } catch (err) {
      this.onError(errorText(err));
    } finally {
      this.busy = false;
    }
  }

  live(): void {
    this.index = null;
    this.view = null;
    this.before = null;
  }
}
