import { describe, expect, it } from 'vitest';
import { activeWith, game, lab, MONS, NC, stand } from './helpers.ts';

describe('Presentation', () => {
  it('stands show platoons, actions left and suppression; markers show suppression, wire, gas, templates and SOS areas', () => {
    const state = activeWith(
      lab({ 'i84-cmd': '1005', 'i84-1': '1006', 'rf4-a': '1010' }, { scenario: MONS, wire: ['1008'] }),
      'i84-1',
      2,
    );
    stand(state, 'rf4-a').suppression = 2;
    stand(state, 'rf4-a').steps = 3;
    state.gas = [{ id: 'g', side: 'german', hexes: ['1012'], turnsLeft: 2 }];
    const p = game.present(game.view(state, 'german'), 'german');
    const company = p.pieces.find((x) => x.id === 'i84-1')!;
    expect(company).toMatchObject({ loc: '1006', symbol: 'infantry', factors: '3/3 pl A2' });
    expect(company.note).toContain('being ordered');
    const fusiliers = p.pieces.find((x) => x.id === 'rf4-a')!;
    expect(fusiliers).toMatchObject({ factors: '3/4 pl S2', reduced: true });
    expect(fusiliers.note).toContain('suppressed x2');
    const kinds = (loc: string) => p.markers.filter((m) => m.loc === loc).map((m) => m.kind);
    expect(kinds('1010')).toContain('suppression');
    expect(kinds('1008')).toContain('wire');
    expect(kinds('1012')).toContain('gas');
    // The cloud is also an area over its hexes (playsheet: gas), drawn like the map's overlays.
    expect(p.overlays).toEqual([
      { id: 'gas-0', label: 'Gas cloud (2 turns left)', locs: ['1012'], style: 'hatch', color: '#9acd32' },
    ]);
    expect(game.present(game.view(lab({ 'i84-1': '1006' }), null), null).overlays).toBeUndefined();
    // The German batteries' templates at their aiming points.
    expect(kinds('1309')).toContain('template');
    expect(p.boxes.find((b) => b.id === 'batteries')!.pieces.map((b) => b.id)).toEqual([
      'g-fk',
      'g-lfh',
      'b-rfa',
    ]);
  });

  it('Movement distances, field artillery: a gun’s counter says whether it is limbered or deployed', () => {
    const state = lab({ 'rfa-sec': '1313' }, { side: 'british' });
    const gun = () => game.present(game.view(state, null), null).pieces.find((p) => p.id === 'rfa-sec')!;
    expect(gun().factors).toBe('deployed');
    expect(gun().note).toContain('deployed: fires, man-handled 1 hex');
    stand(state, 'rfa-sec').gun = 'limbered';
    expect(gun().factors).toBe('limbered');
    expect(gun().note).toContain('limbered: moves 4 hexes, 7 by road, cannot fire');
  });

  it('each stand’s note says whether it is within its battalion commander’s radius', () => {
    const state = lab({ 'i84-cmd': '1005', 'i84-1': '1010', 'i84-2': '1011' });
    const notes = game.present(game.view(state, null), null).pieces.map((p) => [p.id, p.note]);
    expect(notes).toContainEqual(['i84-1', expect.stringContaining('within command radius')]);
    expect(notes).toContainEqual(['i84-2', expect.stringContaining('beyond command radius (-1)')]);
  });

  it('each battalion’s morale, the turn and the order of play are tracks; SOS areas and wire are on the board', () => {
    const state = game.setup(NC, {}, 'tracks');
    const p = game.present(game.view(state, null), null);
    const track = (id: string) => p.tracks.find((t) => t.id === id)?.value;
    expect(track('turn')).toBe('1 of 10');
    expect(track('initiative')).toBe('British, then Germans');
    expect(track('morale-mx2')).toBe('16/16 platoons, steady');
    expect(track('morale-bav')).toBe('12/12 platoons, steady');
    expect(p.boxes.find((b) => b.id === 'reinforcements')!.pieces.map((x) => x.id)).toContain('bav-1');
    expect(p.markers.filter((m) => m.kind === 'sos').map((m) => m.loc)).toContain('1110');
    const board = game.board(NC);
    expect(board.overlays.find((o) => o.id === 'wire')!.locs).toHaveLength(20);
    expect(board.overlays.find((o) => o.id === 'sos')!.locs).toContain('1210');
    const kinds = new Set(board.terrainKinds.map((k) => k.id));
    for (const t of Object.values(board.terrain)) expect(kinds.has(t)).toBe(true);
  });

  it('labels a player reads name the sides as the scenario does and give every number its unit', () => {
    const state = game.setup(MONS, {}, 'labels');
    const p = game.present(game.view(state, null), null);
    const tracks = Object.fromEntries(p.tracks.map((t) => [t.id, `${t.label}: ${t.value}`]));
    expect(tracks.initiative).toBe('Order of play this turn: Germans, then British');
    expect(tracks.step).toBe('Step: Germans: Support orders: allocating staff re-roll markers');
    expect(tracks['morale-i84']).toBe('I./IR 84 (German): 12/12 platoons, steady');
    expect(tracks['markers-german']).toBe('German staff re-roll markers: 1 to allocate');
    expect(tracks['vp-british']).toBe('British objective points: 6');
    expect(tracks.victory).toBe('Victory: The Germans need 5 objective points at the end of turn 10');
    expect(game.status(state).phase).toBe('Germans: Support orders: allocating staff re-roll markers');
    // A move's hexes say what share of the move action each uses, not a bare number.
    const moving = activeWith(lab({ 'i84-1': '1010' }), 'i84-1', 1);
    const move = game.choices(moving, 'german').find((c) => c.action === 'move')!;
    const options = move.params[0]!.options;
    expect(options.every((o) => o.cost === undefined)).toBe(true);
    expect(options.find((o) => o.value === '1011')!.label).toBe('1011 (25% of the move)');
    expect(options.find((o) => o.value === '1014')!.label).toBe('1014 (the whole move)');
    const sj = game.present(game.view(game.setup('st-julien-1915', {}, 'labels'), null), null);
    expect(sj.tracks.find((t) => t.id === 'initiative')!.value).toBe('Germans, then Canadians');
  });
});
