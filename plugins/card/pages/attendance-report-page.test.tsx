import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttendanceApi, chinaDay, expectOk, HttpService, ServiceProvider, ToastService, type HttpService as Http, type ToastService as Toasts,
} from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchAttendanceReport } from '../attendance/attendance-report-query';
import { provisionBadgeWearers } from '../testing/badge-wearers';
import AttendanceReportPage from './attendance-report-page';

// 考勤报表 of 智能工牌 against the real server: twelve people of 生产部 on 白班 every day from 2026-06-01.

/** A Wednesday the shift applies on. */
const DAY = '2026-06-03';
const PEOPLE = Array.from({ length: 12 }, (_, i) => `员工${String(i + 1).padStart(2, '0')}`);

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
  await provisionBadgeWearers(kit.server.store, PEOPLE, '8687100400002');
  const { kernel } = await kit.login();
  const http = kernel.get<Http>(HttpService);
  const area = expectOk(await http.call(AttendanceApi.saveArea, { name: '总部', center: [116.4, 39.9], radius: 200 }));
  expectOk(await http.call(AttendanceApi.saveShift, {
    name: '白班', workAreaId: area.id, startTime: '09:00', endTime: '18:00', graceMinutes: 5, weekdays: [1, 2, 3, 4, 5, 6, 7], departments: ['生产部'], startsOn: '2026-06-01',
  }));
});

afterAll(() => kit?.close());

const lastQuery = (path: string) => kit.requests(path).at(-1)?.query;
const names = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('考勤报表 of 智能工牌', () => {
  it('reads a day from page 1 on 查询, pages on, reads the month on its tab and exports the report shown', async () => {
    kit.forget();
    await kit.render(<AttendanceReportPage />);
    await waitFor(() => expect(lastQuery(AttendanceApi.day.path)).toEqual({ current: '1', pageSize: '10', day: chinaDay() }));

    fireEvent.change(screen.getByLabelText('日期'), { target: { value: DAY } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lastQuery(AttendanceApi.day.path)).toEqual({ current: '1', pageSize: '10', day: DAY }));
    const table = await screen.findByRole('table', { name: '考勤日报' });
    await waitFor(() => expect(names(table)).toHaveLength(10));
    expect(within(screen.getByRole('group', { name: '考勤汇总' })).getByText('应到').textContent).toBe('应到 12');

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(names(table)).toHaveLength(2));
    expect(lastQuery(AttendanceApi.day.path)).toEqual({ current: '2', pageSize: '10', day: DAY });
    // 查询 again: the day from its first page
    fireEvent.change(screen.getByRole('textbox', { name: '姓名 / 工号 / 部门' }), { target: { value: '生产部' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(names(table)).toHaveLength(10));
    expect(lastQuery(AttendanceApi.day.path)).toEqual({ current: '1', pageSize: '10', day: DAY, keyword: '生产部' });

    // 导出 sends the report shown, not a keyword typed since
    fireEvent.change(screen.getByRole('textbox', { name: '姓名 / 工号 / 部门' }), { target: { value: '员工01' } });
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(kit.requests(AttendanceApi.export.path)[0]).toMatchObject({ body: { kind: 'day', day: DAY, keyword: '生产部' }, flag: 1 }));

    // 月报 reads the month from its first page with the filter typed, and keeps the focus on its tab
    const monthTab = screen.getByRole('tab', { name: '月报' });
    monthTab.focus();
    fireEvent.click(monthTab);
    const month = await screen.findByRole('table', { name: '考勤月报' });
    await waitFor(() => expect(names(month)).toEqual(['员工01']));
    expect(lastQuery(AttendanceApi.month.path)).toEqual({ current: '1', pageSize: '10', month: chinaDay().slice(0, 7), keyword: '员工01' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '月报' }));
    expect(screen.getByLabelText('月份')).toBeTruthy();
  });

  it('keeps the report asked for last when an earlier answer comes after it', async () => {
    const first = kit.hold(AttendanceApi.day.path);
    const { kernel } = await kit.render(<AttendanceReportPage />);
    await first.answered;
    fireEvent.change(screen.getByLabelText('日期'), { target: { value: DAY } });
    fireEvent.change(screen.getByRole('textbox', { name: '姓名 / 工号 / 部门' }), { target: { value: '员工01' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const table = await screen.findByRole('table', { name: '考勤日报' });
    await waitFor(() => expect(names(table)).toEqual(['员工01']));
    first.release();
    // a call made after the release is answered after it: the earlier answer has come in by then
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(kernel.get<Toasts>(ToastService).current?.text).toBe('已加入下载中心'));
    expect(within(screen.getByRole('group', { name: '考勤汇总' })).getByText('应到').textContent).toBe('应到 1');
    expect(names(table)).toEqual(['员工01']);
  });

  it('says why a load failed and reads the report again on 重试', async () => {
    kit.failNext(AttendanceApi.day.path);
    await kit.render(<AttendanceReportPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('服务器内部错误');
    fireEvent.change(screen.getByLabelText('日期'), { target: { value: DAY } });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    // the report arrives: its summary is drawn and the error is gone
    expect(await screen.findByRole('group', { name: '考勤汇总' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // 重试 reads what failed (today), not the day typed since
    expect(lastQuery(AttendanceApi.day.path)).toEqual({ current: '1', pageSize: '10', day: chinaDay() });
  });
});

describe('考勤报表 asked ahead by its route', () => {
  it('asks today’s 日报 beside the page’s code; the page’s first load takes that answer', async () => {
    const kernel = await kit.askAhead(prefetchAttendanceReport, [AttendanceApi.day.path]);
    expect(lastQuery(AttendanceApi.day.path)).toEqual({ current: '1', pageSize: '10', day: chinaDay() });
    render(<ServiceProvider container={kernel}><AttendanceReportPage /></ServiceProvider>);
    // today's report arrives: its first page of the twelve on 白班
    const table = await screen.findByRole('table', { name: '考勤日报' });
    await waitFor(() => expect(names(table)).toHaveLength(10));
    expect(within(screen.getByRole('group', { name: '考勤汇总' })).getByText('应到').textContent).toBe('应到 12');
    // nothing asked a second time
    expect(kit.requests(AttendanceApi.day.path)).toHaveLength(1);
  });
});
