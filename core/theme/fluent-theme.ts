import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import type { ThemeDefinition } from '../../sdk/services/theme-service';

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.padEnd(6, '0').slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) || 0) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const SHADES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

/** A 16-step Fluent brand ramp with `primary` at shade 80, darker below and lighter above. */
export function brandRamp(primary: string): BrandVariants {
  const base = parseHex(primary);
  const ramp = {} as Record<(typeof SHADES)[number], string>;
  for (const shade of SHADES) {
    if (shade === 80) ramp[shade] = toHex(base);
    else if (shade < 80) ramp[shade] = toHex(mix(base, [0, 0, 0], ((80 - shade) / 70) * 0.8));
    else ramp[shade] = toHex(mix(base, [255, 255, 255], ((shade - 80) / 80) * 0.9));
  }
  return ramp as BrandVariants;
}

/** The Fluent UI v9 theme for a Tianlu theme, for the host's FluentProvider. */
export function toFluentTheme(def: ThemeDefinition): Theme {
  return createLightTheme(brandRamp(def.colors.primary));
}
