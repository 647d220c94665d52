/**
 * Which level of the offline basemap a zoom shows: provinces when far, cities from
 * {@link CITY_ZOOM}. The city data is loaded the first time the map reaches city level, never
 * before (the login and home pages never pay for it). Pure: the drawing is passed in.
 */

/** From this zoom the offline basemap shows cities (地级市) instead of provinces. */
export const CITY_ZOOM = 7;

export type BasemapLevel = 'province' | 'city';

/** The level a zoom shows. */
export function basemapLevel(zoom: number): BasemapLevel {
  return zoom >= CITY_ZOOM ? 'city' : 'province';
}

export interface BasemapLevelOptions<T> {
  /** Loads the city data (called at most once while it succeeds). */
  loadCities: () => Promise<T>;
  /** Draws the cities (the data is loaded), hiding the provinces. */
  showCities: (data: T) => void;
  /** Draws the provinces, hiding the cities. */
  showProvinces: () => void;
  onError?: (err: unknown) => void;
}

/** Switches the basemap between its levels as the zoom changes; provinces stay until the cities are there. */
export class BasemapLevelSwitch<T> {
  private data: T | undefined;
  private loading: Promise<void> | undefined;
  private shown: BasemapLevel = 'province';
  private wanted: BasemapLevel = 'province';
  private disposed = false;

  constructor(private readonly opts: BasemapLevelOptions<T>) {}

  /** The level drawn now. */
  get level(): BasemapLevel {
    return this.shown;
  }

  /** Call on every zoom change; resolves when the level for `zoom` is drawn (or superseded). */
  update(zoom: number): Promise<void> {
    this.wanted = basemapLevel(zoom);
    if (this.wanted === 'province') {
      this.show('province');
      return Promise.resolve();
    }
    if (this.data !== undefined) {
      this.show('city');
      return Promise.resolve();
    }
    this.loading ??= this.opts.loadCities().then(
      (data) => {
        this.data = data;
        if (this.wanted === 'city') this.show('city');
      },
      (err: unknown) => {
        this.loading = undefined;
        this.opts.onError?.(err);
      },
    );
    return this.loading;
  }

  /** Stops drawing (the map is gone); a pending load is ignored. */
  dispose(): void {
    this.disposed = true;
  }

  private show(level: BasemapLevel): void {
    if (this.disposed || level === this.shown) return;
    this.shown = level;
    if (level === 'city') this.opts.showCities(this.data as T);
    else this.opts.showProvinces();
  }
}
