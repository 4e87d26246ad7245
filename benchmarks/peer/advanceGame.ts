/**
 * The trivial game both servers host, as boardgame.io writes it: two players take turns, and the
 * only move advances the mover's counter. It is the same game as Salient's `skirmish` fixture played
 * with advances only (its battle phase: one move per turn, turns alternate, no end in sight).
 */
import type { Game } from 'boardgame.io';

export interface AdvanceState {
  progress: Record<string, number>;
}

export const advanceGame: Game<AdvanceState> = {
  name: 'advance',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ progress: { '0': 0, '1': 0 } }),
  moves: {
    advance: ({ G, playerID }) => {
      G.progress[playerID] = (G.progress[playerID] ?? 0) + 1;
    },
  },
  // One move per turn, then the turn passes: the two players alternate, as in skirmish's battle.
  turn: { minMoves: 1, maxMoves: 1 },
};
