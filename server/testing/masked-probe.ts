/**
 * What someone who sees only a masked number tries: extend the part shown (the head, or the tail)
 * one character at a time and keep the character whose search still finds the row.
 * Answers what the searches revealed beyond what was shown.
 */
export async function probeMasked(shown: { head: string; tail: string; length: number }, finds: (keyword: string) => Promise<boolean>, alphabet = '0123456789'): Promise<{ head: string; tail: string }> {
  let { head, tail } = shown;
  let searches = 0;
  const extend = async (guess: (c: string) => string): Promise<string | undefined> => {
    for (const c of alphabet) {
      searches++;
      if (await finds(guess(c))) return c;
    }
    return undefined;
  };
  while (head.length + tail.length < shown.length) {
    const c = await extend((c) => head + c);
    if (c === undefined) break;
    head += c;
  }
  while (head.length + tail.length < shown.length) {
    const c = await extend((c) => c + tail);
    if (c === undefined) break;
    tail = c + tail;
  }
  if (searches === 0) throw new Error('nothing was probed');
  return { head: head.slice(shown.head.length), tail: tail.slice(0, tail.length - shown.tail.length) };
}
