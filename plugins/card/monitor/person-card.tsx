import { useEffect, useState } from 'react';
import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { CardApi, DialogService, expectOk, HttpService, type PersonDetail, LiveService, PersonStatusChips, useService } from '@tianlu/sdk';
import { clockOf, errorText } from '../attendance/attendance-api';


const useStyles = makeStyles({
  head: { display: 'flex', gap: '10px', alignItems: 'center' },
  photo: { width: '56px', height: '56px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, padding: 0, border: 'none', cursor: 'zoom-in', background: 'none' },
  who: { display: 'flex', flexDirection: 'column' },
  grid: { display: 'grid', gridTemplateColumns: 'auto 1fr auto', gap: '2px 8px', fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The card over 人员监控's map for the selected person: photo (opens the image viewer), who they are and their last readings. */
export const PersonCard = observer(function PersonCard(props: { terminalNo: string }) {
  const s = useStyles();
  const live = useService(LiveService);
  const item = live.positions.get(props.terminalNo);
  const http = useService(HttpService);
  const dialogs = useService(DialogService);
  const [detail, setDetail] = useState<PersonDetail>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    setDetail(undefined);
    http.call(CardApi.personDetail, { terminalNo: props.terminalNo }).then(
      (res) => live && setDetail(expectOk(res)),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [http, props.terminalNo]);

  if (error) return <Card><Text role="alert">{error}</Text></Card>;
  if (!detail) return null;
  const r = detail.readings;
  const rows: [string, string, string | undefined][] = [
    ['心率', r.heartRate ? `${r.heartRate.value} 次/分` : '—', r.heartRate?.time],
    ['血压', r.systolic && r.diastolic ? `${r.systolic.value}/${r.diastolic.value} mmHg` : '—', r.systolic?.time],
    ['血氧', r.spo2 ? `${r.spo2.value} %` : '—', r.spo2?.time],
    ['体温', r.temperature ? `${r.temperature.value} ℃` : '—', r.temperature?.time],
    ['步数', r.steps ? `${r.steps.value} 步` : '—', r.steps?.time],
  ];
  return (
    <Card aria-label={`${detail.name}的信息`}>
      <div className={s.head}>
        {detail.photo && (
          <button type="button" className={s.photo} onClick={() => dialogs.showImage([detail.photo])} aria-label="查看照片">
            <img className={s.photo} src={detail.photo} alt={`${detail.name}的照片`} />
          </button>
        )}
        <div className={s.who}>
          <Text weight="semibold">{detail.name}</Text>
          <Text size={200} className={s.muted}>{[detail.employeeNo, detail.department, detail.phone].filter(Boolean).join(' · ') || '—'}</Text>
          {item && <PersonStatusChips item={item} />}
        </div>
      </div>
      <div className={s.grid} aria-label="最近读数">
        {rows.map(([label, value, time]) => (
          <span key={label} style={{ display: 'contents' }}>
            <span className={s.muted}>{label}</span>
            <span>{value}</span>
            <span className={s.muted}>{time ? clockOf(time) : ''}</span>
          </span>
        ))}
      </div>
    </Card>
  );
});
