import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { MonitorItem } from '@tianlu/sdk';
import { ColdChainApi } from '../api';
import { Refusal, renderPage } from '../pages/page-test-kit';
import VehicleTemperatureTab, { latestReading } from './vehicle-temperature-tab';

const READINGS = ColdChainApi.readings.path;
const series = {
  list: [
    { time: '2026-11-27T07:00:00+08:00', celsius: 5.2 },
    { time: '2026-11-27T08:00:00+08:00', celsius: 9.4 },
  ],
  min: 2,
  max: 8,
};

/** The live position of a terminal carrying a decoded temperature. */
const position = (celsius: number, gpsTime: string) => ({ terminalNo: '013800000001', gpsTime, readings: { 'cold-chain.t1': celsius } }) as unknown as MonitorItem;

describe('温度 tab of the vehicle-info dialog', () => {
  it('shows the latest reading, the limits, the state and a chart of the last hours', async () => {
    const kit = renderPage(<VehicleTemperatureTab terminalNo="013800000001" />, { routes: { [READINGS]: () => series } });
    expect((await screen.findByLabelText('最新温度')).textContent).toBe('9.4℃');
    expect(screen.getByText('超限')).toBeTruthy();
    expect(screen.getByText('读数时间 2026-11-27 08:00:00')).toBeTruthy();
    expect(screen.getByText('上下限 2.0～8.0℃')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-points]')?.getAttribute('data-points')).toBe('2'));
    const [asked] = kit.sentTo(READINGS) as { terminalNo: string; start: string; end: string }[];
    expect(asked!.terminalNo).toBe('013800000001');
    expect(Date.parse(asked!.end) - Date.parse(asked!.start)).toBe(6 * 3_600_000);
  });

  it('takes a newer live reading as the latest', async () => {
    renderPage(<VehicleTemperatureTab terminalNo="013800000001" />, {
      routes: { [READINGS]: () => series },
      positions: [position(6.1, '2026-11-27T08:05:00+08:00')],
    });
    expect((await screen.findByLabelText('最新温度')).textContent).toBe('6.1℃');
    expect(screen.getByText('正常')).toBeTruthy();
  });

  it('says when there is no reading of the last hours', async () => {
    renderPage(<VehicleTemperatureTab terminalNo="013800000001" />, { routes: { [READINGS]: () => ({ list: [], min: 2, max: 8 }) } });
    expect(await screen.findByText('最近 6 小时没有温度读数')).toBeTruthy();
    expect(screen.getByText('无数据')).toBeTruthy();
    expect(screen.getByText('尚无温度读数')).toBeTruthy();
  });

  it('says why it could not read them', async () => {
    renderPage(<VehicleTemperatureTab terminalNo="013800000009" />, { routes: { [READINGS]: () => { throw new Refusal('车辆不存在或无权访问', 404); } } });
    expect((await screen.findByRole('alert')).textContent).toBe('车辆不存在或无权访问');
  });
});

describe('latestReading', () => {
  const last = { time: '2026-11-27T08:00:00+08:00', celsius: 4 };
  it('is the newer of the series’ last and the live one', () => {
    expect(latestReading([last], { time: '2026-11-27T07:59:00+08:00', celsius: 1 })).toBe(last);
    expect(latestReading([last], { time: '2026-11-27T08:01:00+08:00', celsius: 1 })).toEqual({ time: '2026-11-27T08:01:00+08:00', celsius: 1 });
    expect(latestReading([], undefined)).toBeUndefined();
  });
});
