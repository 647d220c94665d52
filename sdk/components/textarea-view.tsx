import { forwardRef } from 'react';
import { Textarea as FluentTextarea, type TextareaProps } from '@fluentui/react-components';

/**
 * Fluent UI's Textarea, in a chunk of its own: the SDK entry is on the login page, and no form
 * there has a textarea, so its styles and slots load with the first {@link Textarea} rendered.
 */
const TextareaView = forwardRef<HTMLTextAreaElement, TextareaProps>(function TextareaView(props, ref) {
  return <FluentTextarea {...props} ref={ref} />;
});
export default TextareaView;
