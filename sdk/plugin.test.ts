import { describe, expect, it } from 'vitest';
import { definePlugin, validatePlugin, type PluginDefinition } from './plugin';

const valid = (): PluginDefinition => ({
  platformId: 8,
  systemId: 'car',
  title: '智能车联',
  basePath: '/car/',
  routes: [
    { path: '/car/', title: '智能车联', redirect: '/car/overview' },
    { path: '/car/overview', title: '概览', menuId: 8001, load: async () => ({ default: () => null }) },
  ],
});

describe('validatePlugin', () => {
  it('accepts a well-formed definition', () => {
    expect(validatePlugin(valid())).toEqual([]);
  });

  it('rejects something that is not an object', () => {
    expect(validatePlugin(null)).toEqual(['plugin definition must be an object']);
    expect(validatePlugin('car')).toEqual(['plugin definition must be an object']);
  });

  it('names every broken field', () => {
    const errors = validatePlugin({ platformId: '8', systemId: '', title: '', basePath: 'car/', routes: 'x' });
    expect(errors).toEqual([
      'platformId must be a number',
      'systemId must be a non-empty string',
      'title must be a non-empty string',
      'basePath must start with /',
      'routes must be an array',
    ]);
  });

  it('checks each route: absolute path, title, and load or redirect', () => {
    const def = { ...valid(), routes: [{ path: 'overview', title: 1 }, { path: '/car/x', title: 'x' }] };
    expect(validatePlugin(def)).toEqual([
      'routes[0].path must start with /',
      'routes[0].title must be a string',
      'routes[0] needs load or redirect',
      'routes[1] needs load or redirect',
    ]);
  });
});

describe('definePlugin', () => {
  it('returns a valid definition unchanged', () => {
    const def = valid();
    expect(definePlugin(def)).toBe(def);
  });

  it('throws with the plugin id and the problems', () => {
    expect(() => definePlugin({ ...valid(), basePath: 'car' })).toThrow('invalid plugin car: basePath must start with /');
  });
});
