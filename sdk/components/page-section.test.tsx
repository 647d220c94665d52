import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PageSection } from './page-section';

describe('PageSection', () => {
  it('names its filter row as a search when given a label', () => {
    render(
      <PageSection title="历史告警" filters={<input aria-label="终端号" />} filtersLabel="历史告警查询">
        rows
      </PageSection>,
    );
    expect(screen.getByRole('region', { name: '历史告警' })).toBeTruthy();
    expect(screen.getByRole('search', { name: '历史告警查询' }).querySelector('input')).toBeTruthy();
  });

  it('shows the error, with 重试 only when it can be retried', () => {
    const retry = vi.fn();
    const { rerender } = render(<PageSection title="指令记录" error="服务器繁忙">rows</PageSection>);
    expect(screen.getByRole('alert').textContent).toBe('服务器繁忙');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
    rerender(<PageSection title="指令记录" error="服务器繁忙" onRetry={retry}>rows</PageSection>);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('lays a page’s own style over the card’s', () => {
    render(<PageSection title="电子围栏" style={{ minHeight: 0, padding: '12px' }}>rows</PageSection>);
    const card = screen.getByRole('region', { name: '电子围栏' });
    expect([card.style.minHeight, card.style.padding, card.style.display]).toEqual(['0', '12px', 'flex']);
  });
});
