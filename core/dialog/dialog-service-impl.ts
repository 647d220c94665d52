import { injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { DialogService, ImageViewerState, InstructionsState, VehicleInfoState, VehicleInfoTab } from '../../sdk/services/dialog-service';

/** Observable state of the global dialogs; the host renders them, anyone opens them. */
@injectable()
export class DialogServiceImpl implements DialogService {
  vehicleInfo: VehicleInfoState | undefined = undefined;
  imageViewer: ImageViewerState | undefined = undefined;
  sessionExpired = false;
  downloadTipVisible = false;
  instructions: InstructionsState | undefined = undefined;

  constructor() {
    makeAutoObservable(this);
  }

  showVehInfo(state: { terminalNo: string; plateNo?: string; tab?: VehicleInfoTab }): void {
    this.vehicleInfo = { terminalNo: state.terminalNo, plateNo: state.plateNo, tab: state.tab ?? 'follow' };
  }

  setVehInfoTab(tab: VehicleInfoTab): void {
    if (this.vehicleInfo) this.vehicleInfo.tab = tab;
  }

  closeVehInfo(): void {
    this.vehicleInfo = undefined;
  }

  showImage(urls: string[], index = 0): void {
    if (!urls.length) return;
    this.imageViewer = { urls: [...urls], index: Math.min(Math.max(0, index), urls.length - 1) };
  }

  closeImage(): void {
    this.imageViewer = undefined;
  }

  showSessionExpired(): void {
    this.sessionExpired = true;
  }

  closeSessionExpired(): void {
    this.sessionExpired = false;
  }

  showDownList(visible = true): void {
    this.downloadTipVisible = visible;
  }

  showInstructions(state: InstructionsState): void {
    this.instructions = { terminalNos: [...state.terminalNos], title: state.title };
  }

  closeInstructions(): void {
    this.instructions = undefined;
  }
}
