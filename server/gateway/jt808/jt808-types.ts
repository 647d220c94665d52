/** Protocol edition. 2011 and 2013 share the frame header; only some bodies differ. */
export type Jt808Edition = '2011' | '2013' | '2019';

/** Outcome of a decoder: never an exception, always a value or a reason. */
export type Jt808Decoded<T, R extends string = Jt808BodyError> =
  | { ok: true; value: T }
  | { ok: false; reason: R; detail: string };

/** Why a message body was refused. */
export type Jt808BodyError = 'truncated' | 'invalid-coordinates' | 'invalid-time' | 'unsupported';

/** Helper to build a refusal. */
export function refuse<R extends string>(reason: R, detail: string): { ok: false; reason: R; detail: string } {
  return { ok: false, reason, detail };
}

/** Helper to build a success. */
export function accept<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}
