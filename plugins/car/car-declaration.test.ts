import { parseContributions } from '@tianlu/sdk';
import { describe, expect, it } from 'vitest';
import { carDeclaration, DISPATCH_COMMAND } from './car-declaration';

describe('智能车联’s contributions', () => {
  it('pass the checks an installed plugin’s manifest.json gets', () => {
    expect(parseContributions(carDeclaration.contributes)).toEqual({ contributions: carDeclaration.contributes });
    expect(carDeclaration.contributes?.commandTypes).toEqual([DISPATCH_COMMAND]);
  });
});
