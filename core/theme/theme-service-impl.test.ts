import { describe, expect, it } from 'vitest';
import { ThemeService, type ThemeService as ThemeServiceType } from '@tianlu/sdk';
import { createTestKernel } from '../test/fake-server';
import { brandRamp, toFluentTheme } from './fluent-theme';
import { THEMES } from './theme-definitions';

const theme = () => createTestKernel().get<ThemeServiceType>(ThemeService);

describe('ThemeServiceImpl', () => {
  it('offers default 默认, orgin 橙色, blue 蓝色, green 绿色 with the seven colours each', () => {
    const t = theme();
    expect(t.themes.map((d) => [d.id, d.name])).toEqual([
      ['default', '默认'],
      ['orgin', '橙色'],
      ['blue', '蓝色'],
      ['green', '绿色'],
    ]);
    for (const d of t.themes) {
      expect(Object.keys(d.colors).sort()).toEqual(['activeItem', 'buttonBackground', 'headerBackground', 'hover', 'navBackground', 'navText', 'primary']);
      for (const c of Object.values(d.colors)) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(t.themes.find((d) => d.id === 'default')!.colors.navBackground).toBe('#001529');
    expect(t.themes.find((d) => d.id === 'orgin')!.colors.primary).toBe('#fa8c16');
    expect(t.themes.find((d) => d.id === 'blue')!.colors.primary).toBe('#1677ff');
    expect(t.themes.find((d) => d.id === 'green')!.colors.primary).toBe('#52c41a');
  });

  it('starts on the default theme and persists a choice under themeValue', () => {
    const t = theme();
    expect(t.current.id).toBe('default');
    t.set('green');
    expect(t.current.name).toBe('绿色');
    expect(JSON.parse(localStorage.getItem('main_themeValue')!)).toBe('green');
    expect(document.documentElement.style.getPropertyValue('--tl-primary')).toBe('#52c41a');
  });

  it('restores the stored theme, ignoring an unknown value', () => {
    localStorage.setItem('main_themeValue', JSON.stringify('orgin'));
    expect(theme().current.id).toBe('orgin');
    localStorage.setItem('main_themeValue', JSON.stringify('purple'));
    expect(theme().current.id).toBe('default');
  });

  it('refuses an unknown theme id', () => {
    const t = theme();
    expect(() => t.set('purple' as never)).toThrow(/unknown theme/);
    expect(t.current.id).toBe('default');
  });
});

describe('toFluentTheme', () => {
  it('builds a brand ramp with the primary colour at shade 80, darker below and lighter above', () => {
    const ramp = brandRamp('#fa8c16');
    expect(Object.keys(ramp)).toHaveLength(16);
    expect(ramp[80]).toBe('#fa8c16');
    const lum = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    expect(lum(ramp[10])).toBeLessThan(lum(ramp[80]));
    expect(lum(ramp[160])).toBeGreaterThan(lum(ramp[80]));
  });

  it('produces a Fluent light theme whose brand background is the primary colour', () => {
    const green = THEMES.find((d) => d.id === 'green')!;
    const fluent = toFluentTheme(green);
    expect(fluent.colorBrandBackground).toBe('#52c41a');
    expect(fluent.colorNeutralBackground1).toMatch(/^#[0-9a-f]{6}$/i);
  });
});
