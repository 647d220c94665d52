import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text, tokens } from '@fluentui/react-components';
import { errorText } from './admin-page';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '10px' },
  error: { color: tokens.colorPaletteRedForeground1 },
  wide: { maxWidth: '760px', width: '90vw' },
  section: { display: 'flex', flexDirection: 'column', gap: '4px' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * A form in a dialog. `onSubmit` saves; when it throws, its message is shown and the dialog stays
 * open with what the user typed, otherwise the dialog closes.
 */
export function FormDialog(props: { title: string; submitText?: string; wide?: boolean; onSubmit: () => Promise<void>; onClose: () => void; children: ReactNode }) {
  const s = useStyles();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await props.onSubmit();
      props.onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface className={props.wide ? s.wide : undefined} aria-label={props.title}>
        <form onSubmit={(e) => void submit(e)}>
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent className={s.form}>
              {props.children}
              {error && (
                <Text role="alert" className={s.error}>
                  {error}
                </Text>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose}>
                取消
              </Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {props.submitText ?? '保存'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * A titled block of a form for several controls (a Fluent Field would hand its id and label to
 * every control inside it).
 */
export function FormSection(props: { title: string; hint?: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.section} role="group" aria-label={props.title}>
      <Text weight="semibold">{props.title}</Text>
      {props.hint && <Text className={s.hint}>{props.hint}</Text>}
      {props.children}
    </div>
  );
}

/** Asks before a change that cannot be undone; shows the server's refusal in place. */
export function ConfirmDialog(props: { title: string; message: ReactNode; confirmText?: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  return (
    <FormDialog title={props.title} submitText={props.confirmText ?? '确定'} onSubmit={props.onConfirm} onClose={props.onClose}>
      <Text>{props.message}</Text>
    </FormDialog>
  );
}
