export type VehicleInfoTab = 'follow' | 'detail';

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

export interface AlarmTipItem {
  id: string | number;
  plateNo: string;
  /** What the tip shows as the alarm (its name). */
  alarmType: string;
  time: string;
  /** The alarm's terminal, when the tip item is a live alarm (查看 opens it). */
  terminalNo?: string;
  /** Where it happened (WGS84); the tip shows the address. */
  lon?: number | null;
  lat?: number | null;
  /** Whom to call (a person's or a pet owner's phone). */
  phone?: string | null;
  /** 补报: the report carrying the alarm arrived late; `time` is when it happened. */
  late?: boolean;
}

export interface InstructionsState {
  terminalNos: string[];
  title?: string;
}

/** The global dialogs, mounted once by the host and opened from anywhere. */
export interface DialogService {
  readonly vehicleInfo: VehicleInfoState | undefined;
  readonly imageViewer: ImageViewerState | undefined;
  readonly sessionExpired: boolean;
  readonly alarmTip: AlarmTipItem[];
  readonly downloadTipVisible: boolean;
  readonly instructions: InstructionsState | undefined;
  showVehInfo(state: { terminalNo: string; plateNo?: string; tab?: VehicleInfoTab }): void;
  setVehInfoTab(tab: VehicleInfoTab): void;
  closeVehInfo(): void;
  showImage(urls: string[], index?: number): void;
  closeImage(): void;
  showSessionExpired(): void;
  closeSessionExpired(): void;
  pushAlarm(item: AlarmTipItem): void;
  dismissAlarm(id: AlarmTipItem['id']): void;
  showDownList(visible?: boolean): void;
  showInstructions(state: InstructionsState): void;
  closeInstructions(): void;
}

export const DialogService = Symbol.for('tianlu.dialogs');
