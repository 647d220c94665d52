import { makeStyles, tokens } from '@fluentui/react-components';
import { InfoDialog, recordRecipient, type NotifyRecord } from '@tianlu/sdk';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: '16px', rowGap: '6px', margin: 0 },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
});

/** 推送详情: one delivery whole, its last error and 说明 unshortened (the table cuts long ones). */
export function NotifyRecordDetail(props: { record: NotifyRecord; onClose: () => void }) {
  const s = useStyles();
  const r = props.record;
  const lines: [string, string][] = [
    ['告警', r.alarmName],
    ['设备', r.asset],
    ['告警时间', r.alarmTime],
    ['推送方式', r.channelName],
    ['接收人', recordRecipient(r)],
    ['状态', r.status],
    ['尝试次数', String(r.tries)],
    ['入队时间', r.createTime],
    ['送达时间', r.deliveredTime ?? '—'],
    ['最后错误', r.lastError || '—'],
    ['说明', r.note || '—'],
  ];
  return (
    <InfoDialog title="推送详情" width={560} onClose={props.onClose}>
      <dl className={s.list}>
        {lines.map(([term, value]) => (
          <div key={term} className={s.pair}>
            <dt className={s.term}>{term}</dt>
            <dd className={s.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </InfoDialog>
  );
}
