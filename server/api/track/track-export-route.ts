import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { kindAlarmName, vocabularyOf } from '../../../sdk/asset-vocabulary';
import { alarmNames } from '../../../sdk/track';
import { findStops } from '../../track/track-analysis';
import { toColumns } from '../../track/track-columns';
import { sessionRoute } from '../route-definition';
import { MonitorApi } from '../../../sdk/contracts/monitor';
import { toChinaIso } from '../../time/china-time';
import { MAX_TRACK_POINTS, PLAYBACK_RESOURCE, resolveTrackRange } from './track-request';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Stops get an address each (they are few); positions would be too many to geocode. */
const MAX_STOP_ADDRESSES = 500;

const time = (d: Date) => toChinaIso(d).slice(0, 19).replace('T', ' ');

/**
 * 轨迹导出: every position of the range in a spreadsheet (sheet 轨迹点) and the stops with their
 * addresses (sheet 停留点), streamed as it is written; the name column and the alarms are headed and
 * named as the asset's kind says them (姓名 for a person, 人员被盗 …).
 */
export const trackExportRoute = sessionRoute.of(MonitorApi.trackExport, {
  resource: PLAYBACK_RESOURCE,
  raw: true,
  handler: async (ctx) => {
    const { body, deps, reply } = ctx;
    const { asset, start, end } = await resolveTrackRange(ctx, body);
    const stored = await deps.store.positions.track(asset.terminalId, start, end, MAX_TRACK_POINTS);
    const stopMinutes = body.stopMinutes ?? deps.config.trackStopMinutes;
    const c = toColumns(stored);
    const stops = findStops(c, stopMinutes * 60);
    const stopAddresses = await Promise.all(
      stops.slice(0, MAX_STOP_ADDRESSES).map((s) => deps.geocoder.reverse(c.lon[s.startIndex], c.lat[s.startIndex]).then((a) => a.address, () => '获取位置失败')),
    );

    const out = new PassThrough();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const name = asset.plateNo || asset.terminalNo;
    const alarmsOf = (flags: number) => alarmNames(flags).split('、').map((n) => kindAlarmName(asset.assetKind, n)).join('、');
    const fileName = `轨迹-${name}-${time(start).slice(0, 10)}.xlsx`;
    void reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(out);

    const sheet = book.addWorksheet('轨迹点');
    sheet.columns = [
      { header: '序号', width: 8 },
      { header: vocabularyOf(asset.assetKind).nameLabel, width: 12 },
      { header: '终端号', width: 16 },
      { header: '定位时间', width: 20 },
      { header: '经度', width: 12 },
      { header: '纬度', width: 12 },
      { header: '速度(km/h)', width: 11 },
      { header: '方向(°)', width: 9 },
      { header: '海拔(m)', width: 9 },
      { header: '里程(km)', width: 11 },
      { header: 'ACC', width: 6 },
      { header: '定位', width: 6 },
      { header: '报警', width: 24 },
      { header: '补传', width: 6 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (let i = 0; i < stored.length; i++) {
      const p = stored[i];
      sheet
        .addRow([
          i + 1, asset.plateNo ?? '', asset.terminalNo, time(p.deviceTime), p.lon, p.lat, p.speed, p.course, p.altitude,
          p.mileage ?? '', p.statusFlags & 1 ? '开' : '关', p.statusFlags & 2 ? '是' : '否', p.alarmFlags ? alarmsOf(p.alarmFlags) : '',
          p.backfill ? '是' : '',
        ])
        .commit();
    }
    sheet.commit();

    const stopSheet = book.addWorksheet('停留点');
    stopSheet.columns = [
      { header: '序号', width: 8 },
      { header: '开始时间', width: 20 },
      { header: '结束时间', width: 20 },
      { header: '停留时长(分钟)', width: 14 },
      { header: '经度', width: 12 },
      { header: '纬度', width: 12 },
      { header: '地址', width: 40 },
    ];
    stopSheet.getRow(1).font = { bold: true };
    stopSheet.getRow(1).commit();
    stops.forEach((s, k) => {
      stopSheet
        .addRow([
          k + 1, time(new Date(s.start)), time(new Date(s.end)), Math.round((s.end - s.start) / 6000) / 10, c.lon[s.startIndex], c.lat[s.startIndex],
          stopAddresses[k] ?? '',
        ])
        .commit();
    });
    stopSheet.commit();
    await book.commit();
    return reply;
  },
});
