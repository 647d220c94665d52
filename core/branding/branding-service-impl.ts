import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { KernelApi } from '../../sdk/contracts/kernel';
import { Flag } from '../../sdk/envelope';
import type { BrandingInfo, BrandingLoadResult, BrandingService } from '../../sdk/services/branding-service';
import { HttpService } from '../../sdk/services/http-service';
import { BootData, BootDataToken } from '../boot/boot-data';
import { applyBranding } from './apply-branding';
import { WindowToken } from '../kernel-tokens';


/** Site branding per host (title, description, keywords, favicon). */
@injectable()
export class BrandingServiceImpl implements BrandingService {
  info: BrandingInfo | undefined = undefined;

  constructor(
    @inject(HttpService) private readonly http: HttpService,
    @inject(WindowToken) private readonly window: Window,
    @inject(BootDataToken) private readonly boot: BootData,
  ) {
    makeAutoObservable<this, 'http' | 'window' | 'boot'>(this, { http: false, window: false, boot: false });
  }

  async load(host: string): Promise<BrandingLoadResult> {
    try {
      // the start page's copy of the answer for this host, else the server's
      const res = this.boot.branding<BrandingInfo>(host) ?? (await this.http.call(KernelApi.branding, { url: host }));
      if (res.flag === Flag.SITE_CONFIG_MISSING) return 'missing';
      if (res.flag !== Flag.OK || !res.obj) return 'failed';
      this.apply(res.obj);
      return 'ok';
    } catch {
      return 'failed';
    }
  }

  private apply(info: BrandingInfo): void {
    this.info = info;
    applyBranding(this.window.document, info);
  }
}
