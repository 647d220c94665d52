import { useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Text, tokens,
} from '@fluentui/react-components';
import { expectOk, HttpService, Input, useService } from '@tianlu/sdk';
import { AttendancePaths, errorText, type WorkArea } from './attendance-api';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px 16px' },
  wide: { gridColumn: '1 / -1' },
  error: { gridColumn: '1 / -1', color: tokens.colorPaletteRedForeground1 },
});

/** 新增考勤区域 / 编辑考勤区域: a name and a circle (centre in WGS84, radius in metres); the server checks every field. */
export function WorkAreaDialog(props: { area?: WorkArea; onSaved: () => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const a = props.area;
  const [name, setName] = useState(a?.name ?? '');
  const [lon, setLon] = useState(a ? String(a.center[0]) : '');
  const [lat, setLat] = useState(a ? String(a.center[1]) : '');
  const [radius, setRadius] = useState(a ? String(a.radius) : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const center = lon.trim() && lat.trim() ? [Number(lon), Number(lat)] : undefined;
      const body = { ...(a && { id: a.id }), name, ...(center && { center }), ...(radius.trim() && { radius: Number(radius) }) };
      expectOk(await http.postJson(AttendancePaths.saveArea, body));
      props.onSaved();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const title = a ? '编辑考勤区域' : '新增考勤区域';
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface aria-label={title}>
        <form onSubmit={(e) => void submit(e)}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={s.grid}>
              <Field className={s.wide} label="区域名称" required>
                <Input value={name} maxLength={50} onChange={(_, d) => setName(d.value)} />
              </Field>
              <Field label="圆心经度" required hint="WGS84，例如 116.397">
                <Input value={lon} inputMode="decimal" onChange={(_, d) => setLon(d.value)} />
              </Field>
              <Field label="圆心纬度" required hint="WGS84，例如 39.909">
                <Input value={lat} inputMode="decimal" onChange={(_, d) => setLat(d.value)} />
              </Field>
              <Field label="半径（米）" required hint="10 到 5000 米">
                <Input value={radius} inputMode="numeric" onChange={(_, d) => setRadius(d.value)} />
              </Field>
              {error && <Text role="alert" className={s.error}>{error}</Text>}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose}>取消</Button>
              <Button appearance="primary" type="submit" disabled={busy}>保存</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
