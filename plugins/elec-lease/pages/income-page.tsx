import { useCallback, useEffect, useState } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import {
  ElecLeaseApi,
  expectOk,
  HttpService,
  type LeaseIncome,
  PageSection,
  Permission,
  SeriesChart,
  useService,
  useBackgroundExport,
  DateRangeFields,
} from '@tianlu/sdk';
import { errorText, incomeOpeningRange, LeaseButtons } from '../lease/lease-api';

const useStyles = makeStyles({
  cards: { display: 'flex', gap: '12px', flexWrap: 'wrap' },
  card: { minWidth: '96px', padding: '8px 12px', borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground2, display: 'flex', flexDirection: 'column' },
  value: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
});


/**
 * 收入概览 (menu 2304): rent due and received by month (rent only), deposits taken, paid back and
 * held and 违约金 apart, and how the e-bikes are used now (在租 / 空闲 / 维修中).
 */
export default function IncomePage() {
  const s = useStyles();
  const http = useService(HttpService);
  const { exporting, startExport } = useBackgroundExport();
  const [range, setRange] = useState(incomeOpeningRange);
  const [draft, setDraft] = useState(range);
  const [data, setData] = useState<LeaseIncome>();
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    setError(undefined);
    try {
      setData(expectOk(await http.call(ElecLeaseApi.income, range)));
    } catch (e) {
      setError(errorText(e));
    }
  }, [http, range]);
  useEffect(() => void load(), [load]);

  const card = (label: string, value: string) => (
    <div className={s.card} aria-label={label}>
      <Text size={200}>{label}</Text>
      <Text className={s.value}>{value}</Text>
    </div>
  );
  const u = data?.utilisation;

  return (
    <PageSection
      title="收入概览"
      error={error}
      tools={
        <Permission button={LeaseButtons.exportIncome}>
          <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void startExport(ElecLeaseApi.exportIncome, range)}>导出</Button>
        </Permission>
      }
      filters={
        <>
          <DateRangeFields unit="month" value={draft} onChange={setDraft} />
          <Button appearance="primary" onClick={() => setRange(draft)}>查询</Button>
        </>
      }
    >
      {data && u && (
        <>
          <div className={s.cards}>
            {card('应收租金', `¥${data.total.due}`)}
            {card('实收租金', `¥${data.total.received}`)}
            {card('收押金', `¥${data.total.deposit}`)}
            {card('退押金', `¥${data.total.refunded}`)}
            {card('押金余额', `¥${data.depositHeld}`)}
            {card('违约金', `¥${data.total.penalty}`)}
            {card('电动车', `${u.total} 辆`)}
            {card('在租', `${u.rented} 辆`)}
            {card('空闲', `${u.idle} 辆`)}
            {card('维修中', `${u.inRepair} 辆`)}
            {card('出租率', `${u.rate}%`)}
          </div>
          <SeriesChart
            label="每月租金"
            kind="bar"
            categories={data.months.map((m) => m.month)}
            series={[
              { name: '应收', data: data.months.map((m) => m.due) },
              { name: '实收', data: data.months.map((m) => m.received) },
              { name: '收押金', data: data.months.map((m) => m.deposit) },
            ]}
            axes={[{ name: '元' }]}
            height={300}
          />
        </>
      )}
    </PageSection>
  );
}
