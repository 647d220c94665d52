import { describe, expect, it } from 'vitest';
import { autorun } from 'mobx';
import { DialogService, type DialogService as DialogServiceType } from '@tianlu/sdk';
import { createTestKernel } from '../test/fake-server';

const dialogs = () => createTestKernel().get<DialogServiceType>(DialogService);

describe('DialogServiceImpl', () => {
  it('opens the vehicle info dialog on the follow tab by default and switches tabs', () => {
    const d = dialogs();
    d.showVehInfo({ terminalNo: '013800000001', plateNo: '京A12345' });
    expect(d.vehicleInfo).toEqual({ terminalNo: '013800000001', plateNo: '京A12345', tab: 'follow' });
    d.setVehInfoTab('detail');
    expect(d.vehicleInfo?.tab).toBe('detail');
    d.closeVehInfo();
    expect(d.vehicleInfo).toBeUndefined();
    d.setVehInfoTab('follow');
    expect(d.vehicleInfo).toBeUndefined();
  });

  it('opens the image viewer at an index clamped to the list', () => {
    const d = dialogs();
    d.showImage(['a.png', 'b.png'], 1);
    expect(d.imageViewer).toEqual({ urls: ['a.png', 'b.png'], index: 1 });
    d.showImage(['a.png'], 9);
    expect(d.imageViewer?.index).toBe(0);
    d.showImage([]);
    expect(d.imageViewer?.urls).toEqual(['a.png']);
    d.closeImage();
    expect(d.imageViewer).toBeUndefined();
  });

  it('keeps session-expired, download tip and instructions state observable', () => {
    const d = dialogs();
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(d.sessionExpired));
    d.showSessionExpired();
    d.closeSessionExpired();
    stop();
    expect(seen).toEqual([false, true, false]);
    d.showDownList();
    expect(d.downloadTipVisible).toBe(true);
    d.showDownList(false);
    expect(d.downloadTipVisible).toBe(false);
    d.showInstructions({ terminalNos: ['1', '2'], title: '指令下发' });
    expect(d.instructions).toEqual({ terminalNos: ['1', '2'], title: '指令下发' });
    d.closeInstructions();
    expect(d.instructions).toBeUndefined();
  });

});
