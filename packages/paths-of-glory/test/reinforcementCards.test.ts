import { describe, expect, it } from 'vitest';
import { setLoc } from '../src/cache.ts';
import { card, unitData } from '../src/data/index.ts';
import { OFFMAP, type PogState, RESERVE, type Side } from '../src/types.ts';
import { enterWar } from '../src/war.ts';
import { game, options, play } from './helpers.ts';

/**
 * The plain reinforcement cards (9.5.3): the card table's reinforcement column names the units, the
 * framework brings them (armies to their capital or a friendly supplied supply source of their
 * nation, 9.5.3.3; corps to the reserve box, 9.5.3.2). Each test plays the card as an event in a
 * Campaign position whose commitment has the card's deck in play.
 */
function position(side: Side, hand: string[], turn = 8): PogState {
  const state = play(game.setup('campaign', {}, 'reinforcements'), 'cp', {
    type: 'gunsOfAugust',
    keep: true,
  }).state;
  state.turn = turn;
  state.phase = { kind: 'action', side };
  state.decks[side].hand = [...hand];
  state.mandates = { ap: { nation: null, made: true }, cp: { nation: null, made: true } };
  const level = hand.some((c) => card(c).commitment === 'total') ? 'total' : 'limited';
  state.commitment = { ap: 'mobilization', cp: 'mobilization', [side]: level } as PogState['commitment'];
  return state;
}

const offered = (state: PogState, side: Side, cardId: string) =>
  options(state, side, 'event', 'card').includes(cardId);

const event = (state: PogState, side: Side, cardId: string) =>
  play(state, side, { type: 'event', card: cardId }).state;

const place = (state: PogState, side: Side, unit: string, to: string) =>
  play(state, side, { type: 'place', unit, to }).state;

/** Counters leaving the off-map pool for the reserve box. */
const toReserve = (before: PogState, after: PogState) =>
  Object.keys(after.units).filter((u) => after.units[u]!.loc === RESERVE && before.units[u]!.loc !== RESERVE);

/** Fills a space up to three units with corps of the side not yet in play (stacking, 10.1). */
function fill(state: PogState, space: string, side: Side): void {
  const free = Object.keys(state.units).filter(
    (u) => unitData(u).side === side && state.units[u]!.loc === OFFMAP && !u.includes('army'),
  );
  const room = 3 - Object.values(state.units).filter((u) => u.loc === space).length;
  for (const u of free.slice(0, room)) setLoc(state, u, space);
}

const roundEnded = (state: PogState, side: Side) =>
  state.phase.kind !== 'placeReinforcements' && state.actions[side].length > 0;

