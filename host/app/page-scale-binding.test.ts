import { describe, expect, it } from 'vitest';
import { PageScaleService, type PageScaleService as Scale } from '@tianlu/sdk';
import { createAppContainer } from './create-app-container';
import { bindPageScale } from './page-scale-binding';

describe('page scale binding', () => {
  it('publishes the scale as data-page-scale and --page-scale and follows updates', () => {
    const scale = createAppContainer().get<Scale>(PageScaleService);
    const root = document.createElement('div');
    const dispose = bindPageScale(scale, root);
    scale.update(683, 768);
    expect(root.dataset.pageScale).toBe('0.5');
    expect(root.style.getPropertyValue('--page-scale')).toBe('0.5');
    scale.update(400, 300);
    expect(root.dataset.pageScale).toBe('0.5');
    scale.update(1920, 1080);
    expect(root.dataset.pageScale).toBe('1');
    dispose();
  });
});
