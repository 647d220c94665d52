import { useRef, useState } from 'react';
import { Button, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { Input } from '../text-input';
import type { ProfileField } from '../../asset-kinds';
import { useService } from '../../react/use-service';
import { expectOk, HttpService } from '../../services/http-service';
import type { ProfileInputProps } from './profile-fields-props';
// photos are uploaded to MediaApi.upload (checked again by the server: JPG, PNG or WebP up to 2 MB)
import { MediaApi } from '../../contracts/asset';
import type { AnswerOf } from '../../endpoint';

const useStyles = makeStyles({
  photo: { display: 'flex', alignItems: 'center', gap: '10px' },
  image: { width: '64px', height: '64px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  empty: {
    width: '64px', height: '64px', display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: tokens.borderRadiusMedium,
    background: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground3,
  },
  hidden: { display: 'none' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** 照片: the current photo, 上传照片 (checked here for type and size, and again by the server) and 移除. */
function PhotoField(props: { field: ProfileField; value: string; onChange: (url: string) => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (!PHOTO_TYPES.includes(file.type)) return setError('只能上传 JPG、PNG 或 WebP 格式的图片');
    if (file.size > MAX_PHOTO_BYTES) return setError('图片不能超过 2 MB');
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      props.onChange(expectOk(await http.upload<AnswerOf<typeof MediaApi.upload>>(MediaApi.upload.path, form)).url);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : '网络异常');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Field label={props.field.label} hint={props.field.hint}>
      <div className={s.photo}>
        {props.value ? <img className={s.image} src={props.value} alt={props.field.label} /> : <span className={s.empty}>无</span>}
        <Button disabled={busy} onClick={() => input.current?.click()}>
          {busy ? '上传中…' : props.value ? '更换照片' : '上传照片'}
        </Button>
        {props.value && <Button appearance="subtle" onClick={() => props.onChange('')}>移除</Button>}
        <input ref={input} className={s.hidden} type="file" accept={PHOTO_TYPES.join(',')} aria-label={`选择${props.field.label}`} onChange={(e) => void choose(e.target.files?.[0])} />
      </div>
      {error && <Text role="alert" className={s.error}>{error}</Text>}
    </Field>
  );
}

/** One profile field as its type asks: a text box, a choice, a number, a date or a photo. */
export default function ProfileInput(props: ProfileInputProps) {
  const f = props.field;
  if (f.type === 'photo') return <PhotoField field={f} value={props.value} onChange={props.onChange} />;
  const label = f.unit ? `${f.label}（${f.unit}）` : f.label;
  if (f.type === 'choice') {
    return (
      <Field label={label}>
        <Select value={props.value} onChange={(_, d) => props.onChange(d.value)}>
          <option value="">未填写</option>
          {f.choices?.map((c) => <option key={c} value={c}>{f.unit ? `${c} ${f.unit}` : c}</option>)}
        </Select>
      </Field>
    );
  }
  const type = f.type === 'date' ? 'date' : f.type === 'number' ? 'number' : f.type === 'phone' ? 'tel' : 'text';
  const max = f.type === 'phone' ? 11 : f.max;
  return (
    <Field label={label} hint={f.hint}>
      <Input type={type} value={props.value} maxLength={max} counter={f.type === 'text'} onChange={(_, d) => props.onChange(d.value)} />
    </Field>
  );
}

