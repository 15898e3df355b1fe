import { PERMISSIONS } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS } from './permission-groups';

describe('PERMISSION_GROUPS', () => {
  it('offers every permission the server knows exactly once', () => {
    const grouped = PERMISSION_GROUPS.flatMap((group) => group.permissions);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
  });
});
