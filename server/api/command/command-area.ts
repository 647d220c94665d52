import type { ApiArea } from '../route-registry';
import { commandExportRoute, commandListRoute } from './command-history-routes';
import { availableCommandsRoute, previewCommandsRoute } from './command-preview-routes';
import { checkCommandTerminalsRoute, sendCommandsRoute } from './command-routes';

/** 指令下发: the commands available to terminals, which can take one, a preview, sending a batch, the command history and its export. */
export const commandArea: ApiArea = {
  name: 'command',
  routes: [availableCommandsRoute, checkCommandTerminalsRoute, previewCommandsRoute, sendCommandsRoute, commandListRoute, commandExportRoute],
};
