import { describe, expect, it } from 'vitest';
import { PageScaleService, type PageScaleService as PageScaleServiceType } from '@tianlu/sdk';
import { createTestKernel } from '../test/fake-server';

function resize(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  window.dispatchEvent(new Event('resize'));
}

describe('PageScaleServiceImpl', () => {
  it('starts from the window size and follows resize: min(w/1366, h/768, 1), never below 0.5', () => {
    resize(1366, 768);
    const s = createTestKernel().get<PageScaleServiceType>(PageScaleService);
    expect(s.scale).toBe(1);
    resize(683, 768);
    expect(s.scale).toBe(0.5);
    resize(1366, 576);
    expect(s.scale).toBe(0.75);
    resize(300, 200);
    expect(s.scale).toBe(0.5);
    resize(3000, 2000);
    expect(s.scale).toBe(1);
  });
});
