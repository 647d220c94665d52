import { makeAutoObservable, runInAction } from 'mobx';
import {
  expectOk,
  FenceApi,
  listWords,
  MonitorApi,
  NETWORK_ERROR_MESSAGE,
  type DrawMode,
  type DrawnShape,
  type Fence,
  type FenceSaveBody,
  type FenceTrigger,
  type HttpService,
  type ListWords,
  type MapShape,
  type MonitorItem,
  type VehicleGroup,
} from '@tianlu/sdk';
import { FENCE_ASSETS } from './fence-query';

export type { Fence, FenceTrigger };

export const TRIGGER_LABELS: Record<FenceTrigger, string> = { enter: '进入', exit: '离开', both: '进出' };
export const SHAPE_LABELS: Record<DrawMode, string> = { circle: '圆形', polygon: '多边形' };

/** The fence being created or edited. */
export type FenceDraft = Omit<Fence, 'id' | 'createTime'> & { id?: number };

export const FENCE_NAME_MAX = 50;
export const MIN_RADIUS_M = 10;
export const MAX_RADIUS_M = 100_000;

/** Problems of a draft, in Chinese (the server checks the same). */
export function checkDraft(d: FenceDraft): Partial<Record<'name' | 'shape', string>> {
  const errors: Partial<Record<'name' | 'shape', string>> = {};
  const name = d.name.trim();
  if (!name) errors.name = '请输入围栏名称';
  else if (name.length > FENCE_NAME_MAX) errors.name = `围栏名称不能超过 ${FENCE_NAME_MAX} 个字`;
  if (d.shape === 'circle') {
    if (!d.center || d.radius === undefined) errors.shape = '请在地图上绘制圆形围栏';
    else if (d.radius < MIN_RADIUS_M || d.radius > MAX_RADIUS_M) errors.shape = `半径必须在 ${MIN_RADIUS_M} 到 ${MAX_RADIUS_M} 米之间`;
  } else if (!d.points || d.points.length < 3) errors.shape = '请在地图上绘制多边形围栏（至少 3 个顶点）';
  return errors;
}

/** save.json's body: only the geometry of the draft's shape. */
export function draftBody(d: FenceDraft): FenceSaveBody {
  const geometry = d.shape === 'circle' ? { center: d.center, radius: d.radius } : { points: d.points };
  return { ...(d.id ? { id: d.id } : {}), name: d.name.trim(), shape: d.shape, ...geometry, trigger: d.trigger, vehicleIds: d.vehicleIds, groupIds: d.groupIds };
}

const emptyDraft = (): FenceDraft => ({ name: '', shape: 'circle', trigger: 'both', vehicleIds: [], groupIds: [] });
const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

/** The map shape of a fence or draft; undefined until drawn. */
export function fenceShape(id: string, f: Partial<FenceDraft>, highlighted = false): MapShape | undefined {
  if (f.shape === 'circle' && f.center && f.radius) return { id, kind: 'circle', center: f.center, radius: f.radius, label: f.name || undefined, highlighted };
  if (f.shape === 'polygon' && f.points && f.points.length >= 3) return { id, kind: 'polygon', points: f.points, label: f.name || undefined, highlighted };
  return undefined;
}

/** State of 电子围栏: the fences, the one being edited, drawing, and the vehicles and groups to bind. */
export class FenceStore {
  fences: Fence[] = [];
  loading = false;
  error: string | undefined = undefined;
  /** The fence being created or edited; undefined while browsing. */
  draft: FenceDraft | undefined = undefined;
  draftErrors: ReturnType<typeof checkDraft> = {};
  saveError: string | undefined = undefined;
  saving = false;
  /** The drawing tool's mode while the user draws. */
  drawing: DrawMode | undefined = undefined;
  /** The fence picked in the list (highlighted and brought into view). */
  focused: number | undefined = undefined;
  groups: VehicleGroup[] = [];
  vehicles: MonitorItem[] = [];

