import { describe, expect, it } from 'vitest';
import { activationCost } from '../src/activation.ts';
import { setLoc } from '../src/cache.ts';
import { mayAttack } from '../src/combat.ts';
import { rollMandates } from '../src/flow.ts';
import { newOperation } from '../src/operations.ts';
import { supplyOf } from '../src/supply.ts';
import { ELIMINATED, type PogState, REMOVED, RESERVE } from '../src/types.ts';
import { game, options, play, testLog } from './helpers.ts';

function campaign(side: 'ap' | 'cp', hand: string[], turn = 8, opts: Record<string, unknown> = {}): PogState {
  const state = play(game.setup('campaign', opts as never, 'events'), 'cp', {
    type: 'gunsOfAugust',
    keep: true,
  }).state;
  state.turn = turn;
  state.phase = { kind: 'action', side };
  state.decks[side].hand = [...hand];
  state.mandates = { ap: { nation: null, made: true }, cp: { nation: null, made: true } };
  return state;
}

const ev = (state: PogState, side: string, id: string) => play(state, side, { type: 'event', card: id });
const offered = (state: PogState, side: string, id: string) =>
  options(state, side, 'event', 'card').includes(id);

/** Ends the current side's round with one operations point and no activation. */
function pass(state: PogState, side: string): PogState {
  const s = play(state, side, { type: 'oneOp' }).state;
  return play(s, side, { type: 'endActivation' }).state;
}

