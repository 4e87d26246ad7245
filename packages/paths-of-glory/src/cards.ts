import { CARDS, type CardData, card } from './data/index.ts';
import type { Deck, Readable, Side } from './types.ts';

/**
 * What each mobilization card's event does, in this project's words (the published texts are not
 * reproduced). Reinforcement cards say which units arrive.
 */
export const CARD_TEXT: Record<string, string> = {
  'ap-1': 'British reinforcements: the 2nd Army and one corps arrive.',
  'ap-2': 'The naval blockade bites: one VP comes off the track in every winter War Status Phase.',
  'ap-3': 'Russian reinforcements: the 11th Army and one corps arrive.',
  'ap-4': 'Combat card: Russian units fighting (attacking or defending) get +1 on their fire die.',
  'ap-5': 'Combat card, 1914-1915 only: Serbian units fighting get +1 on their fire die.',
  'ap-6':
    'Combat card for a defence: the defender gives back one corps step lost and falls back one space instead.',
  'ap-7':
    'Combat card for a defence: +2 to the defenders in mountains in fall or winter, or in swamps in spring or fall.',
  'ap-8': 'Russian reinforcements: two corps arrive.',
  'ap-9':
    'August or September 1914 only: until Falkenhayn is played, the Central Powers pay one activation point per unit in Belgium and France.',
  'ap-10': 'French reinforcements: the 10th Army arrives.',
  'ap-11': 'Russian reinforcements: the 9th and 10th Armies arrive.',
  'ap-12':
    'Dig in: a level 1 trench goes into a space holding a supplied Allied army, and the Allies may now dig to level 2.',
  'ap-13': 'Only after Guns of August was played as an event: the outrage costs the Central Powers one VP.',
  'ap-14': 'British reinforcements: the 1st Army and one corps arrive.',
  'ap-56': 'One free replacement point flips a reduced French army in or next to Paris to full strength.',
  'ap-57': 'The two Russian cavalry corps appear in a space in Russia holding a supplied Russian army.',
  'cp-1':
    'First action round of August 1914 only: the Liege fort falls, the German 1st and 2nd Armies enter Liege, and the 1st, 2nd and 3rd Armies may attack at once.',
  'cp-2': 'Combat card: a German flank attack on a space held by Russians alone succeeds without a roll.',
  'cp-3': 'Combat card: a German attack on Russian units gets +1 on its fire die.',
  'cp-4':
    'Combat card for a defence: +2 to the defenders in mountains in fall or winter, or in swamps in spring or fall.',
  'cp-5':
    'Two free replacement points flip reduced Central Powers units to full strength at once (never rebuild eliminated ones).',
  'cp-6':
    'Dig in: a level 1 trench goes into a space holding a supplied Central Powers army, and they may now dig to level 2.',
  'cp-7': 'German reinforcements: the 9th Army arrives.',
  'cp-8': 'Central Powers units may now end their moves in Amiens, Antwerp, Calais and Ostend.',
  'cp-9': 'Political truce at home: one VP to the Central Powers (not once they are at Total War).',
  'cp-10':
    'Each action round, one Austro-Hungarian unit with up to two German corps in its space activates as a single nation.',
  'cp-11': 'German units may now attack spaces with Russian forts.',
  'cp-12': 'German reinforcements: the 10th Army and two corps arrive.',
  'cp-13':
    'Cancels Moltke; in August or September 1914 only once Moltke has been played, freely from Fall 1914.',
  'cp-14': 'Austro-Hungarian reinforcements: the 7th Army and two corps arrive.',
  'cp-56':
    'Combat card for a defence: the defender gives back one corps step lost and falls back one space instead.',
  'cp-57': 'Combat card: Austro-Hungarian units fighting get +1 on their fire die.',
};

export function deckCards(side: Side, optional: boolean, commitment: CardData['commitment']): string[] {
  return CARDS.filter((c) => c.side === side && c.commitment === commitment && (optional || !c.optional)).map(
    (c) => c.id,
  );
}

/** The seat's own hand, from a full state or from its view. */
export function handOf(state: Readable, side: Side): string[] {
  const deck = state.decks[side] as Partial<Deck> & { hand?: string[] };
  return deck.hand ?? [];
}

export const cardName = (id: string) => {
  const c = card(id);
  return `${c.name} (${c.side.toUpperCase()} #${c.num})`;
};
