import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { alarmNames, DataTable, formatChinaTime, PaginationBar, type DataTableColumn, type TrackPoint } from '@tianlu/sdk';
import type { PlaybackStore } from './playback-store';

export const POINTS_TABLE_HEIGHT = 180;

/** The address of a row, shown as soon as it arrives (the table itself does not observe the store). */
const AddressCell = observer(function AddressCell(props: { store: PlaybackStore; gpsTime: string }) {
  return <span data-col="address">{props.store.addresses.get(props.gpsTime) ?? '解析中…'}</span>;
});

function columns(store: PlaybackStore): DataTableColumn<TrackPoint>[] {
  return [
    { key: 'time', title: '定位时间', width: 130, render: (r) => formatChinaTime(r.gpsTime, 'short') },
    { key: 'speed', title: '速度', width: 80, align: 'right', render: (r) => `${Math.round(r.speed)} km/h` },
    { key: 'course', title: '方向', width: 56, align: 'right', render: (r) => `${r.course}°` },
    { key: 'acc', title: 'ACC', width: 48, render: (r) => (r.acc ? '开' : '关') },
    { key: 'mileage', title: '里程', width: 104, align: 'right', render: (r) => (r.mileage === null ? '-' : `${r.mileage.toFixed(1)} km`) },
    { key: 'lonlat', title: '经纬度', width: 170, render: (r) => `${r.lon.toFixed(6)}, ${r.lat.toFixed(6)}` },
    { key: 'alarm', title: '报警', width: 120, render: (r) => (r.alarmFlags ? alarmNames(r.alarmFlags) : '-') },
    { key: 'address', title: '地址', render: (r) => <AddressCell store={store} gpsTime={r.gpsTime} /> },
  ];
}

/**
 * Every position of the range, a server page at a time; the rows in view get their addresses
 * (geocoded in batches of 50, cached). A row click moves the replay to that time.
 */
export const PlaybackPointsTable = observer(function PlaybackPointsTable(props: { store: PlaybackStore }) {
  const { store } = props;
  const [cols] = useState(() => columns(store));
  return (
    <div>
      <DataTable
        label="轨迹点"
        rows={store.rows}
        columns={cols}
        rowKey={(r) => r.gpsTime}
        height={POINTS_TABLE_HEIGHT}
        rowHeight={30}
        onRowClick={(r) => store.playback.seek(Date.parse(r.gpsTime))}
        onVisibleRowsChange={store.requestAddresses}
        empty={store.rowsLoading ? '加载中…' : store.answer ? '暂无轨迹点' : `请选择${store.words.noun}和时间后查询`}
      />
      <PaginationBar pagination={store.pagination} onChange={() => void store.loadRows()} disabled={store.rowsLoading} />
    </div>
  );
});