describe('Limited and Total War events with VP and markers', () => {
  it('AP 26 Lusitania: only after Blockade and before Zimmermann Telegram; one VP off', () => {
    const state = campaign('ap', ['ap-26']);
    expect(offered(state, 'ap', 'ap-26')).toBe(false);
    state.played.push('blockade');
    expect(ev(state, 'ap', 'ap-26').state.vp).toBe(state.vp - 1);
    state.played.push('zimmermann_telegram');
    expect(offered(state, 'ap', 'ap-26')).toBe(false);
  });

  it('AP 40 Fourteen Points: only after Zimmermann Telegram; one VP off', () => {
    const state = campaign('ap', ['ap-40']);
    expect(offered(state, 'ap', 'ap-40')).toBe(false);
    state.played.push('zimmermann_telegram');
    expect(ev(state, 'ap', 'ap-40').state.vp).toBe(state.vp - 1);
  });

  it('CP 25 High Seas Fleet and AP 33 Grand Fleet: one VP unless the Allies answer with Grand Fleet as their next action', () => {
    const state = campaign('cp', ['cp-25']);
    state.decks.ap.hand = ['ap-33', 'ap-1'];
    const sortie = ev(state, 'cp', 'cp-25').state;
    expect(offered(sortie, 'ap', 'ap-33')).toBe(true);
    const answered = ev(sortie, 'ap', 'ap-33').state;
    expect(answered.vp).toBe(state.vp);
    const ignored = pass(sortie, 'ap');
    expect(ignored.vp).toBe(state.vp + 1);
    // Grand Fleet is playable only right after the sortie.
    expect(offered(campaign('ap', ['ap-33']), 'ap', 'ap-33')).toBe(false);
  });

  it('CP 27 Zeppelin Raids, CP 36 U-Boats Unleashed, CP 33 Walter Rathenau, AP 37 Independent Air Force, AP 52 Convoy: replacement points at the Replacement Phase', () => {
    const state = campaign('cp', []);
    state.played.push('h_l_take_command', 'walter_rathenau', 'uboats_unleashed');
    state.eventTurns = { zeppelin_raids: 8 };
    state.rp = { br: 6, ge: 1 };
    state.actions = { ap: ['ops', 'ops', 'ops', 'ops', 'ops'], cp: ['ops', 'ops', 'ops', 'ops', 'ops'] };
    let s = pass(state, 'cp');
    s = pass(s, 'ap');
    expect(s.phase.kind).toBe('replacement');
    expect(s.rp.br).toBe(1); // 6 - 4 (Zeppelins) - 1 (U-boats)
    // Rathenau's point is added for the Central Powers' segment.
    const cp = play(s, 'ap', { type: 'endReplacements' }).state;
    expect(cp.phase.kind === 'replacement' ? cp.rp.ge : 2).toBe(2);
    // Independent Air Force and Convoy end the two lasting effects.
    state.played.push('independent_air_force', 'convoy');
    state.eventTurns = {};
    let t = pass(state, 'cp');
    t = pass(t, 'ap');
    expect(t.rp.br).toBe(6);
  });

  it('CP 37 Hoffmann and CP 36 U-Boats Unleashed: only after CP 54 H-L Take Command, which ends German offensives (7.1.10)', () => {
    const state = campaign('cp', ['cp-37', 'cp-36', 'cp-54']);
    expect(offered(state, 'cp', 'cp-37')).toBe(false);
    expect(offered(state, 'cp', 'cp-36')).toBe(false);
    state.mandates.cp = { nation: 'ge', made: false };
    const after = ev(state, 'cp', 'cp-54').state;
    expect(after.mandates.cp.made).toBe(true);
    after.phase = { kind: 'action', side: 'cp' };
    expect(offered(after, 'cp', 'cp-37')).toBe(true);
    expect(offered(after, 'cp', 'cp-36')).toBe(true);
  });

  it('CP 32 War in Africa: the Allies choose between a British corps for good and one VP', () => {
    const state = campaign('cp', ['cp-32']);
    const asked = ev(state, 'cp', 'cp-32').state;
    expect(game.status(asked).toAct).toEqual(['ap']);
    const corps = options(asked, 'ap', 'cardEvent', 'unit', { pick: 'corps' });
    expect(corps).toContain('br-corps-1');
    expect(corps).not.toContain('br-corps-aus');
    const gone = play(asked, 'ap', { type: 'cardEvent', pick: 'corps', unit: 'br-corps-1' }).state;
    expect(gone.units['br-corps-1']!.loc).toBe(REMOVED);
    expect(gone.actions.cp.at(-1)).toBe('event');
    expect(gone.phase).toEqual({ kind: 'action', side: 'ap' });
    const vp = play(asked, 'ap', { type: 'cardEvent', pick: 'vp' }).state;
    expect(vp.vp).toBe(state.vp + 1);
  });

  it('AP 23 Cloak and Dagger and CP 17 Mata Hari: the other hand is shown to the player alone, then the card gives operations', () => {
    const state = campaign('ap', ['ap-23']);
    state.decks.cp.hand = ['cp-15', 'cp-20'];
    const result = ev(state, 'ap', 'ap-23');
    const spied = result.events.find((e) => e.type === 'spiedHand') as { to?: string[]; cards?: string[] };
    expect(spied.to).toEqual(['ap']);
    expect(spied.cards).toEqual(['cp-15', 'cp-20']);
    expect(result.state.phase).toMatchObject({ kind: 'activate', op: { points: 2 } });
    const cp = campaign('cp', ['cp-17']);
    expect(ev(cp, 'cp', 'cp-17').state.phase.kind).toBe('activate');
  });

  it('CP 47 French Mutiny (7.1.8): French offensives become mutinies; a French western attack not stacked with Americans costs one VP', () => {
    const state = campaign('cp', ['cp-47']);
    state.mandates.ap = { nation: 'fr', made: false };
    const after = ev(state, 'cp', 'cp-47').state;
    expect(after.mandates.ap).toEqual({ nation: 'fr', made: true, mutiny: true });
    // Later French results are mutinies from the roll on.
    for (let i = 0; i < 30; i++) {
      const s = structuredClone(after);
      rollMandates(s, testLog(`mutiny-${i}`));
      if (s.mandates.ap.nation === 'fr') {
        expect(s.mandates.ap).toEqual({ nation: 'fr', made: true, mutiny: true });
        break;
      }
    }
  });

  it('CP 55 Lloyd George and CP 58 Stavka Timidity: attacks barred on entrenched Germans this turn', () => {
    const state = campaign('cp', []);
    setLoc(state, 'ge-corps-1', 'lodz');
    state.control.lodz = 'cp';
    state.trenches.lodz = { side: 'cp', level: 2 };
    setLoc(state, 'ru-corps-1', 'warsaw');
    const op = newOperation(null, 0);
    op.activated = { warsaw: 'attack' };
    expect(mayAttack(state, op, 'ru-corps-1', 'lodz', supplyOf(state))).toBe(true);
    state.turnFlags.push('stavka-timidity');
    expect(mayAttack(state, op, 'ru-corps-1', 'lodz', supplyOf(state))).toBe(false);
    setLoc(state, 'ge-corps-2', 'cambrai');
    state.control.cambrai = 'cp';
    state.trenches.cambrai = { side: 'cp', level: 2 };
    setLoc(state, 'br-corps-1', 'amiens');
    op.activated.amiens = 'attack';
    expect(mayAttack(state, op, 'br-corps-1', 'cambrai', supplyOf(state))).toBe(true);
    state.turnFlags.push('lloyd-george');
    expect(mayAttack(state, op, 'br-corps-1', 'cambrai', supplyOf(state))).toBe(false);
    state.played.push('michael');
    expect(mayAttack(state, op, 'br-corps-1', 'cambrai', supplyOf(state))).toBe(true);
  });

  it('AP 51 Everyone Into Battle: after a 1918 offensive, Allied stacks in France, Belgium and Italy activate as one nation this turn', () => {
    const state = campaign('ap', ['ap-51']);
    setLoc(state, 'br-corps-1', 'nancy');
    setLoc(state, 'fr-army-1', 'nancy');
    expect(activationCost(state, 'ap', 'nancy')).toBe(2);
    expect(offered(state, 'ap', 'ap-51')).toBe(false);
    state.played.push('michael');
    const after = ev(state, 'ap', 'ap-51').state;
    expect(activationCost(after, 'ap', 'nancy')).toBe(1);
  });

  it('AP 65 Influenza (optional): from combined war status 30, no replacement-point plays for the rest of the turn', () => {
    const state = campaign('ap', ['ap-65', 'ap-1'], 8, { optionalCards: true });
    state.warStatus = { ap: 15, cp: 15 };
    const after = ev(state, 'ap', 'ap-65').state;
    after.decks.cp.hand = ['cp-20'];
    expect(options(after, 'cp', 'rp', 'card')).toEqual([]);
    expect(options(after, 'cp', 'ops', 'card')).toEqual(['cp-20']);
  });

  it('AP 60 Czech Legion, CP 59 Polish Restoration, CP 63 Russian Desertions, CP 65 Prince Max (optional cards)', () => {
    const ap = campaign('ap', ['ap-60'], 8, { optionalCards: true });
    setLoc(ap, 'ah-corps-1', ELIMINATED);
    let s = ev(ap, 'ap', 'ap-60').state;
    expect(s.units['ru-corps-czech-legion']!.loc).toBe(RESERVE);
    s = play(s, 'ap', { type: 'cardEvent', unit: 'ah-corps-1' }).state;
    expect(s.units['ah-corps-1']!.loc).toBe(REMOVED);

    const cp = campaign('cp', ['cp-59', 'cp-63', 'cp-65'], 8, { optionalCards: true });
    expect(offered(cp, 'cp', 'cp-59')).toBe(false);
    cp.control.warsaw = 'cp';
    const poles = ev(cp, 'cp', 'cp-59').state;
    expect(poles.vp).toBe(cp.vp - 1);
    expect(poles.units['ge-corps-pol-2']!.loc).toBe(RESERVE);

    expect(offered(cp, 'cp', 'cp-63')).toBe(false);
    cp.played.push('fall_of_the_tsar');
    let d = ev(cp, 'cp', 'cp-63').state;
    d = play(d, 'cp', { type: 'cardEvent', pick: 'unit', unit: 'ru-army-1' }).state;
    d = play(d, 'cp', { type: 'cardEvent', pick: 'done' }).state;
    expect(d.units['ru-army-1']!.reduced).toBe(true);
    expect(d.actions.cp.at(-1)).toBe('event');

    const max = ev(cp, 'cp', 'cp-65').state;
    expect(max.warStatus.cp).toBe(cp.warStatus.cp + 3);
    cp.turn = 17;
    expect(offered(cp, 'cp', 'cp-65')).toBe(false);
  });
});
