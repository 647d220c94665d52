import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { Disposable } from '../../sdk/services/message-bus';
import { computePageScale, type PageScaleService } from '../../sdk/services/page-scale-service';
import { WindowToken } from '../kernel-tokens';

/** Scale of the 1366x768 design to the window, updated on resize. */
@injectable()
export class PageScaleServiceImpl implements PageScaleService, Disposable {
  scale = 1;
  private readonly onResize = () => this.update(this.window.innerWidth, this.window.innerHeight);

  constructor(@inject(WindowToken) private readonly window: Window) {
    makeAutoObservable<this, 'window' | 'onResize'>(this, { window: false, onResize: false });
    this.onResize();
    window.addEventListener('resize', this.onResize);
  }

  update(width: number, height: number): void {
    this.scale = computePageScale(width, height);
  }

  dispose(): void {
    this.window.removeEventListener('resize', this.onResize);
  }
}
