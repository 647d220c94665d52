import { forwardRef, lazy, Suspense, useLayoutEffect, useRef, useState, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';
import {
  Input as FluentInput, useFieldControlProps_unstable as useFieldControlProps, type InputOnChangeData, type InputProps, type TextareaOnChangeData, type TextareaProps,
} from '@fluentui/react-components';
import { setRefs, type TextareaHandover } from './textarea-handover';

type TextareaViewModule = typeof import('./textarea-view');
let textareaView: TextareaViewModule | undefined;
const loadTextareaView = () => import('./textarea-view').then((m) => (textareaView = m));
// once loaded (preloadTextarea), the first Textarea renders Fluent's at once: a thenable that
// answers synchronously keeps React from suspending, so no stand-in is swapped inside an open dialog
const FluentTextarea = lazy(() => (textareaView ? (synchronously(textareaView) as Promise<TextareaViewModule>) : loadTextareaView()));

/** A thenable that calls back at once (React.lazy reads it as already resolved). */
function synchronously<T>(value: T): PromiseLike<T> {
  return { then: (done) => synchronously(done ? done(value) : value) } as PromiseLike<T>;
}

/**
 * Loads Fluent's Textarea ahead of the first {@link Textarea}, e.g. once the console is up after login
 * (the login page has no textarea and does not load it).
 */
export function preloadTextarea(): Promise<void> {
  return loadTextareaView().then(() => undefined);
}

/**
 * Spec §5: every text input shows a maximum-length counter. The limit of a text input that names
 * none; the server's own default for a text field is the same.
 */
export const DEFAULT_TEXT_MAX_LENGTH = 200;

/** Input types that take free text (a password's length is not shown; numbers, phones, dates and the like have no counter). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'url']);
/** Keyboards of fields that take figures, not free text (numbers, coordinates, codes sent by SMS): no counter. */
const FIGURE_MODES = new Set(['numeric', 'decimal', 'tel']);

// inline styles with Fluent's theme variables: no style hooks at module load
const COUNTER_STYLE = { color: 'var(--colorNeutralForeground4)', fontSize: 'var(--fontSizeBase200)', whiteSpace: 'nowrap', paddingLeft: '4px', fontVariantNumeric: 'tabular-nums' } as const;
const FULL_STYLE = { color: 'var(--colorPaletteRedForeground1)' } as const;
const AREA_STYLE = { display: 'flex', flexDirection: 'column' } as const;
const AREA_COUNTER_STYLE = { alignSelf: 'flex-end', lineHeight: '16px' } as const;
// the moment before Fluent's Textarea has loaded: a plain one of the same size and border
const AREA_FALLBACK_STYLE = {
  boxSizing: 'border-box', minHeight: '52px', padding: '5px 11px', font: 'inherit', fontSize: 'var(--fontSizeBase300)',
  border: '1px solid var(--colorNeutralStroke1)', borderBottomColor: 'var(--colorNeutralStrokeAccessible)',
  borderRadius: 'var(--borderRadiusMedium)', background: 'var(--colorNeutralBackground1)', color: 'var(--colorNeutralForeground1)',
} as const;

/**
 * A native textarea standing in for Fluent's while its chunk loads (a few milliseconds): it takes
 * the same text, label and change handler, so nothing typed or read in that moment is lost.
 */
const TextareaFallback = forwardRef<HTMLTextAreaElement, TextareaProps & { onTextChange: (e: ChangeEvent<HTMLTextAreaElement>) => void; handover: TextareaHandover }>(
  function TextareaFallback({ onTextChange, handover, ...props }, ref) {
    // inside a Field: its label, hint and error state, as Fluent's own controls take them
    const { value, defaultValue, placeholder, disabled, readOnly, maxLength, rows, id, name, required, style, ...rest } = useFieldControlProps(props, { supportsLabelFor: true, supportsRequired: true });
    const own = useRef<HTMLTextAreaElement | null>(null);
    // replaced while the user is in it: Fluent's takes over the focus and the caret
    useLayoutEffect(() => () => {
      const el = own.current;
      if (el && el === el.ownerDocument.activeElement) handover.current = { start: el.selectionStart, end: el.selectionEnd };
    }, [handover]);
    return (
      <textarea
        ref={(el) => setRefs(el, own, ref)} id={id} name={name} value={value} defaultValue={defaultValue} placeholder={placeholder} disabled={disabled} readOnly={readOnly}
        required={required} maxLength={maxLength} rows={rows} aria-label={rest['aria-label']} aria-labelledby={rest['aria-labelledby']}
        aria-describedby={rest['aria-describedby']} aria-invalid={rest['aria-invalid']} style={{ ...AREA_FALLBACK_STYLE, ...style }} onChange={onTextChange}
      />
    );
  },
);

/** `3/20`: characters typed of the limit (red at the limit), for inputs of one's own beside {@link Input} and {@link Textarea}. */
export function TextLengthCounter(props: { length: number; max: number; style?: CSSProperties }) {
  return (
    <span style={{ ...COUNTER_STYLE, ...(props.length >= props.max ? FULL_STYLE : {}), ...props.style }} data-counter={`${props.length}/${props.max}`} aria-hidden>
      {props.length}/{props.max}
    </span>
  );
}

/** The text's length, whether the field is controlled (`value`) or not. */
function useLength(value: unknown, defaultValue: unknown): [number, (text: string) => void] {
  const [own, setOwn] = useState(() => String(defaultValue ?? '').length);
  return [value !== undefined && value !== null ? String(value).length : own, (text) => setOwn(text.length)];
}

/** Props of {@link Input}: Fluent's, and whether the length counter shows. */
export type TextInputProps = InputProps & {
  /** Show the length counter; default: free text only (type text, search, email, url without a numeric, decimal or tel `inputMode`). Codes and numbers pass false. */
  counter?: boolean;
};

/**
 * Fluent UI's Input with the console's rule: a free-text input shows how many characters it holds
 * of its `maxLength` after the text (see {@link TextInputProps.counter}), and is limited to
 * {@link DEFAULT_TEXT_MAX_LENGTH} when it names no limit. Drop-in for Fluent's Input.
 */
export const Input = forwardRef<HTMLInputElement, TextInputProps>(function Input({ counter, ...props }, ref) {
  const { maxLength, type = 'text', contentAfter, onChange, value, defaultValue, inputMode } = props;
  const counted = counter ?? (TEXT_TYPES.has(type) && !FIGURE_MODES.has(inputMode ?? ''));
  const max = maxLength ?? (counted ? DEFAULT_TEXT_MAX_LENGTH : undefined);
  const [length, setLength] = useLength(value, defaultValue);
  const change = (e: ChangeEvent<HTMLInputElement>, data: InputOnChangeData) => {
    setLength(data.value);
    onChange?.(e, data);
  };
  const after = counted && max !== undefined
    ? <>{contentAfter as ReactNode}<TextLengthCounter length={length} max={max} /></>
    : contentAfter;
  return <FluentInput {...props} ref={ref} type={type} maxLength={max} onChange={change} contentAfter={after} />;
});

/**
 * Fluent UI's Textarea with the maximum-length counter under it (limited to
 * {@link DEFAULT_TEXT_MAX_LENGTH} when it names no limit). Drop-in for Fluent's Textarea; Fluent's
 * own loads with the first one rendered (see textarea-view.tsx).
 */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(props, ref) {
  const { maxLength, onChange, value, defaultValue } = props;
  const max = maxLength ?? DEFAULT_TEXT_MAX_LENGTH;
  const [length, setLength] = useLength(value, defaultValue);
  const handover: TextareaHandover = useRef(null);
  const change = (e: ChangeEvent<HTMLTextAreaElement>, data: TextareaOnChangeData) => {
    setLength(data.value);
    onChange?.(e, data);
  };
  return (
    <span style={AREA_STYLE}>
      <Suspense fallback={<TextareaFallback {...props} ref={ref} handover={handover} maxLength={max} onTextChange={(e) => change(e, { value: e.target.value })} />}>
        <FluentTextarea {...props} ref={ref} handover={handover} maxLength={max} onChange={change} />
      </Suspense>
      <TextLengthCounter length={length} max={max} style={AREA_COUNTER_STYLE} />
    </span>
  );
});