  constructor(private readonly http: HttpService) {
    makeAutoObservable<this, 'http'>(this, { http: false }, { autoBind: true });
  }

  /** The id of the drafted fence's shape on the map. */
  get draftShapeId(): string | undefined {
    return this.draft ? (this.draft.id ? String(this.draft.id) : 'draft') : undefined;
  }

  /** What the map draws: every fence (the edited one as drafted). */
  get shapes(): MapShape[] {
    const editing = this.draft?.id;
    const list = this.fences.filter((f) => f.id !== editing).map((f) => fenceShape(String(f.id), f, f.id === this.focused));
    if (this.draft) list.push(fenceShape(this.draftShapeId!, this.draft, true));
    return list.filter((s): s is MapShape => !!s);
  }

  /**
   * The vehicles the map shows while a fence is drafted: those it binds (by vehicle or group) that
   * have a position; a new fence binding none yet: every positioned vehicle. None while browsing.
   */
  get mapVehicles(): MonitorItem[] {
    const d = this.draft;
    if (!d) return [];
    const placed = this.vehicles.filter((v) => v.lon !== null && v.lat !== null);
    if (!d.id && !d.vehicleIds.length && !d.groupIds.length) return placed;
    return this.boundVehicles.filter((v) => v.lon !== null && v.lat !== null);
  }

  /** The assets the draft binds (by asset or group), with a position or not. */
  get boundVehicles(): MonitorItem[] {
    const d = this.draft;
    if (!d) return [];
    return this.vehicles.filter((v) => d.vehicleIds.includes(v.vehicleId!) || (v.groupId !== null && d.groupIds.includes(v.groupId)));
  }

  /** How many assets the draft binds that have no position yet (the map cannot show them). */
  get unplacedBound(): number {
    return this.boundVehicles.filter((v) => v.lon === null || v.lat === null).length;
  }

  /** terminalNos of the bound assets the map marks (labelled, never clustered); none while the draft binds nothing. */
  get markedTerminals(): string[] | undefined {
    const d = this.draft;
    if (!d || (!d.vehicleIds.length && !d.groupIds.length)) return undefined;
    return this.mapVehicles.map((v) => v.terminalNo);
  }

  /**
   * What the map's view fits while a fence is drafted: the fence and the bound assets with a position,
   * again whenever they change (an asset checked, a group chosen). None for a new fence binding nothing:
   * the map keeps its own view (every positioned asset) and where the user draws.
   */
  get mapFit(): string | undefined {
    const d = this.draft;
    if (!d || (!d.id && !d.vehicleIds.length && !d.groupIds.length)) return undefined;
    return `${this.mapView}|${this.markedTerminals?.join(',') ?? ''}`;
  }

  /**
   * What the page calls the assets it may bind and their groups, from the vocabulary of their kinds:
   * 车辆/车组 when all are vehicles, 人员/部门 when all are people, 资产/分组 when of several kinds.
   */
  get words(): ListWords {
    return listWords(this.vehicles.map((v) => v.assetKind));
  }

  /**
   * The words of what `fence` binds (its assets and those of its groups): 人员 3 · 部门 1 for a fence
   * on people; the page's words while it binds nothing listed.
   */
  wordsOf(fence: Pick<FenceDraft, 'vehicleIds' | 'groupIds'>): ListWords {
    const bound = this.vehicles.filter((v) => fence.vehicleIds.includes(v.vehicleId!) || (v.groupId !== null && fence.groupIds.includes(v.groupId)));
    return bound.length ? listWords(bound.map((v) => v.assetKind)) : this.words;
  }

  /** Which view the map opens on: browsing, a new fence, or the fence edited (a new view fits its vehicles again). */
  get mapView(): string {
    if (!this.draft) return 'browse';
    return this.draft.id ? `fence-${this.draft.id}` : 'new';
  }

