import { digestSteps, eventTopic, type GameEvent } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { topicOf } from '../src/topics.ts';
import type { PogState } from '../src/types.ts';
import { game, inOperation, lab, play } from './helpers.ts';

/** A Campaign game in the given side's action phase with the given hand, no offensive pending. */
function campaign(side: 'ap' | 'cp', hand: string[], turn = 6): PogState {
  const state = play(game.setup('campaign', {}, 'topics'), 'cp', { type: 'gunsOfAugust', keep: true }).state;
  state.turn = turn;
  state.phase = { kind: 'action', side };
  state.decks[side].hand = [...hand];
  state.mandates = { ap: { nation: null, made: true }, cp: { nation: null, made: true } };
  return state;
}

const topics = (events: readonly GameEvent[]) =>
  events.filter((e) => eventTopic(e)).map((e) => [e.type, eventTopic(e)]);

describe('Summary topics of the log (a game of weeks)', () => {
  it('AP 17 Italy as an event: the card play (with the war status it adds) and the entry are summary lines', () => {
    const state = campaign('ap', ['ap-17']);
    const { events, state: after } = play(state, 'ap', { type: 'event', card: 'ap-17' });
    expect(topics(events)).toEqual([
      ['event', 'card'],
      ['neutralEntry', 'entry'],
    ]);
    const digest = digestSteps([{ seq: 1, seat: 'ap', events }]);
    expect(digest.groups.map((g) => [g.label, g.lines.map((l) => l.text)])).toEqual([
      [
        '1 card played',
        [`Allied Powers play Italy (AP #17) as an event: war status +2, now ${after.warStatus.ap}`],
      ],
      ['1 nation entering the war', ['Italy enters the war']],
    ]);
  });

  it('cards played for operations, SR and replacements name their card and how it was played', () => {
    const ops = play(campaign('cp', ['cp-34']), 'cp', { type: 'ops', card: 'cp-34' }).events;
    expect(topics(ops)).toEqual([['ops', 'card']]);
    const sr = play(campaign('cp', ['cp-34']), 'cp', { type: 'sr', card: 'cp-34' }).events;
    expect(topics(sr)).toEqual([['sr', 'card']]);
    const rp = play(campaign('cp', ['cp-34']), 'cp', { type: 'rp', card: 'cp-34' }).events;
    expect(topics(rp)).toEqual([['rp', 'card']]);
  });

  it('a combat is summarised by where it was and how it ended; moves and losses are left to the step list', () => {
    let state = lab({ 'ge-army-8': 'thorn', 'ge-corps-1': 'tannenberg', 'ru-corps-1': 'plock' });
    state = inOperation(state, 'cp', { thorn: 'attack', tannenberg: 'attack' }, 'attack');
    state = play(state, 'cp', { type: 'declareAttack', target: 'plock' }).state;
    state = play(state, 'cp', { type: 'addAttacker', unit: 'ge-army-8' }).state;
    state = play(state, 'cp', { type: 'fight' }).state;
    if (state.phase.kind === 'attack' && state.phase.combat?.step === 'flank')
      state = play(state, 'cp', { type: 'flank', pin: 'none' }).state;
    state = play(state, 'cp', { type: 'doneCards' }).state;
    const { events } = play(state, 'ap', { type: 'doneCards' });
    const result = events.find((e) => e.type === 'combatResult')!;
    expect(eventTopic(result)).toBe('combat');
    expect(result.space).toBe('plock');
    expect(result.headline).toBe(`Central Powers attack Plock: ${result.text}`);
    expect(
      events.filter((e) => e.type === 'roll' || e.type === 'lossNumber').every((e) => !eventTopic(e)),
    ).toBe(true);
  });

  it('an attack on an undefended space (12.2.1) is a combat line naming the attacker and the place', () => {
    let state = lab({ 'ge-army-8': 'thorn' });
    state = inOperation(state, 'cp', { thorn: 'attack' }, 'attack');
    state = play(state, 'cp', { type: 'declareAttack', target: 'plock' }).state;
    state = play(state, 'cp', { type: 'addAttacker', unit: 'ge-army-8' }).state;
    const { events } = play(state, 'cp', { type: 'fight' });
    const empty = events.find((e) => e.type === 'emptyAttack')!;
    expect(eventTopic(empty)).toBe('combat');
    expect(empty.headline).toBe('Central Powers attack Plock: undefended, taken without a fight');
  });

  it('events that name no card, and private draws, get no topic', () => {
    expect(topicOf({ type: 'event', text: 'The Grand Fleet meets the High Seas Fleet: no VP' })).toBeNull();
    expect(topicOf({ type: 'sr', text: 'A corps redeploys to Salonika' })).toBeNull();
    expect(topicOf({ type: 'drawnCards', text: 'You draw …', to: ['ap'] })).toBeNull();
    expect(topicOf({ type: 'vp', text: 'VP 11' })).toBe('score');
    expect(topicOf({ type: 'commitment', text: 'Allies reach Total War' })).toBe('war');
  });
});
