/** Host-internal tokens (not part of the SDK: plugins never see these). */
export const ShellStoreToken = Symbol.for('tianlu.host.shell');
export const AssistantStoreToken = Symbol.for('tianlu.host.assistant');
