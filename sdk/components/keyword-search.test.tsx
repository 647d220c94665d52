import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { KeywordField, SearchButtons } from './keyword-search';

describe('KeywordField', () => {
  it('is labelled 关键词, hands on what is typed and searches on Enter', () => {
    const onChange = vi.fn();
    const onSearch = vi.fn();
    render(<KeywordField value="京A" placeholder="车牌或手机号" onChange={onChange} onSearch={onSearch} />);
    const box = screen.getByRole('textbox', { name: '关键词' });
    expect(box.getAttribute('placeholder')).toBe('车牌或手机号');
    fireEvent.change(box, { target: { value: '京A1' } });
    expect(onChange).toHaveBeenCalledWith('京A1');
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});

describe('SearchButtons', () => {
  it('offers 重置 only when the row can be cleared', () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    const { rerender } = render(<SearchButtons onSearch={onSearch} />);
    expect(screen.queryByRole('button', { name: '重置' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    rerender(<SearchButtons onSearch={onSearch} onReset={onReset} />);
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});
