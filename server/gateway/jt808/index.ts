// Public surface of the JT/T 808 codec: pure functions, no I/O.
export type { Jt808Edition, Jt808Decoded, Jt808BodyError } from './jt808-types';
export * from './jt808-msg-id';
export { toHex, fromHex, normalizePhone, decodeBcdTime, encodeBcdTime, type Jt808BcdTime } from './jt808-bcd';
export { decodeGbk, encodeGbk, decodePaddedText, decodeTrimmedText } from './jt808-gbk';
export { escapeJt808, unescapeJt808, jt808CheckCode, JT808_FLAG, JT808_ESCAPE } from './jt808-escape';
export * from './jt808-frame-codec';
export * from './jt808-frame-splitter';
export * from './jt808-reassembler';
export * from './jt808-location-items-codec';
export * from './jt808-location-codec';
export * from './jt808-batch-location-codec';
export * from './jt808-register-codec';
export * from './jt808-auth-codec';
export * from './jt808-general-response-codec';
export * from './jt808-general-response-template';
export * from './jt808-param-codec';
export * from './jt808-command-codec';
export * from './jt808-terminal-message-codec';
