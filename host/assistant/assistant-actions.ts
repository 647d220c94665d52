import type { MessageBus } from '../../sdk/services/message-bus';

/** Text-button actions an assistant answer can carry (spec §4). */
export const ASSISTANT_ACTIONS = ['track', 'detail', 'location', 'mileage', 'alarmDetail', 'onlineDetail'] as const;
export type AssistantAction = (typeof ASSISTANT_ACTIONS)[number];

export interface AssistantActionPayload {
  terminalNo?: string;
  plateNo?: string;
  /** Extra query for the report pages (e.g. start, end). */
  query?: Record<string, string>;
}

const REPORT_PAGES: Partial<Record<AssistantAction, string>> = {
  mileage: '/data-report/dataReport/mileageReport',
  alarmDetail: '/data-report/dataReport/alarmInfo',
  onlineDetail: '/data-report/dataReport/carDayOnline',
};

/** Routes an assistant action through the message bus; false for an unknown action. */
export function runAssistantAction(bus: MessageBus, action: string, payload: AssistantActionPayload = {}): boolean {
  const query = { ...payload.query, ...(payload.terminalNo ? { terminalNo: payload.terminalNo } : {}) };
  switch (action as AssistantAction) {
    case 'track':
      bus.emit('goPage', { path: '/car/playback', query, newTab: true });
      return true;
    case 'detail':
    case 'location':
      if (!payload.terminalNo) return false;
      bus.emit('showVehInfo', { terminalNo: payload.terminalNo, plateNo: payload.plateNo, tab: action === 'detail' ? 'detail' : 'follow' });
      return true;
    case 'mileage':
    case 'alarmDetail':
    case 'onlineDetail':
      bus.emit('goPage', { path: REPORT_PAGES[action as AssistantAction]!, query });
      return true;
    default:
      return false;
  }
}
