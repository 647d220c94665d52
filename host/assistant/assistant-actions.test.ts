import { describe, expect, it, vi } from 'vitest';
import type { MessageBus } from '@tianlu/sdk';
import { runAssistantAction } from './assistant-actions';
import { ASSISTANT_QUESTIONS } from './assistant-questions';

function fakeBus() {
  const emit = vi.fn(() => 1);
  return { bus: { on: vi.fn(), emit } as unknown as MessageBus, emit };
}

describe('assistant actions', () => {
  it('opens the track playback in a new tab', () => {
    const { bus, emit } = fakeBus();
    expect(runAssistantAction(bus, 'track', { terminalNo: '013800000001' })).toBe(true);
    expect(emit).toHaveBeenCalledWith('goPage', { path: '/car/playback', query: { terminalNo: '013800000001' }, newTab: true });
  });

  it('shows the vehicle dialog on the detail or follow tab', () => {
    const { bus, emit } = fakeBus();
    runAssistantAction(bus, 'detail', { terminalNo: 't1' });
    runAssistantAction(bus, 'location', { terminalNo: 't1', plateNo: '京A1' });
    expect(emit).toHaveBeenNthCalledWith(1, 'showVehInfo', { terminalNo: 't1', plateNo: undefined, tab: 'detail' });
    expect(emit).toHaveBeenNthCalledWith(2, 'showVehInfo', { terminalNo: 't1', plateNo: '京A1', tab: 'follow' });
  });

  it('routes the report actions to the data-report pages', () => {
    const { bus, emit } = fakeBus();
    runAssistantAction(bus, 'mileage');
    runAssistantAction(bus, 'alarmDetail');
    runAssistantAction(bus, 'onlineDetail');
    expect(emit.mock.calls.map((c) => (c as unknown[])[1])).toEqual([
      { path: '/data-report/dataReport/mileageReport', query: {} },
      { path: '/data-report/dataReport/alarmInfo', query: {} },
      { path: '/data-report/dataReport/carDayOnline', query: {} },
    ]);
  });

  it('rejects unknown actions', () => {
    const { bus, emit } = fakeBus();
    expect(runAssistantAction(bus, 'format-disk')).toBe(false);
    expect(emit).not.toHaveBeenCalled();
  });

  it('offers 19 suggested questions', () => {
    expect(ASSISTANT_QUESTIONS).toHaveLength(19);
    expect(new Set(ASSISTANT_QUESTIONS).size).toBe(19);
  });
});
