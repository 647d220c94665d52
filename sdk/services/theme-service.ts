import { serviceToken, type ServiceToken } from './service-token';
export type ThemeId = 'default' | 'orgin' | 'blue' | 'green';

/** Colour variables of a theme. */
export interface ThemeColors {
  primary: string;
  navBackground: string;
  navText: string;
  hover: string;
  headerBackground: string;
  buttonBackground: string;
  activeItem: string;
}

export interface ThemeDefinition {
  id: ThemeId;
  /** 默认 橙色 蓝色 绿色 */
  name: string;
  colors: ThemeColors;
}

/** Current theme, persisted as themeValue. */
export interface ThemeService {
  readonly themes: readonly ThemeDefinition[];
  readonly current: ThemeDefinition;
  set(id: ThemeId): void;
}

export const ThemeService: ServiceToken<ThemeService> = serviceToken('tianlu.theme');
