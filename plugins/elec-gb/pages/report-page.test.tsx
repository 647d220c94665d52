import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElecGbApi } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchComplianceReport } from '../declare/gb-api';
import ReportPage from './report-page';

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
});
afterAll(() => kit?.close());

describe('合规报表 asked ahead by its route', () => {
  it('asks the report as the page first asks it, and the page shows its total line', async () => {
    const REPORT = ElecGbApi.report.path;
    kit.forget();
    await kit.render(<ReportPage />);
    expect(await screen.findByText('合计')).toBeTruthy();
    expect(kit.requests(REPORT)).toHaveLength(1);
    const pageAsked = kit.requests(REPORT)[0]!.query;
    await kit.askAhead(prefetchComplianceReport, [REPORT]);
    expect(kit.requests(REPORT)[0]).toMatchObject({ query: pageAsked, flag: 1 });
  });
});
