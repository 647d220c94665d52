import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Container } from 'inversify';
import type { ReactElement } from 'react';
import type { Contributed, ExtensionPoint } from '../extension-points';
import { ServiceProvider } from '../react/use-service';
import { ALARM_TYPE_NAMES } from '../services/alarm-service';
import { Extensions } from '../services/extensions';
import { AlarmStatusFilter, AlarmTypeFilter } from './alarm-filters';

const [first, second, third] = Object.keys(ALARM_TYPE_NAMES);

/** The filter where a granted sub-application contributes 冷链超温. */
function withContributedType(): (ui: ReactElement) => ReactElement {
  const container = new Container();
  const overTemp = { alarmType: 'coldChain.overTemp', alarmName: '冷链超温', systemId: 'coldChain', platformId: 40 };
  const extensions: Extensions = {
    list: <P extends ExtensionPoint>(point: P) => (point === 'alarmTypes' ? [overTemp] : []) as unknown as readonly Contributed<P>[],
    component: () => Promise.reject(new Error('none')),
  };
  container.bind(Extensions).toConstantValue(extensions);
  return (ui) => <ServiceProvider container={container}>{ui}</ServiceProvider>;
}

describe('AlarmTypeFilter', () => {
  it('reads 全部类型 with none chosen, the names of one or two, and 已选 N 种 beyond', () => {
    const wrap = withContributedType();
    const { rerender } = render(wrap(<AlarmTypeFilter value={[]} onChange={() => undefined} />));
    const box = screen.getByRole('combobox', { name: '告警类型' });
    expect(box.textContent).toBe('全部类型');
    rerender(wrap(<AlarmTypeFilter value={[first, 'coldChain.overTemp']} onChange={() => undefined} />));
    expect(box.textContent).toBe(`${ALARM_TYPE_NAMES[first]}、冷链超温`);
    rerender(wrap(<AlarmTypeFilter value={[first, second, third]} onChange={() => undefined} />));
    expect(box.textContent).toBe('已选 3 种');
  });

  it('adds a picked type to those chosen, a contributed one too', () => {
    const onChange = vi.fn();
    render(withContributedType()(<AlarmTypeFilter value={[first]} onChange={onChange} />));
    fireEvent.click(screen.getByRole('combobox', { name: '告警类型' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: '冷链超温' }));
    expect(onChange).toHaveBeenCalledWith([first, 'coldChain.overTemp']);
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