describe('Plain Allied reinforcement cards (9.5.3)', () => {
  it('AP 15 British Reinforcements: the 4th Army arrives in London and a British corps in the reserve box; one British card a turn (9.5.3.1)', () => {
    const state = position('ap', ['ap-15', 'ap-34']);
    const placing = event(state, 'ap', 'ap-15');
    expect(toReserve(state, placing)).toEqual(['br-corps-5']);
    expect(options(placing, 'ap', 'place', 'to')).toEqual(['london']);
    const after = place(placing, 'ap', 'br-army-4', 'london');
    expect(after.units['br-army-4']!.loc).toBe('london');
    expect(roundEnded(after, 'ap')).toBe(true);
    expect(after.warStatus.ap).toBe(state.warStatus.ap + card('ap-15').warStatus);
    after.phase = { kind: 'action', side: 'ap' };
    expect(offered(after, 'ap', 'ap-34')).toBe(false);
  });

  it('AP 24 French Reinforcements: the 7th Army arrives in Paris, or in Orleans only once Paris is full (9.5.3.3)', () => {
    const state = position('ap', ['ap-24']);
    const placing = event(state, 'ap', 'ap-24');
    expect(options(placing, 'ap', 'place', 'to')).toEqual(['paris']);
    expect(place(placing, 'ap', 'fr-army-7', 'paris').units['fr-army-7']!.loc).toBe('paris');
    const full = position('ap', ['ap-24']);
    fill(full, 'paris', 'ap');
    const toOrleans = event(full, 'ap', 'ap-24');
    expect(options(toOrleans, 'ap', 'place', 'to')).toEqual(['orleans']);
    expect(place(toOrleans, 'ap', 'fr-army-7', 'orleans').units['fr-army-7']!.loc).toBe('orleans');
  });

  it('AP 25 Russian Reinforcements: the 6th and 7th Armies arrive at Russian supply sources, two corps in the reserve box; never unless both armies fit (9.5.3.1)', () => {
    const state = position('ap', ['ap-25']);
    const placing = event(state, 'ap', 'ap-25');
    expect(toReserve(state, placing).sort()).toEqual(['ru-corps-14', 'ru-corps-15']);
    expect(options(placing, 'ap', 'place', 'to')).toEqual(['petrograd', 'moscow', 'kharkov', 'caucasus']);
    const one = place(placing, 'ap', 'ru-army-6', 'moscow');
    const after = place(one, 'ap', 'ru-army-7', 'kharkov');
    expect([after.units['ru-army-6']!.loc, after.units['ru-army-7']!.loc]).toEqual(['moscow', 'kharkov']);
    expect(roundEnded(after, 'ap')).toBe(true);
    const crowded = position('ap', ['ap-25']);
    for (const s of ['petrograd', 'moscow', 'kharkov']) fill(crowded, s, 'ap');
    for (const u of Object.keys(crowded.units)
      .filter((x) => crowded.units[x]!.loc === 'caucasus')
      .slice(2))
      setLoc(crowded, u, OFFMAP);
    fill(crowded, 'caucasus', 'ap');
    expect(offered(crowded, 'ap', 'ap-25')).toBe(false);
  });

  it('AP 32 Russian Reinforcements: the 12th Army arrives at a Russian supply source; no reinforcements in August 1914 (9.5.3.1)', () => {
    const state = position('ap', ['ap-32']);
    const placing = event(state, 'ap', 'ap-32');
    expect(toReserve(state, placing)).toEqual([]);
    expect(options(placing, 'ap', 'place', 'to')).toEqual(['petrograd', 'moscow', 'kharkov', 'caucasus']);
    expect(place(placing, 'ap', 'ru-army-12', 'petrograd').units['ru-army-12']!.loc).toBe('petrograd');
    expect(offered(position('ap', ['ap-32'], 1), 'ap', 'ap-32')).toBe(false);
  });

  it('AP 34 British Reinforcements: the 3rd Army arrives in London and two British corps in the reserve box; not while London is full (9.5.3.1)', () => {
    const state = position('ap', ['ap-34']);
    const placing = event(state, 'ap', 'ap-34');
    expect(toReserve(state, placing).sort()).toEqual(['br-corps-5', 'br-corps-6']);
    expect(options(placing, 'ap', 'place', 'to')).toEqual(['london']);
    expect(place(placing, 'ap', 'br-army-3', 'london').units['br-army-3']!.loc).toBe('london');
    const full = position('ap', ['ap-34']);
    fill(full, 'london', 'ap');
    expect(offered(full, 'ap', 'ap-34')).toBe(false);
  });

  it('AP 42 British Reinforcements: the 5th Army arrives in London, a British corps and the Portuguese corps in the reserve box', () => {
    const state = position('ap', ['ap-42']);
    const placing = event(state, 'ap', 'ap-42');
    expect(toReserve(state, placing).sort()).toEqual(['br-corps-5', 'br-corps-pt']);
    const after = place(placing, 'ap', 'br-army-5', 'london');
    expect(after.units['br-army-5']!.loc).toBe('london');
    expect(roundEnded(after, 'ap')).toBe(true);
  });
});

