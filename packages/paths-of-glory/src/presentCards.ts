import type { CardFace, CardPile, CardsPresentation } from '@salient/engine';
import { cardModule } from './cards/index.ts';
import { CARD_TEXT } from './cards.ts';
import { card } from './data/index.ts';
import type { PogView, Side } from './types.ts';

/** What a card's face says: name, OPS and SR, the event in our words, and its marks. */
export function cardFace(id: string): CardFace {
  const c = card(id);
  const marks: string[] = [];
  if (c.combatCard) marks.push('Combat card');
  if (c.removeAfterEvent) marks.push('Removed after its event');
  if (c.optional) marks.push('Optional card');
  if (c.warStatus > 0) marks.push(`War status +${c.warStatus}`);
  const rp = Object.entries(c.rp)
    .map(([n, v]) => `${n.toUpperCase()} ${v}`)
    .join(' ');
  return {
    id,
    name: `${c.name} (#${c.num})`,
    owner: c.side,
    values: [
      { label: 'OPS', value: String(c.ops) },
      { label: 'SR', value: String(c.sr) },
      ...(rp ? [{ label: 'RP', value: rp }] : []),
    ],
    text: CARD_TEXT[id] ?? cardModule(id)?.text ?? 'Its event is not in play yet.',
    marks,
  };
}

/** The ways a card leaves the hand, matched by the client against the seat's choices. */
const PLAYS: CardsPresentation['plays'] = [
  { action: 'ops', param: 'card', label: 'Operations' },
  { action: 'sr', param: 'card', label: 'Redeploy (SR)' },
  { action: 'rp', param: 'card', label: 'Replacements' },
  { action: 'event', param: 'card', label: 'Event' },
  { action: 'combatCard', param: 'card', label: 'Use in this combat' },
  { action: 'discardCombat', param: 'card', label: 'Discard' },
];

/**
 * Both sides' hands (the viewer's own shown, the other counted), draw piles counted, and the public
 * discard, removed and table piles (9.1, 9.5.4.2).
 */
export function presentCards(view: PogView): CardsPresentation {
  const piles: CardPile[] = [];
  const sides: Side[] = view.viewer === 'ap' ? ['ap', 'cp'] : ['cp', 'ap'];
  for (const side of sides) {
    const d = view.decks[side];
    // Short pile names (AP/CP, as the cards print them) keep the card bar short on a phone.
    const name = side.toUpperCase();
    piles.push(
      {
        id: `${side}-hand`,
        label: `${name} hand`,
        owner: side,
        kind: 'hand',
        cards: d.hand ?? null,
        count: d.handCount,
      },
      {
        id: `${side}-draw`,
        label: `${name} draw pile`,
        owner: side,
        kind: 'draw',
        cards: null,
        count: d.drawCount,
      },
      {
        id: `${side}-table`,
        label: `${name} on the table`,
        owner: side,
        kind: 'table',
        cards: d.table,
        count: d.table.length,
      },
      {
        id: `${side}-discard`,
        label: `${name} discards`,
        owner: side,
        kind: 'discard',
        cards: d.discard,
        count: d.discard.length,
      },
      {
        id: `${side}-removed`,
        label: `${name} removed cards`,
        owner: side,
        kind: 'removed',
        cards: d.removed,
        count: d.removed.length,
      },
    );
  }
  const faces: Record<string, CardFace> = {};
  for (const p of piles) for (const id of p.cards ?? []) faces[id] = cardFace(id);
  return { faces, piles, plays: PLAYS };
}
