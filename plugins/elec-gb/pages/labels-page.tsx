import { useEffect, useState } from 'react';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { expectOk, HttpService, NavigationService, useService } from '@tianlu/sdk';
import { ElecGbApi, type Declaration } from '../declare/gb-api';

const useStyles = makeStyles({
  page: { padding: '16px', background: tokens.colorNeutralBackground1 },
  bar: { display: 'flex', alignItems: 'center', gap: '12px', marginBottom: '16px', '@media print': { display: 'none' } },
  sheet: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 60mm)', gap: '6mm' },
  label: {
    width: '60mm', boxSizing: 'border-box', padding: '3mm', border: '1px solid #000', borderRadius: '2mm', display: 'flex', flexDirection: 'column',
    alignItems: 'center', gap: '1mm', breakInside: 'avoid', color: '#000', background: '#fff', fontSize: '9pt', lineHeight: 1.3,
  },
  title: { fontWeight: 700, fontSize: '10pt' },
  qr: { width: '36mm', height: '36mm' },
  bad: { color: '#c00', fontWeight: 700 },
  good: { fontWeight: 700 },
});

interface Label {
  record: Declaration;
  dataUrl: string;
}

const idsOf = (search: string) => [...new Set((new URLSearchParams(search).get('ids') ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0))].slice(0, 200);

/** 打印标签: one label per 备案 record (QR code, number, frame number, plate, verdict), laid out for printing. */
export default function LabelsPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const nav = useService(NavigationService);
  const [labels, setLabels] = useState<Label[]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const search = nav.path.includes('?') ? nav.path.slice(nav.path.indexOf('?')) : window.location.search;
    const ids = idsOf(search);
    if (ids.length === 0) {
      setError('没有要打印的备案');
      return;
    }
    let live = true;
    void (async () => {
      try {
        const page = expectOk(await http.call(ElecGbApi.list, { current: 1, pageSize: 200, ids: ids.join(',') }));
        const records = ids.map((id) => page.list.find((r) => r.id === id)).filter((r): r is Declaration => r !== undefined);
        if (records.length === 0) throw new Error('备案不存在');
        const found = await Promise.all(
          records.map(async (record) => ({ record, dataUrl: expectOk(await http.call(ElecGbApi.qrCode, { id: record.id, format: 'dataUrl' })).dataUrl })),
        );
        if (live) setLabels(found);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [http, nav]);

  return (
    <div className={s.page}>
      <div className={s.bar}>
        <Text size={500} weight="semibold">打印标签</Text>
        {labels && <Text>{`共 ${labels.length} 张`}</Text>}
        <Button appearance="primary" icon={<PrintRegular />} disabled={!labels?.length} onClick={() => window.print()}>打印</Button>
      </div>
      {error && <Text role="alert">{error}</Text>}
      {!labels && !error && <Spinner label="正在生成标签…" />}
      <div className={s.sheet}>
        {labels?.map(({ record: r, dataUrl }) => (
          <figure key={r.id} className={s.label} aria-label={`标签 ${r.recordNo}`}>
            <span className={s.title}>电动自行车新国标备案</span>
            <img className={s.qr} src={dataUrl} alt={`${r.recordNo} 二维码`} />
            <span>{r.recordNo}</span>
            <span>{`车架号 ${r.frameNo}`}</span>
            <span>{`号牌 ${r.plateNo || '未上牌'}`}</span>
            <span className={r.compliant ? s.good : s.bad}>{r.compliant ? '合规' : `不合规：${r.reasons.join('、')}`}</span>
          </figure>
        ))}
      </div>
    </div>
  );
}
