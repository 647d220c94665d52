export { GT06_MAX_FRAME, Gt06FrameSplitter, crcItu, encodeGt06Frame, parseGt06Frame } from './gt06-frame';
export { Gt06Type, gt06Protocol } from './gt06-protocol';
