import type { CardModule } from '../module.ts';

/** CP 54 H-L Take Command (7.1.10): no more German offensives (the one in force is made); opens the 1918 offensives. */
export const hlTakeCommand: CardModule = {
  id: 'cp-54',
  text: 'Hindenburg and Ludendorff take command: no more German Mandated Offensives (one in force is cancelled); Michael, Blucher, Peace Offensive, Hoffmann and U-Boats Unleashed may be played, Place of Execution no longer.',
  play(state) {
    if (state.mandates.cp.nation === 'ge') state.mandates.cp = { nation: 'ge', made: true };
    return 'done';
  },
};
