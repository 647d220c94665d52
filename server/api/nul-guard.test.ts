import { describe, expect, it } from 'vitest';
import { nulField } from './nul-guard';

describe('nulField', () => {
  it('names the first field holding a NUL, by its title or key', () => {
    const schema = { type: 'object', properties: { name: { type: 'string', title: '名称' }, tags: { type: 'array', items: { type: 'string', title: '标签' } } } };
    expect(nulField({ name: 'ok', tags: ['a', 'b\u0000'] }, schema)).toBe('标签');
    expect(nulField({ name: 'a\u0000', tags: ['b\u0000'] }, schema)).toBe('名称');
    expect(nulField({ other: { deep: 'x\u0000' } }, schema)).toBe('deep');
    expect(nulField({ name: 'ok', tags: ['a'] }, schema)).toBeUndefined();
  });

  it('walks a value nested 100,000 deep without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = { a: [deep] };
    expect(nulField(deep)).toBe('a');
    let clean: unknown = 'x';
    for (let i = 0; i < 100_000; i++) clean = [clean];
    expect(nulField(clean)).toBeUndefined();
  });
});
