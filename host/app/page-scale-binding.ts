import { autorun, type IReactionDisposer } from 'mobx';
import type { PageScaleService } from '../../sdk/services/page-scale-service';

/** Publishes the page scale as `data-page-scale` and `--page-scale` on the root element (host.css zooms #root). */
export function bindPageScale(scale: PageScaleService, root: HTMLElement = document.documentElement): IReactionDisposer {
  return autorun(() => {
    const value = String(Number(scale.scale.toFixed(4)));
    root.dataset.pageScale = value;
    root.style.setProperty('--page-scale', value);
  });
}
