import { useEffect, useRef, useState } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { NETWORK_ERROR_MESSAGE, ToastService, useService } from '@tianlu/sdk';

/** The server's msg of a failure, or 网络异常. */
export const failureText = (e: unknown): string => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

/** How a settings form reads, checks and writes its settings. */
export interface SettingsFormOptions<Saved, Form, Errors extends object> {
  /** Reads the saved settings; `undefined` when there is nothing to edit (the user may only read). Throws with the server's msg. */
  load: () => Promise<Saved | undefined>;
  /** The form as the user edits it, from saved settings (also what 重置 goes back to). */
  toForm: (saved: Saved) => Form;
  /** Chinese messages of the bad fields; empty when the form may be sent. */
  check: (form: Form) => Errors;
  /** Sends the checked form and answers the settings as now saved. */
  save: (form: Form) => Promise<Saved>;
  /** After a save, before the toast (e.g. to tell a service of the new settings). */
  onSaved?: (saved: Saved) => void;
  /** The toast after a save; 保存成功 unless told. */
  savedText?: string;
}

/** What {@link useSettingsForm} gives a page. */
export interface SettingsForm<Saved, Form, Errors extends object> {
  /** The settings as last read or saved; undefined while loading. */
  saved?: Saved;
  /** The form being edited; undefined until loaded. */
  form?: Form;
  setForm: (next: Form | ((form: Form) => Form)) => void;
  /** The messages of the last check. */
  errors: Partial<Errors>;
  /** A failed load or save (the server's msg, or 网络异常). */
  serverError?: string;
  setServerError: (message: string | undefined) => void;
  /** True while a save runs. */
  saving: boolean;
  /** Checks the form; when it is good, sends it, shows what is saved and says so. Bad input sends nothing. */
  save: () => Promise<void>;
  /** Puts the saved settings back in the form and clears the messages. */
  reset: () => void;
  /** Takes settings read again from the server: the form follows them unless `keepForm`. */
  show: (saved: Saved, keepForm?: boolean) => void;
}

/**
 * The state of a settings page that edits one set of saved settings: read once, edited in a form,
 * checked before sending (bad input changes nothing), saved, and reset to what is saved.
 */
export function useSettingsForm<Saved, Form, Errors extends object = Record<string, string>>(
  options: SettingsFormOptions<Saved, Form, Errors>,
): SettingsForm<Saved, Form, Errors> {
  const toast = useService(ToastService);
  const [saved, setSaved] = useState<Saved>();
  const [form, setFormState] = useState<Form>();
  const [errors, setErrors] = useState<Partial<Errors>>({});
  const [serverError, setServerError] = useState<string>();
  const [saving, setSaving] = useState(false);
  // the latest options: a page passes new closures on every render
  const latest = useRef(options);
  latest.current = options;

  const show = (next: Saved, keepForm = false) => {
    setSaved(next);
    if (!keepForm) setFormState(latest.current.toForm(next));
  };

  useEffect(() => {
    let live = true;
    latest.current
      .load()
      .then((next) => {
        if (live && next !== undefined) show(next);
      })
      .catch((e: unknown) => live && setServerError(failureText(e)));
    return () => void (live = false);
    // loads once: a page that must read again calls `show`
  }, []);

  const save = async () => {
    if (form === undefined) return;
    const { check, save: send, onSaved, savedText = '保存成功' } = latest.current;
    const found = check(form);
    setErrors(found);
    setServerError(undefined);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const next = await send(form);
      show(next);
      onSaved?.(next);
      toast.show(savedText, 'success');
    } catch (e) {
      setServerError(failureText(e));
    } finally {
      setSaving(false);
    }
  };

  const reset = () => {
    if (saved !== undefined) setFormState(latest.current.toForm(saved));
    setErrors({});
  };

  const setForm = (next: Form | ((form: Form) => Form)) =>
    setFormState((f) => (f === undefined ? f : typeof next === 'function' ? (next as (form: Form) => Form)(f) : next));

  return { saved, form, setForm, errors, serverError, setServerError, saving, save, reset, show };
}

/** A failure in a red bar, or a spinner while `loading`; nothing otherwise. */
export function LoadState(props: { error?: string; loading?: boolean }) {
  if (props.error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{props.error}</MessageBarBody>
      </MessageBar>
    );
  }
  return props.loading ? <Spinner size="small" /> : null;
}

/** 保存 and 重置 of a settings form (other words when told); both off while it saves, 重置 until something is saved. */
export function SettingsActions(props: {
  form: Pick<SettingsForm<unknown, unknown, object>, 'saved' | 'saving' | 'save' | 'reset'>;
  saveText?: string;
  resetText?: string;
}) {
  const { saved, saving, save, reset } = props.form;
  return (
    <div style={{ display: 'flex', gap: '8px', flexWrap: 'wrap' }}>
      <Button appearance="primary" disabled={saving} onClick={() => void save()}>
        {props.saveText ?? '保存'}
      </Button>
      <Button disabled={saving || saved === undefined} onClick={reset}>
        {props.resetText ?? '重置'}
      </Button>
    </div>
  );
}
