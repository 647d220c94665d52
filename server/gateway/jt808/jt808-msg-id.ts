/** Message ids the codec knows (terminal → platform 0x0xxx, platform → terminal 0x8xxx). */
export const Jt808MsgId = {
  TerminalGeneralResponse: 0x0001,
  Heartbeat: 0x0002,
  Logout: 0x0003,
  Register: 0x0100,
  Authenticate: 0x0102,
  Location: 0x0200,
  LocationQueryResponse: 0x0201,
  BatchLocation: 0x0704,
  PlatformGeneralResponse: 0x8001,
  RegisterResponse: 0x8100,
  SetParams: 0x8103,
  QueryParams: 0x8104,
  TerminalControl: 0x8105,
  QueryLocation: 0x8201,
  TemporaryTracking: 0x8202,
  TextMessage: 0x8300,
  DownlinkPassthrough: 0x8900,
  VehicleControl: 0x8500,
} as const;

/** Result byte of 0x0001 / 0x8001. */
export const Jt808GeneralResult = {
  Success: 0,
  Failure: 1,
  MessageError: 2,
  Unsupported: 3,
  AlarmConfirmed: 4,
} as const;

/** Result byte of 0x8100. */
export const Jt808RegisterResult = {
  Success: 0,
  VehicleAlreadyRegistered: 1,
  VehicleUnknown: 2,
  TerminalAlreadyRegistered: 3,
  TerminalUnknown: 4,
} as const;

/** Formats a message id the way logs and the standard write it: 0x0200. */
export function formatMsgId(id: number): string {
  return '0x' + id.toString(16).padStart(4, '0');
}
