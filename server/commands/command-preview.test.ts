import { describe, expect, it } from 'vitest';
import type { CommandTarget } from '../store/command-queries';
import { planTargets, type LatestMotion } from './command-plan';
import { toPreview } from './command-preview';
import { commandDefinition, type CommandType } from './command-types';

// The preview of a dangerous command in the words of the assets it goes to: an e-bike's power is
// cut (断电) while it is ridden (骑行中), a person moves (移动中); a vehicle's texts stay as they were.
const NOW = new Date('2026-05-01T10:00:00+08:00');
let nextId = 1;

function target(kind: string | null, protocol = kind === 'vehicle' ? 'jt808' : 'gt06'): CommandTarget {
  const id = nextId++;
  return {
    terminalId: id, tenantId: 1, terminalNo: String(id), displayNo: String(id), plateNo: `资产${id}`, groupId: 1, assetKind: kind, protocol, model: '', connected: true,
  };
}

/** The preview of `type` to `targets`, the first `moving` of them reported at 32 km/h a minute ago (the rest parked). */
function preview(type: CommandType, params: Record<string, unknown>, targets: CommandTarget[], moving = 1) {
  const motion: LatestMotion = new Map(targets.map((t, i) => [t.terminalId, { speed: i < moving ? 32 : 0, time: new Date(NOW.getTime() - 60_000) }]));
  const def = commandDefinition(type);
  return toPreview(def, params, planTargets(def, params, targets, motion, { now: NOW, queueOffline: false }), []);
}

describe('the preview of a dangerous command speaks of each asset in its own words', () => {
  it('keeps a vehicle’s texts: 断油断电, 断开油电, 行驶中, 车辆可能在行驶中失去动力', () => {
    const skipped = preview('oilPower', { action: 'cut' }, [target('vehicle'), target('vehicle')]);
    expect(skipped).toMatchObject({ commandName: '断油断电', action: '断开油电', receivers: 1, moving: 1 });
    expect(skipped.warnings).toEqual(['1 个行驶中（车速超过 5 km/h），为安全不执行断开油电，将跳过；停稳后再试']);
    expect(skipped.terminals[0]!.reason).toBe('行驶中（32 km/h），为安全未断电；停稳后再试，或确认安全后强制执行');
    const forced = preview('oilPower', { action: 'cut', force: true }, [target('vehicle'), target('vehicle')]);
    expect(forced.warnings).toEqual(['1 个行驶中（车速超过 5 km/h）仍将强制断开油电：车辆可能在行驶中失去动力，请确认安全']);
    // a GT06 guard bound to nothing is spoken of as a vehicle's
    expect(preview('oilPower', { action: 'restore' }, [target(null)], 0)).toMatchObject({ commandName: '断油断电', action: '恢复油电' });
  });

  it('says an e-bike’s: 断电/恢复供电, 断电, 骑行中, 电动车可能在骑行中失去动力', () => {
    const skipped = preview('oilPower', { action: 'cut' }, [target('ebike'), target('ebike')]);
    expect(skipped).toMatchObject({ commandName: '断电/恢复供电', action: '断电', receivers: 1, moving: 1 });
    expect(skipped.warnings).toEqual(['1 个骑行中（车速超过 5 km/h），为安全不执行断电，将跳过；停稳后再试']);
    expect(skipped.terminals[0]).toMatchObject({ code: 'moving', reason: '骑行中（32 km/h），为安全未断电；停稳后再试，或确认安全后强制执行' });
    const forced = preview('oilPower', { action: 'cut', force: true }, [target('ebike'), target('ebike')]);
    expect(forced.warnings).toEqual(['1 个骑行中（车速超过 5 km/h）仍将强制断电：电动车可能在骑行中失去动力，请确认安全']);
    expect(preview('oilPower', { action: 'restore' }, [target('ebike')], 0)).toMatchObject({ action: '恢复供电', warnings: [] });
    for (const p of [skipped, forced]) expect(JSON.stringify(p)).not.toMatch(/行驶|油电|车辆/);
  });

  it('says a person’s moving and speed for the commands a badge has, and neutral words for a batch of several kinds', () => {
    const restart = preview('control', { action: 'restart' }, [target('person', 'watch')]);
    expect(restart.warnings).toEqual(['1 个移动中（速度超过 5 km/h），仍将执行重启终端']);
    const mixed = preview('control', { action: 'restart' }, [target('vehicle'), target('ebike')], 2);
    expect(mixed.warnings).toEqual(['2 个移动中（速度超过 5 km/h），仍将执行重启终端']);
  });

  it('words each warning as the moving assets it is about say it, and the command as those that can take it call it', () => {
    // a moving e-bike beside a parked vehicle: the warning is the e-bike's, the command neutral
    const cut = preview('oilPower', { action: 'cut', force: true }, [target('ebike'), target('vehicle')]);
    expect(cut).toMatchObject({ commandName: '断油断电', action: '断开油电' });
    expect(cut.warnings).toEqual(['1 个骑行中（车速超过 5 km/h）仍将强制断电：电动车可能在骑行中失去动力，请确认安全']);
    // a pet's collar has no relay: skipped, it does not change the e-bikes' words
    const withCollar = preview('oilPower', { action: 'cut' }, [target('ebike'), target('pet')]);
    expect(withCollar).toMatchObject({ commandName: '断电/恢复供电', action: '断电', skipped: { unsupported: 1, moving: 1 } });
    expect(withCollar.warnings).toEqual(['1 个骑行中（车速超过 5 km/h），为安全不执行断电，将跳过；停稳后再试']);
  });
});
