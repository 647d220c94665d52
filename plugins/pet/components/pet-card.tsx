import { useEffect, useState } from 'react';
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AnimalPawPrintRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { formatChinaTime, GeocodeService, LiveService, Permission, useService, type MonitorItem } from '@tianlu/sdk';
import { PetMenu, type Pet, type PetAction } from '../pet-api';

const useStyles = makeStyles({
  card: {
    display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr)', gap: '4px 10px', padding: '10px', borderRadius: tokens.borderRadiusMedium,
    background: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2, cursor: 'pointer',
  },
  selected: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  photo: { width: '56px', height: '56px', borderRadius: '50%', objectFit: 'cover', gridRow: 'span 2', background: tokens.colorNeutralBackground3 },
  blank: { display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '28px', color: tokens.colorNeutralForeground3 },
  head: { display: 'flex', alignItems: 'center', gap: '6px', minWidth: 0 },
  lines: { display: 'flex', flexDirection: 'column', gap: '2px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2, minWidth: 0 },
  // two by two in a narrow column (the monitor's side tab), on one line where there is room
  actions: { gridColumn: '1 / span 2', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: '4px' },
  result: { gridColumn: '1 / span 2', fontSize: tokens.fontSizeBase200 },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
});

/** The last 寻宠 action of a pet and how its command went. */
export interface ActionState {
  label: string;
  batchId?: string;
  /** 待发送, 已发送, 成功, 失败, 超时, or the refusal. */
  statusText: string;
  /** The collar's answer in Chinese (设备正在响铃 …), and its own words (设备原文). */
  answer?: string;
  raw?: string;
}

export interface PetCardProps {
  pet: Pet;
  selected: boolean;
  onSelect: () => void;
  action?: ActionState;
  lightOn: boolean;
  busy: boolean;
  onAction: (action: PetAction, on?: boolean) => void;
}

function fixText(p: MonitorItem): string {
  if (p.fix === 'lbs') return `基站定位 ±${Math.round(p.accuracy ?? 0)} m`;
  if (p.fix === 'wifi') return `WiFi 定位 ±${Math.round(p.accuracy ?? 0)} m`;
  if (p.fix === 'last') return p.accuracy === undefined ? '最后已知位置' : `最后已知位置 ±${Math.round(p.accuracy)} m`;
  return 'GPS';
}

/** Where the pet is, in words (geocoded once per position). */
function usePlace(p: MonitorItem | undefined): string {
  const geocode = useService(GeocodeService);
  const [place, setPlace] = useState('');
  const lon = p?.lon ?? null;
  const lat = p?.lat ?? null;
  useEffect(() => {
    if (lon === null || lat === null) return setPlace('');
    let live = true;
    setPlace('解析中…');
    geocode.getAddress(lon, lat).then((a) => live && setPlace(a), () => live && setPlace('获取位置失败'));
    return () => {
      live = false;
    };
  }, [geocode, lon, lat]);
  return place;
}

/** A pet's card: photo, name, battery, last seen, place, 寻宠模式, and the 寻宠 buttons with the last result. */
export const PetCard = observer(function PetCard(props: PetCardProps) {
  const s = useStyles();
  const live = useService(LiveService);
  const { pet } = props;
  const p = pet.terminalNo ? live.positions.get(pet.terminalNo) : undefined;
  const place = usePlace(p);
  const photo = typeof pet.profile.photo === 'string' ? pet.profile.photo : '';
  const kind = [pet.profile.species, pet.profile.breed].filter(Boolean).join(' · ');
  const result = props.action;
  const resultClass = result?.statusText === '成功' ? s.ok : result && ['失败', '超时'].some((w) => result.statusText.startsWith(w)) ? s.bad : undefined;
  return (
    <article className={`${s.card} ${props.selected ? s.selected : ''}`} aria-label={`宠物 ${pet.name}`} data-pet={pet.name} onClick={props.onSelect}>
      {photo ? <img className={s.photo} src={photo} alt={pet.name} /> : <span className={`${s.photo} ${s.blank}`} aria-hidden data-photo="none"><AnimalPawPrintRegular /></span>}
      <div className={s.head}>
        <Text weight="semibold" truncate wrap={false}>{pet.name}</Text>
        <Badge size="small" appearance="tint" color={p?.online ? 'success' : 'subtle'}>{p?.online ? '在线' : '离线'}</Badge>
        {pet.lostSince && <Badge size="small" color="danger" title={`自 ${formatChinaTime(pet.lostSince, 'short')} 起每 10 秒上报`} data-lost="on">寻宠模式</Badge>}
      </div>
      <div className={s.lines}>
        {kind && <span>{kind}</span>}
        <span data-field="battery">电量 {p?.battery === undefined ? '—' : `${Math.round(p.battery)}%`}{p?.charging ? ' 充电中' : ''}</span>
        <span data-field="seen">最后上报 {formatChinaTime(p?.gpsTime, 'short')}{p && p.lon !== null ? ` · ${fixText(p)}` : ''}</span>
        <span data-field="place" title={place}>{place || '暂无位置'}</span>
      </div>
      <Permission button={PetMenu.find}>
        <div className={s.actions} onClick={(e) => e.stopPropagation()}>
          <Button size="small" disabled={props.busy} onClick={() => props.onAction('locate')}>立即定位</Button>
          <Button size="small" disabled={props.busy} onClick={() => props.onAction('ring')}>响铃</Button>
          <Button size="small" disabled={props.busy} onClick={() => props.onAction('light', !props.lightOn)}>{props.lightOn ? '关灯' : '开灯'}</Button>
          <Button size="small" appearance={pet.lostSince ? 'primary' : 'secondary'} disabled={props.busy} onClick={() => props.onAction('lostMode', !pet.lostSince)}>
            {pet.lostSince ? '关闭寻宠模式' : '寻宠模式'}
          </Button>
        </div>
      </Permission>
      {result && (
        <span className={`${s.result} ${resultClass ?? ''}`} role="status" data-result={result.statusText} title={result.raw ? `设备原文：${result.raw}` : undefined}>
          {result.label}：{result.statusText}{result.answer && `（${result.answer}）`}
        </span>
      )}
    </article>
  );
});
