import { describe, expect, it } from 'vitest';
import { coverOf, fireFactors, odds } from '../src/fire.ts';
import { grid } from '../src/grid.ts';
import { COMMAND_RADIUS, rangeOf } from '../src/tables.ts';
import { activeWith, game, lab, MONS, NC, stand } from './helpers.ts';

const none = { piece: null, draft: null, loc: null };

describe('Selection overlay (inspect)', () => {
  it('command radius: a battalion commander shows its 25 cm (5 hex) radius and marks its stands beyond it', () => {
    const state = lab({ 'i84-cmd': '1005', 'i84-1': '1008', 'i84-2': '1012' });
    const view = game.view(state, 'german');
    const o = game.inspect!(view, 'german', { ...none, piece: 'i84-cmd' })!;
    const radius = o.areas.find((a) => a.id === 'command-radius')!;
    expect(radius.style).toBe('outline');
    expect(radius.locs).toEqual(grid.within('1005', COMMAND_RADIUS));
    expect(radius.locs).toContain('1010');
    expect(radius.locs).not.toContain('1011');
    expect(o.labels).toEqual([{ loc: '1012', text: 'beyond radius: -1', tone: 'danger' }]);
    expect(o.caption).toMatch(/25 cm \(5 hexes\); 1 stand of the battalion beyond it/);
    // The same from the cursor alone (an enemy's commander, never selectable, can be looked at).
    const seen = game.inspect!(game.view(state, 'british'), 'british', { ...none, loc: '1005' })!;
    expect(seen.areas[0]!.tone).toBe('enemy');
  });

  it('firing table and line of sight: a stand choosing a target shows its range, hatches what it cannot see, and gives each target its chances', () => {
    const state = activeWith(
      lab(
        { 'rf4-mg1': '1010', 'i84-1': '1005', 'i84-2': '1505', 'i84-3': '1003' },
        {
          terrain: {
            '1504': 'woods',
            '1604': 'woods',
            '1506': 'woods',
            '1405': 'woods',
            '1305': 'woods',
            '1306': 'woods',
            '1406': 'woods',
            '1307': 'woods',
            '1407': 'woods',
            '1207': 'woods',
            '1208': 'woods',
            '1308': 'woods',
          },
          side: 'british',
        },
      ),
      'rf4-mg1',
      2,
    );
    const view = game.view(state, 'british');
    const o = game.inspect!(view, 'british', { ...none, piece: 'rf4-mg1' })!;
    const range = o.areas.find((a) => a.id === 'range')!;
    expect(range.locs).toEqual(grid.within('1010', rangeOf('mg')));
    const hidden = o.areas.find((a) => a.id === 'no-sight')!;
    expect(hidden.style).toBe('hatch');
    expect(hidden.locs.length).toBeGreaterThan(0);
    // 1505 lies in the woods' shadow: no line, no label; 1005 is in the open at MG short range.
    expect(hidden.locs).toContain('1505');
    const firer = stand(state, 'rf4-mg1');
    const target = stand(state, 'i84-1');
    const m = fireFactors(view, firer, target, true).reduce((a, f) => a + f.value, 0);
    const chance = odds('mg', coverOf(view, '1005'), m);
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    expect(o.labels).toContainEqual({
      loc: '1005',
      text: `S ${pct(chance.kill + chance.suppress)} K ${pct(chance.kill)}`,
      tone: 'enemy',
    });
    expect(o.labels.map((l) => l.loc)).not.toContain('1505');
    expect(o.lines.map((l) => l.to).sort()).toEqual(['1003', '1005']);
    expect(o.lines.every((l) => l.style === 'dashed')).toBe(true);

    // Beaten zone: once the target is chosen, only its line stays and the 15 cm beyond is drawn.
    const chosen = game.inspect!(view, 'british', {
      ...none,
      piece: 'rf4-mg1',
      draft: { type: 'fire', target: 'i84-1' },
    })!;
    expect(chosen.lines).toHaveLength(1);
    expect(chosen.lines[0]).toMatchObject({ from: '1010', to: '1005', style: 'solid' });
    expect(chosen.areas.find((a) => a.id === 'beaten-zone')!.locs).toEqual(['1004', '1003', '1002']);
    expect(chosen.caption).toMatch(/^MG section \(Dease\), left gun at 1\. Coy, I\.\/84: S \d+% K \d+%/);
  });

  it('SOS and artillery templates: a battery shows its template at the aiming point (or at the one being chosen) and hatches its SOS areas', () => {
    const state = game.setup(NC, {}, 'sos');
    const view = game.view(state, 'german');
    const battery = view.batteries.find((b) => b.side === 'german' && b.sos.length > 0)!;
    const o = game.inspect!(view, 'german', { ...none, piece: battery.id })!;
    const sos = o.areas.filter((a) => a.id.startsWith('sos-'));
    expect(sos.map((a) => a.locs)).toEqual(battery.sos.map((a) => a.hexes));
    expect(sos.every((a) => a.style === 'hatch')).toBe(true);
    const redirect = game.inspect!(view, 'german', {
      ...none,
      piece: battery.id,
      draft: { type: 'redirect', to: '1205' },
    })!;
    expect(redirect.areas[0]!.locs[0]).toBe('1205');
    expect(redirect.areas[0]!.locs).toHaveLength(7);
  });

  it('nothing selected and nothing under the cursor shows nothing', () => {
    const state = game.setup(MONS, {}, 'nothing');
    expect(game.inspect!(game.view(state, null), null, none)).toBeNull();
    expect(game.inspect!(game.view(state, null), null, { ...none, loc: '0101' })).toBeNull();
  });

  it('Movement distances, field artillery: a limbered gun shows no targets and says it must unlimber first', () => {
    const state = lab({ 'rfa-sec': '1313', 'i84-1': '1305' }, { side: 'british' });
    const look = () => game.inspect!(game.view(state, 'british'), 'british', { ...none, piece: 'rfa-sec' })!;
    expect(look().labels.length).toBe(1);
    stand(state, 'rfa-sec').gun = 'limbered';
    expect(look().labels).toEqual([]);
    expect(look().caption).toBe(
      '18-pdr section RFA (in the open) is limbered up: it must unlimber (one action) before it can fire; range when deployed 40 hexes.',
    );
  });
});
