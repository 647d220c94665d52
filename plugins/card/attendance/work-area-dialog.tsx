import { useMemo, useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Text, tokens,
} from '@fluentui/react-components';
import { AssetMap, type DrawnShape, expectOk, HttpService, Input, type MapShape, useService } from '@tianlu/sdk';
import { AttendancePaths, errorText, type WorkArea } from './attendance-api';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px 16px' },
  wide: { gridColumn: '1 / -1' },
  error: { gridColumn: '1 / -1', color: tokens.colorPaletteRedForeground1 },
  surface: { maxWidth: '720px', width: '100%' },
  map: { gridColumn: '1 / -1', height: '300px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', border: `1px solid ${tokens.colorNeutralStroke2}` },
  tools: { gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: '8px' },
});

/** The circle typed so far, when its centre and radius are numbers. */
function circleOf(lon: string, lat: string, radius: string, name: string): MapShape | undefined {
  const x = Number(lon), y = Number(lat), r = Number(radius);
  if (!lon.trim() || !lat.trim() || !Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 180 || Math.abs(y) > 90) return undefined;
  return { id: 'area', kind: 'circle', center: [x, y], radius: Number.isFinite(r) && r > 0 ? r : 0, label: name || '考勤区域', highlighted: true };
}

type AreaField = 'name' | 'center' | 'radius';

/** The field a refusal of the server is about, by the label its message starts with. */
function fieldOf(message: string): AreaField | undefined {
  if (message.startsWith('区域名称')) return 'name';
  if (message.startsWith('圆心')) return 'center';
  if (message.startsWith('半径')) return 'radius';
  return undefined;
}

/** Why the last save was refused, and the value of the field it was about when it was. */
interface Refusal {
  message: string;
  field?: AreaField;
  value?: string;
}

/**
 * 新增考勤区域 / 编辑考勤区域: a name and a circle (centre in WGS84, radius in metres), drawn on the map
 * (在地图上画圆 fills the centre and radius) or typed; the server checks every field.
 */
export function WorkAreaDialog(props: { area?: WorkArea; onSaved: () => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const a = props.area;
  const [name, setName] = useState(a?.name ?? '');
  const [lon, setLon] = useState(a ? String(a.center[0]) : '');
  const [lat, setLat] = useState(a ? String(a.center[1]) : '');
  const [radius, setRadius] = useState(a ? String(a.radius) : '');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const [drawing, setDrawing] = useState(false);
  const circle = useMemo(() => circleOf(lon, lat, radius, name), [lon, lat, radius, name]);
  const values: Record<AreaField, string> = { name, center: `${lon},${lat}`, radius };
  // a refusal about a field goes once the field is changed (drawn or typed); the next save checks it again
  const error = refusal && (!refusal.field || values[refusal.field] === refusal.value) ? refusal.message : undefined;
  const drawn = (shape: DrawnShape) => {
    setDrawing(false);
    if (shape.kind !== 'circle') return;
    setLon(shape.center[0].toFixed(6));
    setLat(shape.center[1].toFixed(6));
    setRadius(String(Math.round(shape.radius)));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    try {
      const center = lon.trim() && lat.trim() ? [Number(lon), Number(lat)] : undefined;
      const body = { ...(a && { id: a.id }), name, ...(center && { center }), ...(radius.trim() && { radius: Number(radius) }) };
      expectOk(await http.postJson(AttendancePaths.saveArea, body));
      props.onSaved();
    } catch (err) {
      const message = errorText(err);
      const field = fieldOf(message);
      setRefusal({ message, field, value: field && values[field] });
    } finally {
      setBusy(false);
    }
  };

  const title = a ? '编辑考勤区域' : '新增考勤区域';
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface aria-label={title} className={s.surface}>
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
              <div className={s.tools}>
                <Button size="small" appearance={drawing ? 'primary' : 'secondary'} onClick={() => setDrawing((d) => !d)}>{drawing ? '取消画圆' : '在地图上画圆'}</Button>
                <Text size={200}>{drawing ? '在地图上按下圆心并拖动到半径处松开' : '画圆或输入圆心和半径'}</Text>
              </div>
              <section className={s.map} aria-label="考勤区域地图" data-drawing={drawing ? 'circle' : ''}>
                <AssetMap items={[]} shapes={circle ? [circle] : []} focusShape={circle ? 'area' : undefined} draw={drawing ? 'circle' : undefined} onDraw={drawn} style={{ height: '100%' }} />
              </section>
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