describe('Plain Central Powers reinforcement cards (9.5.3)', () => {
  it("CP 20 Austria-Hungary Reinforcements: the 10th Army arrives in Vienna or Budapest; only Vienna while Budapest is the Allies' (9.5.3.3)", () => {
    const state = position('cp', ['cp-20']);
    const placing = event(state, 'cp', 'cp-20');
    expect(options(placing, 'cp', 'place', 'to')).toEqual(['vienna', 'budapest']);
    expect(place(placing, 'cp', 'ah-army-10', 'budapest').units['ah-army-10']!.loc).toBe('budapest');
    const lost = position('cp', ['cp-20']);
    lost.control.budapest = 'ap';
    expect(options(event(lost, 'cp', 'cp-20'), 'cp', 'place', 'to')).toEqual(['vienna']);
  });

  it('CP 21 German Reinforcements: the 11th Army arrives in Berlin, Essen or Breslau and a German corps in the reserve box', () => {
    const state = position('cp', ['cp-21']);
    const placing = event(state, 'cp', 'cp-21');
    expect(toReserve(state, placing)).toEqual(['ge-corps-12']);
    expect(options(placing, 'cp', 'place', 'to')).toEqual(['essen', 'berlin', 'breslau']);
    const after = place(placing, 'cp', 'ge-army-11', 'breslau');
    expect(after.units['ge-army-11']!.loc).toBe('breslau');
    expect(roundEnded(after, 'cp')).toBe(true);
  });

  it('CP 22 German Reinforcements: the 12th Army and a German corps; a supply source the Allies hold is no entry (9.5.3.3)', () => {
    const state = position('cp', ['cp-22']);
    const placing = event(state, 'cp', 'cp-22');
    expect(toReserve(state, placing)).toEqual(['ge-corps-12']);
    expect(place(placing, 'cp', 'ge-army-12', 'essen').units['ge-army-12']!.loc).toBe('essen');
    const lost = position('cp', ['cp-22']);
    lost.control.breslau = 'ap';
    expect(options(event(lost, 'cp', 'cp-22'), 'cp', 'place', 'to')).toEqual(['essen', 'berlin']);
  });

  it('CP 23 Austria-Hungary Reinforcements: the 11th Army arrives in Vienna or Budapest; not in a turn CP 20 already reinforced Austria-Hungary (9.5.3.1)', () => {
    const state = position('cp', ['cp-23', 'cp-20']);
    const placing = event(state, 'cp', 'cp-23');
    expect(options(placing, 'cp', 'place', 'to')).toEqual(['vienna', 'budapest']);
    const after = place(placing, 'cp', 'ah-army-11', 'vienna');
    expect(after.units['ah-army-11']!.loc).toBe('vienna');
    after.phase = { kind: 'action', side: 'cp' };
    expect(offered(after, 'cp', 'cp-20')).toBe(false);
  });

  it('CP 38 German Reinforcements: two German corps go straight to the reserve box and the round ends', () => {
    const state = position('cp', ['cp-38']);
    const after = event(state, 'cp', 'cp-38');
    expect(toReserve(state, after).sort()).toEqual(['ge-corps-12', 'ge-corps-13']);
    expect(roundEnded(after, 'cp')).toBe(true);
  });

  it('CP 39 German Reinforcements: two German corps to the reserve box; not in a turn CP 38 already reinforced Germany (9.5.3.1)', () => {
    const state = position('cp', ['cp-39', 'cp-38']);
    const after = event(state, 'cp', 'cp-39');
    expect(toReserve(state, after).sort()).toEqual(['ge-corps-12', 'ge-corps-13']);
    after.phase = { kind: 'action', side: 'cp' };
    expect(offered(after, 'cp', 'cp-38')).toBe(false);
    after.turn += 1;
    after.reinforced = [];
    expect(offered(after, 'cp', 'cp-38')).toBe(true);
  });

  it('CP 41 German Reinforcements: the 14th Army arrives at a German capital or supply source; not in August 1914 (9.5.3.1)', () => {
    const state = position('cp', ['cp-41']);
    const placing = event(state, 'cp', 'cp-41');
    expect(options(placing, 'cp', 'place', 'to')).toEqual(['essen', 'berlin', 'breslau']);
    expect(place(placing, 'cp', 'ge-army-14', 'berlin').units['ge-army-14']!.loc).toBe('berlin');
    expect(offered(position('cp', ['cp-41'], 1), 'cp', 'cp-41')).toBe(false);
  });

  it('CP 42 Turkish Reinforcements: the Yildirim Army arrives in Constantinople, only once Turkey is at war', () => {
    const state = position('cp', ['cp-42']);
    expect(offered(state, 'cp', 'cp-42')).toBe(false);
    enterWar(state, { add: () => {} } as never, 'tu');
    const placing = event(state, 'cp', 'cp-42');
    expect(options(placing, 'cp', 'place', 'to')).toEqual(['constantinople']);
    expect(place(placing, 'cp', 'tu-army-yld', 'constantinople').units['tu-army-yld']!.loc).toBe(
      'constantinople',
    );
  });

  it('CP 46 German Reinforcements: the 17th and 18th Armies, which may enter in different spaces (9.5.3.3)', () => {
    const state = position('cp', ['cp-46']);
    const placing = event(state, 'cp', 'cp-46');
    const one = place(placing, 'cp', 'ge-army-17', 'essen');
    expect(options(one, 'cp', 'place', 'to')).toEqual(['essen', 'berlin', 'breslau']);
    const after = place(one, 'cp', 'ge-army-18', 'breslau');
    expect([after.units['ge-army-17']!.loc, after.units['ge-army-18']!.loc]).toEqual(['essen', 'breslau']);
    expect(roundEnded(after, 'cp')).toBe(true);
  });

  it('CP 48 Turkish Reinforcements: the Army of Islam arrives in Constantinople; not while Constantinople is full (9.5.3.1)', () => {
    const state = position('cp', ['cp-48']);
    enterWar(state, { add: () => {} } as never, 'tu');
    const placing = event(state, 'cp', 'cp-48');
    expect(options(placing, 'cp', 'place', 'to')).toEqual(['constantinople']);
    expect(place(placing, 'cp', 'tu-army-aoi', 'constantinople').units['tu-army-aoi']!.loc).toBe(
      'constantinople',
    );
    const full = position('cp', ['cp-48']);
    enterWar(full, { add: () => {} } as never, 'tu');
    fill(full, 'constantinople', 'cp');
    expect(offered(full, 'cp', 'cp-48')).toBe(false);
  });
});
