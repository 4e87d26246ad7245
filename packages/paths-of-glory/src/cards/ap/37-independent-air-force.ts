import type { CardModule } from '../module.ts';

/** AP 37 Independent Air Force: Walter Rathenau's extra German RP is no more (src/flow.ts). */
export const independentAirForce: CardModule = {
  id: 'ap-37',
  text: "Strategic bombing: Walter Rathenau's extra German replacement point is lost from now on (or never comes).",
};
