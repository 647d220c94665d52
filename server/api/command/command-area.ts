import type { ApiArea } from '../route-registry';
import { checkCommandTerminalsRoute, commandListRoute, sendCommandsRoute } from './command-routes';

/** 指令下发: which terminals can take a command, sending a batch, the command history. */
export const commandArea: ApiArea = { name: 'command', routes: [checkCommandTerminalsRoute, sendCommandsRoute, commandListRoute] };
