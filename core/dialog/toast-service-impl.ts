import { injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { TOAST_DEFAULT_MS, type ToastIntent, type ToastMessage, type ToastService } from '../../sdk/services/toast-service';

/** One toast at a time: a new one replaces the previous and restarts the auto-dismiss timer. */
@injectable()
export class ToastServiceImpl implements ToastService {
  current: ToastMessage | undefined = undefined;
  private timer: ReturnType<typeof setTimeout> | undefined = undefined;
  private sequence = 0;

  constructor() {
    makeAutoObservable<this, 'timer' | 'sequence'>(this, { timer: false, sequence: false });
  }

  /** `durationMs` 0 or less keeps the toast until dismissed. */
  show(text: string, intent: ToastIntent = 'info', durationMs: number = TOAST_DEFAULT_MS): void {
    this.clearTimer();
    const id = ++this.sequence;
    this.current = { id, text, intent };
    if (durationMs > 0) this.timer = setTimeout(() => this.dismissIfCurrent(id), durationMs);
  }

  dismiss(): void {
    this.clearTimer();
    this.current = undefined;
  }

  private dismissIfCurrent(id: number): void {
    if (this.current?.id === id) this.dismiss();
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
