import { forwardRef, useLayoutEffect, useRef } from 'react';
import { Textarea as FluentTextarea, type TextareaProps } from '@fluentui/react-components';
import { setRefs, type TextareaHandover } from './textarea-handover';

/**
 * Fluent UI's Textarea, in a chunk of its own: the SDK entry is on the login page, and no form
 * there has a textarea, so its styles and slots load with the first {@link Textarea} rendered.
 * It takes over the focus and caret of the stand-in it replaces.
 */
const TextareaView = forwardRef<HTMLTextAreaElement, TextareaProps & { handover: TextareaHandover }>(function TextareaView({ handover, ...props }, ref) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    const caret = handover.current;
    handover.current = null;
    if (!caret || !own.current) return;
    own.current.focus();
    own.current.setSelectionRange(caret.start, caret.end);
  }, [handover]);
  return <FluentTextarea {...props} ref={(el) => setRefs(el, own, ref)} />;
});
export default TextareaView;
