import { describe, expect, it } from 'vitest';
import { appliesToKind, monitorColumnText, parseContributions } from './extension-points';

describe('parseContributions', () => {
  it('accepts every point as data', () => {
    const contributes = {
      monitorColumns: [{ id: 't1', title: '温度1', reading: 'coldChain.t1', unit: '℃', digits: 1, width: 80, assetKinds: ['vehicle'] }],
      vehicleTabs: [{ id: 'temps', title: '温度', component: 'TemperatureTab' }],
      dashboardCards: [{ id: 'over', title: '超温车辆', component: 'OverCard', span: 2 }],
      commandTypes: [{ code: 'cold.setLimit', title: '设置温度上限', params: [{ key: 'limit', title: '上限', kind: 'number', required: true, min: -40, max: 40, unit: '℃' }] }],
      alarmTypes: [{ alarmType: 'coldChain.overTemp', alarmName: '温度超限', defaultLevel: 'urgent', lifecycle: 'condition' }],
    };
    expect(parseContributions(contributes)).toEqual({ contributions: contributes });
  });

  it('takes the reading keys of a plugin whose systemId has a hyphen, as its server part names them', () => {
    const contributes = { monitorColumns: [{ id: 't1', title: '温度', reading: 'cold-chain.t1', unit: '℃', digits: 1 }] };
    expect(parseContributions(contributes)).toEqual({ contributions: contributes });
  });

  it('refuses in Chinese what a page could not use, naming where', () => {
    const result = parseContributions({
      monitorColumn: [],
      monitorColumns: [
        { id: 't1', title: '温度1', reading: 'coldChain..t1' },
        { id: 't1', title: '', reading: 'fuel', colour: 'red' },
      ],
      vehicleTabs: [{ id: 'temps', title: '温度' }],
      commandTypes: [{ code: 'cold.setLimit', title: '设置', params: [{ key: 'limit', title: '上限', kind: 'date' }] }],
      alarmTypes: { alarmType: 'x' },
    });
    expect(result).toEqual({
      errors: [
        'contributes.monitorColumn 不是扩展点，可用：monitorColumns、vehicleTabs、dashboardCards、commandTypes、alarmTypes',
        'contributes.monitorColumns[0].reading 必须是读数的键，例如 fuel 或 coldChain.t1',
        'contributes.monitorColumns[1].title 必须是 1～40 个字符的文字',
        'contributes.monitorColumns[1].colour 不是实时监控的列与车辆卡片字段的字段',
        'contributes.monitorColumns[1].id（t1）重复',
        'contributes.vehicleTabs[0].component 不能为空',
        'contributes.commandTypes[0].params[0].kind 必须是 text 或 number',
        'contributes.alarmTypes 必须是数组',
      ],
    });
    expect(parseContributions([])).toEqual({ errors: ['contributes 必须是对象'] });
  });

  it('applies a contribution to the kinds it names, or to every kind', () => {
    expect(appliesToKind({}, 'pet')).toBe(true);
    expect(appliesToKind({ assetKinds: ['vehicle'] }, 'pet')).toBe(false);
    expect(appliesToKind({ assetKinds: ['vehicle'] }, 'vehicle')).toBe(true);
  });
});

describe('monitorColumnText', () => {
  const readings = { fuel: 48.26, spo2: 97, 'item.e1': '01F4', charging: true };
  it('writes a number with the column’s digits and unit, text as it came, a flag as 是/否, - when absent', () => {
    expect(monitorColumnText({ reading: 'fuel', unit: 'L', digits: 1 }, readings)).toBe('48.3 L');
    expect(monitorColumnText({ reading: 'fuel' }, readings)).toBe('48.26');
    expect(monitorColumnText({ reading: 'spo2', unit: '%' }, readings)).toBe('97%');
    expect(monitorColumnText({ reading: 'item.e1' }, readings)).toBe('01F4');
    expect(monitorColumnText({ reading: 'charging' }, readings)).toBe('是');
    expect(monitorColumnText({ reading: 'temperature', unit: '℃' }, readings)).toBe('-');
    expect(monitorColumnText({ reading: 'fuel', unit: 'L' }, undefined)).toBe('-');
  });
});
