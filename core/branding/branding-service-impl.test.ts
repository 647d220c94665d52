import { describe, expect, it } from 'vitest';
import { BrandingService, type BrandingService as BrandingServiceType } from '@tianlu/sdk';
import { createTestKernel, flag, ok } from '../test/fake-server';

const INFO = { iconUrl: '/favicon-tl.png', description: '车队监控', keyword: '车联网,定位', title: '天路车联网平台' };

function setup() {
  const k = createTestKernel();
  return { ...k, branding: k.get<BrandingServiceType>(BrandingService) };
}

describe('BrandingServiceImpl', () => {
  it('asks queryCustomInfo for the host and applies title, description, keywords and icon', async () => {
    const { branding, server } = setup();
    server.on('GET', '/car/v1/api/custom/queryCustomInfo.json', ok(INFO));
    await expect(branding.load('localhost:8080')).resolves.toBe('ok');
    expect(server.requests[0]!.query.get('url')).toBe('localhost:8080');
    expect(document.title).toBe('天路车联网平台');
    expect(document.querySelector<HTMLMetaElement>('meta[name="description"]')!.content).toBe('车队监控');
    expect(document.querySelector<HTMLMetaElement>('meta[name="keywords"]')!.content).toBe('车联网,定位');
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.getAttribute('href')).toBe('/favicon-tl.png');
    expect(branding.info).toEqual(INFO);
  });

  it('updates existing tags instead of adding more', async () => {
    const { branding, server } = setup();
    server.on('GET', '/car/v1/api/custom/queryCustomInfo.json', ok(INFO));
    await branding.load('a');
    await branding.load('a');
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
  });

  it("answers 'missing' on flag 5001 and 'failed' when the call fails", async () => {
    const { branding, server } = setup();
    server.on('GET', '/car/v1/api/custom/queryCustomInfo.json', flag(5001, '站点未配置'));
    await expect(branding.load('x')).resolves.toBe('missing');
    server.on('GET', '/car/v1/api/custom/queryCustomInfo.json', { error: 'network' });
    await expect(branding.load('x')).resolves.toBe('failed');
    server.on('GET', '/car/v1/api/custom/queryCustomInfo.json', flag(500, 'x'));
    await expect(branding.load('x')).resolves.toBe('failed');
    expect(branding.info).toBeUndefined();
  });
});
