import { serviceToken, type ServiceToken } from './service-token';
/**
 * A tab of the vehicle-info dialog: 跟踪, 详情, or one a sub-application contributes (vehicleTabs),
 * named `<systemId>.<id>` (e.g. `card.health`).
 */
export type VehicleInfoTab = 'follow' | 'detail' | `${string}.${string}`;

export interface VehicleInfoState {
  terminalNo: string;
  plateNo?: string;
  tab: VehicleInfoTab;
}

export interface ImageViewerState {
  urls: string[];
  index: number;
}

export const IMAGE_ZOOM_RATE = 1.2;

export interface InstructionsState {
  terminalNos: string[];
  title?: string;
}

/** The global dialogs, mounted once by the host and opened from anywhere. */
export interface DialogService {
  readonly vehicleInfo: VehicleInfoState | undefined;
  readonly imageViewer: ImageViewerState | undefined;
  readonly sessionExpired: boolean;
  readonly downloadTipVisible: boolean;
  readonly instructions: InstructionsState | undefined;
  showVehInfo(state: { terminalNo: string; plateNo?: string; tab?: VehicleInfoTab }): void;
  setVehInfoTab(tab: VehicleInfoTab): void;
  closeVehInfo(): void;
  showImage(urls: string[], index?: number): void;
  closeImage(): void;
  showSessionExpired(): void;
  closeSessionExpired(): void;
  showDownList(visible?: boolean): void;
  showInstructions(state: InstructionsState): void;
  closeInstructions(): void;
}

export const DialogService: ServiceToken<DialogService> = serviceToken('tianlu.dialogs');
