import { inject, injectable } from 'inversify';
import { makeAutoObservable, observable } from 'mobx';
import { Flag } from '../../sdk/envelope';
import { HttpError, HttpService, NETWORK_ERROR_MESSAGE } from '../../sdk/services/http-service';
import { BUTTON_RESOURCE_TYPE, type PermissionLoadResult, type PermissionService, type ResourceItem } from '../../sdk/services/permission-service';
import { SessionService } from '../../sdk/services/session-service';
import { BootData, BootDataToken } from '../boot/boot-data';
import { RESOURCE_LIST_PATH } from '../http/response-rules';
import { ServiceResolver } from '../kernel-tokens';
import { filterMenuTree, ROOT_MENU_ID, type MenuNode } from './filter-menu-tree';

export const RESOURCE_LIST_QUERY = { version: 'v4', from: 'carWeb4' } as const;

/** Menu and button grants of the logged-in user, loaded once (concurrent callers share the call). */
@injectable()
export class PermissionServiceImpl implements PermissionService {
  loaded = false;
  menuTree: ResourceItem[] = [];
  menuMap = observable.map<number, ResourceItem>([], { deep: false });
  buttonMap = observable.map<number, ResourceItem>([], { deep: false });
  private pending: Promise<PermissionLoadResult> | undefined = undefined;
  /** Bumped by reset so that an answer for a previous user is dropped. */
  private generation = 0;

  constructor(
    @inject(HttpService) private readonly http: HttpService,
    @inject(BootDataToken) private readonly boot: BootData,
    // resolved at load time: the session service resets the grants on logout
    @inject(ServiceResolver) private readonly resolve: ServiceResolver,
  ) {
    makeAutoObservable<this, 'http' | 'boot' | 'resolve' | 'pending' | 'generation'>(this, {
      http: false,
      boot: false,
      resolve: false,
      pending: false,
      generation: false,
      menuTree: observable.ref,
    });
  }

  load(): Promise<PermissionLoadResult> {
    if (this.loaded) return Promise.resolve(this.menuMap.size ? 'ok' : 'empty');
    if (!this.pending) {
      const generation = this.generation;
      this.pending = this.fetch(generation).finally(() => {
        if (generation === this.generation) this.pending = undefined;
      });
    }
    return this.pending;
  }

  hasMenu(id: number): boolean {
    return this.menuMap.has(id);
  }

  hasButton(id: number): boolean {
    return this.buttonMap.has(id);
  }

  /** The part of a menu tree the user may see (spec §6). */
  filterMenus<T extends MenuNode<T>>(tree: readonly T[]): T[] {
    return filterMenuTree(tree, (id) => this.hasMenu(id));
  }

  reset(): void {
    this.generation++;
    this.pending = undefined;
    this.loaded = false;
    this.menuTree = [];
    this.menuMap.clear();
    this.buttonMap.clear();
  }

  private async fetch(generation: number): Promise<PermissionLoadResult> {
    const userId = this.resolve<SessionService>(SessionService).user?.userId;
    const res = this.boot.resources<ResourceItem[]>(userId) ?? (await this.http.get<ResourceItem[]>(RESOURCE_LIST_PATH, RESOURCE_LIST_QUERY));
    if (res.flag !== Flag.OK) throw new HttpError(res.msg || NETWORK_ERROR_MESSAGE, res.flag);
    if (generation !== this.generation) throw new Error('permissions were reset while loading');
    this.apply(Array.isArray(res.obj) ? res.obj : []);
    return this.menuMap.size ? 'ok' : 'empty';
  }

  private apply(tree: ResourceItem[]): void {
    const menus = new Map<number, ResourceItem>();
    const buttons = new Map<number, ResourceItem>();
    const walk = (items: ResourceItem[]) => {
      for (const item of items) {
        if (!item) continue;
        if (item.type === BUTTON_RESOURCE_TYPE) buttons.set(item.id, item);
        else if (item.id !== ROOT_MENU_ID) menus.set(item.id, item);
        if (Array.isArray(item.children)) walk(item.children);
      }
    };
    walk(tree);
    this.menuTree = tree;
    this.menuMap.replace(menus);
    this.buttonMap.replace(buttons);
    this.loaded = true;
  }
}
