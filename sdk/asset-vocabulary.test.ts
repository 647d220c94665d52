import { describe, expect, it } from 'vitest';
import { ASSET_KIND_DEFINITIONS } from './asset-kinds';
import { assetStateLabel } from './asset-status';
import {
  activityWord, allGroupsLabel, ASSET_VOCABULARY, commandActionFor, commandNameFor, groupColumnLabel, infoFields, kindAlarmName, listWords, MIXED_ASSET_WORDS, searchLabel, servedWords, vehicleWordsAvoided, vocabularyOf,
} from './asset-vocabulary';

describe('asset vocabulary', () => {
  it('takes noun and name label from the kind definitions and titles the info dialog with the noun', () => {
    expect(ASSET_VOCABULARY.person).toMatchObject({ noun: '人员', nameLabel: '姓名', infoTitle: '人员信息', groupLabel: '部门' });
    expect(ASSET_VOCABULARY.pet).toMatchObject({ nameLabel: ASSET_KIND_DEFINITIONS.pet.nameLabel, infoTitle: '宠物信息' });
    expect(ASSET_VOCABULARY.ebike.infoTitle).toBe('电动车信息');
    expect(ASSET_VOCABULARY.vehicle).toMatchObject({ infoTitle: '车辆信息', nameLabel: '车牌号', groupLabel: '车组', moving: '行驶' });
  });

  it('finds a kind by code or Chinese noun; a terminal without an asset speaks as a vehicle', () => {
    expect(vocabularyOf('宠物').kind).toBe('pet');
    expect(vocabularyOf('ebike').kind).toBe('ebike');
    expect(vocabularyOf(null).kind).toBe('vehicle');
    expect(vocabularyOf('tractor').kind).toBe('vehicle');
  });

  it('says moving as each kind does; offline and alarm are the same for all', () => {
    expect(assetStateLabel('moving', 'person')).toBe('移动');
    expect(assetStateLabel('moving', 'pet')).toBe('移动');
    expect(assetStateLabel('moving', 'ebike')).toBe('骑行');
    expect(assetStateLabel('moving', 'vehicle')).toBe('行驶');
    expect(assetStateLabel('stopped', 'person')).toBe('静止');
    expect(assetStateLabel('offline', 'pet')).toBe('离线');
  });

  it('headers of a list: its one kind, neutral words for several', () => {
    expect(listWords(['person', 'person'])).toMatchObject({ kind: 'person', nameLabel: '姓名', groupLabel: '部门' });
    expect(listWords(['person', 'vehicle'])).toEqual(MIXED_ASSET_WORDS);
    expect(listWords([])).toMatchObject({ kind: 'vehicle', nameLabel: '车牌号' });
    expect(listWords([], MIXED_ASSET_WORDS)).toEqual(MIXED_ASSET_WORDS);
    expect(listWords(['pet'], MIXED_ASSET_WORDS)).toMatchObject({ kind: 'pet', nameLabel: '宠物名' });
  });

  it("a page serving one kind speaks that kind's words; serving several or every kind, neutral ones", () => {
    expect(servedWords(['person'])).toMatchObject({ kind: 'person', nameLabel: '姓名', groupLabel: '部门', unit: '人' });
    expect(servedWords(['ebike'])).toMatchObject({ noun: '电动车', unit: '辆' });
    expect(servedWords(['vehicle', 'pet'])).toEqual(MIXED_ASSET_WORDS);
    expect(servedWords(undefined)).toEqual(MIXED_ASSET_WORDS);
    expect(searchLabel(MIXED_ASSET_WORDS)).toBe('名称/终端号');
    expect(searchLabel(ASSET_VOCABULARY.pet)).toBe('宠物名/终端号');
    expect(searchLabel(ASSET_VOCABULARY.vehicle)).toBe('车牌号/终端号');
    expect(allGroupsLabel(ASSET_VOCABULARY.person)).toBe('全部部门');
    expect(allGroupsLabel(MIXED_ASSET_WORDS)).toBe('全部分组');
  });

  it('a dog goes for a walk, other pets have activities', () => {
    expect(activityWord('pet', '狗')).toBe('遛狗');
    expect(activityWord('pet', '猫')).toBe('活动');
    expect(activityWord('pet', undefined)).toBe('活动');
    expect(activityWord('ebike')).toBe('骑行');
  });

  it("an e-bike's power commands are 断电/恢复供电; other kinds keep the generic names", () => {
    expect(commandNameFor('ebike', 'oilPower', '断油断电')).toBe('断电/恢复供电');
    expect(commandActionFor('ebike', 'oilPower', 'cut', '断开油电')).toBe('断电');
    expect(commandActionFor('ebike', 'oilPower', 'restore', '恢复油电')).toBe('恢复供电');
    expect(commandNameFor('vehicle', 'oilPower', '断油断电')).toBe('断油断电');
    expect(commandNameFor('ebike', 'locate', '位置查询')).toBe('位置查询');
  });

  it("the info dialog lists a kind's own fields, the photo apart", () => {
    expect(infoFields('person').map((f) => f.label)).toEqual(['工号', '部门', '手机号']);
    expect(infoFields('vehicle')).toEqual([]);
  });

  it('names the vehicle words a kind says otherwise', () => {
    expect(vehicleWordsAvoided('person')).toEqual(['车辆', '车牌号', '车辆信息', '车组', '行驶', '已联系司机，确认安全']);
    expect(vehicleWordsAvoided('ebike')).not.toContain('车牌号');
    expect(vehicleWordsAvoided('ebike')).toContain('车组');
    expect(vehicleWordsAvoided('vehicle')).toEqual([]);
  });

  it("heads a kind's group column in its word, 分组 where a field of the kind already says it", () => {
    expect(groupColumnLabel('vehicle')).toBe('车组');
    expect(groupColumnLabel('pet')).toBe('分组');
    expect(groupColumnLabel('person')).toBe('分组');
    expect(infoFields('person').map((f) => f.label)).toContain('部门');
  });

  it('names 车辆 alarms with the kind’s noun', () => {
    expect(kindAlarmName('ebike', '车辆被盗')).toBe('电动车被盗');
    expect(kindAlarmName('ebike', '车辆非法位移')).toBe('电动车非法位移');
    expect(kindAlarmName('vehicle', '车辆被盗')).toBe('车辆被盗');
    expect(kindAlarmName(null, '车辆被盗')).toBe('车辆被盗');
    expect(kindAlarmName('pet', '低电报警')).toBe('低电报警');
  });
});
