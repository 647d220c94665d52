import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Button } from '@fluentui/react-components';
import { InfoDialog } from './info-dialog';

describe('InfoDialog', () => {
  it('is named by its label, shows its heading, content and extra buttons, and closes with 关闭', () => {
    const onClose = vi.fn();
    const print = vi.fn();
    render(
      <InfoDialog title="收据：HT-001" label="收据" width={720} actions={<Button onClick={print}>打印收据</Button>} onClose={onClose}>
        <p>收款 ¥300</p>
      </InfoDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: '收据' });
    expect(dialog.textContent).toContain('收据：HT-001');
    expect(dialog.textContent).toContain('收款 ¥300');
    expect(dialog.style.maxWidth).toBe('720px');
    fireEvent.click(screen.getByRole('button', { name: '打印收据' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape, but not while busy (an upload under way)', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <InfoDialog title="导入合同" busy onClose={onClose}>
        <p>上传中</p>
      </InfoDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: '导入合同' });
    expect(screen.getByRole('button', { name: '关闭' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    rerender(
      <InfoDialog title="导入合同" onClose={onClose}>
        <p>已导入</p>
      </InfoDialog>,
    );
    fireEvent.keyDown(screen.getByRole('dialog', { name: '导入合同' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
