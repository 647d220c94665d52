import { render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceApi, expectOk, HttpService, ServiceProvider, type HttpService as Http } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchAttendanceSetup } from '../attendance/attendance-query';
import AttendancePage from './attendance-page';

// 考勤管理 of 智能工牌 against the real server: one work area and its 白班 of 生产部.

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
  const { kernel } = await kit.login();
  const http = kernel.get<Http>(HttpService);
  const area = expectOk(await http.call(AttendanceApi.saveArea, { name: '总部', center: [116.4, 39.9], radius: 200 }));
  expectOk(await http.call(AttendanceApi.saveShift, { name: '白班', workAreaId: area.id, startTime: '09:00', endTime: '18:00', graceMinutes: 5, weekdays: [1, 2, 3, 4, 5], departments: ['生产部'] }));
});

afterAll(() => kit?.close());

const firstCells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('考勤管理 asked ahead by its route', () => {
  it('asks the work areas and the shifts beside the page’s code; the page’s first load takes those answers', async () => {
    const asked = [AttendanceApi.areas.path, AttendanceApi.shifts.path];
    const kernel = await kit.askAhead(prefetchAttendanceSetup, asked);
    render(<ServiceProvider container={kernel}><AttendancePage /></ServiceProvider>);
    await waitFor(() => expect(firstCells(screen.getByRole('table', { name: '考勤区域' }))).toEqual(['总部']));
    await waitFor(() => expect(firstCells(screen.getByRole('table', { name: '班次' }))).toEqual(['白班']));
    // nothing asked a second time
    expect(kit.askedTimes(asked)).toEqual([1, 1]);
  });
});
