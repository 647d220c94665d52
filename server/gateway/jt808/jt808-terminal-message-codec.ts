import { type Jt808Auth, decodeAuth } from './jt808-auth-codec';
import {
  type Jt808BatchLocation, type Jt808LocationQueryResponse, decodeBatchLocation, decodeLocationQueryResponse,
} from './jt808-batch-location-codec';
import type { Jt808Header } from './jt808-frame-codec';
import { type Jt808GeneralResponse, decodeGeneralResponse } from './jt808-general-response-codec';
import { type Jt808Location, decodeLocation } from './jt808-location-codec';
import { Jt808MsgId } from './jt808-msg-id';
import { type Jt808Register, decodeRegister } from './jt808-register-codec';
import { type Jt808Decoded, accept, refuse } from './jt808-types';

/** A terminal → platform message the gateway handles, by type. */
export type Jt808TerminalMessage =
  | { type: 'general-response'; value: Jt808GeneralResponse }
  | { type: 'heartbeat' }
  | { type: 'logout' }
  | { type: 'register'; value: Jt808Register }
  | { type: 'auth'; value: Jt808Auth }
  | { type: 'location'; value: Jt808Location }
  | { type: 'location-query-response'; value: Jt808LocationQueryResponse }
  | { type: 'batch-location'; value: Jt808BatchLocation }
  | { type: 'other'; msgId: number; body: Uint8Array };

/**
 * Decodes the body of a whole message (a frame, or a reassembled one) by its id. Sub-packages
 * must be reassembled first and encrypted bodies are refused as 'unsupported'. Never throws.
 */
export function decodeTerminalMessage(message: { header: Jt808Header; body: Uint8Array }): Jt808Decoded<Jt808TerminalMessage> {
  const { header, body } = message;
  if (header.encryption !== 0) return refuse('unsupported', `encrypted body (mode ${header.encryption})`);
  if (header.subpackage) return refuse('unsupported', `package ${header.subpackage.index}/${header.subpackage.total}; reassemble first`);
  switch (header.msgId) {
    case Jt808MsgId.TerminalGeneralResponse:
      return wrap(decodeGeneralResponse(body), (value) => ({ type: 'general-response', value }));
    case Jt808MsgId.Heartbeat:
      return accept({ type: 'heartbeat' });
    case Jt808MsgId.Logout:
      return accept({ type: 'logout' });
    case Jt808MsgId.Register:
      return wrap(decodeRegister(body, header.edition), (value) => ({ type: 'register', value }));
    case Jt808MsgId.Authenticate:
      return wrap(decodeAuth(body, header.edition), (value) => ({ type: 'auth', value }));
    case Jt808MsgId.Location:
      return wrap(decodeLocation(body), (value) => ({ type: 'location', value }));
    case Jt808MsgId.LocationQueryResponse:
      return wrap(decodeLocationQueryResponse(body), (value) => ({ type: 'location-query-response', value }));
    case Jt808MsgId.BatchLocation:
      return wrap(decodeBatchLocation(body), (value) => ({ type: 'batch-location', value }));
    default:
      return accept({ type: 'other', msgId: header.msgId, body });
  }
}

function wrap<T>(d: Jt808Decoded<T>, f: (v: T) => Jt808TerminalMessage): Jt808Decoded<Jt808TerminalMessage> {
  return d.ok ? accept(f(d.value)) : d;
}

