import type { CardModule } from '../module.ts';

/** AP 49 Sinai Pipeline: opens Allenby (AP 50). */
export const sinaiPipeline: CardModule = {
  id: 'ap-49',
  text: "A water pipeline crosses the Sinai: the Allies' Sinai penalty ends (summer desert rules stay) and Allenby may be played.",
};
