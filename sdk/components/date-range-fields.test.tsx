import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DateRangeFields } from './date-range-fields';

describe('DateRangeFields', () => {
  it('changes one end of a day range at a time, and a quick choice sets both as of today', () => {
    const onChange = vi.fn();
    const quick = [{ label: '今天', range: (today: string) => ({ start: today, end: today }) }];
    render(<DateRangeFields value={{ start: '2026-03-01', end: '2026-03-05' }} onChange={onChange} quick={quick} />);
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-03-09' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-01', end: '2026-03-09' });
    fireEvent.click(screen.getByRole('button', { name: '今天' }));
    const [{ start, end }] = onChange.mock.lastCall as [{ start: string; end: string }];
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(end).toBe(start);
  });

  it('asks for months when the range is of months', () => {
    const onChange = vi.fn();
    render(<DateRangeFields unit="month" value={{ start: '2026-01', end: '2026-03' }} onChange={onChange} />);
    expect(screen.getByLabelText('开始月份').getAttribute('type')).toBe('month');
    expect(screen.queryByLabelText('开始日期')).toBeNull();
    fireEvent.change(screen.getByLabelText('开始月份'), { target: { value: '2025-12' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2025-12', end: '2026-03' });
  });

  it('asks for minutes when the range is of times, and says under each end what is wrong with it', () => {
    const onChange = vi.fn();
    render(<DateRangeFields unit="minute" value={{ start: '2026-03-01T08:00', end: '' }} errors={{ end: '请选择结束时间' }} onChange={onChange} />);
    expect(screen.getByLabelText('开始时间').getAttribute('type')).toBe('datetime-local');
    expect(screen.getByText('请选择结束时间')).toBeTruthy();
    expect(screen.getByLabelText('结束时间').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('开始时间').getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.change(screen.getByLabelText('结束时间'), { target: { value: '2026-03-01T09:30' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-01T08:00', end: '2026-03-01T09:30' });
  });
});
