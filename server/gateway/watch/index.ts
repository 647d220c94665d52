export { WATCH_MAX_FRAME, WatchFrameSplitter, unescapeWatch } from './watch-frame';
export { WATCH_COMMAND_WORDS, watchProtocol } from './watch-protocol';
