import type { ForwardedRef, MutableRefObject } from 'react';

/**
 * Where the stand-in textarea leaves its caret when Fluent's Textarea replaces it while focused
 * (null when it was not focused): without it the focus would fall to the page mid-typing.
 */
export type TextareaHandover = MutableRefObject<{ start: number; end: number } | null>;

/** Points an element's own ref and the caller's forwarded ref at it. */
export function setRefs<T>(el: T | null, own: MutableRefObject<T | null>, forwarded: ForwardedRef<T>): void {
  own.current = el;
  if (typeof forwarded === 'function') forwarded(el);
  else if (forwarded) forwarded.current = el;
}
