import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ALARM_TYPE_NAMES } from '../services/alarm-service';
import { AlarmStatusFilter, AlarmTypeFilter } from './alarm-filters';

const [first, second, third] = Object.keys(ALARM_TYPE_NAMES);

describe('AlarmTypeFilter', () => {
  it('reads 全部类型 with none chosen, the names of one or two, and 已选 N 种 beyond', () => {
    const { rerender } = render(<AlarmTypeFilter value={[]} onChange={() => undefined} />);
    const box = screen.getByRole('combobox', { name: '告警类型' });
    expect(box.textContent).toBe('全部类型');
    rerender(<AlarmTypeFilter value={[first, second]} onChange={() => undefined} />);
    expect(box.textContent).toBe(`${ALARM_TYPE_NAMES[first]}、${ALARM_TYPE_NAMES[second]}`);
    rerender(<AlarmTypeFilter value={[first, second, third]} onChange={() => undefined} />);
    expect(box.textContent).toBe('已选 3 种');
  });

  it('adds a picked type to those chosen', () => {
    const onChange = vi.fn();
    render(<AlarmTypeFilter value={[first]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('combobox', { name: '告警类型' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: ALARM_TYPE_NAMES[second] }));
    expect(onChange).toHaveBeenCalledWith([first, second]);
  });
});

describe('AlarmStatusFilter', () => {
  it('shows the chosen state and answers the one picked', () => {
    const onChange = vi.fn();
    render(<AlarmStatusFilter value="" onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: '处理状态' });
    expect(box.textContent).toBe('全部');
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('option', { name: '未处理' }));
    expect(onChange).toHaveBeenCalledWith('0');
  });
});
