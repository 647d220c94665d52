import { serviceToken, type ServiceToken } from '../../sdk/services/service-token';
import type { AssistantStore } from '../assistant/assistant-store';
import type { ShellStore } from './shell-store';

/** Host-internal tokens (not part of the SDK: plugins never see these). */
export const ShellStoreToken: ServiceToken<ShellStore> = serviceToken('tianlu.host.shell');
export const AssistantStoreToken: ServiceToken<AssistantStore> = serviceToken('tianlu.host.assistant');
