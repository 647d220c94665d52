import { describe, expect, it } from 'vitest';
import { Extensions, type ServiceGetter } from '@tianlu/sdk';
import { prefetchDashboardCards } from './dashboard-query';

describe('数据看板 prefetch', () => {
  it('loads every contributed card’s component as the route opens, and a card that fails stays the card’s own problem', async () => {
    const asked: string[] = [];
    const extensions = {
      list: () => [
        { systemId: 'elecLease', id: 'lease-summary', title: '租赁概况', component: 'LeaseDashboardCard' },
        { systemId: 'broken', id: 'x', title: '坏卡片', component: 'Missing' },
      ],
      component: (systemId: string, name: string) => {
        asked.push(`${systemId}/${name}`);
        return systemId === 'broken' ? Promise.reject(new Error('插件不存在')) : Promise.resolve(() => null);
      },
    };
    const get = ((token: unknown) => {
      if (token !== Extensions) throw new Error('unexpected service');
      return extensions;
    }) as ServiceGetter;
    expect(() => prefetchDashboardCards(get)).not.toThrow();
    expect(asked).toEqual(['elecLease/LeaseDashboardCard', 'broken/Missing']);
    // the rejection is caught here: nothing reaches the page as an unhandled error
    await new Promise((r) => setTimeout(r, 0));
  });
});