  async load(): Promise<void> {
    this.loading = true;
    this.error = undefined;
    const [fences, tree, list] = await Promise.allSettled([
      this.http.call(FenceApi.list).then(expectOk),
      this.http.call(MonitorApi.tree).then(expectOk),
      this.http.call(MonitorApi.list, FENCE_ASSETS).then(expectOk),
    ]);
    runInAction(() => {
      if (fences.status === 'fulfilled') this.fences = Array.isArray(fences.value) ? fences.value : [];
      else this.error = errorText(fences.reason);
      if (tree.status === 'fulfilled') this.groups = Array.isArray(tree.value) ? tree.value : [];
      if (list.status === 'fulfilled') this.vehicles = (list.value.list ?? []).filter((v) => v.vehicleId != null);
      this.loading = false;
    });
  }

  focus(id: number | undefined): void {
    this.focused = id;
  }

  create(): void {
    this.draft = emptyDraft();
    this.draftErrors = {};
    this.saveError = undefined;
    this.drawing = 'circle';
  }

  edit(fence: Fence): void {
    const { createTime: _c, ...rest } = fence;
    this.draft = { ...rest, vehicleIds: [...fence.vehicleIds], groupIds: [...fence.groupIds] };
    this.draftErrors = {};
    this.saveError = undefined;
    this.drawing = undefined;
    this.focused = fence.id;
  }

  cancel(): void {
    this.draft = undefined;
    this.drawing = undefined;
  }

  patch(patch: Partial<FenceDraft>): void {
    if (this.draft) this.draft = { ...this.draft, ...patch };
  }

  /** Picks the shape to draw; a drawn shape of the other kind is dropped. */
  setShape(shape: DrawMode): void {
    if (!this.draft) return;
    if (this.draft.shape !== shape) this.draft = { ...this.draft, shape, center: undefined, radius: undefined, points: undefined };
    this.drawing = shape;
  }

  /** 重新绘制. */
  redraw(): void {
    if (this.draft) this.drawing = this.draft.shape;
  }

  /** The map reports a finished drawing. */
  drawn(shape: DrawnShape): void {
    if (!this.draft) return;
    this.draft =
      shape.kind === 'circle'
        ? { ...this.draft, shape: 'circle', center: shape.center, radius: shape.radius, points: undefined }
        : { ...this.draft, shape: 'polygon', points: shape.points, center: undefined, radius: undefined };
    this.drawing = undefined;
    if (this.draftErrors.shape) this.draftErrors = { ...this.draftErrors, shape: undefined };
  }

  toggleVehicle(id: number, on: boolean): void {
    if (!this.draft) return;
    const ids = this.draft.vehicleIds.filter((v) => v !== id);
    this.draft = { ...this.draft, vehicleIds: on ? [...ids, id] : ids };
  }

  toggleGroup(id: number, on: boolean): void {
    if (!this.draft) return;
    const ids = this.draft.groupIds.filter((g) => g !== id);
    this.draft = { ...this.draft, groupIds: on ? [...ids, id] : ids };
  }

  /** Saves the draft; resolves true when saved. */
  async save(): Promise<boolean> {
    const draft = this.draft;
    if (!draft) return false;
    this.draftErrors = checkDraft(draft);
    this.saveError = undefined;
    if (Object.values(this.draftErrors).some(Boolean)) return false;
    this.saving = true;
    try {
      const saved = expectOk(await this.http.call(FenceApi.save, draftBody(draft)));
      runInAction(() => {
        const at = this.fences.findIndex((f) => f.id === saved.id);
        this.fences = at >= 0 ? this.fences.map((f) => (f.id === saved.id ? saved : f)) : [...this.fences, saved];
        this.draft = undefined;
        this.drawing = undefined;
        this.focused = saved.id;
      });
      return true;
    } catch (e) {
      runInAction(() => (this.saveError = errorText(e)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** Deletes a fence; rejects with the server's reason. */
  async remove(id: number): Promise<void> {
    expectOk(await this.http.call(FenceApi.delete, { id }));
    runInAction(() => {
      this.fences = this.fences.filter((f) => f.id !== id);
      if (this.focused === id) this.focused = undefined;
      if (this.draft?.id === id) this.cancel();
    });
  }
}
