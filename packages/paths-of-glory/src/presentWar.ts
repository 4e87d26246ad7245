import { capitulationBox } from './russia.ts';
import type { Readable } from './types.ts';
import { combinedWarStatus, commitmentOf } from './war.ts';

const LEVEL: Record<string, string> = {
  mobilization: 'Mobilization',
  limited: 'Limited War',
  total: 'Total War',
};

/** 16.3: the US Entry track's box. */
function usEntryBox(state: Readable): string {
  if (state.played.includes('over_there')) return 'Over There';
  if (state.played.includes('zimmermann_telegram')) return 'Zimmermann Telegram played';
  if (combinedWarStatus(state) >= 30) return 'Zimmermann Telegram allowed';
  return 'Neutral';
}

/**
 * The tracks of the war past 1914 (16): commitment levels, combined war status, the US Entry and
 * Russian Capitulation tracks, and the nations still neutral. Not shown in the Introductory scenario,
 * where none of them moves.
 */
export function warTracks(view: Readable): { id: string; label: string; value: string }[] {
  if (view.scenario === 'introductory') return [];
  const neutral = view.neutral.filter((n) => n !== 'pe').map((n) => n.toUpperCase());
  return [
    {
      id: 'commitment',
      label: 'War commitment (AP / CP)',
      value: `${LEVEL[commitmentOf(view, 'ap')]} / ${LEVEL[commitmentOf(view, 'cp')]}`,
    },
    {
      id: 'combinedWarStatus',
      label: 'Combined war status (Armistice at 40)',
      value: String(combinedWarStatus(view)),
    },
    { id: 'usEntry', label: 'US entry', value: usEntryBox(view) },
    { id: 'russia', label: 'Russian capitulation', value: capitulationBox(view) },
    { id: 'neutrals', label: 'Neutral nations', value: neutral.length > 0 ? neutral.join(', ') : 'none' },
  ];
}
