import { useEffect, useRef, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, tokens } from '@fluentui/react-components';
import { NETWORK_ERROR_MESSAGE } from '../services/http-service';

/** Props of {@link FormDialog}. */
export interface FormDialogProps {
  /** The dialog's heading, also its accessible name unless `label` names it. */
  title: string;
  /** The accessible name when the heading says more (`续租` for a heading `续租：京A12345`). */
  label?: string;
  /** The primary button, which submits (Enter in a field submits too); 保存 unless told. */
  submitText?: string;
  /** The button that closes without saving; 取消 unless told. */
  cancelText?: string;
  /** The widest the dialog gets, in design pixels; Fluent's 600 unless told. It never exceeds the window. */
  width?: number;
  /** A class for the fields' box, replacing its column layout (e.g. a grid of fields beside a map). */
  contentClassName?: string;
  /** Keeps the primary button off (e.g. while a question in the form is unanswered). */
  disabled?: boolean;
  /** An alert dialog (role alertdialog): a click beside it does not close it. */
  alert?: boolean;
  /**
   * Saves. While it runs both buttons are off and Escape does nothing. When it throws, its message
   * (the server's msg, or 网络异常) shows in the dialog, which stays open with what the user typed;
   * when it answers `false` the dialog stays open too (it asked something more); otherwise the dialog
   * closes (`onClose`).
   */
  onSubmit: () => unknown;
  /** Closes the dialog: 取消, Escape, or after a save. */
  onClose: () => void;
  children: ReactNode;
}

// Inline styles: this module loads with the SDK entry, where style hooks are not created at import.
// The height is capped by the console's dialog rule (host.css): the content scrolls, the buttons stay.
const content: CSSProperties = { display: 'flex', flexDirection: 'column', gap: '8px' };
const errorLine: CSSProperties = { color: tokens.colorPaletteRedForeground1 };

/** The message of a failed save: the server's msg when there is one. */
function messageOf(e: unknown): string {
  return e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE;
}

/**
 * A form in a dialog: heading, fields, an error line, 取消 and the submit button. Bad input or a
 * refusal shows in the dialog in Chinese and changes nothing; the user can correct and try again.
 */
export function FormDialog(props: FormDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const errorRef = useRef<HTMLSpanElement>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  // a long form scrolls: the refusal is brought into view under the field that caused it
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || props.disabled) return;
    setBusy(true);
    setError(undefined);
    let answer: unknown;
    try {
      answer = await props.onSubmit();
    } catch (err) {
      if (mounted.current) {
        setError(messageOf(err));
        setBusy(false);
      }
      return;
    }
    if (mounted.current) setBusy(false);
    if (answer !== false) props.onClose();
  };

  return (
    <Dialog open modalType={props.alert ? 'alert' : 'modal'} onOpenChange={(_, d) => !d.open && !busy && props.onClose()}>
      <DialogSurface aria-label={props.label ?? props.title} style={props.width ? { maxWidth: `${props.width}px` } : undefined}>
        {/* noValidate: an empty required field is answered by the dialog's own Chinese message, not the browser's bubble */}
        <form noValidate onSubmit={(e) => void submit(e)}>
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent className={props.contentClassName} style={props.contentClassName ? undefined : content}>
              {props.children}
              {error && (
                <Text ref={errorRef} role="alert" style={errorLine}>
                  {error}
                </Text>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={busy} onClick={props.onClose}>
                {props.cancelText ?? '取消'}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy || props.disabled}>
                {props.submitText ?? '保存'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** The dialog's heading and accessible name. */
  title: string;
  /** What is about to happen, as a question. */
  message: ReactNode;
  /** The button that goes ahead; 确定 unless told. */
  confirmText?: string;
  /** Goes ahead; a throw shows its message in place (the dialog stays open), otherwise the dialog closes. */
  onConfirm: () => unknown;
  /** An alert dialog (role alertdialog). */
  alert?: boolean;
  onClose: () => void;
}

/** Asks before a change that cannot be undone (取消 / 确定); a refusal shows in the dialog. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <FormDialog title={props.title} submitText={props.confirmText ?? '确定'} alert={props.alert} onSubmit={props.onConfirm} onClose={props.onClose}>
      <Text>{props.message}</Text>
    </FormDialog>
  );
}
