/**
 * Reads an alarm aloud in Chinese (the browser's speech synthesis). A storm does not build a
 * backlog: when a sentence is already waiting, the queue is dropped and only the newest is read.
 */
export function speakAlarm(text: string, win: Window = window): boolean {
  const synth = win.speechSynthesis as SpeechSynthesis | undefined;
  const Utterance = (win as Window & { SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance }).SpeechSynthesisUtterance;
  if (!synth || !Utterance) return false;
  try {
    if (synth.pending) synth.cancel();
    const u = new Utterance(text);
    u.lang = 'zh-CN';
    synth.speak(u);
    return true;
  } catch {
    return false;
  }
}
