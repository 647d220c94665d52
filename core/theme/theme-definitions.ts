import type { ThemeDefinition, ThemeId } from '../../sdk/services/theme-service';

/** The four themes of the switcher (ids as stored in themeValue). */
export const THEMES: readonly ThemeDefinition[] = [
  {
    id: 'default',
    name: '默认',
    colors: {
      primary: '#1890ff',
      navBackground: '#001529',
      navText: '#c9d1dc',
      hover: '#0d2a47',
      headerBackground: '#ffffff',
      buttonBackground: '#1890ff',
      activeItem: '#1890ff',
    },
  },
  {
    id: 'orgin',
    name: '橙色',
    colors: {
      primary: '#fa8c16',
      navBackground: '#2b1a0a',
      navText: '#f5e6d6',
      hover: '#4a2c10',
      headerBackground: '#ffffff',
      buttonBackground: '#fa8c16',
      activeItem: '#d46b08',
    },
  },
  {
    id: 'blue',
    name: '蓝色',
    colors: {
      primary: '#1677ff',
      navBackground: '#0b2a5b',
      navText: '#dbe7ff',
      hover: '#143d7d',
      headerBackground: '#ffffff',
      buttonBackground: '#1677ff',
      activeItem: '#0958d9',
    },
  },
  {
    id: 'green',
    name: '绿色',
    colors: {
      primary: '#52c41a',
      navBackground: '#0f2e1c',
      navText: '#dcf1e3',
      hover: '#1b4a2e',
      headerBackground: '#ffffff',
      buttonBackground: '#52c41a',
      activeItem: '#389e0d',
    },
  },
];

export const DEFAULT_THEME_ID: ThemeId = 'default';

/** CSS custom property of each colour variable, set on the document root. */
export const THEME_CSS_VARIABLES = {
  primary: '--tl-primary',
  navBackground: '--tl-nav-bg',
  navText: '--tl-nav-text',
  hover: '--tl-hover',
  headerBackground: '--tl-header-bg',
  buttonBackground: '--tl-button-bg',
  activeItem: '--tl-active-item',
} as const;

/** The theme stored under `themeValue` (its id), or the default one. */
export function themeOf(storedId: unknown): ThemeDefinition {
  return THEMES.find((t) => t.id === storedId) ?? THEMES.find((t) => t.id === DEFAULT_THEME_ID)!;
}

/** Sets the theme's colour variables on `style` (the document root's). */
export function applyThemeVariables(style: CSSStyleDeclaration | undefined, theme: ThemeDefinition): void {
  if (!style) return;
  for (const [key, variable] of Object.entries(THEME_CSS_VARIABLES)) style.setProperty(variable, theme.colors[key as keyof typeof THEME_CSS_VARIABLES]);
}
