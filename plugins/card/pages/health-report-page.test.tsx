import { render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardApi, chinaDay, ServiceProvider } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchHealthReport } from '../health/health-report-query';
import { provisionBadgeWearers } from '../testing/badge-wearers';
import HealthReportPage from './health-report-page';

// 健康报表 of 智能工牌 against the real server: two people of 生产部 wearing a badge.

const PEOPLE = ['董明辉', '李娜'];

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
  await provisionBadgeWearers(kit.server.store, PEOPLE, '8687100400003');
});

afterAll(() => kit?.close());

const names = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('健康报表 asked ahead by its route', () => {
  it('asks today’s first page beside the page’s code; the page’s first load takes that answer', async () => {
    const kernel = await kit.askAhead(prefetchHealthReport, [CardApi.healthReport.path]);
    expect(kit.requests(CardApi.healthReport.path)[0]?.query).toEqual({ current: '1', pageSize: '10', day: chinaDay() });
    render(<ServiceProvider container={kernel}><HealthReportPage /></ServiceProvider>);
    await waitFor(() => expect(names(screen.getByRole('table', { name: '健康报表' })).sort()).toEqual([...PEOPLE].sort()));
    // nothing asked a second time
    expect(kit.requests(CardApi.healthReport.path)).toHaveLength(1);
  });
});
