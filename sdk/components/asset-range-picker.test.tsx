import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { toChinaIso } from '../china-time';
import type { TimeRange } from '../time-range';
import { AssetRangePicker, type AssetChoice } from './asset-range-picker';

const NOW = Date.parse('2026-05-02T09:30:00+08:00');
const ASSETS: AssetChoice[] = [
  { value: '013800000001', label: '京A12345（013800000001）' },
  { value: '013800000002', label: '京B67890（013800000002）' },
];
const DAY: TimeRange = { start: Date.parse('2026-05-01T00:00:00+08:00'), end: Date.parse('2026-05-01T23:59:59+08:00') };
const isoOf = (r: TimeRange) => [r.start, r.end].map((t) => (t === undefined ? undefined : toChinaIso(t)));

describe('AssetRangePicker', () => {
  it('searches the assets as one types, and takes a terminal number typed whole', () => {
    const onAsset = vi.fn();
    render(<AssetRangePicker noun="车辆" placeholder="车牌号或终端号" assets={ASSETS} asset="" onAssetChange={onAsset} range={DAY} onRangeChange={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: '车辆' });
    expect(box.getAttribute('placeholder')).toBe('车牌号或终端号');
    fireEvent.change(box, { target: { value: '京b' } });
    fireEvent.click(box);
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['京B67890（013800000002）']);
    fireEvent.click(within(list).getByRole('option'));
    expect(onAsset).toHaveBeenLastCalledWith('013800000002');
    fireEvent.change(box, { target: { value: ' 013900000088 ' } });
    expect(onAsset).toHaveBeenLastCalledWith('013900000088');
  });

  it('sets the range from a quick choice or one end typed, and says the longest range', () => {
    const onRange = vi.fn();
    render(<AssetRangePicker noun="车辆" assets={ASSETS} asset="013800000001" onAssetChange={vi.fn()} range={DAY} onRangeChange={onRange} maxDays={7} now={() => NOW} />);
    expect(screen.getByRole('combobox', { name: '车辆' })).toHaveProperty('value', '京A12345（013800000001）');
    expect(screen.getByText('最长 7 天')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('group', { name: '快捷时间' })).getByRole('button', { name: '昨天' }));
    expect(isoOf(onRange.mock.lastCall![0] as TimeRange)).toEqual(['2026-05-01T00:00:00+08:00', '2026-05-01T23:59:59+08:00']);
    fireEvent.change(screen.getByLabelText('结束'), { target: { value: '2026-05-01T12:00' } });
    expect(onRange).toHaveBeenLastCalledWith({ start: DAY.start, end: Date.parse('2026-05-01T12:00:00+08:00') });
    fireEvent.change(screen.getByLabelText('开始'), { target: { value: '' } });
    expect(onRange).toHaveBeenLastCalledWith({ start: undefined, end: DAY.end });
  });

  it('lists the assets with a server search and offers the range as quick choices', () => {
    const onKeyword = vi.fn();
    const onRange = vi.fn();
    const onAsset = vi.fn();
    render(
      <AssetRangePicker
        noun="宠物"
        keyword={{ value: '', onChange: onKeyword }}
        assetInput="list"
        assets={ASSETS}
        asset="013800000001"
        onAssetChange={onAsset}
        rangeInput="quick"
        quick={['today', 'yesterday', 'last7days']}
        range={{ start: DAY.start, end: NOW, quick: 'last7days' }}
        onRangeChange={onRange}
        now={() => NOW}
      />,
    );
    fireEvent.change(screen.getByLabelText('搜索宠物'), { target: { value: ' 京B ' } });
    expect(onKeyword).toHaveBeenLastCalledWith('京B');
    const pets = screen.getByRole('combobox', { name: '宠物' });
    fireEvent.change(pets, { target: { value: '013800000002' } });
    expect(onAsset).toHaveBeenLastCalledWith('013800000002');
    const time = screen.getByRole('combobox', { name: '时间' });
    expect(within(time).getAllByRole('option').map((o) => o.textContent)).toEqual(['今天', '昨天', '最近7天']);
    expect(time).toHaveProperty('value', 'last7days');
    fireEvent.change(time, { target: { value: 'yesterday' } });
    const range = onRange.mock.lastCall![0] as TimeRange;
    expect(range.quick).toBe('yesterday');
    expect(isoOf(range)).toEqual(['2026-05-01T00:00:00+08:00', '2026-05-01T23:59:59+08:00']);
  });

  it('takes one whole China day when the range is a day', () => {
    const onRange = vi.fn();
    render(<AssetRangePicker noun="人员" assetInput="list" assets={ASSETS} asset="013800000001" onAssetChange={vi.fn()} rangeInput="day" range={DAY} onRangeChange={onRange} />);
    const day = screen.getByLabelText('日期');
    expect(day).toHaveProperty('value', '2026-05-01');
    fireEvent.change(day, { target: { value: '2026-04-20' } });
    expect(isoOf(onRange.mock.lastCall![0] as TimeRange)).toEqual(['2026-04-20T00:00:00+08:00', '2026-04-20T23:59:59+08:00']);
    expect(screen.queryByRole('group', { name: '快捷时间' })).toBeNull();
  });
});
