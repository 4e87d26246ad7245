import type { Policy } from '@salient/engine';

/**
 * A random player that plays a card as its event half the time it may (else any choice at random):
 * a uniformly random player seldom plays events, so commitment, neutral entries and the Russian
 * track would hardly move in property tests and the games script. Deterministic from the pick it is given.
 */
export const eventfulPlayer: Policy = (choices, _seat, _state, pick) => {
  // Peace terms (16.5) are always refused: accepting ends the game at once, and a random player
  // accepting half the offers would seldom let a Campaign reach its later years.
  const refuse = choices.find((c) => c.action === 'refusePeace');
  if (refuse) return refuse;
  const event = choices.find((c) => c.action === 'event');
  if (event && pick(2) === 0) return event;
  return choices[pick(choices.length)]!;
};
