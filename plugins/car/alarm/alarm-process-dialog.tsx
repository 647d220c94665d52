import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field } from '@fluentui/react-components';
import { ALARM_NOTE_MAX, NETWORK_ERROR_MESSAGE, Textarea } from '@tianlu/sdk';

/** 处理告警: a note (1–200 characters) for the alarms being processed; `example` in the kind's words (e.g. 已联系司机，确认安全). */
export function AlarmProcessDialog(props: { count: number; example: string; onSubmit: (note: string) => Promise<void>; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const text = note.trim();
    if (!text) return setError('请填写处理意见');
    if (text.length > ALARM_NOTE_MAX) return setError(`处理意见不能超过 ${ALARM_NOTE_MAX} 个字`);
    setBusy(true);
    setError(undefined);
    try {
      await props.onSubmit(text);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);
      setBusy(false);
    }
  };
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && props.onClose()}>
      <DialogSurface aria-label="处理告警">
        <DialogBody>
          <DialogTitle>处理告警（{props.count} 条）</DialogTitle>
          <DialogContent>
            <Field label="处理意见" required validationMessage={error} validationState={error ? 'error' : 'none'}>
              <Textarea value={note} maxLength={ALARM_NOTE_MAX} rows={4} resize="vertical" onChange={(_, d) => setNote(d.value)} placeholder={`例如：${props.example}`} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button disabled={busy} onClick={props.onClose}>
              取消
            </Button>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()}>
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
