import type { CardModule } from '../module.ts';

/** AP 28 Landships: opens Royal Tank Corps (AP 48) as a combat card. */
export const landships: CardModule = {
  id: 'ap-28',
  text: 'Tanks are developed: the Royal Tank Corps combat card may be used from now on.',
};
