import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import { ALARM_NOTE_MAX, FormDialog, Textarea } from '@tianlu/sdk';

/** 处理告警: a note (1–200 characters) for the alarms being processed; `example` in the kind's words (e.g. 已联系司机，确认安全). */
export function AlarmProcessDialog(props: { count: number; example: string; onSubmit: (note: string) => Promise<void>; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const submit = async () => {
    const text = note.trim();
    const refusal = !text ? '请填写处理意见' : text.length > ALARM_NOTE_MAX ? `处理意见不能超过 ${ALARM_NOTE_MAX} 个字` : undefined;
    setInvalid(refusal);
    if (refusal) return false;
    await props.onSubmit(text);
  };
  return (
    <FormDialog title={`处理告警（${props.count} 条）`} label="处理告警" submitText="确定" onSubmit={submit} onClose={props.onClose}>
      {/* required in words, not natively: an empty note is refused with the message under the field */}
      <Field label="处理意见" required validationMessage={invalid} validationState={invalid ? 'error' : 'none'}>
        <Textarea required={false} aria-required value={note} maxLength={ALARM_NOTE_MAX} rows={4} resize="vertical" onChange={(_, d) => setNote(d.value)} placeholder={`例如：${props.example}`} />
      </Field>
    </FormDialog>
  );
}
