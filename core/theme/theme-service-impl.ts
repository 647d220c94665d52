import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { StorageKeys, StorageService } from '../../sdk/services/storage-service';
import type { ThemeDefinition, ThemeId, ThemeService } from '../../sdk/services/theme-service';
import { WindowToken } from '../kernel-tokens';
import { applyThemeVariables, themeOf, THEMES } from './theme-definitions';

function findTheme(id: unknown): ThemeDefinition | undefined {
  return THEMES.find((t) => t.id === id);
}

/** The current theme, persisted as themeValue and exposed as CSS variables on the document root. */
@injectable()
export class ThemeServiceImpl implements ThemeService {
  readonly themes = THEMES;
  current: ThemeDefinition;

  constructor(
    @inject(StorageService) private readonly storage: StorageService,
    @inject(WindowToken) private readonly window: Window,
  ) {
    this.current = themeOf(storage.get(StorageKeys.themeValue));
    makeAutoObservable<this, 'storage' | 'window'>(this, { storage: false, window: false, themes: false });
    this.applyCssVariables();
  }

  set(id: ThemeId): void {
    const theme = findTheme(id);
    if (!theme) throw new Error(`unknown theme ${String(id)}`);
    this.current = theme;
    this.storage.set(StorageKeys.themeValue, id);
    this.applyCssVariables();
  }

  private applyCssVariables(): void {
    applyThemeVariables(this.window.document?.documentElement?.style, this.current);
  }
}
