import type { VehicleInfoTab } from './dialog-service';
import { serviceToken, type ServiceToken } from './service-token';
/** The inter-app message types of the shell. */
export const MESSAGE_TYPES = [
  'goPage',
  'changeClient',
  'updateMenu',
  'showDownList',
  'showVehInfo',
  'getResourceData',
  'changeResourceData',
  'showImage',
  'showInstructions',
] as const;

export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface MessagePayloads {
  goPage: { path: string; query?: Record<string, string>; newTab?: boolean };
  changeClient: { clientId: number; name?: string };
  updateMenu: Record<string, never> | undefined;
  showDownList: { visible?: boolean } | undefined;
  /** `tab`: 跟踪, 详情, or a contributed tab as `<systemId>.<id>` (default 跟踪). */
  showVehInfo: { terminalNo: string; plateNo?: string; tab?: VehicleInfoTab };
  getResourceData: { reply: (resources: unknown) => void };
  changeResourceData: { resources: unknown };
  showImage: { urls: string[]; index?: number };
  showInstructions: { terminalNos: string[]; title?: string };
}

export type MessageHandler<K extends MessageType> = (payload: MessagePayloads[K]) => void;

export interface Disposable {
  dispose(): void;
}

/** Synchronous publish/subscribe between the host and plugins. */
export interface MessageBus {
  on<K extends MessageType>(type: K, handler: MessageHandler<K>): Disposable;
  /** Returns how many handlers ran; an unknown type throws. */
  emit<K extends MessageType>(type: K, payload: MessagePayloads[K]): number;
}

export const MessageBus: ServiceToken<MessageBus> = serviceToken('tianlu.bus');
