import { bolshevikRevolutionAllowed } from '../../russia.ts';
import type { CardModule } from '../module.ts';

/**
 * CP 53 Bolshevik Revolution (16.4.6-16.4.7, 7.1.11): no more Russian Mandated Offensives (the one in
 * force is made), and at most one Russian replacement point a turn (src/apply.ts).
 */
export const bolshevikRevolution: CardModule = {
  id: 'cp-53',
  text: 'Playable on a turn after Fall of the Tsar once the Central Powers hold more Russian VP spaces than when the Tsar fell (or all seven outside Baku). Russia has no more Mandated Offensives and spends at most one replacement point a turn.',
  playable: bolshevikRevolutionAllowed,
  play(state) {
    if (state.mandates.ap.nation === 'ru') state.mandates.ap = { nation: 'ru', made: true };
    return 'done';
  },
};
